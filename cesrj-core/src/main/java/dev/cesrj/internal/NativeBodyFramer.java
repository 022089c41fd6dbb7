package dev.cesrj.internal;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;

/**
 * Frames CESR-native message bodies (CESR 2.0 FixBodyGroup {@code -F}/{@code --F} and
 * MapBodyGroup {@code -G}/{@code --G}; keripy {@code
 * SerderKERI._loads} of kind {@code CESR}) in the text domain, without decoding them: a body is a
 * quadlet-counted slice whose fields are Matter primitives or quadlet-counted groups.
 *
 * <p>Each field is one of: a Matter primitive (a value, or a label of a field map); a
 * GenericMapGroup {@code -I} or GenericListGroup {@code -J}, whose content is fields again (nested
 * one level deeper); or a seal group as keripy writes the seal lists of native bodies (keripy
 * {@code Serder.ClanCodes}: DigestSealSingles {@code -Q}, MerkleRootSealSingles {@code -R},
 * SealSourceCouples {@code -S}, SealSourceTriples {@code -T}, SealSourceLastSingles {@code -U},
 * BackerRegistrarSealCouples {@code -V}, TypedDigestSealCouples {@code -W}), checked by its
 * element grammar. Any other counter inside a body (a genus-version code, a signature or other
 * attachment group, a message-level group) is malformed. Field maps are not paired into labels and
 * values here: framing only.
 *
 * <p>Recording: {@link #fields(int, int, CounterCode, CounterTable, int, GroupTape)} frames the
 * fields of a body or field group again with the same checks and appends each field to a {@link
 * GroupTape} as it checks it (a primitive, or a field or seal group with its content), so that the
 * element views of a body are read from the tape rather than by walking its fields a second way.
 *
 * <p>Sizes are in characters (= bytes of text). One instance reads one {@link Source} through a
 * {@link GroupFramer}; not thread-safe; allocates nothing on success.
 */
public final class NativeBodyFramer {
  private final GroupFramer groups;
  private final Source src;
  /**
   * {@link CesrOptions#maxFrameBytes()}, at most {@code Integer.MAX_VALUE} and so held exactly in
   * an int. Whether fields are recorded is passed down with each call (a {@link GroupTape}, {@link
   * GroupTape#NONE} for none), never held in a field.
   */
  private final int maxFrame;
  private final int maxDepth;

  /** A framer reading through {@code groups} with the limits of {@code options}. */
  public NativeBodyFramer(GroupFramer groups, CesrOptions options) {
    this.groups = groups;
    this.src = groups.source();
    this.maxFrame = Math.toIntExact(options.maxFrameBytes());
    this.maxDepth = options.maxDepth();
  }

  /**
   * Frames the native body group at {@code pos} read with {@code table}: its counter (which must
   * be a FixBodyGroup or MapBodyGroup), then every field of its {@code 4 * count} characters of
   * content.
   *
   * @param depth the body group's nesting depth (1 at the top of the stream)
   * @param fit where a body group that runs past {@code limit} is reported: a caller's fit is cut
   *     with exactly the missing bytes and the facts of its truncation ({@link Fit#restCut}), so
   *     that a caller waiting for more bytes builds no exception; {@link Fit#THROWING} throws it
   * @return the buffer index just past the body group, or {@link Fit#CUT_END} once {@code fit} is
   *     cut
   * @throws TruncatedException on {@link Fit#THROWING}, if the group runs past {@code limit}
   * @throws FrameTooLargeException if the group is larger than {@link CesrOptions#maxFrameBytes()}
   * @throws NestingTooDeepException if it, or a group inside, is deeper than {@link
   *     CesrOptions#maxDepth()}
   * @throws MalformedException if it is not a native body group, or a field is not a primitive or
   *     a field group, or runs past the body's count
   */
  public int body(int pos, int limit, CounterTable table, int depth, Fit fit) {
    int fs = groups.counter(pos, limit, table, 0);
    CounterCode c = groups.code();
    long count = groups.count();
    if (!c.layout().isBodyGroup() || c.layout().content() != Layout.Content.FIELDS) {
      throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
          src.offset(pos), c.code(), "a FixBodyGroup or MapBodyGroup", c.name() + " is no native body");
    }
    int end = counted(pos, limit, c, fs, count, depth, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    fields(pos, c, pos + fs, end, table, depth, GroupTape.NONE);
    return end;
  }

