package dev.cesrj.internal;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;

/**
 * Finds where a group ends, checking it on the way: the framing rules of keripy's
 * {@code counting.py} and {@code parsing.py}.
 * One instance reads one {@link Source}; it is not thread-safe and allocates nothing on success.
 *
 * <p>Domains: each counter's first byte says its domain ({@link Domain#ofCounterByte}): {@code -}
 * starts a text (qb64) counter, a byte of tritet 111 a binary (qb2) one, whose code and count are
 * its sextets. A group's content has its counter's domain (a counter of the other domain inside
 * is malformed, as keripy reads the content in the enclosing domain). In qb2 a counter takes 3 or
 * 6 bytes, and a count of quadlets counts triplets: the content takes {@code 3 * count} bytes.
 * All sizes, offsets and truncation figures here are bytes of the domain read.
 *
 * <p>Modes: each framing is given its mode as two values passed down the recursion, never held
 * in a field, so a framer has no mode to restore after an error. Recording: {@link
 * #group(int, int, CounterTable, int, GroupTape)} and the other methods that take a {@link
 * GroupTape} append each item they frame to it as they check it (group start and end,
 * genus-version code, Matter primitive, indexed signature, with span, depth and code), so that
 * tokens and views are read from the tape rather than by walking the bytes again; {@link
 * GroupTape#NONE} records nothing. Cuts: a {@link Fit} receives every cut by the end of the bytes
 * at hand. {@link #group} frames with {@link Fit#THROWING}, so a group that runs past the bytes is
 * a {@link TruncatedException}; {@link #frameOrCut} frames with the caller's fit, so the same
 * cut, found by the same checks, is reported as {@link Fit.Verdict#CUT} (the same figure, no
 * exception, no allocation) for a caller that waits for more bytes: the push parser's bare
 * attachment runs and the cursor's groups mode. Inside a quadlet-counted group the count fixed the
 * end: its content is framed with {@link Fit#THROWING} whatever the mode outside, and a cut there
 * is malformed ({@link Errors#cutBy}).
 *
 * <p>Results: a method that returns a buffer index or a size and takes a {@link Fit} returns it
 * only when the fit is not cut; after a cut it returns {@link Fit#CUT_END}, an index no buffer has,
 * and the caller reads the fit first.
 *
 * <p>After {@link #counter} or {@link #group} returns, {@link #code()} and {@link #count()}
 * describe the counter read at the start. Size arithmetic is in {@code long}: a count is checked
 * against {@link CesrOptions#maxFrameBytes()} before the group's bytes are looked for.
 */
public final class GroupFramer {
  private final Source src;
  /**
   * {@link CesrOptions#maxFrameBytes()}, at most {@link CesrOptions#MAX_FRAME_BYTES} ({@code
   * Integer.MAX_VALUE}) and so held exactly in an int, compared with {@code long} sizes. The
   * limits are held here rather than read through the options at each group (a load less on the
   * hot path, measured).
   */
  private final int maxFrame;
  /**
   * {@link CesrOptions#maxDepth()}, at most {@link CesrOptions#MAX_DEPTH} (64) and so held in a
   * short: a framer is made per stream and per element read of a checked group ({@code
   * PushParserAllocationTest} pins its size).
   */
  private final short maxDepth;
  private CounterCode code;
  /**
   * An int: the most a counter holds is 30 bits (5 soft characters), and a framer is made per
   * stream and per element read of a checked group (32 bytes: no mode fields, the mode is passed
   * down).
   */
  private int count;

  /** A framer over {@code src} with the limits of {@code options}. */
  public GroupFramer(Source src, CesrOptions options) {
    this.src = src;
    this.maxFrame = Math.toIntExact(options.maxFrameBytes());
    this.maxDepth = (short) options.maxDepth(); // at most CesrOptions.MAX_DEPTH
  }

  /** The source read. */
  public Source source() {
    return src;
  }

  /** The code of the last counter read. */
  public CounterCode code() {
    return code;
  }

  /** The count of the last counter read (for a genus-version code: its soft part's value). */
  public long count() {
    return count;
  }

  /**
   * Sets what {@link #code()} and {@link #count()} say: the one place they are set, so that the
   * two always describe the same counter.
   */
  private void read(CounterCode c, long n) {
    this.code = c;
    this.count = (int) n;
  }

  /**
   * Reads the counter at {@code pos} under {@code table}.
   *
   * <p>A code that the bytes at hand already rule out is reported as unknown even when the
   * counter is not complete yet (for example {@code -z} or {@code -_AB}): only a prefix that can
   * still become a counter of {@code table} is truncated.
   *
   * @param rest the least number of bytes the grammar needs after this counter, added to the
   *     {@link TruncatedException#needed()} of a truncation
   * @return the counter's size in bytes: 4 or 8 in qb64, 3 or 6 in qb2
   * @throws TruncatedException if fewer than the counter's bytes remain before {@code limit}
   * @throws UnknownCodeException if {@code table} has no such code
   * @throws MalformedException if the count is not Base64
   * @throws ColdStartException if the byte at {@code pos} starts no counter of either domain
   *     (neither {@code -} nor a qb2 byte whose first sextet is 62)
   */
  public int counter(int pos, int limit, CounterTable table, long rest) {
    return counter(pos, limit, table, rest, Fit.THROWING);
  }

