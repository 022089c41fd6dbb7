package dev.cesrj.keri.kever;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link KelVerifier} holds between two messages, as plain values: the accepted KELs (key
 * state and the SAID and event seals of each accepted event), the escrowed messages (their bytes
 * and escrow), the non-transferable receipt couples kept for events not accepted yet, and the
 * change clock its escrow retries use. {@link KelVerifier#state()} takes it,
 * {@link KelVerifier#restore(VerifierState, EscrowLimits)} gives a verifier that goes on exactly as
 * the one it was taken from would (same verdicts on the same next messages), so that a stream
 * processor can keep it in checkpointed state (cesrj-flink keeps one per key).
 *
 * <p>Only a verifier fed with {@link KelVerifier#acceptMessage(byte[], long)} can be taken: the
 * state keeps each escrowed message and each KEL's last establishment event as the bytes of that
 * one message, and re-reads them on restore. Messages already accepted or rejected are not in it
 * (their verdicts were returned), nor is the verifier's cache of decoded witness keys. Arrays
 * are not copied: treat them as immutable. Sizes: a KEL costs its last establishment message plus
 * about 100 bytes per accepted event; an escrowed message its length plus its verdict.
 *
 * @param nextIndex the index the next message gets ({@link Verdict#index()})
 * @param clock the change count of the escrow retries
 * @param changedAt per prefix, the change count of its last change
 * @param kels the accepted KELs, in order of inception
 * @param held the escrowed messages, by index
 * @param couples the receipt couples kept for events not accepted yet, in the order they came
 */
public record VerifierState(int nextIndex, long clock, Map<String, Long> changedAt,
    List<KelRecord> kels, List<HeldMessage> held, List<KeptCouple> couples) {

  /**
   * Copies the collections.
   *
   * @param nextIndex see the record description
   * @param clock see the record description
   * @param changedAt see the record description
   * @param kels see the record description
   * @param held see the record description
   * @param couples see the record description
   */
  public VerifierState {
    changedAt = Map.copyOf(changedAt);
    kels = List.copyOf(kels);
    held = List.copyOf(held);
    couples = List.copyOf(couples);
  }

  /** {@return a state with nothing accepted, escrowed or kept: what a new verifier holds} */
  public static VerifierState empty() {
    return new VerifierState(0, 0, Map.of(), List.of(), List.of(), List.of());
  }

  /**
   * One prefix's accepted KEL.
   *
   * @param prefix the prefix (qb64)
   * @param delegator the delegator's prefix of a delegated prefix ({@code dip}), else empty
   * @param establishmentOnly the {@code EO} trait
   * @param doNotDelegate the {@code DND} trait
   * @param sn the sequence number of the last accepted event
   * @param said its SAID
   * @param et its ilk ({@code icp}, {@code rot}, {@code ixn}, ...)
   * @param establishment the bytes of the last accepted establishment event's message (its
   *     keys, {@code kt}, {@code n}, {@code nt} are read from it on restore)
   * @param witnesses the current witnesses
   * @param toad the current witness threshold {@code bt}
   * @param events every accepted event, in order of sequence number
   */
  public record KelRecord(String prefix, String delegator, boolean establishmentOnly,
      boolean doNotDelegate, BigInteger sn, String said, String et, byte[] establishment,
      List<String> witnesses, long toad, List<AcceptedEvent> events) {
    /**
     * Copies the lists.
     *
     * @param prefix see the record description
     * @param delegator see the record description
     * @param establishmentOnly see the record description
     * @param doNotDelegate see the record description
     * @param sn see the record description
     * @param said see the record description
     * @param et see the record description
     * @param establishment see the record description
     * @param witnesses see the record description
     * @param toad see the record description
     * @param events see the record description
     */
    public KelRecord {
      Objects.requireNonNull(establishment, "establishment");
      witnesses = List.copyOf(witnesses);
      events = List.copyOf(events);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof KelRecord k && prefix.equals(k.prefix) && delegator.equals(k.delegator)
          && establishmentOnly == k.establishmentOnly && doNotDelegate == k.doNotDelegate
          && sn.equals(k.sn) && said.equals(k.said) && et.equals(k.et)
          && Arrays.equals(establishment, k.establishment) && witnesses.equals(k.witnesses)
          && toad == k.toad && events.equals(k.events);
    }

    @Override
    public int hashCode() {
      return Objects.hash(prefix, sn, said);
    }

    @Override
    public String toString() {
      return "KelRecord[" + prefix + " sn " + sn + " " + said + ", " + events.size() + " events]";
    }
  }

  /**
   * One accepted event: what a later delegation check and a transferable receipt read of it.
   *
   * @param sn its sequence number
   * @param said its SAID
   * @param seals the event seals ({@code i s d}, keripy {@code SealEvent}) among its anchors, in
   *     order
   */
  public record AcceptedEvent(BigInteger sn, String said, List<EventSeal> seals) {
    /**
     * Copies the seals.
     *
     * @param sn see the record description
     * @param said see the record description
     * @param seals see the record description
     */
    public AcceptedEvent {
      seals = List.copyOf(seals);
    }
  }

  /**
   * An event seal among an event's anchors: a map whose labels are exactly {@code i s d}
   * (keripy {@code SealEvent._fields}); a value that is not text is kept as the empty string.
   *
   * @param prefix {@code i}
   * @param sn {@code s}, as written (keripy writes lowercase hex, {@code Number.numh})
   * @param said {@code d}
   */
  public record EventSeal(String prefix, String sn, String said) {
  }

  /**
   * An escrowed message.
   *
   * @param index its index ({@link Verdict#index()})
   * @param offset its stream offset ({@link Verdict#offset()})
   * @param message the bytes of the message alone
   * @param retried whether an escrow retry has processed it
   * @param triedAt the change count at its last try
   * @param escrow its escrow
   * @param reason why it is held
   * @param detail the verdict's detail
   * @param source the source it came from ({@link KelVerifier#accept(dev.cesrj.stream.Message,
   *     String)}); {@link KelVerifier#DEFAULT_SOURCE} for none
   */
  public record HeldMessage(int index, long offset, byte[] message, boolean retried,
      long triedAt, Escrow escrow, Reason reason, String detail, String source) {
    /**
     * A message from {@link KelVerifier#DEFAULT_SOURCE}.
     *
     * @param index see the record description
     * @param offset see the record description
     * @param message see the record description
     * @param retried see the record description
     * @param triedAt see the record description
     * @param escrow see the record description
     * @param reason see the record description
     * @param detail see the record description
     */
    public HeldMessage(int index, long offset, byte[] message, boolean retried, long triedAt,
        Escrow escrow, Reason reason, String detail) {
      this(index, offset, message, retried, triedAt, escrow, reason, detail,
          KelVerifier.DEFAULT_SOURCE);
    }

    /**
     * Checks the message is there.
     *
     * @param index see the record description
     * @param offset see the record description
     * @param message see the record description
     * @param retried see the record description
     * @param triedAt see the record description
     * @param escrow see the record description
     * @param reason see the record description
     * @param detail see the record description
     * @param source see the record description
     */
    public HeldMessage {
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(escrow, "escrow");
      Objects.requireNonNull(source, "source");
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof HeldMessage h && index == h.index && offset == h.offset
          && Arrays.equals(message, h.message) && retried == h.retried && triedAt == h.triedAt
          && escrow == h.escrow && reason == h.reason && detail.equals(h.detail)
          && source.equals(h.source);
    }

    @Override
    public int hashCode() {
      return Objects.hash(index, offset, escrow);
    }

    @Override
    public String toString() {
      return "HeldMessage[" + index + " at " + offset + ", " + message.length + " bytes, "
          + escrow + "]";
    }
  }

  /**
   * A non-transferable receipt couple kept for an event not accepted yet.
   *
   * @param event the receipted event, as {@code prefix/said}
   * @param key the witness's key (qb64)
   * @param signature the signature (qb64)
   * @param offset the couple's stream offset
   */
  public record KeptCouple(String event, String key, String signature, long offset) {
  }
}
