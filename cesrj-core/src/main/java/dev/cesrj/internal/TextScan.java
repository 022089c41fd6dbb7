package dev.cesrj.internal;

import dev.cesrj.CesrOptions;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;

/**
 * Sizes and checks of primitives, read in place without allocating: the framing hot path
 * (CESR specification, "Text coding scheme design"; keripy {@code Matter._exfil}, {@code
 * Matter._bexfil} and the {@code Indexer} counterparts). The methods without a {@link Domain} read
 * text (qb64, one byte per character: the fast path); those with one read either domain. In qb2 the
 * characters are the sextets of the item's bytes (the hard code from the leading bytes, CESR
 * specification, "Code table selectors"), every size is 3/4 of the text size in bytes, and the same
 * checks apply to the same bits (pad bits after the code, lead bytes).
 *
 * <p>Each check is made as soon as the characters it needs are readable, so that bad input is
 * reported before more input is awaited: the first character must start a primitive
 * ({@link MalformedException}, or {@link UnknownCodeException} for an op code {@code _}); the
 * hard part must be a code of the table, or for a partial hard part the start of one
 * ({@link UnknownCodeException}); the code must be allowed where it stands
 * ({@link MalformedException}); the soft part must be Base64url, with {@code _} in its pre-pad
 * ({@link MalformedException}); a variable size must be at least one quadlet when the code has
 * lead bytes ({@link MalformedException}) and within the frame limit
 * ({@link FrameTooLargeException}); the ondex of a current-only indexer code must be 0 and the pad
 * bits and lead bytes must be zero ({@link NonCanonicalException}). Where a check still lacks
 * characters, a {@link TruncatedException} says how many more are needed: exactly the missing
 * characters once the full size is known (the hard part of a fixed code, the soft part of a
 * variable one), else the least any primitive starting so can take. Value characters past the
 * pad and lead bits are checked only when a view decodes them ({@link Matter#raw()}).
 *
 * <p>Returned sizes and truncation figures are in bytes of the domain read (characters in qb64,
 * bytes in qb2). {@code limit} is the exclusive buffer index where readable input ends;
 * {@code rest} is the least number of bytes the grammar still needs after this item, added to the
 * "needed" figure of a truncation. Error offsets are those of the primitive, except for a bad
 * character (or a qb2 sextet that should be {@code _}), whose own byte offset is given.
 */
public final class TextScan {
  /** The fewest characters of any Matter primitive (e.g. {@code MAAA}, {@code 1AAK}). */
  private static final int MIN_MATTER = 4;

  private TextScan() {}

  /**
   * The full size in characters of the qb64 Matter primitive at {@code pos}: {@link
   * #matter(Domain, Source, int, int, Slot, long, long)} in {@link Domain#QB64}.
   */
  public static int matter(Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    return matter(Domain.QB64, s, pos, limit, slot, maxFrame, rest);
  }

  /**
   * The full size in bytes of domain {@code d} of the Matter primitive at {@code pos}.
   *
   * @param slot where the primitive stands, or {@code null} for any Matter code
   * @param maxFrame largest size accepted, in bytes
   * @param rest least number of bytes the grammar needs after this primitive
   * @throws TruncatedException if the primitive runs past {@code limit}
   * @throws UnknownCodeException if no Matter code starts so
   * @throws MalformedException if the bytes cannot be a primitive here
   * @throws FrameTooLargeException if the primitive declares more than {@code maxFrame} bytes
   * @throws NonCanonicalException if pad bits or lead bytes are not zero
   */
  public static int matter(
      Domain d, Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    return (int) matterScan(d, s, pos, limit, slot, maxFrame, rest);
  }

  /**
   * {@link #matter(Domain, Source, int, int, Slot, long, long)} that also gives the code it looked
   * up, so that a caller recording the primitive looks it up once: the size in the low 32 bits,
   * the {@link MatterCode#ordinal()} in the high 32 bits ({@link #size}, {@link #matterCodeOf}).
   * Same checks and errors.
   */
  public static long matterScan(
      Domain d, Source s, int pos, int limit, Slot slot, long maxFrame, long rest) {
    return matterScan(d, s, pos, limit, slot, maxFrame, rest, Fit.THROWING);
  }

