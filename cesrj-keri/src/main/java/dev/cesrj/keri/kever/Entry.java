package dev.cesrj.keri.kever;

import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * One message a {@link KelVerifier} took and its current verdict: while it is escrowed, also its
 * typed event, signatures and seal sources, what it waits for and what it holds (its standing,
 * heap cost, receipt couples); once accepted or rejected, only its {@link Verdict} ({@link
 * #settleIfFinal()}). keripy keeps the same per message in its escrow databases ({@code
 * src/keri/db/basing.py}: {@code ooes}, {@code pses}, {@code pwes}, {@code ures}...), by prefix
 * and sequence number; cesrj keeps it on the heap, bounded by {@link EscrowLimits}.
 */
final class Entry {
  final int index;
  final long offset;
  /** The typed event, signatures and seal sources: dropped ({@code null}) once settled. */
  KeriEvent event;
  Signatures sigs;
  List<SealSource> sealSources;
  /**
   * The bytes of the message alone, if given ({@link KelVerifier#acceptMessage}); kept while
   * escrowed.
   */
  byte[] raw;
  final int bytes;
  /** What the caller says it came from ({@link KelVerifier#DEFAULT_SOURCE} if nothing). */
  String source = KelVerifier.DEFAULT_SOURCE;
  /** While escrowed: its standing, its counted heap bytes, what it waits for. */
  EscrowStanding standing;
  long cost;
  List<EscrowWait> waits = List.of();
  /** The receipt couples it brought ({@link Receipts}): their event's key and the couple ids. */
  String couples;
  List<String> coupleIds = List.of();
  /** While it is being retried: the escrow it was in, else null. */
  Escrow retriedFrom;
  /** The event's prefix, sequence number and SAID (a receipt's: its event's), or null. */
  final String prefix;
  final BigInteger sn;
  final String said;
  /** The final verdict once accepted or rejected (never changes after), else null. */
  Verdict settled;
  /** The change count when it was last processed. */
  long triedAt;
  boolean retried;
  Status status;
  Escrow escrow;
  Reason reason;
  String detail;

  Entry(int index, long offset, KeriEvent event, Signatures sigs, List<SealSource> sealSources,
      int bytes) {
    this.index = index;
    this.offset = offset;
    this.event = event;
    this.sigs = sigs;
    this.sealSources = List.copyOf(sealSources);
    this.bytes = bytes;
    if (event instanceof KeyEvent) {
      prefix = ((KeyEvent) event).prefix();
      sn = ((KeyEvent) event).sn();
      said = event.said();
    } else if (event instanceof ReceiptEvent) {
      prefix = ((ReceiptEvent) event).prefix();
      sn = ((ReceiptEvent) event).sn();
      said = event.said();
    } else {
      prefix = null;
      sn = null;
      said = null;
    }
  }

  /** {@return the {@link SignaturePool} key of its event (a receipt's: the receipted event)} */
  String eventKey() {
    return prefix == null ? "" : SignaturePool.key(prefix, sn, said);
  }

  Verdict set(Status s, Escrow e, Reason r, String d) {
    status = s;
    escrow = e;
    reason = r;
    detail = d;
    return verdict();
  }

  /**
   * Keeps only the verdict once the entry is accepted or rejected, which no retry changes: what
   * the verifier holds for a settled message is then its verdict, not its event and signatures.
   */
  void settleIfFinal() {
    if (settled == null && status != Status.ESCROWED) {
      settled = verdict();
      event = null;
      sigs = null;
      sealSources = List.of();
      raw = null;
    }
  }

  Verdict verdict() {
    if (settled != null) {
      return settled;
    }
    Optional<String> ilk = event == null ? Optional.empty() : event.body().ilk();
    Optional<EventId> id = prefix == null ? Optional.empty()
        : Optional.of(new EventId(prefix, sn, said));
    return new Verdict(index, offset, ilk, id, status, Optional.ofNullable(escrow), reason,
        detail);
  }
}
