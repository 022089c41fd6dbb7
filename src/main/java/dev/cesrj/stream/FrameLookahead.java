package dev.cesrj.stream;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.Source;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides, from the bytes at hand and without framing, whether framing the top-level message at
 * an index can complete, so that the streaming parser calls {@link MessageFramer} only when it
 * can (a shortage found by the framer costs a {@link dev.cesrj.TruncatedException} and the
 * framing done before it). It never decides what a message is: whatever it cannot judge with
 * certainty it hands to the framer.
 *
 * <p>It answers "wait" only where the framer would either throw a truncation or return a message
 * that the parser holds anyway (a bare attachment run that reaches the end of the bytes):
 *
 * <ul>
 *   <li>a JSON body whose version string (at offset 6, keripy's common form, checked as
 *       {@link VersionSniffer} and {@link MessageFramer} check it) says more bytes than are
 *       buffered: wait for exactly the rest of the body;
 *   <li>a body followed by an AttachmentGroup counter ({@code -V}/{@code --V}, {@code
 *       -C}/{@code --C}) whose count reaches past the buffered bytes: wait for exactly the rest;
 *   <li>a BodyWithAttachmentGroup envelope or a GenericGroup sub-stream likewise (both are
 *       counted in quadlets, their content included);
 *   <li>a complete JSON body whose bare attachment run has no possible end in the buffered bytes
 *       (after the body, no byte that is not qb64 text, no {@code -} that starts a genus-version
 *       code or a message counter, and no counter that declares more than the frame limit): hold
 *       it, waiting for 1 more byte. (A run can also end at a lowercase letter where a counter
 *       should be, as garbage does, or at a message counter of another table; then the message
 *       is framed later than it could be, never differently.)
 * </ul>
 *
 * <p>Sizes are checked against the frame limit: anything larger is handed to the framer, which
 * refuses it at once. qb2 counters (tritet 111) are not judged here: where one stands, the
 * message is handed to the framer, and its truncation says how many bytes to wait for.
 * Allocates nothing (but a small filter per counter table, once per class).
 */
final class FrameLookahead {
  /** Frame now. */
  static final long FRAME = 0;

  /** Bytes of a JSON body before its version string: {@code {"v":"}. */
  private static final byte[] JSON_PREFIX = {'{', '"', 'v', '"', ':', '"'};

  /** Reads eight bytes of a byte array as one long. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long JSON_KERI = littleEndian("{\"v\":\"KE");
  private static final long JSON_ACDC = littleEndian("{\"v\":\"AC");

  /** Hex digit values (lowercase, as version 1 sizes are written), -1 for other bytes. */
  private static final byte[] HEX = new byte[256];

  static {
    java.util.Arrays.fill(HEX, (byte) -1);
    for (int c = '0'; c <= '9'; c++) {
      HEX[c] = (byte) (c - '0');
    }
    for (int c = 'a'; c <= 'f'; c++) {
      HEX[c] = (byte) (c - 'a' + 10);
    }
  }

  /** Run-end filters by table: a few small arrays for the life of the class. */
  private static final Map<CounterTable, RunEndFilter> FILTERS = new ConcurrentHashMap<>();

  private static long littleEndian(String eight) {
    long w = 0;
    for (int i = 7; i >= 0; i--) {
      w = w << 8 | eight.charAt(i);
    }
    return w;
  }

  private final CounterTable defaultTable;
  private final CounterTable v1Table;
  private final long maxFrame;
  private Source s;
  private int floor;
  private int limit;
  private CounterTable scanned;
  private int runEnd;
  /** The table {@link #filter} is for. */
  private CounterTable filterTable;
  private boolean[] filter;

  /**
   * A lookahead over the buffered bytes {@code [floor, limit)} of {@code s}, where
   * {@code floor} is the first index that may hold the end of a bare attachment run (the
   * parser knows the bytes before it hold none after the pending message's body).
   */
  FrameLookahead(Source s, int floor, int limit, CounterTable defaultTable, long maxFrame) {
    this(s, floor, limit, defaultTable, CounterTable.CESR_1_0, maxFrame);
  }