  /**
   * {@link #counter(int, int, CounterTable, long)} reporting a cut to {@code fit} ({@link
   * Fit#THROWING}: thrown, as that method does), without resetting it: for a layer that frames
   * several items onto one fit (the message framer) and reads it after each.
   *
   * @param pos where the counter starts
   * @param limit the end of the bytes at hand
   * @param table the table to read it with
   * @param rest bytes the enclosing grammar needs after it, added to a cut's figure
   * @param fit where a cut goes
   * @return the counter's size, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  public int counter(int pos, int limit, CounterTable table, long rest, Fit fit) {
    // Fast path: a small code -X## whose count characters are Base64.
    if (limit - pos >= 4 && src.at(pos) == '-') {
      CounterCode c = table.small(src.at(pos + 1));
      if (c != null) {
        int d0 = B64.value(src.at(pos + 2));
        int d1 = B64.value(src.at(pos + 3));
        if ((d0 | d1) >= 0) {
          read(c, (d0 << 6) | d1);
          return 4;
        }
      }
    }
    return counterChecked(pos, limit, table, rest, fit);
  }

  /**
   * {@link #counter(int, int, CounterTable, long)} for a counter that may run past {@code limit},
   * the end of the bytes at hand: the same checks and errors, except that a counter cut by {@code
   * limit} is reported in {@code fit} as {@link Fit.Verdict#CUT} with the figure the {@link
   * TruncatedException} would carry, rather than thrown. Allocates nothing. The size comes back
   * as an int rather than as the fit's end: the push parser's resume reads it once per counter.
   *
   * @param fit reset, then cut if the counter is; the caller owns it (not {@link Fit#THROWING})
   * @return the counter's size in bytes ({@link #code()} and {@link #count()} describe it); or
   *     {@link Fit#CUT_END}, {@code fit} cut with the least number of bytes still needed
   */
  public int counterOrCut(int pos, int limit, CounterTable table, long rest, Fit fit) {
    fit.reset();
    int fs = counter(pos, limit, table, rest, fit);
    return fit.isCut() ? Fit.CUT_END : fs;
  }

  private int counterChecked(int pos, int limit, CounterTable table, long rest, Fit fit) {
    Domain d = domainAt(pos, limit);
    CounterCode c = codeAt(d, pos, limit, table, rest, fit);
    if (c == null) {
      return Fit.CUT_END; // cut: fit says how many bytes it needs
    }
    int fs = (int) d.size(c.fs());
    int avail = limit - pos;
    if (avail < fs) {
      fit.counterCut(src.offset(pos), c.code(), fs + rest - avail);
      return Fit.CUT_END;
    }
    long n = TextScan.base64Int(d, src, pos, c.hs(), c.fs() - c.hs(), c.code());
    read(c, n);
    return fs;
  }

  /**
   * The domain of the counter at {@code pos} by its first byte ({@link Domain#ofCounterByte}),
   * {@link Domain#QB64} if no byte is readable.
   */
  public Domain domainAt(int pos, int limit) {
    return pos < limit ? Domain.ofCounterByte(src.at(pos)) : Domain.QB64;
  }

  /**
   * The counter code at {@code pos}, known from its hard part alone (2, 3 or 5 characters): the
   * count need not be there yet. Errors as for {@link #counter}; truncated only while the hard
   * part is incomplete and can still become a code of {@code table}: reported to {@code fit}, and
   * then (a caller-owned fit, now cut) {@code null} is returned.
   */
  private CounterCode codeAt(
      Domain d, int pos, int limit, CounterTable table, long rest, Fit fit) {
    int avail = limit - pos;
    int have = d.chars(avail);
    if (have < 1) {
      return cutCounter(pos, d.size(4) + rest - avail, fit);
    }
    if (src.ch(d, pos, 0) != '-') {
      throw notACounter(d, pos);
    }
    if (have < 2) {
      return cutCounter(pos, d.size(4) + rest - avail, fit);
    }
    int c1 = src.ch(d, pos, 1);
    int hs = table.hardSize(c1);
    if (hs == 0) {
      throw unknownCounter(d, pos, 2, table);
    }
    long fs = d.size(hs == 2 ? 4 : 8);
    have = Math.min(have, hs);
    CounterCode c;
    if (hs == 2) {
      c = table.small(c1);
    } else if (hs == 3) {
      c = have < 3 ? null : table.big(src.ch(d, pos, 2));
    } else {
      CounterCode gv = table.genusVersion(c1);
      int differs = firstDifference(d, pos, have, gv);
      if (differs >= 0) {
        // named by the characters that rule it out, however many have arrived
        throw unknownCounter(d, pos, differs + 1, table);
      }
      c = have < hs ? null : gv;
    }
    if (c == null) {
      if (have < hs) {
        return cutCounter(pos, fs + rest - avail, fit);
      }
      throw unknownCounter(d, pos, have, table);
    }
    if (have < hs) {
      return cutCounter(pos, fs + rest - avail, fit);
    }
    return c;
  }

