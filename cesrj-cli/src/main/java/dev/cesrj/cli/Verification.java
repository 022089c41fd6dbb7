package dev.cesrj.cli;

import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.SchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
import dev.cesrj.keri.tel.RegistryState;
import dev.cesrj.stream.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code inspect --verify}: hands each top-level message to a {@link CredentialVerifier}, which
 * routes it by kind: key events and receipts to its {@code KelVerifier} (keripy's {@code
 * Kevery(lax=True, local=False)} rules, keripy {@code src/keri/core/eventing.py}), TEL events to
 * its {@code Tevery} (keripy {@code src/keri/vdr/eventing.py}), ACDCs to its credential rules
 * (keripy {@code src/keri/vdr/verifying.py} {@code Verifier.processCredential}), {@code exn} to
 * its {@code Exchanger}; it keeps each message's stream offset and length, and at the end retries
 * all escrows together until nothing changes ({@link CredentialVerifier#finish()}), so each
 * verdict is the final one.
 *
 * <p>Reasons are written as the deciding verifier's reason constant's name in lower case ({@code
 * out_of_order}, {@code said_mismatch}, {@code not_a_key_event}, {@code registry_unknown}, ...):
 * a token that stays put while the human-readable detail may change. Escrows are written by
 * keripy's name of the escrow database ({@code ooes}, {@code pses}, ..., {@code oots}, {@code
 * taes}, {@code tpwe}, {@code mre}, {@code mce}, {@code mse}, an exchange's {@code epse}), as
 * keripy's verdict files name them.
 */
final class Verification {
  private final CredentialVerifier verifier;
  private final List<Long> lengths = new ArrayList<>();
  /** The messages given since the last {@link #flush()}, valid until then. */
  private final List<Message> queued = new ArrayList<>();
  private long queuedBase;
  private List<VerdictRow> rows;

  /**
   * A verification whose credentials' schemas come from {@code schemas}, with {@code threads}
   * signature-checking workers ({@code --threads}), or the KEL verifier's default ({@link
   * dev.cesrj.keri.kever.VerifyThreads}) if 0.
   *
   * @param schemas the schemas ({@code --schemas DIR})
   * @param threads the workers, or 0
   */
  Verification(SchemaResolver schemas, int threads) {
    this.verifier = new CredentialVerifier(schemas, CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT,
        threads > 0 ? KelVerifier.builder().threads(threads).build() : new KelVerifier());
  }

  /**
   * Validates {@code m} and keeps its stream length, as keripy's verdicts count it ({@link
   * StreamOffsets}): without a genus-version code that leads it ({@code -_AAA...} at the start of
   * a stream), which keripy's parser reads as the stream's.
   *
   * @param base the offset base of the parser that framed it
   */
  void accept(Message m, long base) {
    lengths.add(StreamOffsets.length(m));
    if (!queued.isEmpty() && base != queuedBase) {
      flush();
    }
    queuedBase = base;
    queued.add(m);
  }

  /**
   * Verifies the queued messages as one batch ({@link CredentialVerifier#acceptAll(List, long)}:
   * the signatures of each run of key events checked on the workers first); called while they are
   * still valid.
   */
  void flush() {
    if (!queued.isEmpty()) {
      verifier.acceptAll(queued, queuedBase);
      queued.clear();
    }
  }

  /** {@return the final verdict on each message given, in order}: computed once */
  List<VerdictRow> rows() {
    if (rows == null) {
      flush();
      List<MessageVerdict> all = verifier.finish();
      rows = new ArrayList<>(all.size());
      for (int i = 0; i < all.size(); i++) {
        rows.add(VerdictRow.of(all.get(i), lengths.get(i)));
      }
    }
    return rows;
  }

  /** {@return the key state of each prefix with an accepted inception, in order of inception} */
  Map<String, KeyState> keyStates() {
    rows();
    return verifier.keyStates();
  }

  /** {@return each credential of the input, by SAID} */
  Map<String, CredentialVerdict> credentials() {
    rows();
    return verifier.credentials();
  }

  /** {@return each accepted registry's state, by registry prefix} */
  Map<String, RegistryState> registries() {
    rows();
    return verifier.registries();
  }

  /** {@return {@code accepted}, {@code escrowed} or {@code rejected}} */
  static String status(Status s) {
    return s.name().toLowerCase(Locale.ROOT);
  }

  /**
   * {@return the verdict as the tree writes it, e.g. {@code verdict: accepted} or {@code verdict:
   * escrowed in ooes, out_of_order: sn 2 after 0}; not escaped}
   */
  static String line(VerdictRow v) {
    StringBuilder sb = new StringBuilder("verdict: ").append(status(v.status()));
    if (v.status() == Status.ACCEPTED) {
      return sb.toString();
    }
    v.escrow().ifPresent(e -> sb.append(" in ").append(e));
    sb.append(", ").append(v.reason());
    if (!v.detail().isEmpty()) {
      sb.append(": ").append(v.detail());
    }
    return sb.toString();
  }
}
