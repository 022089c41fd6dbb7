package dev.cesrj.cli;

import dev.cesrj.keri.exchange.ExchangeVerdict;
import dev.cesrj.keri.exchange.Exchanger;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
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
 * <p>Reasons are written as the {@link dev.cesrj.keri.kever.Reason} (or {@link
 * dev.cesrj.keri.exchange.ExchangeReason}) constant's name in lower case ({@code
 * out_of_order}, {@code said_mismatch}, {@code not_a_key_event}, ...): a token that stays put
 * while the human-readable detail may change. Escrows are written by keripy's name of the escrow
 * database ({@link dev.cesrj.keri.kever.Escrow#keripyName()}: {@code ooes}, {@code pses}, ...;
 * an exchange's {@code epse}), as the KEL mutant set's verdict files name them.
 */
final class Verification {
  private final KelVerifier verifier;
  private final Exchanger exchanger;
  /** The key events and receipts given since the last {@link #flush()}, valid until then. */
  private final List<Message> queued = new ArrayList<>();
  private long queuedBase;
  private final List<Long> offsets = new ArrayList<>();
  private final List<Long> lengths = new ArrayList<>();
  private final List<Boolean> exchanges = new ArrayList<>();
  private List<VerdictRow> rows;

  /**
   * A verification with {@code threads} signature-checking workers ({@code --threads}), or the
   * verifier's default ({@link dev.cesrj.keri.kever.VerifyThreads}) if 0.
   */
  Verification(int threads) {
    verifier = threads > 0 ? KelVerifier.builder().threads(threads).build() : new KelVerifier();
    exchanger = new Exchanger(verifier);
  }

  /**
   * Validates {@code m} and keeps its stream offset and length, as keripy's verdicts and
   * cesrj-keri's {@link Verdict#offset()} count them ({@link StreamOffsets}): without a
   * genus-version code that leads it ({@code -_AAA...} at the start of a stream), which keripy's
   * parser reads as the stream's. An {@code exn} goes to an {@link Exchanger} over the verifier's
   * key states (keripy {@code src/keri/peer/exchanging.py} {@code Exchanger.processEvent}), every
   * other message to the {@link KelVerifier}.
   *
   * @param base the offset base of the parser that framed it
   */
  void accept(Message m, long base) {
    offsets.add(StreamOffsets.of(m, base));
    lengths.add(StreamOffsets.length(m));
    boolean exn = Exchanger.isExchange(m);
    exchanges.add(exn);
    if (exn) {
      flush(); // the key events before it first: the exchange is judged on their key states
      exchanger.accept(m, base);
    } else {
      if (!queued.isEmpty() && base != queuedBase) {
        flush();
      }
      queuedBase = base;
      queued.add(m);
    }
  }

  /**
   * Validates the queued key events and receipts as one batch ({@link KelVerifier#acceptAll(List,
   * long)}: their signatures checked on the workers first); called while they are still valid.
   */
  void flush() {
    if (!queued.isEmpty()) {
      verifier.acceptAll(queued, queuedBase);
      queued.clear();
    }
  }

  /**
   * {@return the final verdict on each message given, in order}: the key events' escrows retried
   * until nothing changes, then the exchanges' once; computed once
   */
  List<VerdictRow> rows() {
    if (rows == null) {
      flush();
      List<Verdict> kel = verifier.finish();
      exchanger.retryEscrows();
      List<ExchangeVerdict> exn = exchanger.verdicts();
      rows = new ArrayList<>(exchanges.size());
      int k = 0;
      int x = 0;
      for (int i = 0; i < exchanges.size(); i++) {
        rows.add(exchanges.get(i) ? VerdictRow.of(i, offsets.get(i), lengths.get(i), exn.get(x++))
            : VerdictRow.of(i, offsets.get(i), lengths.get(i), kel.get(k++)));
      }
    }
    return rows;
  }

  /** {@return the key state of each prefix with an accepted inception, in order of inception} */
  Map<String, KeyState> keyStates() {
    rows();
    return verifier.keyStates();
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