  /**
   * Frames the fields in {@code [from, end)} of the native body or field group of code {@code c}
   * and nesting depth {@code depth} whose counter ends at {@code from}, with the checks of {@link
   * #body}, recording them on {@code tape} (appended to what it holds): each field in order at
   * depth {@code depth + 1}, a primitive as a {@link GroupTape.Step#MATTER}, a field or seal group
   * as its {@link GroupTape.Step#GROUP_START}, its content, its {@link GroupTape.Step#GROUP_END}.
   * The group's own start and end are not recorded: for the element views of a group already
   * framed.
   *
   * @param tape where the fields go; the caller owns it
   * @throws CesrException as {@link #body} throws it for these fields
   */
  public void fields(
      int from, int end, CounterCode c, CounterTable table, int depth, GroupTape tape) {
    fields(from - (int) Domain.QB64.size(c.fs()), c, from, end, table, depth, tape);
  }

  /**
   * The end of the quadlet-counted group at {@code pos} (counter of {@code fs} characters read,
   * code {@code c}, count {@code count}), checked against the frame limit, {@code limit} and the
   * depth limit; one that runs past {@code limit} is cut on {@code fit} (thrown on {@link
   * Fit#THROWING} as {@link Errors#rest(long, CounterCode, long)}).
   *
   * @return the index past the group, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int counted(int pos, int limit, CounterCode c, int fs, long count, int depth, Fit fit) {
    CesrOptions.validateDepth(src.offset(pos), c.code(), depth, maxDepth);
    long total = fs + Domain.QB64.quadlets(count);
    CesrOptions.validateFrameBytes(src.offset(pos), c.code(), total, maxFrame);
    if (total > limit - pos) {
      fit.restCut(src.offset(pos), c.code(), c.name(), total - (limit - pos));
      return Fit.CUT_END;
    }
    return pos + (int) total;
  }

  /**
   * Frames the fields of the group of code {@code c} at {@code start} (depth {@code depth}) in
   * {@code [from, end)}; a field that runs past {@code end} is malformed (the count fixed the end).
   */
  private void fields(
      int start, CounterCode c, int from, int end, CounterTable table, int depth,
      GroupTape tape) {
    int p = from;
    try {
      while (p < end) {
        p = field(p, end, table, depth + 1, tape);
      }
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, c, src.offset(start));
    } catch (CesrException e) {
      throw Errors.within(e, c, src.offset(start));
    }
  }

  /**
   * Frames the field at {@code p}, a primitive or a group at depth {@code depth}, recording it on
   * {@code tape} ({@link GroupTape#NONE}: not recorded).
   */
  private int field(int p, int end, CounterTable table, int depth, GroupTape tape) {
    if (src.at(p) != '-') {
      long scanned = TextScan.matterScan(Domain.QB64, src, p, end, null, maxFrame, 0);
      int size = TextScan.size(scanned);
      if (tape.records()) {
        tape.matter(p, size, TextScan.matterCodeOf(scanned), depth, Domain.QB64);
      }
      return p + size;
    }
    int fs = groups.counter(p, end, table, 0);
    CounterCode c = groups.code();
    long count = groups.count();
    if (c.unit() != CountUnit.QUADLETS || !isField(c)) {
      throw Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
          src.offset(p),
          c.code(),
          "a primitive, a GenericMapGroup, a GenericListGroup or a seal group",
          c.name() + " inside a CESR-native body");
    }
    int q = counted(p, end, c, fs, count, depth, Fit.THROWING);
    boolean rec = tape.records();
    int s = rec ? tape.groupStart(p, q - p, c, count, depth, Domain.QB64) : 0;
    if (c.layout().content() == Layout.Content.FIELDS) { // a field group (a body is no field)
      fields(p, c, p + fs, q, table, depth, tape);
    } else {
      groups.tuples(Domain.QB64, p + fs, q, c, table, depth, tape);
    }
    if (rec) {
      tape.groupEnd(s, q);
    }
    return q;
  }

  /**
   * True for the groups that may be a field of a native body: field groups and seal groups
   * ({@link CounterCode#isSeal()}).
   */
  static boolean isField(CounterCode c) {
    Layout l = c.layout();
    return l.content() == Layout.Content.FIELDS && !l.isBodyGroup() || c.isSeal();
  }
}
