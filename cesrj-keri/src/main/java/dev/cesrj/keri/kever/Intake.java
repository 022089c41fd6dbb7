package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * One framed message read into its event, signatures and seal sources, or the reason it could not
 * be, with its stream offset and its own bytes where they are kept ({@link
 * KelVerifier#acceptMessage}, {@link KelVerifier#acceptAll(io.netty.buffer.ByteBuf)}): what
 * {@link Kevery} takes in (keripy's {@code Parser.msgParsator} hands {@code Kevery.processEvent}
 * the same: the event's serder and its attached {@code sigers}, {@code wigers}, {@code
 * delseqner}/{@code delsaider}).
 *
 * @param offset the message's stream offset ({@link StreamOffsets})
 * @param event the typed event, or null if {@code error}
 * @param sigs its signature groups, or null if {@code error}
 * @param seals its SealSourceCouples
 * @param length its length in bytes
 * @param error why it could not be read, or null
 * @param raw its own bytes, or null if not kept
 */
record Intake(long offset, KeriEvent event, Signatures sigs, List<SealSource> seals, int length,
    CesrException error, byte[] raw) {

  /** {@return {@code m} read, its offset counted from {@code offsetBase}, its bytes not kept} */
  static Intake of(Message m, long offsetBase) {
    return of(m, offsetBase, null);
  }

  /** {@return {@code m} read, its offset counted from {@code offsetBase}, with its bytes} */
  static Intake of(Message m, long offsetBase, byte[] raw) {
    long offset = StreamOffsets.of(m, offsetBase);
    try {
      KeriEvent ev = KeriEvents.of(m);
      Signatures sigs = Signatures.of(m);
      return new Intake(offset, ev, sigs, sealSources(m), m.length(), null, raw);
    } catch (CesrException e) {
      return new Intake(offset, null, null, List.of(), 0, e, raw);
    }
  }

  /** {@return the couples of {@code m}'s SealSourceCouples groups; none that cannot be read} */
  static List<SealSource> sealSources(Message m) {
    List<SealSource> out = new ArrayList<>();
    try {
      for (Group g : m.groups()) {
        if (g.code().baseName().equals("SealSourceCouples")) {
          for (var e : g.elements()) {
            if (e instanceof Tuple) {
              var parts = ((Tuple) e).parts();
              BigInteger sn = new BigInteger(1, ((Matter) parts.get(0)).raw());
              out.add(new SealSource(sn, parts.get(1).qb64Text()));
            }
          }
        }
      }
    } catch (CesrException | ClassCastException e) {
      // an unreadable couple names no source: the delegator's events are searched instead
    }
    return out;
  }
}
