package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.crypto.Verfer;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Keys keripy cannot build a verifier from, so that it raises and rejects the whole event ({@link
 * Reason#INVALID_KEY}), found where keripy meets them.
 *
 * <ul>
 *   <li>A controller key ({@code k}) that an attached signature's index points at and that is no
 *       point of its curve: keripy {@code src/keri/core/eventing.py} {@code verifySigs} calls
 *       {@code Verfer.verify}, whose {@code _secp256k1}/{@code _secp256r1} raise ValueError
 *       ("Invalid public bytes for the given curve"). A key no signature points at is never used,
 *       and keripy does not look at it. A {@code k} entry that is no key code at all is refused
 *       earlier, with the body ({@code serdering.py} {@code SerderKERI.verfers}).
 *   <li>A witness ({@code b}, or the list after {@code br} and {@code ba}) that is no verification
 *       key, or that is no point of its curve and a witness signature points at it: keripy {@code
 *       Kever.valSigsWigsDel} builds {@code [Verfer(qb64=wit) for wit in wits]} ("Unsupported code
 *       = E for verifier") and verifies the witness signatures with them once a controller
 *       signature has verified, before the signing threshold is checked, whatever {@code bt} is.
 * </ul>
 *
 * <p>An Ed25519 key libsodium refuses (not canonical, small order) is no such key: keripy's {@code
 * Verfer._ed25519} catches libsodium's refusal and answers that the signature does not verify.
 */
final class InvalidKeys {
  private InvalidKeys() {}

  /**
   * {@return why the controller signatures meet a key keripy cannot use, if they do}
   *
   * @param groups the controller signature groups (those with a path are skipped, as by the caller)
   * @param keys the keys the signatures' indices point into
   */
  static Optional<String> controller(List<SignatureGroup> groups, List<Verfer> keys) {
    for (SignatureGroup g : groups) {
      if (g.path().isPresent()) {
        continue;
      }
      for (Siger s : g.sigers()) {
        if (s.index() < keys.size() && !keys.get(s.index()).decodes()) {
          return Optional.of("k[" + s.index() + "] " + keys.get(s.index()).qb64()
              + " is no point of its curve");
        }
      }
    }
    return Optional.empty();
  }

  /**
   * {@return why the witness list holds an entry keripy cannot use, if it does}
   *
   * @param wits the event's witnesses after its cuts and adds
   * @param groups the witness signature groups
   * @param keyOf a witness prefix's verifier; throws {@link CesrException} for one that is no key
   */
  static Optional<String> witnesses(List<String> wits, List<SignatureGroup> groups,
      Function<String, Verfer> keyOf) {
    for (String w : wits) {
      try {
        keyOf.apply(w);
      } catch (CesrException e) {
        return Optional.of("witness " + w + " is no verification key: " + e.detail());
      }
    }
    for (SignatureGroup g : groups) {
      for (Siger s : g.sigers()) {
        if (s.index() < wits.size() && !keyOf.apply(wits.get(s.index())).decodes()) {
          return Optional.of("witness " + wits.get(s.index()) + " is no point of its curve");
        }
      }
    }
    return Optional.empty();
  }
}