  /**
   * A counter code at {@code pos} cut by the end of the bytes, {@code missing} bytes short:
   * reported to {@code fit} ({@link Fit#counterCut}), which throws it or records it.
   *
   * @return {@code null}: no code (only when {@code fit} recorded the cut)
   */
  private CounterCode cutCounter(int pos, long missing, Fit fit) {
    fit.counterCut(src.offset(pos), null, missing);
    return null;
  }

  private UnknownCodeException unknownCounter(Domain d, int pos, int hs, CounterTable table) {
    String text = src.text(d, pos, 0, hs);
    return Errors.unknownCode(
        src.offset(pos),
        text,
        "a counter code of " + table,
        "no counter code " + text + " in " + table + table.legacyHint(text));
  }

  /**
   * The index of the first of the first {@code have} (2..5) characters of the item at {@code pos}
   * in domain {@code d} that differs from the genus-version code {@code code} ({@code -_AAA} or
   * the legacy {@code --AAA}), or -1 if none does; 1 if {@code code} is null.
   */
  private int firstDifference(Domain d, int pos, int have, CounterCode code) {
    if (code == null) {
      return 1;
    }
    String gv = code.code();
    for (int i = 2; i < have; i++) {
      if (src.ch(d, pos, i) != gv.charAt(i)) {
        return i;
      }
    }
    return -1;
  }

  private CesrException notACounter(Domain d, int pos) {
    int b = src.at(pos);
    if (d == Domain.QB2) {
      return Errors.coldStart(
          src.offset(pos),
          null,
          "a qb2 counter (first sextet 62, '-')",
          "byte " + Errors.hexByte(b) + " (sextet '" + (char) src.ch(d, pos, 0)
              + "') where a group must start");
    }
    return Errors.coldStart(
        src.offset(pos),
        null,
        "a counter ('-')",
        "byte " + Errors.hexByte(b) + " where a group must start");
  }

  /**
   * Refuses a counter at {@code pos} whose domain is not {@code d}, the domain of the group that
   * encloses it (content is read in the enclosing group's domain, as in keripy {@code parsing.py}).
   *
   * @throws MalformedException if the first byte starts a counter of the other domain
   */
  public void requireDomain(Domain d, int pos, int limit) {
    if (pos < limit && domainAt(pos, limit) != d) {
      throw Errors.malformed(ErrorKind.MALFORMED_DOMAIN,
          src.offset(pos),
          null,
          "a " + d + " counter (the domain of the enclosing group)",
          "byte " + Errors.hexByte(src.at(pos)) + " starts no " + d + " counter");
    }
  }

  /**
   * Frames the whole group at {@code pos}: reads its counter, finds its end and checks its
   * content as far as this layer can (element grammar, nested signature groups, groups inside an
   * AttachmentGroup, the Bytes primitive of a NonNativeBodyGroup, the Pather of pathed
   * material). GenericGroup and BodyWithAttachmentGroup content is checked by the message layer.
   *
   * <p>Sizes are checked before content is looked for: a quadlet count whose group
   * ({@code fs + 4 * count} bytes in qb64, {@code 3/4 fs + 3 * count} in qb2) exceeds
   * {@link CesrOptions#maxFrameBytes()}, or an element count whose least size does, is a
   * {@link FrameTooLargeException} (for an element count,
   * {@link FrameTooLargeException#declared()} is that least size). Content that ends inside a
   * counted group is malformed, not truncated: the count fixed its end.
   *
   * @param depth the group's nesting depth, 1 for a top-level group
   * @return the buffer index just past the group
   * @throws UnsupportedException as soon as the code is read, for a group that is not an
   *     attachment (DatagramSegmentGroup, ESSRWrapperGroup, CESR-native body groups)
   * @throws NestingTooDeepException if {@code depth}, or that of a group inside, exceeds
   *     {@link CesrOptions#maxDepth()}
   * @throws CesrException as described for the framing rules; {@link TruncatedException} only
   *     when the group runs past {@code limit}, with the least number of bytes still needed
   *     (exact once a quadlet count is read)
   */
  public int group(int pos, int limit, CounterTable table, int depth) {
    return group(pos, limit, table, depth, GroupTape.NONE, Fit.THROWING);
  }

  /**
   * {@link #group(int, int, CounterTable, int)} that records the group's items on {@code tape}
   * (appended to what it holds): its {@link GroupTape.Step#GROUP_START}, its content in stream
   * order, its {@link GroupTape.Step#GROUP_END}; a genus-version code is one {@link
   * GroupTape.Step#GENUS_VERSION}. Same checks, errors and result; after an error the tape holds
   * part of the group.
   *
   * @param tape where the items go; the caller owns it ({@link GroupTape#NONE}: not recorded)
   */
  public int group(int pos, int limit, CounterTable table, int depth, GroupTape tape) {
    return group(pos, limit, table, depth, tape, Fit.THROWING);
  }

