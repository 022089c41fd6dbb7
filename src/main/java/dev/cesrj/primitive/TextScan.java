package dev.cesrj.primitive;

import dev.cesrj.CesrException;
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
 * the frame limit ({@link FrameTooLargeException}), that soft parts are Base64url, and that pad
 * bits, lead bytes and ondex are canonical ({@link NonCanonicalException}). Value characters past
 * those are checked only when a view decodes them.
 *
 * <p>All sizes here are in characters (= bytes of text). {@code limit} is the exclusive buffer
 * index where readable input ends; {@code rest} is the least number of bytes the grammar still
 * needs after this item, added to the "needed" figure of a truncation. Error paths live in
 * separate methods so that the checks stay small enough to inline.
 */
public final class TextScan {
  private TextScan() {}

  /**
   * The full size in characters of the Matter primitive at {@code pos}.
   *
   * @param slot where the primitive stands, or {@code null} for any Matter code
   * @param maxFrame largest size accepted, in bytes
   * @throws CesrException as described in the class comment
   */
  public static int matter(Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    int avail = limit - pos;
    if (avail < 4) {
      // the smallest primitive is one quadlet: report what is missing precisely
      return matterShort(s, pos, limit, slot, maxFrame, rest);
    }
    int c0 = s.at(pos);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, slot);
    }
    MatterCode code =
        MatterCode.lookup(
            hs, c0, hs > 1 ? s.at(pos + 1) : 0, hs > 2 ? s.at(pos + 2) : 0, hs > 3 ? s.at(pos + 3) : 0);
    if (code == null) {
      throw unknownMatter(s, pos, hs);
    }
    if (slot != null && !slot.accepts(code)) {
      throw misplaced(s, pos, code, slot);
    }
    int cs = code.cs();
    if (avail < cs) {
      throw truncated(s, pos, code.code(), slot, Math.max(min(slot), cs) + rest - avail);
    }
    long fs;
    if (code.isVariable()) {
      fs = code.variableFullSize(base64Int(s, pos + code.hs(), code.ss(), code.code()));
      if (fs > maxFrame) {
        throw new FrameTooLargeException(s.offset(pos), code.code(), fs, maxFrame);
      }
    } else {
      fs = code.fs();
      if (code.ss() > 0) {
        checkSoft(s, pos, code);
      }
    }
    if (avail < fs) {
      throw rest(s, pos, code.code(), code.name(), fs + rest - avail);
    }
    int zeroBits = 2 * code.ps() + 8 * code.ls();
    if (!leadingZero(s, pos + cs, zeroBits)) {
      throw nonCanonical(s, pos, code.code(), pos + cs, code.ps());
    }
    return (int) fs;
  }

  /** The cold path of {@link #matter} for fewer than 4 readable bytes: always throws. */
  private static int matterShort(
      Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    int avail = limit - pos;
    if (avail < 1) {
      throw truncated(s, pos, null, slot, min(slot) + rest - avail);
    }
    int c0 = s.at(pos);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, slot);
    }
    if (avail < hs) {
      throw truncated(s, pos, null, slot, Math.max(min(slot), hs) + rest - avail);
    }
    MatterCode code =
        MatterCode.lookup(hs, c0, hs > 1 ? s.at(pos + 1) : 0, hs > 2 ? s.at(pos + 2) : 0, 0);
    if (code == null) {
      throw unknownMatter(s, pos, hs);
    }
    if (slot != null && !slot.accepts(code)) {
      throw misplaced(s, pos, code, slot);
    }
    throw truncated(s, pos, code.code(), slot, Math.max(min(slot), 4) + rest - avail);
  }

  /**
   * The full size in characters of the indexed signature at {@code pos}.
   *
   * @throws CesrException as described in the class comment
   */
  public static int indexer(Source s, int pos, int limit, long rest) {
    // Fast path: a one-character code (A..F: ss 1, os 0, fs 88, two pad sextets).
    if (limit - pos >= 88) {
      IndexerCode code = IndexerCode.single(s.at(pos));
      if (code != null) {
        int index = B64.value(s.at(pos + 1));
        int pad = B64.value(s.at(pos + 2));
        if (index >= 0 && pad >= 0 && pad < 4) {
          return 88;
        }
      }
    }
    return indexerChecked(s, pos, limit, rest);
  }

  private static int indexerChecked(Source s, int pos, int limit, long rest) {
    int avail = limit - pos;
    if (avail < 2) {
      return indexerShort(s, pos, limit, rest);
    }
    int c0 = s.at(pos);
    int hs = IndexerCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, Slot.SIGER);
    }
    IndexerCode code = IndexerCode.lookup(hs, c0, hs > 1 ? s.at(pos + 1) : 0);
    if (code == null) {
      throw unknownIndexer(s, pos, hs);
    }
    int fs = code.fs();
    if (avail < fs) {
      throw rest(s, pos, code.code(), code.name(), fs + rest - avail);
    }
    int soft = pos + hs;
    base64Int(s, soft, code.ms(), code.code());
    if (code.os() > 0) {
      long ondex = base64Int(s, soft + code.ms(), code.os(), code.code());
      if (code.currentOnly() && ondex != 0) {
        throw new NonCanonicalException(
            s.offset(pos),
            code.code(),
            "ondex 0 for a current-only code",
            code.name() + " carries ondex " + ondex);
      }
    }
    int cs = code.cs();
    if (!leadingZero(s, pos + cs, 2 * (cs & 3))) {
      throw nonCanonical(s, pos, code.code(), pos + cs, cs & 3);
    }
    return fs;
  }

  private static int indexerShort(Source s, int pos, int limit, long rest) {
    int avail = limit - pos;
    if (avail >= 1) {
      int c0 = s.at(pos);
      int hs = IndexerCode.hardSize(c0);
      if (hs == 0) {
        throw notAPrimitive(s, pos, c0, Slot.SIGER);
      }
      if (hs == 1 && IndexerCode.lookup(1, c0, 0) == null) {
        throw unknownIndexer(s, pos, 1);
      }
    }
    throw truncated(s, pos, null, Slot.SIGER, Slot.SIGER.minSize() + rest - avail);
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
    int bad = 0;
    for (int i = 0; i < width; i++) {
      int d = B64.value(s.at(pos + i));
      bad |= d;
      v = (v << 6) | (d & 63);
    }
    if (bad < 0) {
      throw notBase64(s, pos, width, code);
    }
    return v;
  }

  /** True if the first {@code bits} bits of the sextets at {@code val} are zero. */
  private static boolean leadingZero(Source s, int val, int bits) {
    int i = val;
    for (; bits >= 6; bits -= 6, i++) {
      if (s.at(i) != 'A') {
        return false;
      }
    }
    return bits == 0 || (B64.value(s.at(i)) >>> (6 - bits)) == 0;
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

  private static int min(Slot slot) {
    return slot != null ? slot.minSize() : 4;
  }

  // ---- error paths (cold) ----

  private static MalformedException notBase64(Source s, int pos, int width, String code) {
    int i = 0;
    while (i < width - 1 && B64.value(s.at(pos + i)) >= 0) {
      i++;
    }
    return new MalformedException(
        s.offset(pos + i),
        code,
        "a Base64url character",
        "byte 0x" + Integer.toHexString(s.at(pos + i)) + " in a size, count or index");
  }

  private static NonCanonicalException nonCanonical(
      Source s, int pos, String code, int val, int ps) {
    if (!leadingZero(s, val, 2 * ps)) {
      return new NonCanonicalException(
          s.offset(pos), code, "zero pad bits", "non-zero pad bits after the code");
    }
    return new NonCanonicalException(
        s.offset(pos), code, "zero lead bytes", "non-zero lead byte before the raw value");
  }

  private static UnknownCodeException unknownMatter(Source s, int pos, int hs) {
    String text = s.text(pos, hs);
    return new UnknownCodeException(
        s.offset(pos), text, "a Matter code", "no Matter code " + text);
  }

  private static UnknownCodeException unknownIndexer(Source s, int pos, int hs) {
    String text = s.text(pos, hs);
    return new UnknownCodeException(
        s.offset(pos), text, "an indexed signature (Indexer) code", "no Indexer code " + text);
  }

  private static MalformedException misplaced(Source s, int pos, MatterCode code, Slot slot) {
    return new MalformedException(
        s.offset(pos),
        code.code(),
        slotWords(slot),
        code.name() + " (" + code.code() + ") may not stand here");
  }

  private static TruncatedException rest(
      Source s, int pos, String code, String name, long needed) {
    return new TruncatedException(s.offset(pos), code, "the rest of " + name, needed);
  }

  private static TruncatedException truncated(
      Source s, int pos, String code, Slot slot, long needed) {
    return new TruncatedException(s.offset(pos), code, slotWords(slot), needed);
  }

  private static CesrException notAPrimitive(Source s, int pos, int c0, Slot slot) {
    if (c0 == '_') {
      return new UnknownCodeException(s.offset(pos), "_", slotWords(slot), "op codes are reserved");
    }
    String what = c0 == '-' ? "a counter" : "byte 0x" + Integer.toHexString(c0);
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
