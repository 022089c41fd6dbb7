package dev.cesrj.cli;

import dev.cesrj.keri.kever.Escrow;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Reason;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.stream.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code inspect --verify}: hands each top-level message to a {@link KelVerifier} (keripy's
 * {@code Kevery(lax=True, local=False)} rules, keripy {@code src/keri/core/eventing.py}) while
 * its views are valid, keeps its stream offset and length, and at the end retries the escrows
 * until nothing changes ({@link KelVerifier#finish()}), so each verdict is the final one.
 *
 * <p>Reasons are written as the {@link Reason} constant's name in lower case ({@code
 * out_of_order}, {@code said_mismatch}, {@code not_a_key_event}, ...): a token that stays put
 * while the human-readable detail may change. Escrows are written by keripy's name of the escrow
 * database ({@code ooes}, {@code pses}, ...; keripy {@code src/keri/db/basing.py}), as the KEL
 * mutant set's verdict files name them.
 */
final class Verification {
  private final KelVerifier verifier;
  /** The messages given since the last {@link #flush()}, valid until then. */
  private final List<Message> queued = new ArrayList<>();
  private long queuedBase;

  /**
   * A verification with {@code threads} signature-checking workers ({@code --threads}), or the
   * verifier's default ({@link dev.cesrj.keri.kever.VerifyThreads}) if 0.
   */
  Verification(int threads) {
    verifier = threads > 0 ? KelVerifier.builder().threads(threads).build() : new KelVerifier();
  }
  private final List<Long> offsets = new ArrayList<>();
  private final List<Long> lengths = new ArrayList<>();
  private List<Verdict> verdicts;

  /**
   * Validates {@code m} and keeps its stream offset and length, as keripy's verdicts count them:
   * without a genus-version code that leads it ({@code -_AAA...} at the start of a stream), which
   * keripy's parser reads as the stream's.
   *
   * @param base the offset base of the parser that framed it
   */
  void accept(Message m, long base) {
    long offset = base + m.offset();
    long length = m.length();
    if (m.genusVersion().isPresent() && m.genusVersion().get().offset() == m.offset()) {
      // a genus-version code that leads the message is the stream's, not the message's
      offset += m.genusVersion().get().length();
      length -= m.genusVersion().get().length();
    }
    offsets.add(offset);
    lengths.add(length);
    if (!queued.isEmpty() && base != queuedBase) {
      flush();
    }
    queuedBase = base;
    queued.add(m);
  }

  /**
   * Validates the queued messages as one batch ({@link KelVerifier#acceptAll(List, long)}: their
   * signatures checked on the workers first); called while they are still valid.
   */
  void flush() {
    if (!queued.isEmpty()) {
      verifier.acceptAll(queued, queuedBase);
      queued.clear();
    }
  }

  /** {@return the final verdict on each message given, in order; retries the escrows once} */
  List<Verdict> verdicts() {
    if (verdicts == null) {
      flush();
      verdicts = verifier.finish();
    }
    return verdicts;
  }

  /** {@return the stream offset of message {@code i}} */
  long offset(int i) {
    return offsets.get(i);
  }

  /** {@return the length in bytes of message {@code i}} */
  long length(int i) {
    return lengths.get(i);
  }

  /** {@return the key state of each prefix with an accepted inception, in order of inception} */
  Map<String, KeyState> keyStates() {
    verdicts();
    return verifier.keyStates();
  }

  /** {@return {@code accepted}, {@code escrowed} or {@code rejected}} */
  static String status(Status s) {
    return s.name().toLowerCase(Locale.ROOT);
  }

  /** {@return the reason's token: its constant's name in lower case} */
  static String reason(Reason r) {
    return r.name().toLowerCase(Locale.ROOT);
  }

  /** {@return keripy's name of the escrow's database} */
  static String escrow(Escrow e) {
    switch (e) {
      case OUT_OF_ORDER:
        return "ooes";
      case PARTIALLY_SIGNED:
        return "pses";
      case PARTIALLY_WITNESSED:
        return "pwes";
      case PARTIALLY_DELEGATED:
        return "pdes";
      case UNVERIFIED_RECEIPT:
        return "ures";
      case UNVERIFIED_WITNESS_RECEIPT:
        return "uwes";
      default: // UNVERIFIED_TRANSFERABLE_RECEIPT
        return "vres";
    }
  }

  /**
   * {@return the verdict as the tree writes it, e.g. {@code verdict: accepted} or {@code verdict:
   * escrowed in ooes, out_of_order: sn 2 after 0}; not escaped}
   */
  static String line(Verdict v) {
    StringBuilder sb = new StringBuilder("verdict: ").append(status(v.status()));
    if (v.status() == Status.ACCEPTED) {
      return sb.toString();
    }
    v.escrow().ifPresent(e -> sb.append(" in ").append(escrow(e)));
    sb.append(", ").append(reason(v.reason()));
    if (!v.detail().isEmpty()) {
      sb.append(": ").append(v.detail());
    }
    return sb.toString();
  }
}
