package dev.cesrj.primitive;

import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.B64;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.Source;

/**
 * Sizes and checks of text-domain (qb64) primitives, read in place without allocating: the
 * framing hot path. Each method checks, in order, that the bytes are there (else
 * {@link TruncatedException}), that the code is in the table ({@link UnknownCodeException}),
 * that it may stand where it is ({@link MalformedException}), that the declared size is within
 * the frame limit ({@link FrameTooLargeException}), and that pad bits, lead bytes and ondex are
 * canonical ({@link NonCanonicalException}). Value characters past the soft part are checked only
 * when a view decodes them.
 *
 * <p>All sizes here are in characters (= bytes of text). {@code limit} is the exclusive buffer
 * index where readable input ends; {@code rest} is the least number of bytes the grammar still
 * needs after this item, added to the "needed" figure of a truncation.
 */
public final class TextScan {
  private TextScan() {}

  /**
   * The full size in characters of the Matter primitive at {@code pos}.
   *
   * @param slot where the primitive stands, or {@code null} for any Matter code
   * @param maxFrame largest size accepted, in bytes
   */
  public static int matter(Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    int avail = limit - pos;
    int min = slot != null ? slot.minSize() : 4;
    if (avail < 1) {
      throw truncated(s, pos, null, slot, min + rest - avail);
    }
    int c0 = s.at(pos);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, slot);
    }
    if (avail < hs) {
      throw truncated(s, pos, null, slot, Math.max(min, hs) + rest - avail);
    }
    int c1 = hs > 1 ? s.at(pos + 1) : 0;
    int c2 = hs > 2 ? s.at(pos + 2) : 0;
    int c3 = hs > 3 ? s.at(pos + 3) : 0;
    MatterCode code = MatterCode.lookup(hs, c0, c1, c2, c3);
    if (code == null) {
      throw new UnknownCodeException(
          s.offset(pos), s.text(pos, hs), "a Matter code", "no Matter code " + s.text(pos, hs));
    }
    if (slot != null && !slot.accepts(code)) {
      throw new MalformedException(
          s.offset(pos),
          code.code(),
          slotWords(slot),
          code.name() + " (" + code.code() + ") may not stand here");
    }
    int cs = code.cs();
    if (avail < cs) {
      throw truncated(s, pos, code.code(), slot, Math.max(min, cs) + rest - avail);
    }
    long fs;
    if (code.isVariable()) {
      long size = base64Int(s, pos + code.hs(), code.ss(), code.code());
      fs = code.variableFullSize(size);
      if (fs > maxFrame) {
        throw new FrameTooLargeException(s.offset(pos), code.code(), fs, maxFrame);
      }
    } else {
      fs = code.fs();
      checkSoft(s, pos, code);
    }
    if (avail < fs) {
      throw new TruncatedException(
          s.offset(pos), code.code(), "the rest of " + code.name(), fs + rest - avail);
    }
    checkLeadingZeroBits(s, pos, code.code(), pos + cs, code.ps(), code.ls());
    return (int) fs;
  }

  /** The full size in characters of the indexed signature at {@code pos}. */
  public static int indexer(Source s, int pos, int limit, long rest) {
    int avail = limit - pos;
    if (avail < 1) {
      throw truncated(s, pos, null, Slot.SIGER, Slot.SIGER.minSize() + rest - avail);
    }
    int c0 = s.at(pos);
    int hs = IndexerCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, Slot.SIGER);
    }
    if (avail < hs) {
      throw truncated(s, pos, null, Slot.SIGER, Slot.SIGER.minSize() + rest - avail);
    }
    IndexerCode code = IndexerCode.lookup(hs, c0, hs > 1 ? s.at(pos + 1) : 0);
    if (code == null) {
      throw new UnknownCodeException(
          s.offset(pos),
          s.text(pos, hs),
          "an indexed signature (Indexer) code",
          "no Indexer code " + s.text(pos, hs));
    }
    int fs = code.fs();
    if (avail < fs) {
      throw new TruncatedException(
          s.offset(pos), code.code(), "the rest of " + code.name(), fs + rest - avail);
    }
    int soft = pos + code.hs();
    base64Int(s, soft, code.ms(), code.code());
    long ondex = base64Int(s, soft + code.ms(), code.os(), code.code());
    if (code.currentOnly() && ondex != 0) {
      throw new NonCanonicalException(
          s.offset(pos),
          code.code(),
          "ondex 0 for a current-only code",
          code.name() + " carries ondex " + ondex);
    }
    checkLeadingZeroBits(s, pos, code.code(), pos + code.cs(), code.cs() % 4, 0);
    return fs;
  }

  /**
   * The Matter code of a primitive at {@code pos} that {@link #matter} has already checked.
   */
  public static MatterCode matterCode(Source s, int pos) {
    int c0 = s.at(pos);
    int hs = MatterCode.hardSize(c0);
    return MatterCode.lookup(
        hs,
        c0,
        hs > 1 ? s.at(pos + 1) : 0,
        hs > 2 ? s.at(pos + 2) : 0,
        hs > 3 ? s.at(pos + 3) : 0);
  }

  /**
   * The Indexer code of a signature at {@code pos} that {@link #indexer} has already checked.
   */
  public static IndexerCode indexerCode(Source s, int pos) {
    int c0 = s.at(pos);
    int hs = IndexerCode.hardSize(c0);
    return IndexerCode.lookup(hs, c0, hs > 1 ? s.at(pos + 1) : 0);
  }

  /**
   * Reads a Base64 integer of {@code width} characters at {@code pos} (bytes already checked
   * readable).
   *
   * @throws MalformedException if a character is not Base64url
   */
  public static long base64Int(Source s, int pos, int width, String code) {
    long v = 0;
    for (int i = 0; i < width; i++) {
      int d = B64.value(s.at(pos + i));
      if (d < 0) {
        throw new MalformedException(
            s.offset(pos + i),
            code,
            "a Base64url character",
            "byte 0x" + Integer.toHexString(s.at(pos + i)) + " in a size, count or index");
      }
      v = (v << 6) | d;
    }
    return v;
  }

  private static void checkSoft(Source s, int pos, MatterCode code) {
    int soft = pos + code.hs();
    for (int i = 0; i < code.ss(); i++) {
      int ch = s.at(soft + i);
      if (i < code.xs() ? ch != '_' : B64.value(ch) < 0) {
        throw new MalformedException(
            s.offset(soft + i),
            code.code(),
            i < code.xs() ? "pre-pad '_'" : "a Base64url character",
            "byte 0x" + Integer.toHexString(ch) + " in the soft part of " + code.name());
      }
    }
  }

  /**
   * Checks that the value at {@code val} starts with {@code 2 * ps} zero pad bits then
   * {@code 8 * ls} zero lead bits (CESR.md section 1.5).
   */
  private static void checkLeadingZeroBits(
      Source s, int pos, String code, int val, int ps, int ls) {
    if (!zeroBits(s, val, 0, 2 * ps)) {
      throw new NonCanonicalException(
          s.offset(pos), code, "zero pad bits", "non-zero pad bits after the code");
    }
    if (ls > 0 && !zeroBits(s, val, 2 * ps, 2 * ps + 8 * ls)) {
      throw new NonCanonicalException(
          s.offset(pos), code, "zero lead bytes", "non-zero lead byte before the raw value");
    }
  }

  /** True if bits {@code [from, to)} of the sextets starting at {@code val} are all zero. */
  private static boolean zeroBits(Source s, int val, int from, int to) {
    for (int bit = from; bit < to; ) {
      int sextet = B64.value(s.at(val + bit / 6));
      int lo = bit % 6;
      int hi = Math.min(6, lo + (to - bit));
      int mask = ((1 << (hi - lo)) - 1) << (6 - hi);
      if (sextet < 0 || (sextet & mask) != 0) {
        return false;
      }
      bit += hi - lo;
    }
    return true;
  }

  private static TruncatedException truncated(
      Source s, int pos, String code, Slot slot, long needed) {
    return new TruncatedException(s.offset(pos), code, slotWords(slot), needed);
  }

  private static RuntimeException notAPrimitive(Source s, int pos, int c0, Slot slot) {
    String what = c0 == '-' ? "a counter" : c0 == '_' ? "an op code" : "byte 0x" + Integer.toHexString(c0);
    if (c0 == '_') {
      return new UnknownCodeException(s.offset(pos), "_", slotWords(slot), "op codes are reserved");
    }
    return new MalformedException(
        s.offset(pos), c0 == '-' ? "-" : null, slotWords(slot), what + " where a primitive must be");
  }

  static String slotWords(Slot slot) {
    if (slot == null) {
      return "a Matter primitive";
    }
    switch (slot) {
      case SIGER:
        return "an indexed signature";
      case SIGS:
        return "a ControllerIdxSigs counter";
      default:
        return "a " + slot.name().charAt(0) + slot.name().substring(1).toLowerCase() + " primitive";
    }
  }
}