  /**
   * {@link #matterScan(Domain, Source, int, int, Slot, long, long)} reporting a primitive cut by
   * {@code limit} to {@code fit}: a caller-owned fit records it as {@link Fit.Verdict#CUT} with
   * the figure its truncation would carry, {@link Fit#THROWING} throws that truncation. Other
   * errors are thrown in either mode. {@code fit} is not set {@link Fit.Verdict#WHOLE}: the caller
   * resets it before the item.
   *
   * @return the scan ({@link #size}, {@link #matterCodeOf}), only if {@code fit} is not cut; after
   *     a cut {@code CUT_SCAN}, which {@link #size} refuses
   */
  static long matterScan(
      Domain d, Source s, int pos, int limit, Slot slot, long maxFrame, long rest, Fit fit) {
    int avail = limit - pos;
    int have = d.chars(avail);
    int min = slot != null ? slot.minSize() : MIN_MATTER;
    if (have < 1) {
      fit.primitiveCut(s.offset(pos), null, slot, d.size(min) + rest - avail);
      return CUT_SCAN;
    }
    int c0 = s.ch(d, pos, 0);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, slot);
    }
    if (have < hs) {
      int least =
          MatterCode.leastFullSize(
              have, c0, have > 1 ? s.ch(d, pos, 1) : 0, have > 2 ? s.ch(d, pos, 2) : 0);
      if (least == 0) {
        throw unknownMatter(d, s, pos,
            ruledOutAt(have, c0, have > 1 ? s.ch(d, pos, 1) : 0, have > 2 ? s.ch(d, pos, 2) : 0));
      }
      fit.primitiveCut(s.offset(pos), null, slot, d.size(Math.max(min, least)) + rest - avail);
      return CUT_SCAN;
    }
    int c1 = hs > 1 ? s.ch(d, pos, 1) : 0;
    int c2 = hs > 2 ? s.ch(d, pos, 2) : 0;
    int c3 = hs > 3 ? s.ch(d, pos, 3) : 0;
    MatterCode code = MatterCode.lookup(hs, c0, c1, c2, c3);
    if (code == null) {
      throw unknownMatter(d, s, pos, ruledOutAt(hs, c0, c1, c2));
    }
    if (slot != null && !slot.accepts(code)) {
      throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
          s.offset(pos),
          code.code(),
          slotWords(slot),
          code.name() + " (" + code.code() + ") may not stand here");
    }
    int cs = code.cs();
    checkSoft(d, s, pos, code, Math.min(have, cs));
    long fs;
    if (code.isVariable()) {
      if (have < cs) {
        fit.primitiveCut(
            s.offset(pos), code.code(), slot, d.size(code.minFullSize()) + rest - avail);
        return CUT_SCAN;
      }
      long size = base64Int(d, s, pos, code.hs(), code.ss(), code.code());
      if (size == 0 && code.ls() > 0) {
        throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
            s.offset(pos),
            code.code(),
            "a size of at least 1 quadlet (the value holds " + code.ls() + " lead bytes)",
            code.name() + " declares size 0");
      }
      fs = code.variableFullSize(size);
    } else {
      fs = code.fs();
    }
    long bytes = d.size(fs);
    CesrOptions.validateFrameBytes(s.offset(pos), code.code(), bytes, maxFrame);
    if (avail < bytes) {
      fit.restCut(s.offset(pos), code.code(), code.name(), bytes + rest - avail);
      return CUT_SCAN;
    }
    checkLeadingZeroBits(d, s, pos, code.code(), cs, code.ps(), code.ls());
    return scanned(code.ordinal(), (int) bytes);
  }

  private static final MatterCode[] MATTER_CODES = MatterCode.values();
  private static final IndexerCode[] INDEXER_CODES = IndexerCode.values();

  private static long scanned(int ordinal, int bytes) {
    return ((long) ordinal << 32) | bytes;
  }

  /**
   * What {@link #matterScan(Domain, Source, int, int, Slot, long, long, Fit)} and {@link
   * #indexerScan(Domain, Source, int, int, long, Fit)} return after recording a cut in their
   * {@link Fit}: no scan. Its size is negative and its code ordinal out of range, so {@link #size}
   * and the code readers refuse it rather than frame on with it.
   */
  static final long CUT_SCAN = -1L;

  /**
   * {@return the size in bytes that {@link #matterScan} or {@link #indexerScan} returned}
   *
   * @throws IllegalStateException for {@code CUT_SCAN}: the scan's {@link Fit} is cut and was not
   *     read first
   */
  public static int size(long scanned) {
    if (scanned < 0) {
      throw new IllegalStateException("a cut primitive has no size: read its Fit first");
    }
    return (int) scanned;
  }

  /** {@return the Matter code that {@link #matterScan} returned} */
  public static MatterCode matterCodeOf(long scanned) {
    return MATTER_CODES[(int) (scanned >>> 32)];
  }

  /** {@return the Indexer code that {@link #indexerScan} returned} */
  public static IndexerCode indexerCodeOf(long scanned) {
    return INDEXER_CODES[(int) (scanned >>> 32)];
  }

  /**
   * The full size in characters of the indexed signature at {@code pos}.
   *
   * @param rest least number of bytes the grammar needs after this signature
   * @throws TruncatedException if the signature runs past {@code limit}
   * @throws UnknownCodeException if no Indexer code starts so
   * @throws MalformedException if the bytes cannot be an indexed signature
   * @throws NonCanonicalException if pad bits are not zero or a current-only code has a non-zero
   *     ondex
   */
  public static int indexer(Source s, int pos, int limit, long rest) {
    return (int) indexerScan(Domain.QB64, s, pos, limit, rest);
  }

  /**
   * The full size in bytes of domain {@code d} of the indexed signature at {@code pos}; errors as
   * for {@link #indexer(Source, int, int, long)}.
   */
  public static int indexer(Domain d, Source s, int pos, int limit, long rest) {
    return (int) indexerScan(d, s, pos, limit, rest);
  }

  /**
   * {@link #indexer(Domain, Source, int, int, long)} that also gives the code it looked up: the
   * size in the low 32 bits, the {@link IndexerCode#ordinal()} in the high 32 bits ({@link
   * #size}, {@link #indexerCodeOf}). Same checks and errors.
   */
  public static long indexerScan(Domain d, Source s, int pos, int limit, long rest) {
    return indexerScan(d, s, pos, limit, rest, Fit.THROWING);
  }

  /**
   * {@link #indexerScan(Domain, Source, int, int, long)} reporting a signature cut by {@code
   * limit} to {@code fit}, as {@link #matterScan(Domain, Source, int, int, Slot, long, long, Fit)}
   * does.
   *
   * @return the scan, only if {@code fit} is not cut; after a cut {@code CUT_SCAN}
   */
  static long indexerScan(Domain d, Source s, int pos, int limit, long rest, Fit fit) {
    // Fast path: a one-character code (A..F: ss 1, os 0, fs 88, two pad sextets) that passes
    // every check below; anything else takes the checked path, which reports the exact error.
    if (d == Domain.QB64 && limit - pos >= 88) {
      IndexerCode single = IndexerCode.single(s.at(pos));
      if (single != null) {
        int index = B64.value(s.at(pos + 1));
        int pad = B64.value(s.at(pos + 2));
        if (index >= 0 && pad >= 0 && pad < 4) {
          return scanned(single.ordinal(), 88);
        }
      }
    }
    return indexerChecked(d, s, pos, limit, rest, fit);
  }

  private static long indexerChecked(Domain d, Source s, int pos, int limit, long rest, Fit fit) {
    int avail = limit - pos;
    int have = d.chars(avail);
    if (have < 1) {
      fit.primitiveCut(s.offset(pos), null, Slot.SIGER, d.size(Slot.SIGER.minSize()) + rest - avail);
      return CUT_SCAN;
    }
    int c0 = s.ch(d, pos, 0);
    int hs = IndexerCode.hardSize(c0);
    if (hs == 0) {
      throw notAPrimitive(s, pos, c0, Slot.SIGER);
    }
    if (have < hs) {
      int least = IndexerCode.leastFullSize(c0);
      if (least == 0) {
        throw unknownIndexer(d, s, pos, 1);
      }
      fit.primitiveCut(s.offset(pos), null, Slot.SIGER, d.size(least) + rest - avail);
      return CUT_SCAN;
    }
    IndexerCode code = IndexerCode.lookup(hs, c0, hs > 1 ? s.ch(d, pos, 1) : 0);
    if (code == null) {
      // named by the characters that rule it out, however many have arrived
      throw unknownIndexer(d, s, pos, hs > 1 && IndexerCode.leastFullSize(c0) == 0 ? 1 : hs);
    }
    int readable = Math.min(have, code.cs()) - code.hs();
    for (int i = 0; i < readable; i++) {
      base64Int(d, s, pos, code.hs() + i, 1, code.code());
    }
    if (readable == code.ss() && code.currentOnly()) {
      long ondex = base64Int(d, s, pos, code.hs() + code.ms(), code.os(), code.code());
      if (ondex != 0) {
        throw Errors.nonCanonical(
            s.offset(pos),
            code.code(),
            "ondex 0 for a current-only code",
            code.name() + " carries ondex " + ondex);
      }
    }
    int fs = (int) d.size(code.fs());
    if (avail < fs) {
      fit.restCut(s.offset(pos), code.code(), code.name(), fs + rest - avail);
      return CUT_SCAN;
    }
    checkLeadingZeroBits(d, s, pos, code.code(), code.cs(), code.cs() % 4, 0);
    return scanned(code.ordinal(), fs);
  }

  /**
   * The Matter code of a qb64 primitive at {@code pos} that {@link #matter} has already checked.
   */
  public static MatterCode matterCode(Source s, int pos) {
    return matterCode(Domain.QB64, s, pos);
  }

  /** The Matter code of a primitive of domain {@code d} at {@code pos}, already checked. */
  public static MatterCode matterCode(Domain d, Source s, int pos) {
    int c0 = s.ch(d, pos, 0);
    int hs = MatterCode.hardSize(c0);
    return MatterCode.lookup(
        hs,
        c0,
        hs > 1 ? s.ch(d, pos, 1) : 0,
        hs > 2 ? s.ch(d, pos, 2) : 0,
        hs > 3 ? s.ch(d, pos, 3) : 0);
  }

  /**
   * The Indexer code of a qb64 signature at {@code pos} that {@link #indexer} has already checked.
   */
  public static IndexerCode indexerCode(Source s, int pos) {
    return indexerCode(Domain.QB64, s, pos);
  }

  /** The Indexer code of a signature of domain {@code d} at {@code pos}, already checked. */
  public static IndexerCode indexerCode(Domain d, Source s, int pos) {
    int c0 = s.ch(d, pos, 0);
    int hs = IndexerCode.hardSize(c0);
    return IndexerCode.lookup(hs, c0, hs > 1 ? s.ch(d, pos, 1) : 0);
  }

  /**
   * Reads a Base64 integer of {@code width} qb64 characters at {@code pos} (bytes already checked
   * readable).
   *
   * @throws MalformedException if a character is not Base64url
   */
  public static long base64Int(Source s, int pos, int width, String code) {
    return base64Int(Domain.QB64, s, pos, 0, width, code);
  }

  /**
   * Reads a Base64 integer of {@code width} characters from character {@code from} of the item of
   * domain {@code d} at {@code pos} (already checked readable). A qb2 sextet is always a digit.
   *
   * @throws MalformedException if a qb64 character is not Base64url
   */
  public static long base64Int(Domain d, Source s, int pos, int from, int width, String code) {
    long v = 0;
    for (int i = from; i < from + width; i++) {
      int ch = s.ch(d, pos, i);
      int digit = B64.value(ch);
      if (digit < 0) {
        throw Errors.malformed(ErrorKind.MALFORMED_CHARACTER,
            s.offset(pos + i),
            code,
            "a Base64url character",
            "byte " + Errors.hexByte(ch) + " in a size, count or index");
      }
      v = (v << 6) | digit;
    }
    return v;
  }

  /**
   * Checks the first {@code end - hs} soft characters of {@code code} at {@code pos} (those
   * readable): pre-pad characters must be {@code _}, the others Base64url (keripy raises for a
   * pre-pad other than {@code _}).
   */
  private static void checkSoft(Domain d, Source s, int pos, MatterCode code, int end) {
    for (int i = 0; i < end - code.hs(); i++) {
      int k = code.hs() + i;
      int ch = s.ch(d, pos, k);
      if (i < code.xs() ? ch != '_' : B64.value(ch) < 0) {
        throw Errors.malformed(ErrorKind.MALFORMED_CHARACTER,
            s.offset(pos + d.byteOf(k)),
            code.code(),
            i < code.xs() ? "pre-pad '_'" : "a Base64url character",
            (d == Domain.QB64 ? "byte " + Errors.hexByte(ch) : "sextet '" + (char) ch + "'")
                + " in the soft part of " + code.name());
      }
    }
  }

  /**
   * Checks that the value after the {@code cs} code characters of the item at {@code pos} starts
   * with {@code 2 * ps} zero pad bits then {@code 8 * ls} zero lead bits (CESR specification,
   * "Pre-padding before conversion"; the same bits in both domains).
   */
  private static void checkLeadingZeroBits(
      Domain d, Source s, int pos, String code, int cs, int ps, int ls) {
    if (!zeroBits(d, s, pos, cs, 0, 2 * ps, code)) {
      throw Errors.nonCanonical(
          s.offset(pos), code, "zero pad bits", "non-zero pad bits after the code");
    }
    if (ls > 0 && !zeroBits(d, s, pos, cs, 2 * ps, 2 * ps + 8 * ls, code)) {
      throw Errors.nonCanonical(
          s.offset(pos), code, "zero lead bytes", "non-zero lead byte before the raw value");
    }
  }

  /**
   * True if bits {@code [from, to)} of the sextets from character {@code val} of the item at
   * {@code pos} are all zero.
   *
   * @throws MalformedException if one of the qb64 characters holding those bits is not Base64url
   */
  private static boolean zeroBits(
      Domain d, Source s, int pos, int val, int from, int to, String code) {
    for (int bit = from; bit < to; ) {
      int k = val + bit / 6;
      int ch = s.ch(d, pos, k);
      int sextet = B64.value(ch);
      if (sextet < 0) {
        throw Errors.malformed(ErrorKind.MALFORMED_CHARACTER,
            s.offset(pos + k),
            code,
            "a Base64url character",
            "byte " + Errors.hexByte(ch) + " in the value");
      }
      int lo = bit % 6;
      int hi = Math.min(6, lo + (to - bit));
      int mask = ((1 << (hi - lo)) - 1) << (6 - hi);
      if ((sextet & mask) != 0) {
        return false;
      }
      bit += hi - lo;
    }
    return true;
  }

  /**
   * How many characters of a Matter code starting {@code c0 c1 c2} rule it out: the fewest that no
   * code starts with, else {@code n} (the hard size, or the characters at hand). An unknown code is
   * named by these, so that it reads the same however many characters had arrived.
   */
  private static int ruledOutAt(int n, int c0, int c1, int c2) {
    for (int k = 1; k < n; k++) {
      if (MatterCode.leastFullSize(k, c0, c1, c2) == 0) {
        return k;
      }
    }
    return n;
  }

  private static UnknownCodeException unknownMatter(Domain d, Source s, int pos, int n) {
    String text = s.text(d, pos, 0, n);
    return Errors.unknownCode(
        s.offset(pos), text, "a Matter code", "no Matter code starts with " + text);
  }

  private static UnknownCodeException unknownIndexer(Domain d, Source s, int pos, int n) {
    String text = s.text(d, pos, 0, n);
    return Errors.unknownCode(
        s.offset(pos),
        text,
        "an indexed signature (Indexer) code",
        "no Indexer code starts with " + text);
  }

  private static RuntimeException notAPrimitive(Source s, int pos, int c0, Slot slot) {
    String what = c0 == '-' ? "a counter" : c0 == '_' ? "an op code" : "byte " + Errors.hexByte(c0);
    if (c0 == '_') {
      return Errors.unknownCode(s.offset(pos), "_", slotWords(slot), "op codes are reserved");
    }
    return Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
        s.offset(pos), c0 == '-' ? "-" : null, slotWords(slot), what + " where a primitive must be");
  }

  /**
   * What a primitive in {@code slot} is called in error messages: a constant (made once per slot),
   * so that a {@link Fit} records it without allocating.
   */
  public static String slotWords(Slot slot) {
    return slot == null ? "a Matter primitive" : SLOT_WORDS[slot.ordinal()];
  }

  private static final String[] SLOT_WORDS = new String[Slot.values().length];

  static {
    for (Slot slot : Slot.values()) {
      String words;
      switch (slot) {
        case SIGER:
          words = "an indexed signature";
          break;
        case SIGS:
          words = "a ControllerIdxSigs counter";
          break;
        default:
          words =
              "a " + slot.name().charAt(0) + slot.name().substring(1).toLowerCase(java.util.Locale.ROOT) + " primitive";
      }
      SLOT_WORDS[slot.ordinal()] = words;
    }
  }
}