  /**
   * {@link #group(int, int, CounterTable, int, GroupTape)} reporting a cut to {@code fit} ({@link
   * Fit#THROWING}: thrown, as that method does), without resetting it: for a layer that frames
   * several items onto one fit (the message framer) and reads it after each. After a cut the tape
   * may hold part of the group (the caller drops the frame's record).
   *
   * @param pos where the group's counter starts
   * @param limit the end of the bytes at hand
   * @param table the table to read counters with
   * @param depth the group's nesting depth
   * @param tape where the items go ({@link GroupTape#NONE}: not recorded)
   * @param fit where a cut goes
   * @return the buffer index just past the group, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  public int group(int pos, int limit, CounterTable table, int depth, GroupTape tape, Fit fit) {
    if (CesrOptions.fitsDepth(depth, maxDepth)) {
      int end = signaturesFast(pos, limit, table, depth, tape);
      if (end >= 0) {
        return end;
      }
    }
    return groupChecked(pos, limit, table, depth, tape, fit);
  }

  /**
   * {@link #group(int, int, CounterTable, int, GroupTape)} for a group that may run past {@code
   * limit}, the end of the bytes at hand (a group of a bare attachment run when bytes arrive in
   * chunks): the same checks, in the same order, and the same errors, except that a group cut by
   * {@code limit} is reported in {@code fit} as {@link Fit.Verdict#CUT} with the figure the
   * {@link TruncatedException} would carry, rather than thrown. An error in the bytes at hand
   * before the cut is thrown as {@link #group} throws it. Allocates nothing.
   *
   * @param tape where the items go ({@link GroupTape#NONE} or {@code null}: not recorded); after a
   *     cut it holds what it held before
   * @param fit filled with the result; the caller owns it (not {@link Fit#THROWING})
   * @return {@link Fit.Verdict#WHOLE} ({@link Fit#end()} is the index past the group) or {@link
   *     Fit.Verdict#CUT} ({@link Fit#needed()} is the least number of bytes still needed)
   * @throws CesrException as {@link #group} throws it, never a {@link TruncatedException}
   */
  public Fit.Verdict frameOrCut(
      int pos, int limit, CounterTable table, int depth, GroupTape tape, Fit fit) {
    GroupTape t = tape != null ? tape : GroupTape.NONE;
    int mark = t.size();
    fit.reset();
    int end = group(pos, limit, table, depth, t, fit);
    if (fit.isCut()) {
      if (t.records()) {
        t.truncate(mark);
      }
      return Fit.Verdict.CUT;
    }
    return fit.whole(end);
  }

  /**
   * The content of the AttachmentGroup of domain {@code d} and nesting depth {@code depth} whose
   * content is {@code [from, end)}, framed with the checks of {@link #group} and recorded on
   * {@code tape}: a leading genus-version code, then each group (nothing for the AttachmentGroup
   * itself).
   */
  public void attachments(
      Domain d, int from, int end, CounterTable table, int depth, GroupTape tape) {
    walkAttachments(d, from, end, table, depth, tape);
  }

  /**
   * The hot path: a small CESR 1.0 {@code -A}/{@code -B} counter and its one-character-code
   * indexed signatures (88 characters each: a uniform signature group, {@link GroupShape}), read
   * through {@link Source#quadlet} and {@link
   * Source#medium}, so the same code serves every buffer kind (heap, direct, composite) and byte
   * order. Accepts only input that the checked path would accept too; on anything else it returns
   * -1 and the checked path decides (and reports the exact error).
   */
  private int signaturesFast(int pos, int limit, CounterTable table, int depth, GroupTape tape) {
    if (limit - pos < 4) {
      return -1;
    }
    int q = src.quadlet(pos); // the counter in one read
    if (q >>> 24 != '-') {
      return -1;
    }
    CounterCode c = table.small((q >>> 16) & 0xFF);
    if (c == null || !c.countsSignatures()) {
      return -1;
    }
    int d0 = B64.value((q >>> 8) & 0xFF);
    int d1 = B64.value(q & 0xFF);
    int n = (d0 << 6) | d1;
    long size = 4 + 88L * n;
    if ((d0 | d1) < 0 || size > limit - pos || !CesrOptions.fitsFrame(size, maxFrame)) {
      return -1;
    }
    int i = pos + 4;
    for (int k = 0; k < n; k++, i += 88) {
      // code, index and first pad character in one read
      if (!GroupShape.signatureHead(src.medium(i))) {
        return -1;
      }
    }
    if (tape.records()) {
      // read again in a loop of its own, so that the checking loop stays as small as when
      // nothing is recorded
      tape.signatures(src, pos, c, n, depth);
    }
    read(c, n);
    return i;
  }

