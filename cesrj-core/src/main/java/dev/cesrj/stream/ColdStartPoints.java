package dev.cesrj.stream;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;

/**
 * Where a top-level message can start, for resynchronising after a malformed frame (CESR
 * specification, "Cold start Stream parsing problem"; keripy {@code sniff}; the bytes keripy's
 * streaming parser would cold-start on, with the text-counter tritet narrowed to the counters that
 * start a message):
 *
 * <ul>
 *   <li>{@code {}: a JSON body;
 *   <li>{@code 0xA0..0xBF}: a CBOR map; {@code 0x80..0x8F}, {@code 0xDE}, {@code 0xDF}: a
 *       MessagePack fixmap, map16 or map32;
 *   <li>{@code -_} (and the legacy {@code --}): a genus-version code; {@code -X} or {@code --X}
 *       (legacy {@code -0X}) whose code in the table in force is a BodyWithAttachmentGroup, a
 *       GenericGroup, a NonNativeBodyGroup or a CESR-native body group;
 *   <li>the same counters in qb2: a first byte {@code 0xF8..0xFB} (sextet 62, tritet 111) whose
 *       next sextets say {@code _}, or the code of such a group.
 * </ul>
 *
 * <p>A {@code -} (or {@code --}) in the last bytes read is undecided until the byte after it
 * arrives, likewise a qb2 counter until the bytes holding its second (or third) sextet. Reads with
 * {@link ByteBuf#getByte(int)}; allocates nothing.
 */
final class ColdStartPoints {
  /** Whether a message can start at an index. */
  enum Verdict {
    /** The byte at the index cannot start a message. */
    NO,
    /** A message can start at the index. */
    YES,
    /** A message counter may start at the index: the bytes after it have not arrived yet. */
    UNDECIDED
  }

  private ColdStartPoints() {}

  /**
   * True if a JSON, CBOR or MessagePack body can start with byte {@code b} (0..255): {@code {}, a
   * CBOR map, a MessagePack fixmap, map16 or map32 (keripy {@code kering.py} {@code sniff}), as
   * {@link Kind#startsWith} says for each kind.
   */
  static boolean startsBody(int b) {
    return Kind.startsAnyBody(b);
  }

  /** True if a qb2 counter can start with byte {@code b} (0..255): its first sextet is 62. */
  static boolean startsQb2Counter(int b) {
    return b >= 0xF8 && b <= 0xFB;
  }

  /**
   * {@link #at}, with no table in force and the table inferred: {@link Verdict#YES} if a message can
   * start at {@code p} in some table.
   */
  static Verdict inAnyTable(ByteBuf buf, int p, int limit) {
    int b = buf.getByte(p) & 0xFF;
    if (b != '-' && !startsQb2Counter(b)) {
      return at(buf, p, limit, CounterTable.CESR_1_0); // a body or nothing: the same in every table
    }
    switch (TableRule.frameReading(new Source(buf, 0), p, limit)) {
      case POSSIBLE:
        return Verdict.YES;
      case UNDECIDED:
        return Verdict.UNDECIDED;
      default:
        return Verdict.NO;
    }
  }

  /**
   * Whether a message can start at buffer index {@code p} of {@code buf}, reading no further
   * than {@code limit}.
   *
   * @param table the counter table in force at the top of the stream
   */
  static Verdict at(ByteBuf buf, int p, int limit, CounterTable table) {
    int b = buf.getByte(p) & 0xFF;
    if (startsBody(b)) {
      return Verdict.YES;
    }
    boolean binary = startsQb2Counter(b);
    if (b != '-' && !binary) {
      return Verdict.NO;
    }
    // the second and third characters: the bytes in qb64, sextets 1 and 2 in qb2 (each readable
    // once the byte at the same index is)
    if (p + 1 >= limit) {
      return Verdict.UNDECIDED;
    }
    int b1 = buf.getByte(p + 1) & 0xFF;
    int c = binary ? B64.charOf((b & 0x03) << 4 | b1 >>> 4) : b1;
    switch (table.hardSize(c)) {
      case 5:
        return Verdict.YES;
      case 2:
        return startsMessage(table.small(c)) ? Verdict.YES : Verdict.NO;
      case 3:
        if (p + 2 >= limit) {
          return Verdict.UNDECIDED;
        }
        int b2 = buf.getByte(p + 2) & 0xFF;
        int c2 = binary ? B64.charOf((b1 & 0x0F) << 2 | b2 >>> 6) : b2;
        return startsMessage(table.big(c2)) ? Verdict.YES : Verdict.NO;
      default:
        return Verdict.NO;
    }
  }

  /**
   * The counters that start a message ({@link Layout#startsMessage()}), but for the message-level
   * codes keripy cannot parse: framing from one would only fail again.
   */
  private static boolean startsMessage(CounterCode code) {
    return code != null && code.layout().startsMessage() && code.layout().parsedInRun();
  }
}
