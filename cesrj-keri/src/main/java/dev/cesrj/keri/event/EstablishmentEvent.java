package dev.cesrj.keri.event;

import dev.cesrj.keri.crypto.Verfer;
import java.util.List;

/**
 * An establishment event: inception ({@link InceptionEvent}: icp, dip) or rotation
 * ({@link RotationEvent}: rot, drt). It sets the current signing keys and threshold, the next
 * key digests and threshold (pre-rotation), and the witnesses.
 */
public sealed interface EstablishmentEvent extends KeyEvent permits InceptionEvent, RotationEvent {
  /** {@return the signing threshold ({@code kt})} */
  Threshold signingThreshold();

  /** {@return the current signing keys ({@code k}), qb64, in index order} */
  List<String> keys();

  /** {@return the current signing keys as verifiers, in index order (one per {@link #keys()})} */
  List<Verfer> verfers();

  /** {@return the next signing threshold ({@code nt})} */
  Threshold nextThreshold();

  /** {@return the digests of the next keys ({@code n}), qb64} */
  List<String> nextKeyDigests();

  /** {@return the witness threshold, toad ({@code bt})} */
  long toad();

  /** {@return the configuration traits ({@code c}); empty for a version 1 rotation, which has none} */
  List<String> config();
}