  private int groupChecked(
      int pos, int limit, CounterTable table, int depth, GroupTape tape, Fit fit) {
    Domain d = domainAt(pos, limit);
    CounterCode known = codeAt(d, pos, limit, table, 0, fit);
    if (known == null) {
      return Fit.CUT_END;
    }
    CesrOptions.validateDepth(src.offset(pos), known.code(), depth, maxDepth);
    if (!isAttachmentLayout(known.layout())) {
      throw Errors.unsupported(
          src.offset(pos),
          known.code(),
          "an attachment group",
          known.name() + " cannot be parsed as an attachment");
    }
    int fs = counter(pos, limit, table, 0, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    CounterCode c = this.code;
    long n = this.count;
    boolean rec = tape.records();
    if (c.unit() == CountUnit.NONE) {
      if (rec) {
        tape.genusVersion(pos, fs, c, n, selectedBy(c, n), depth, d);
      }
      return pos + fs;
    }
    if (c.unit() == CountUnit.ELEMENTS) {
      int s = rec ? tape.groupStart(pos, 0, c, n, depth, d) : 0;
      int end;
      try {
        end = walkTuples(d, pos, pos + fs, limit, c, n, table, depth, 0, tape, fit);
      } catch (CesrException e) {
        throw Errors.within(e, c, src.offset(pos));
      }
      if (fit.isCut()) {
        return Fit.CUT_END;
      }
      if (rec) {
        tape.groupEnd(s, end);
      }
      read(c, n);
      return end;
    }
    long total = fs + d.quadlets(n);
    CesrOptions.validateFrameBytes(src.offset(pos), c.code(), total, maxFrame);
    if (total > limit - pos) {
      fit.restCut(src.offset(pos), c.code(), c.name(), total - (limit - pos));
      return Fit.CUT_END;
    }
    int end = pos + (int) total;
    int s = rec ? tape.groupStart(pos, (int) total, c, n, depth, d) : 0;
    try {
      content(d, pos, pos + fs, end, c, table, depth, tape);
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, c, src.offset(pos));
    } catch (CesrException e) {
      throw Errors.within(e, c, src.offset(pos));
    }
    if (rec) {
      tape.groupEnd(s, end);
    }
    read(c, n);
    return end;
  }

  /** The table a genus-version code of {@code c} with count {@code n} selects, or null. */
  private static CounterTable selectedBy(CounterCode c, long n) {
    return CounterTable.selectedBy(c, CounterTable.genusMajor(n), CounterTable.genusMinor(n));
  }

