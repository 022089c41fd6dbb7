package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.Source;

/**
 * Decides, from the bytes at hand and without framing, how the streaming parser goes on with the
 * top-level frame at an index: frame it now, hand it to {@link HeldRunFramer#resume}, or wait
 * for a number of bytes the frame certainly lacks (a shortage found by the framer costs a {@link
 * dev.cesrj.TruncatedException}). It never decides what a frame is: whatever it cannot judge
 * with certainty it hands to the framer.
 *
 * <ul>
 *   <li>a message body (a byte of tritet 011, 101 or 110: JSON, CBOR or MessagePack) with at
 *       least the {@value VersionSniffer#SMELL_SIZE} bytes keripy sniffs its version string in:
 *       {@link Next#RUN}; {@link HeldRunFramer#resume} reads the body once and frames its
 *       attachments group by group as they arrive, and says itself how many bytes a cut body or
 *       group lacks;
 *   <li>a JSON body with fewer bytes: {@link Next#WAIT} for the rest of those 27 (while what is
 *       there is keripy's {@code {"v":"});
 *   <li>a BodyWithAttachmentGroup envelope or a GenericGroup sub-stream (both counted in
 *       quadlets, their content included) whose count reaches past the buffered bytes: {@link
 *       Next#WAIT} for exactly the rest; a counter cut short: for the rest of it.
 *   <li>anything else: {@link Next#FRAME}.
 * </ul>
 *
 * <p>A frame that has more bytes buffered than the frame limit, or that declares more, is
 * handed to the framer, which refuses it at once. qb2 counters (tritet 111) are not judged
 * here: where one stands, the frame is handed to the framer, and its truncation says how many
 * bytes to wait for. Allocates nothing: the bytes to wait for go in the caller's {@link Fit}, the
 * one "need more" result of the framing layers.
 */
final class FrameLookahead {
  /** How the streaming parser goes on with a top-level frame. */
  enum Next {
    /** Frame it now, with {@link MessageFramer#frame}: the framer judges it. */
    FRAME,
    /**
     * A message body with its version string at hand: frame it with {@link HeldRunFramer#resume}.
     */
    RUN,
    /** It certainly lacks bytes: the fit given to {@link #decide} is cut with how many (>= 1). */
    WAIT
  }

  /** Bytes of a JSON body before its version string: {@code {"v":"}. */
  private static final byte[] JSON_PREFIX = {'{', '"', 'v', '"', ':', '"'};

  private final CounterTable defaultTable;
  /** Whether the table of a frame is inferred where none is in force ({@link TableRule}). */
  private final boolean inferred;
  private final long maxFrame;
  private Source s;
  private int limit;

  /** A lookahead over the buffered bytes of {@code s} up to {@code limit}. */
  FrameLookahead(
      Source s, int limit, CounterTable defaultTable, boolean inferred, long maxFrame) {
    this.defaultTable = defaultTable;
    this.inferred = inferred;
    this.maxFrame = maxFrame;
    reset(s, limit);
  }

  /**
   * Starts over on the bytes of {@code s} up to {@code limit}, as a new lookahead with the same
   * table and frame limit would (the streaming parser keeps one per parser).
   *
   * @return this lookahead
   */
  FrameLookahead reset(Source s, int limit) {
    this.s = s;
    this.limit = limit;
    return this;
  }

  /**
   * The small or big code of {@code table} of the counter at {@code i} (its second byte
   * readable); {@code null} for a genus-version code, no code, or a big code whose third byte
   * has not arrived.
   */
  private CounterCode code(CounterTable table, int i) {
    int c1 = s.at(i + 1);
    switch (table.hardSize(c1)) {
      case 2:
        return table.small(c1);
      case 3:
        return i + 2 < limit ? table.big(s.at(i + 2)) : null;
      default:
        return null;
    }
  }

  /**
   * How to go on with the top-level frame at {@code p}.
   *
   * @param pinned the table of the genus-version code in force, or {@code null}
   * @param fit the caller's: reset, and for {@link Next#WAIT} cut with the least number of bytes
   *     the frame lacks (at least 1); not read otherwise
   * @return {@link Next#FRAME}, {@link Next#RUN} or {@link Next#WAIT}
   */
  Next decide(int p, CounterTable pinned, Fit fit) {
    fit.reset();
    if (!CesrOptions.fitsFrame(limit - (long) p, maxFrame)) {
      return Next.FRAME; // the framer refuses a message longer than the frame limit
    }
    int b = s.at(p);
    if (b == '-') {
      CounterTable t = pinned != null || !inferred ? pinned : null;
      if (t == null && inferred) {
        try {
          t = TableRule.forCounterFrame(s, p, limit, defaultTable);
        } catch (CesrException e) {
          return Next.FRAME; // the framer reports it
        }
        if (t == null) {
          return Next.FRAME; // the framer says what it needs to tell the table
        }
      }
      return counted(p, t != null ? t : defaultTable, fit);
    }
    int have = limit - p;
    if (have >= VersionSniffer.SMELL_SIZE) {
      return Tritet.of(b).isMessage() ? Next.RUN : Next.FRAME;
    }
    if (b != '{') {
      return Next.FRAME;
    }
    // no version string can be complete yet: the framer asks for keripy's 27 bytes
    for (int i = 0; i < Math.min(have, JSON_PREFIX.length); i++) {
      if (s.at(p + i) != JSON_PREFIX[i]) {
        return Next.FRAME;
      }
    }
    return waitFor(VersionSniffer.SMELL_SIZE - have, fit);
  }

  /**
   * A BodyWithAttachmentGroup envelope or GenericGroup (both quadlet-counted message frames)
   * whose counter is at {@code p}: {@link Next#WAIT} with the bytes it still lacks in {@code
   * fit}, or {@link Next#FRAME} if it is complete, not such a counter, or not judged here.
   */
  private Next counted(int p, CounterTable table, Fit fit) {
    // a counter cut short: the framer asks for the rest of it (GroupFramer.counter)
    if (limit - p < 2) {
      return waitFor(4 - (limit - p), fit);
    }
    int c1 = s.at(p + 1);
    if (table.hardSize(c1) == 3 && limit - p < 3) {
      return waitFor(8 - (limit - p), fit);
    }
    CounterCode code = code(table, p);
    if (code == null || code.layout().content() != Layout.Content.MESSAGES) {
      return Next.FRAME;
    }
    int fs = code.fs();
    if (limit - p < fs) {
      return waitFor(fs - (limit - p), fit);
    }
    long count = B64.decodeInt(s, p + code.hs(), fs - code.hs());
    if (count < 0) {
      return Next.FRAME;
    }
    long total = fs + Domain.QB64.quadlets(count);
    if (!CesrOptions.fitsFrame(total, maxFrame)) {
      return Next.FRAME;
    }
    long missing = p + total - (long) limit;
    return missing > 0 ? waitFor(missing, fit) : Next.FRAME;
  }

  /** {@link Next#WAIT} for {@code bytes} more (positive), recorded in {@code fit}. */
  private static Next waitFor(long bytes, Fit fit) {
    fit.cut(bytes);
    return Next.WAIT;
  }
}