  /**
   * As above, reading the attachments of a version 1 body with {@code v1Table} ({@link
   * CounterTable#CESR_1_0} or, for the legacy profile, {@link CounterTable#CESR_1_0_LEGACY}).
   */
  FrameLookahead(
      Source s, int floor, int limit, CounterTable defaultTable, CounterTable v1Table,
      long maxFrame) {
    this.defaultTable = defaultTable;
    this.v1Table = v1Table;
    this.maxFrame = maxFrame;
    reset(s, floor, limit);
  }

  /**
   * Starts over on the bytes {@code [floor, limit)} of {@code s}, as a new lookahead with the
   * same tables and frame limit would (the streaming parser keeps one per parser).
   *
   * @return this lookahead
   */
  FrameLookahead reset(Source s, int floor, int limit) {
    this.s = s;
    this.floor = floor;
    this.limit = limit;
    this.scanned = null;
    this.runEnd = -1;
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
   * The index of the last byte in {@code [floor, limit)} at which framing a bare attachment run
   * read with {@code table} could stop: a byte that is not qb64 text, a {@code -} that starts a
   * genus-version code or a message counter, or a {@code -} that starts a counter declaring more
   * than the frame limit (the framer refuses it at once); -1 if none. Scanned backwards once per
   * table.
   */
  int lastRunEnd(CounterTable table) {
    if (table != scanned) {
      scanned = table;
      runEnd = -1;
      int i = limit;
      boolean[] after = runEndFilter(table);
      if (s.array() != null) {
        runEnd = lastRunEndInArray(table, after);
        return runEnd;
      }
      while ((i = lastMark(i)) >= floor) {
        if (endsRunAt(i, table, after)) {
          runEnd = i;
          break;
        }
      }
    }
    return runEnd;
  }

  /**
   * True if the byte at {@code i}, a mark ({@link #lastMark}), can end a bare run: not a {@code
   * -}, or a {@code -} that starts a genus-version code, a message counter or a counter too large.
   */
  private boolean endsRunAt(int i, CounterTable table, boolean[] after) {
    return s.at(i) != '-'
        || (i + 1 < limit && (after == null || after[s.at(i + 1)])
            && (mayStartMessage(i, table) || tooLarge(i, table)));
  }

  /**
   * {@link #lastRunEnd} over a backing array, eight bytes at a time: each mark in a word (most are the {@code
   * -} of counters and of Base64 text) is judged where it stands, without leaving the word.
   *
   * @return the run end found, or -1
   */
  private int lastRunEndInArray(CounterTable table, boolean[] after) {
    byte[] a = s.array();
    int base = s.arrayOffset();
    int i = limit - 1;
    while (i - 7 >= floor) {
      long w = (long) LONGS.get(a, base + i - 7);
      // the high bit of each byte below 0x30 or above 0x7A (and perhaps of a byte above one)
      long marks = (((w - 0x3030303030303030L) & ~w) | (w + 0x0505050505050505L) | w)
          & 0x8080808080808080L;
      while (marks != 0) {
        int bit = 63 - Long.numberOfLeadingZeros(marks);
        int j = i - 7 + (bit >>> 3);
        int b = s.at(j);
        if ((b < 0x30 || b > 0x7A) && endsRunAt(j, table, after)) {
          return j;
        }
        marks &= ~(1L << bit);
      }
      i -= 8;
    }
    for (; i >= floor; i--) {
      int b = s.at(i);
      if ((b < 0x30 || b > 0x7A) && endsRunAt(i, table, after)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * For each byte {@code c}: false if no {@code -} followed by {@code c} can end a bare run read
   * with {@code table} ({@link #mayStartMessage} and {@link #tooLarge} are then false whatever
   * follows), so that the scan skips the {@code -} of ordinary counters and of Base64 text
   * without reading them as counters; {@code null} (read every {@code -}) if the frame limit is
   * so small that an ordinary small counter may exceed it. Looked up once per table change.
   */
  private boolean[] runEndFilter(CounterTable table) {
    if (table != filterTable) {
      RunEndFilter f = FILTERS.computeIfAbsent(table, RunEndFilter::new);
      filterTable = table;
      filter = maxFrame >= f.mostDeclared ? f.after : null;
    }
    return filter;
  }

  /** The run-end filter of one table, for frame limits of at least {@link #mostDeclared}. */
  private static final class RunEndFilter {
    /** Whether a {@code -} followed by the byte may end a bare run (see runEndFilter). */
    final boolean[] after = new boolean[256];
    /** The largest size any small counter code not marked in {@link #after} can declare. */
    long mostDeclared;

    RunEndFilter(CounterTable table) {
      for (int c = 0; c < after.length; c++) {
        if (table.genusVersion(c) != null) {
          after[c] = true;
          continue;
        }
        switch (table.hardSize(c)) {
          case 2:
            CounterCode code = table.small(c);
            if (code != null) {
              after[c] = endsRun(code);
              mostDeclared = Math.max(mostDeclared, mostDeclared(code));
            }
            break;
          case 3:
            after[c] = true; // a big code: judged by its third byte
            break;
          default:
            break;
        }
      }
    }

    /** The largest size a counter of {@code code} can declare, as {@link #tooLarge} reckons it. */
    private static long mostDeclared(CounterCode code) {
      long count = code.maxCount();
      switch (code.unit()) {
        case QUADLETS:
          return code.fs() + 4 * count;
        case ELEMENTS:
          return code.fs() + count * code.tupleMinSize();
        default:
          return code.fs();
      }
    }
  }

  /**
   * The last index in {@code [floor, to)} whose byte is below {@code 0x30} or above {@code 0x7A}
   * (the only qb64 character among them is {@code -}; the few other bytes between {@code 0x30}
   * and {@code 0x7A} count as text here: in an attachment run they are errors, found when the
   * message is framed), or {@code floor - 1}. Reads eight bytes at a time from a backing array.
   */
  private int lastMark(int to) {
    byte[] a = s.array();
    int i = to - 1;
    if (a != null) {
      int base = s.arrayOffset();
      while (i - 7 >= floor) {
        long w = (long) LONGS.get(a, base + i - 7);
        // bit-twiddling "has a byte less than 0x30" | "has a byte more than 0x7A"
        long marks = ((w - 0x3030303030303030L) & ~w) | (w + 0x0505050505050505L) | w;
        if ((marks & 0x8080808080808080L) != 0) {
          break; // a byte below 0x30 or above 0x7A in these eight: find it one by one
        }
        i -= 8;
      }
    }
    for (; i >= floor; i--) {
      int b = s.at(i);
      if (b < 0x30 || b > 0x7A) {
        return i;
      }
    }
    return floor - 1;
  }

  /**
   * True if a complete counter of {@code table} at {@code i} (the {@code -} is there) declares
   * more than the frame limit
   * (quadlets: its group's size; elements: the least size of its tuples), as
   * {@link dev.cesrj.internal.GroupFramer} checks before it looks for the content.
   */
  private boolean tooLarge(int i, CounterTable table) {
    if (i + 1 >= limit) {
      return false;
    }
    CounterCode code = code(table, i);
    if (code == null || i + code.fs() > limit) {
      return false;
    }
    long count = 0;
    for (int k = code.hs(); k < code.fs(); k++) {
      int v = B64.value(s.at(i + k));
      if (v < 0) {
        return false;
      }
      count = count << 6 | v;
    }
    long least;
    switch (code.unit()) {
      case QUADLETS:
        least = code.fs() + 4 * count;
        break;
      case ELEMENTS:
        least = code.fs() + count * code.tupleMinSize();
        break;
      default:
        least = code.fs();
    }
    return least > maxFrame;
  }

  /**
   * True if the {@code -} at {@code i} starts a genus-version code ({@code -_AAA}) or a counter
   * that ends a run, judged by the bytes that follow it (a {@code -} in the Base64 text of a
   * signature mostly fails this): the content of an envelope or GenericGroup starts with a
   * counter or a body, that of a NonNativeBodyGroup with a Bytes primitive ({@code 4B} to {@code
   * 9AAB}). False while those bytes have not all arrived: the parser scans the last 8 bytes of a
   * held message again when more come.
   */
  private boolean mayStartMessage(int i, CounterTable table) {
    if (i + 1 >= limit) {
      return false;
    }
    int c = s.at(i + 1);
    CounterCode genus = table.genusVersion(c);
    if (genus != null) {
      String gvc = genus.code();
      if (i + gvc.length() > limit) {
        return false;
      }
      for (int k = 2; k < gvc.length(); k++) {
        if (s.at(i + k) != gvc.charAt(k)) {
          return false;
        }
      }
      return true;
    }
    CounterCode code = code(table, i);
    if (!endsRun(code)) {
      return false;
    }
    int inner = i + code.fs();
    if (inner >= limit) {
      return false;
    }
    int d = s.at(inner);
    switch (code.layout()) {
      case BODY_WITH_ATTACHMENTS:
      case GENERIC:
        return d == '-' || d < 0x30 || d > 0x7A;
      case NON_NATIVE_BODY:
        return d >= '4' && d <= '9';
      default:
        return true;
    }
  }

  /** The counters that end a bare attachment run ({@link Layout#startsMessage()}). */
  private static boolean endsRun(CounterCode code) {
    return code != null && code.layout().startsMessage();
  }

  /**
   * Whether to frame the top-level message at {@code p} now.
   *
   * @param pinned the table of the genus-version code in force, or {@code null}
   * @return {@link #FRAME}; or {@code n > 0}: wait for at least {@code n} more bytes; or
   *     {@code -1}: hold a complete body whose bare attachment run may go on (wait for 1 byte)
   */
  long decide(int p, CounterTable pinned) {
    if (limit - (long) p > maxFrame) {
      return FRAME; // the framer refuses a message longer than the frame limit
    }
    int b = s.at(p);
    if (b == '-') {
      return counted(p, pinned != null ? pinned : defaultTable, Layout.BODY_WITH_ATTACHMENTS);
    }
    if (b != '{') {
      return FRAME;
    }
    int have = limit - p;
    if (have < JSON_PREFIX.length + VersionString.V1_LENGTH) {
      // no version string can be complete yet: the framer asks for keripy's 27 bytes
      for (int i = 0; i < Math.min(have, JSON_PREFIX.length); i++) {
        if (s.at(p + i) != JSON_PREFIX[i]) {
          return FRAME;
        }
      }
      return VersionSniffer.SMELL_SIZE - have;
    }
    long size = jsonBodySize(s, p, limit, pinned, maxFrame);
    if (size < 0) {
      return FRAME;
    }
    long missing = p + size - (long) limit;
    if (missing > 0) {
      return missing;
    }
    int q = p + (int) size;
    if (q == limit) {
      return -1;
    }
    if (s.at(q) != '-') {
      return FRAME;
    }
    if (limit - q < 2) {
      return 3; // a lone '-': the framer asks for the rest of a counter
    }
    CounterTable table = pinned != null ? pinned : impliedTable(s, p, v1Table);
    long wrapper = counted(q, table, Layout.ATTACHMENTS);
    if (wrapper != FRAME || isCode(q, table, Layout.ATTACHMENTS)) {
      return wrapper; // an AttachmentGroup: the message ends with it
    }
    return lastRunEnd(table) >= q ? FRAME : -1;
  }

  /**
   * A quadlet-counted frame ({@code layout}) whose counter is at {@code p}: how many bytes it
   * still lacks, or {@link #FRAME} if it is complete, not such a counter, or not judged here.
   */
  private long counted(int p, CounterTable table, Layout layout) {
    // a counter cut short: the framer asks for the rest of it (GroupFramer.counter)
    if (limit - p < 2) {
      return 4 - (limit - p);
    }
    int c1 = s.at(p + 1);
    if (table.hardSize(c1) == 3 && limit - p < 3) {
      return 8 - (limit - p);
    }
    CounterCode code = code(table, p);
    if (code == null || !matches(code.layout(), layout)) {
      return FRAME;
    }
    int fs = code.fs();
    if (limit - p < fs) {
      return fs - (limit - p);
    }
    long count = 0;
    for (int i = code.hs(); i < fs; i++) {
      int v = B64.value(s.at(p + i));
      if (v < 0) {
        return FRAME;
      }
      count = count << 6 | v;
    }
    long total = fs + 4 * count;
    if (total > maxFrame) {
      return FRAME;
    }
    long missing = p + total - (long) limit;
    return missing > 0 ? missing : FRAME;
  }

  /**
   * True if a counter of {@code actual} layout is a frame of the {@code wanted} one: a
   * GenericGroup is judged where a BodyWithAttachmentGroup is (both counted message frames).
   */
  private static boolean matches(Layout actual, Layout wanted) {
    return actual == wanted
        || (wanted == Layout.BODY_WITH_ATTACHMENTS && actual == Layout.GENERIC);
  }

  private boolean isCode(int p, CounterTable table, Layout layout) {
    CounterCode code = code(table, p);
    return code != null && code.layout() == layout;
  }

  /**
   * The size of the JSON body at {@code p} if its version string is at offset 6 in keripy's
   * form and {@link VersionSniffer#read} and {@link MessageFramer} would accept it as it is
   * (proto KERI or ACDC, version 1.x or 2.x with genus 2.0, kind JSON, a size that covers the
   * version string and is within {@code maxFrame}, a version the pinned table admits); -1 for
   * anything else, and while fewer than the 27 bytes keripy sniffs are buffered.
   */
  static long jsonBodySize(Source s, int p, int limit, CounterTable pinned, long maxFrame) {
    if (limit - p < VersionSniffer.SMELL_SIZE) {
      return -1;
    }
    byte[] a = s.array();
    if (a != null) {
      // {"v":" and the first two letters of KERI or ACDC, as one long
      long w = (long) LONGS.get(a, s.arrayOffset() + p);
      if (w != JSON_KERI && w != JSON_ACDC) {
        return -1;
      }
    } else {
      for (int i = 0; i < JSON_PREFIX.length; i++) {
        if (s.at(p + i) != JSON_PREFIX[i]) {
          return -1;
        }
      }
    }
    int t = p + JSON_PREFIX.length;
    if (!proto(s, t)) {
      return -1;
    }
    long size;
    if (s.at(t + 18) == '.') {
      // version 2: PPPP M mm G gg KKKK BBBB . (tried first, as keripy does)
      if (s.at(t + 4) != 'C' || B64.value(s.at(t + 5)) < 0 || B64.value(s.at(t + 6)) < 0
          || s.at(t + 7) != 'C' || s.at(t + 8) != 'A' || s.at(t + 9) != 'A'
          || !json(s, t + 10) || (pinned != null && pinned.major() < 2)) {
        return -1;
      }
      size = 0;
      for (int i = 14; i < 18; i++) {
        int v = B64.value(s.at(t + i));
        if (v < 0) {
          return -1;
        }
        size = size << 6 | v;
      }
      if (size < JSON_PREFIX.length + VersionString.V2_LENGTH) {
        return -1;
      }
    } else {
      // version 1: PPPP v v KKKK hhhhhh _
      int major = hex(s.at(t + 4));
      if (major < 0 || major > 1 || hex(s.at(t + 5)) < 0 || !json(s, t + 6)
          || s.at(t + 16) != '_') {
        return -1;
      }
      size = 0;
      for (int i = 10; i < 16; i++) {
        int d = hex(s.at(t + i));
        if (d < 0) {
          return -1;
        }
        size = size << 4 | d;
      }
      if (size < JSON_PREFIX.length + VersionString.V1_LENGTH) {
        return -1;
      }
    }
    return size > maxFrame ? -1 : size;
  }

  /**
   * The table the version string of the JSON body at {@code p} implies (known to be valid):
   * CESR 2.0, or {@code v1Table} for version 1.
   */
  private static CounterTable impliedTable(Source s, int p, CounterTable v1Table) {
    return s.at(p + JSON_PREFIX.length + 18) == '.' ? CounterTable.CESR_2_0 : v1Table;
  }

  private static boolean proto(Source s, int t) {
    int a = s.at(t);
    int b = s.at(t + 1);
    int c = s.at(t + 2);
    int d = s.at(t + 3);
    return (a == 'K' && b == 'E' && c == 'R' && d == 'I')
        || (a == 'A' && b == 'C' && c == 'D' && d == 'C');
  }

  private static boolean json(Source s, int t) {
    return s.at(t) == 'J' && s.at(t + 1) == 'S' && s.at(t + 2) == 'O' && s.at(t + 3) == 'N';
  }

  private static int hex(int c) {
    return HEX[c];
  }
}