  /**
   * Frames the content {@code [from, end)} of the quadlet-counted group of code {@code c} at
   * {@code start}. The count fixed where it ends, so it is framed with {@link Fit#THROWING}
   * whatever the mode outside: an item that runs past {@code end} is a {@link TruncatedException}
   * that the group reports as malformed ({@link Errors#cutBy}).
   */
  private void content(
      Domain d, int start, int from, int end, CounterCode c, CounterTable table, int depth,
      GroupTape tape) {
    switch (c.layout().content()) {
      case TUPLES:
        walkTuples(d, start, from, end, c, -1, table, depth, 0, tape, Fit.THROWING);
        return;
      case GROUPS:
        walkAttachments(d, from, end, table, depth, tape);
        return;
      case TEXTER:
        int size = matter(d, from, end, Slot.TEXTER, depth, 0, tape, Fit.THROWING);
        if (from + size != end) {
          throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
              src.offset(from + size),
              c.code(),
              "one Bytes primitive filling " + c.name(),
              (end - from - size) + " bytes left over");
        }
        return;
      case PATHED:
        matter(d, from, end, Slot.PATHER, depth, 0, tape, Fit.THROWING);
        return;
      default:
        // MESSAGES (GENERIC, BODY_WITH_ATTACHMENTS): a nested stream, parsed by the message
        // layer; FIELDS and unparsed layouts are refused as soon as their code is read
    }
  }

  /**
   * Frames the groups of an AttachmentGroup's content {@code [from, end)}: an optional leading
   * genus-version code (it selects the table for this content only: CESR specification, "Universal
   * Code table genus/version codes that allow genus/version override"), then groups.
   *
   * The content is counted (its AttachmentGroup's count fixed its end), so it is framed with
   * {@link Fit#THROWING}.
   *
   * @throws MalformedException for a genus-version code anywhere but first (as the message layer
   *     does: keripy accepts one only at the start of an enclosing group's content)
   */
  private void walkAttachments(
      Domain d, int from, int end, CounterTable table, int depth, GroupTape tape) {
    int p = from;
    CounterTable t = table;
    requireDomain(d, p, end);
    if (p < end && isGenusVersionAt(p, end, t)) {
      CesrOptions.validateDepth(
          src.offset(p), t.genusVersion(src.ch(d, p, 1)).code(), depth + 1, maxDepth);
      int gvc = p;
      int fs = counter(p, end, t, 0);
      p += fs;
      t = selectedTable(gvc);
      if (tape.records()) {
        tape.genusVersion(gvc, fs, code, count, t, depth + 1, d);
      }
    }
    while (p < end) {
      requireDomain(d, p, end);
      if (isGenusVersionAt(p, end, t)) {
        throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
            src.offset(p),
            t.genusVersion(src.ch(d, p, 1)).code(),
            "an attachment group",
            "a genus-version code inside an AttachmentGroup, not at its start");
      }
      p = group(p, end, t, depth + 1, tape, Fit.THROWING);
    }
  }

  /**
   * True if the universal genus-version code {@code -_AAA} starts at {@code p} (at least two
   * bytes readable): {@link #isGenusVersionAt(int, int, CounterTable)} for the CESR 1.0 and 2.0
   * tables.
   */
  public boolean isGenusVersionAt(int p, int limit) {
    return isGenusVersionAt(p, limit, CounterTable.CESR_2_0);
  }

  /**
   * True if a genus-version code of {@code table} starts at {@code p} (at least two bytes
   * readable), in either domain: {@code -_}, or in the legacy table also {@code --}; in qb2 the
   * same characters as sextets (first byte {@code 0xF8..0xFB}, the domain of tritet 111).
   */
  public boolean isGenusVersionAt(int p, int limit, CounterTable table) {
    if (limit - p < 2) {
      return false;
    }
    Domain d = Domain.ofCounterByte(src.at(p));
    return src.ch(d, p, 0) == '-' && table.hardSize(src.ch(d, p, 1)) == 5;
  }

  /**
   * The table selected by the genus-version code just read at {@code pos} (its count holds major
   * and minor version): {@link CounterTable#selectedBy}.
   *
   * @throws UnsupportedException for a version other than 1.0 and 2.0 (legacy {@code --AAA}: 1.0;
   *     keripy raises for a minor version above 0)
   */
  public CounterTable selectedTable(int pos) {
    int major = CounterTable.genusMajor(count);
    int minor = CounterTable.genusMinor(count);
    CounterTable t = CounterTable.selectedBy(code, major, minor);
    if (t == null) {
      throw Errors.unsupported(
          src.offset(pos),
          code.code(),
          code.table().isLegacy() && code == code.table().genusVersion()
              ? "legacy CESR version 1.0"
              : "CESR version 1.0 or 2.0 (keripy supports no later minor version)",
          "no counter table for version " + src.text(domainAt(pos, pos + 1), pos, 5, 3));
    }
    return t;
  }

  /**
   * Walks tuples of the element grammar of {@code c} from {@code from}: {@code n} of them, or (if
   * {@code n < 0}) as many as fill {@code [from, end)} exactly.
   *
   * <p>For a count of elements ({@code n >= 0}) the group's least size, {@code from - start} plus
   * {@code n} times the smallest tuple, is checked against the frame limit before any element is
   * looked for (so a huge count is {@link FrameTooLargeException}, never a truncation that waits
   * for gigabytes); the size walked so far is checked after each tuple.
   *
   * @param start buffer index of the group's counter
   * @param after the least number of bytes the enclosing grammar needs after these tuples, added
   *     to the {@link TruncatedException#needed()} of a truncation
   * @param tape where the items go ({@link GroupTape#NONE}: not recorded)
   * @param fit where a cut goes ({@link Fit#THROWING}: thrown)
   * @return the buffer index after the last tuple, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int walkTuples(
      Domain d, int start, int from, int end, CounterCode c, long n, CounterTable table, int depth,
      long after, GroupTape tape, Fit fit) {
    boolean fill = n < 0;
    int slotCount = c.slotCount();
    long tupleMin = d.size(c.tupleMinSize());
    if (!fill) {
      long least = (from - (long) start) + d.size(c.headMinSize()) + n * tupleMin;
      CesrOptions.validateFrameBytes(src.offset(start), c.code(), least, maxFrame);
    }
    int p = from;
    long headLeft = d.size(c.headMinSize());
    // indexed, not for-each: an iterator here is allocated once the JIT has seen several List
    // classes (head() is empty for all but one code), one object per group framed
    java.util.List<Slot> head = c.head();
    for (int h = 0; h < head.size(); h++) {
      Slot slot = head.get(h);
      headLeft -= d.size(slot.minSize());
      p = item(d, p, end, slot, table, depth, headLeft + (fill ? 0 : n * tupleMin) + after, tape,
          fit);
      if (fit.isCut()) {
        return Fit.CUT_END;
      }
    }
    if (!fill && slotCount == 1 && c.slot(0) == Slot.SIGER) {
      // hot path: n indexed signatures (ControllerIdxSigs, WitnessIdxSigs of CESR 1.0)
      for (long i = n - 1; i >= 0; i--) {
        int size = indexer(d, p, end, depth, i * tupleMin + after, tape, fit);
        if (fit.isCut()) {
          return Fit.CUT_END;
        }
        p += size;
      }
      // signatures longer than the least (Ed448, big indexes) can outgrow the limit
      CesrOptions.validateFrameBytes(src.offset(start), c.code(), p - (long) start, maxFrame);
      return p;
    }
    for (long i = 0; fill ? p < end : i < n; i++) {
      long restTuples = fill ? 0 : (n - i - 1) * tupleMin + after;
      long slotsLeft = tupleMin;
      for (int k = 0; k < slotCount; k++) {
        Slot slot = c.slot(k);
        slotsLeft -= d.size(slot.minSize());
        p = item(d, p, end, slot, table, depth, restTuples + slotsLeft, tape, fit);
        if (fit.isCut()) {
          return Fit.CUT_END;
        }
      }
      CesrOptions.validateFrameBytes(src.offset(start), c.code(), p - (long) start, maxFrame);
    }
    return p;
  }

  /**
   * Frames the tuples of the quadlet-counted group of code {@code c} whose content is {@code
   * [from, end)}, at nesting depth {@code depth}: as many tuples as fill it exactly, recording the
   * items of the content on {@code tape} (the group's own start and end are not recorded). For
   * the tuple content of a group already framed, read again for its element views, and for groups
   * that are not attachments, such as the seal groups inside a CESR-native body.
   *
   * @param tape where the items go ({@link GroupTape#NONE}: not recorded)
   * @throws CesrException as for {@link #group}; a tuple that runs past {@code end} is a
   *     {@link TruncatedException} the caller turns into a malformed group
   */
  public void tuples(
      Domain d, int from, int end, CounterCode c, CounterTable table, int depth, GroupTape tape) {
    walkTuples(
        d, from - (int) d.size(c.fs()), from, end, c, -1, table, depth, 0, tape, Fit.THROWING);
  }

  /**
   * Frames one item of a tuple group's grammar at {@code p} in domain {@code d}: a primitive, an
   * indexed signature or a nested group of {@code slot}, inside a group of nesting depth
   * {@code depth}.
   *
   * @param rest the least number of bytes the enclosing grammar needs after this item
   * @return the buffer index after the item, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int item(
      Domain d, int p, int end, Slot slot, CounterTable table, int depth, long rest,
      GroupTape tape, Fit fit) {
    if (slot == Slot.SIGS) {
      return nestedSigs(d, p, end, table, depth + 1, rest, tape, fit);
    }
    if (slot.isGroup()) {
      return nestedGroup(d, p, end, slot, table, depth + 1, rest, tape, fit);
    }
    int size =
        slot == Slot.SIGER
            ? indexer(d, p, end, depth, rest, tape, fit)
            : matter(d, p, end, slot, depth, rest, tape, fit);
    return fit.isCut() ? Fit.CUT_END : p + size;
  }

  /**
   * Scans the indexed signature at {@code p} in a group of nesting depth {@code depth} ({@link
   * TextScan#indexer(Domain, Source, int, int, long)}) and records it.
   *
   * @return its size in bytes, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int indexer(Domain d, int p, int end, int depth, long rest, GroupTape tape, Fit fit) {
    long scanned = TextScan.indexerScan(d, src, p, end, rest, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    int size = TextScan.size(scanned);
    if (tape.records()) {
      IndexerCode ic = TextScan.indexerCodeOf(scanned);
      int index =
          d == Domain.QB64 && ic.ms() == 1
              ? B64.value(src.at(p + ic.hs())) // one index character, as ordinary signatures have
              : (int) soft(d, p, ic.hs(), ic.ms());
      int ondex = ic.os() == 0 ? index : (int) soft(d, p, ic.hs() + ic.ms(), ic.os());
      tape.indexer(p, size, ic, index, ondex, depth + 1, d);
    }
    return size;
  }

  /**
   * Scans the Matter primitive of {@code slot} at {@code p} in a group of nesting depth {@code
   * depth} ({@link TextScan#matter(Domain, Source, int, int, Slot, long, long)}) and records it.
   *
   * @return its size in bytes, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int matter(
      Domain d, int p, int end, Slot slot, int depth, long rest, GroupTape tape, Fit fit) {
    long scanned = TextScan.matterScan(d, src, p, end, slot, maxFrame, rest, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    int size = TextScan.size(scanned);
    if (tape.records()) {
      tape.matter(p, size, TextScan.matterCodeOf(scanned), depth + 1, d);
    }
    return size;
  }

  /** The value of the {@code width} soft characters from {@code from} of the checked item at {@code p}. */
  private long soft(Domain d, int p, int from, int width) {
    long v = 0;
    for (int i = from; i < from + width; i++) {
      v = (v << 6) | B64.value(src.ch(d, p, i));
    }
    return v;
  }

  /**
   * Frames the group nested in a tuple for a {@link Slot#isGroup() group slot} (the signature
   * group of a legacy SadPathSigGroups element, the SadPathSigGroups of a
   * RootSadPathSigGroups), whole, at nesting depth {@code depth}.
   *
   * @param rest the least number of bytes the enclosing grammar needs after this group
   * @return the buffer index after the group, or {@link Fit#CUT_END} once {@code fit} is cut
   * @throws MalformedException if a group of another code stands there (keripy 1.x raises
   *     {@code UnexpectedCountCodeError})
   */
  private int nestedGroup(
      Domain d, int p, int end, Slot slot, CounterTable table, int depth, long rest,
      GroupTape tape, Fit fit) {
    requireDomain(d, p, end);
    CounterCode met = codeAt(d, p, end, table, rest, fit);
    if (met == null) {
      return Fit.CUT_END;
    }
    if (!slot.acceptsGroup(met)) {
      throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
          src.offset(p),
          met.code(),
          slot == Slot.SIGNATURE_GROUP
              ? "TransIdxSigGroups, ControllerIdxSigs or NonTransReceiptCouples"
              : "SadPathSigGroups",
          met.name() + " where the nested group must be");
    }
    int q;
    try {
      q = group(p, end, table, depth, tape, fit);
    } catch (TruncatedException e) {
      throw Errors.needingMore(e, rest); // thrown by Fit.THROWING: the rest is added here
    }
    if (fit.isCut()) {
      fit.more(rest); // recorded: the rest is added to the fit
      return Fit.CUT_END;
    }
    return q;
  }

  /**
   * Frames the ControllerIdxSigs group nested in a tuple ({@code -A} in CESR 1.0 counting
   * signatures, {@code -K} in CESR 2.0 counting quadlets); keripy accepts only that code there.
   *
   * @param rest the least number of bytes the enclosing grammar needs after this group
   * @return the buffer index after the group, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int nestedSigs(
      Domain d, int p, int end, CounterTable table, int depth, long rest, GroupTape tape,
      Fit fit) {
    CounterCode want = table.controllerIdxSigs();
    requireDomain(d, p, end);
    CounterCode met = codeAt(d, p, end, table, rest, fit);
    if (met == null) {
      return Fit.CUT_END;
    }
    CesrOptions.validateDepth(src.offset(p), met.code(), depth, maxDepth);
    if (met != want) {
      throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
          src.offset(p),
          met.code(),
          want.code() + " " + want.name(),
          met.name() + " where the nested signature group must be");
    }
    int fs = counter(p, end, table, rest, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    long n = count;
    boolean rec = tape.records();
    if (want.unit() == CountUnit.ELEMENTS) {
      int s = rec ? tape.groupStart(p, 0, want, n, depth, d) : 0;
      int q;
      try {
        q = walkTuples(d, p, p + fs, end, want, n, table, depth, rest, tape, fit);
      } catch (CesrException e) {
        throw Errors.within(e, want, src.offset(p));
      }
      if (fit.isCut()) {
        return Fit.CUT_END;
      }
      if (rec) {
        tape.groupEnd(s, q);
      }
      return q;
    }
    long total = fs + d.quadlets(count);
    CesrOptions.validateFrameBytes(src.offset(p), want.code(), total, maxFrame);
    if (total > end - p) {
      fit.restCut(src.offset(p), want.code(), want.name(), total - (end - p) + rest);
      return Fit.CUT_END;
    }
    int nestedEnd = p + (int) total;
    int s = rec ? tape.groupStart(p, (int) total, want, n, depth, d) : 0;
    try {
      // the count fixed the end: content that runs past it is malformed, whatever the mode
      walkTuples(d, p, p + fs, nestedEnd, want, -1, table, depth, 0, tape, Fit.THROWING);
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, want, src.offset(p));
    } catch (CesrException e) {
      throw Errors.within(e, want, src.offset(p));
    }
    if (rec) {
      tape.groupEnd(s, nestedEnd);
    }
    return nestedEnd;
  }

  /**
   * The code of the counter at {@code p} of domain {@code d} that this framer has already framed
   * and checked, read with {@code t} without checks (null if {@code t} has no such code): for the
   * counters of message-level parts, whose items are not on a {@link GroupTape}.
   */
  public CounterCode framedCode(Domain d, int p, CounterTable t) {
    int c1 = src.ch(d, p, 1);
    switch (t.hardSize(c1)) {
      case 2:
        return t.small(c1);
      case 3:
        return t.big(src.ch(d, p, 2));
      default:
        return t.genusVersion(c1);
    }
  }

  /** The count of the already framed counter of code {@code c} at {@code p}, without checks. */
  public long framedCount(Domain d, int p, CounterCode c) {
    return soft(d, p, c.hs(), c.fs() - c.hs());
  }

  /**
   * False for the layouts this layer refuses as soon as their code is read: groups the reference
   * implementation cannot parse as attachments ({@link Layout#UNSUPPORTED}, {@link
   * Layout#UNSUPPORTED_MESSAGE}) and CESR-native body
   * content ({@link Layout#NATIVE_BODY}, {@link Layout#NATIVE_FIELDS}, not supported yet).
   */
  private static boolean isAttachmentLayout(Layout layout) {
    return layout.parsedInRun() && layout.content() != Layout.Content.FIELDS;
  }
}
