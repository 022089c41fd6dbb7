package dev.cesrj.stream;

import dev.cesrj.AmbiguousTableException;
import dev.cesrj.CesrException;
import dev.cesrj.ColdStartException;
import dev.cesrj.MalformedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import java.util.ArrayList;
import java.util.List;

/**
 * The counter table of a message when none is chosen ({@code CesrOptions.tableInferred()}) and no
 * genus-version code is in force: cesrj's rule for reading what the deployed ecosystem writes
 * (keripy 1.x, KERIA and signify-ts: the legacy CESR 1.0 table; keripy 2.x: version 1 bodies
 * followed by CESR 2.0 attachments, CESR 2.0 streams with no genus-version code; plain CESR 1.0
 * and 2.0). keripy itself never infers a table: its {@code Parser} reads every counter with the
 * table it is configured with or that a genus-version code selected ({@code
 * src/keri/core/parsing.py}).
 *
 * <ol>
 *   <li>A message that starts with a counter is read in the table in which that counter starts a
 *       message: CESR 2.0 for GenericGroup {@code -A}, BodyWithAttachmentGroup {@code -B}, the
 *       body groups {@code -F}, {@code -G}, {@code -H} (and their big forms) and the
 *       message-level codes {@code -D}, {@code -E}; CESR 1.0 for {@code -T}, {@code -U}, {@code
 *       -W}; the legacy table for its GenericGroup {@code -W}, {@code -0W}. {@code -W} is a
 *       NonNativeBodyGroup in CESR 1.0 and a GenericGroup in the legacy table: the start of its
 *       content decides (a Bytes primitive, or a message). Its content is read in that table.
 *   <li>A JSON, CBOR or MessagePack body of version 2 has CESR 2.0 attachments.
 *   <li>A body of version 1 has attachments in the CESR 1.0 tables or in CESR 2.0: the first
 *       attachment counter and the start of its content decide. Each reading of that counter is
 *       checked against what its content must start with (an indexed signature, a primitive of
 *       the first element's kind, a counter, a message, a Bytes primitive, a Verser), and a
 *       reading a table cannot give (an unknown code, a group keripy has no method for) is out.
 *       If readings of both remain, the message is an {@link AmbiguousTableException} that names
 *       them; cesrj never picks one of two readings that both frame.
 *   <li>In the CESR 1.0 tables, CESR 1.0 is tried first and the legacy table only if CESR 1.0
 *       refuses the message's grammar ({@link #refusesGrammar}: an unknown code, a malformed
 *       group, a code where none may stand; not a truncation or a limit). The two give the codes
 *       both have the same framing, except {@code -D} (TransReceiptIdxSigGroups counted in
 *       quadlets, TransReceiptQuadruples in elements: their element grammars exclude each other,
 *       so at most one reads a non-empty one; an empty one reads in both, and CESR 1.0's reading
 *       is taken) and {@code -W} (CESR 1.0's NonNativeBodyGroup, the legacy GenericGroup: both
 *       end a run); {@code -L} has another name. If the legacy table refuses the message too, the
 *       error further into the stream is reported, CESR 1.0's on a tie ({@link #furthest}).
 * </ol>
 *
 * The rule looks at no more than a counter and the first primitives of its content, so a stream
 * read whole and one fed in pieces decide alike. Not instantiable.
 */
final class TableRule {
  /** The tables a counter at a message start is looked up in, in order. */
  private static final CounterTable[] ALL = {
    CounterTable.CESR_2_0, CounterTable.CESR_1_0, CounterTable.CESR_1_0_LEGACY
  };

  /** What the bytes at hand say of one reading of a counter. */
  enum Reading {
    /** The table can read the counter and the start of its content. */
    POSSIBLE,
    /** The table cannot: its framing would fail. */
    REFUTED,
    /** More bytes are needed to tell. */
    UNDECIDED
  }

  private TableRule() {}

  /**
   * The table of the attachments of a version 1 body whose run starts with the counter at {@code
   * p} (rules 3 and 4): {@link CounterTable#CESR_1_0} for the CESR 1.0 tables (the caller falls
   * back to the legacy table), or {@link CounterTable#CESR_2_0}.
   *
   * @return the table, or {@code null} if the bytes before {@code limit} do not decide yet
   * @throws AmbiguousTableException if both give a reading
   */
  static CounterTable forVersion1Run(Source s, int p, int limit) {
    // the code alone rules a family out where no table of it reads it after a body
    boolean v1Code =
        readsAfterBody(code(CounterTable.CESR_1_0, s, p, limit))
            || readsAfterBody(code(CounterTable.CESR_1_0_LEGACY, s, p, limit));
    boolean v2Code = readsAfterBody(code(CounterTable.CESR_2_0, s, p, limit));
    if (v1Code != v2Code && counterIn(s, p, limit)) {
      return v2Code ? CounterTable.CESR_2_0 : CounterTable.CESR_1_0;
    }
    Reading r20 = reading(CounterTable.CESR_2_0, s, p, limit);
    if (r20 == Reading.REFUTED) {
      return CounterTable.CESR_1_0; // the common case: CESR 2.0 cannot read it
    }
    Reading r10 = reading(CounterTable.CESR_1_0, s, p, limit);
    Reading legacy =
        r10 == Reading.POSSIBLE ? Reading.POSSIBLE : reading(CounterTable.CESR_1_0_LEGACY, s, p, limit);
    if (r10 == Reading.REFUTED && legacy == Reading.REFUTED) {
      // only CESR 2.0 is left: told once its reading is (if it is refuted too, CESR 1.0's error)
      return r20 == Reading.POSSIBLE ? CounterTable.CESR_2_0 : null;
    }
    if (r10 == Reading.UNDECIDED || legacy == Reading.UNDECIDED || r20 == Reading.UNDECIDED) {
      return null;
    }
    List<CounterTable> both = new ArrayList<>();
    both.add(r10 == Reading.POSSIBLE ? CounterTable.CESR_1_0 : CounterTable.CESR_1_0_LEGACY);
    both.add(CounterTable.CESR_2_0);
    throw ambiguous(s, p, both);
  }

  /**
   * The table of the message that starts with the counter at {@code p} (rule 1): {@code none} if
   * no table has a counter there that starts a message, {@code null} if the bytes before {@code
   * limit} do not decide yet.
   *
   * @throws AmbiguousTableException if two tables would read a message there
   */
  static CounterTable forCounterFrame(Source s, int p, int limit, CounterTable none) {
    if (!counterIn(s, p, limit)) {
      return null;
    }
    CounterTable only = null;
    int candidates = 0;
    for (CounterTable t : ALL) {
      if (startsFrame(code(t, s, p, limit))) {
        only = t;
        candidates++;
      }
    }
    if (candidates == 0) {
      return none; // the framer reports what is wrong with it
    }
    if (candidates == 1) {
      return only; // the only reading (if its content refutes it, the framer reports the default's)
    }
    List<CounterTable> possible = new ArrayList<>(2);
    boolean undecided = false;
    for (CounterTable t : ALL) {
      CounterCode c = code(t, s, p, limit);
      if (!startsFrame(c)) {
        continue;
      }
      Reading r = reading(t, s, p, limit);
      if (r == Reading.POSSIBLE) {
        possible.add(t);
      } else if (r == Reading.UNDECIDED) {
        undecided = true;
      }
    }
    if (undecided) {
      return null;
    }
    if (possible.size() > 1) {
      throw ambiguous(s, p, possible);
    }
    return possible.isEmpty() ? none : possible.get(0);
  }

  /**
   * Whether a frame can start with the counter at {@code p} in some table, by its code and the
   * start of its content (the cold-start search when the table is inferred).
   */
  static Reading frameReading(Source s, int p, int limit) {
    Reading best = Reading.REFUTED;
    for (CounterTable t : ALL) {
      CounterCode c = code(t, s, p, limit);
      Reading r = c == null && !counterIn(s, p, limit) ? Reading.UNDECIDED : Reading.REFUTED;
      if (startsFrame(c)) {
        r = reading(t, s, p, limit);
      }
      if (r == Reading.POSSIBLE) {
        return r;
      }
      if (r == Reading.UNDECIDED) {
        best = r;
      }
    }
    return best;
  }

  /**
   * The error to report when CESR 1.0 refused a message with {@code first} and the legacy table
   * with {@code legacy}, whatever kind (rule 4): the one further into the stream, CESR 1.0's on a
   * tie.
   */
  static CesrException furthest(CesrException first, CesrException legacy) {
    return legacy.offset() > first.offset() ? legacy : first;
  }

  /**
   * True if {@code e}, CESR 1.0's error for a message, is a refusal of its grammar, after which the
   * legacy table is tried (rule 4): an unknown code, a malformed group or a code where a message
   * must start. Truncations and limits (frame size, depth, element count) are not: they would be
   * the same in the legacy table.
   */
  static boolean refusesGrammar(CesrException e) {
    return e instanceof UnknownCodeException
        || e instanceof MalformedException
        || e instanceof ColdStartException;
  }

  /** True if a counter of code {@code c} may stand at a message start: it starts one, or is a genus-version code. */
  private static boolean startsFrame(CounterCode c) {
    return c != null && (c.layout().startsMessage() || c.layout().selectsTable());
  }

  /**
   * True if a counter of code {@code c} may stand right after a body in the run of its table:
   * an attachment group, or a frame that ends the run and that keripy parses ({@link
   * Layout#parsedInRun()}). False for no code.
   */
  private static boolean readsAfterBody(CounterCode c) {
    return c != null && c.layout().parsedInRun();
  }

  /**
   * The characters of a counter whose second character is {@code c1}, the same in every table: 4
   * after a letter, 8 after {@code -}, {@code _} or {@code 0} (a big code or a genus-version code);
   * 0 if no table has a counter so.
   */
  private static int counterChars(int c1) {
    if ((c1 >= 'A' && c1 <= 'Z') || (c1 >= 'a' && c1 <= 'z')) {
      return 4;
    }
    return c1 == '-' || c1 == '_' || c1 == '0' ? 8 : 0;
  }

  /** True if the whole counter at {@code p} is before {@code limit}, so every table can read it. */
  static boolean counterIn(Source s, int p, int limit) {
    Domain d = Domain.ofCounterByte(s.at(p));
    if (!readable(d, p, 1, limit)) {
      return false;
    }
    int n = counterChars(s.ch(d, p, 1));
    return n == 0 || readable(d, p, n - 1, limit);
  }

  /**
   * The least bytes to wait for before the rule can tell the table of the counter at {@code p}:
   * the rest of the counter, or 1 (the start of its content).
   */
  static long needed(Source s, int p, int limit) {
    if (counterIn(s, p, limit)) {
      return 1;
    }
    Domain d = Domain.ofCounterByte(s.at(p));
    int n = readable(d, p, 1, limit) ? counterChars(s.ch(d, p, 1)) : 4;
    return Math.max(1, d.size(n) - (limit - p));
  }


  private static AmbiguousTableException ambiguous(Source s, int p, List<CounterTable> tables) {
    Domain d = Domain.ofCounterByte(s.at(p));
    StringBuilder sb = new StringBuilder();
    String hard = null;
    for (CounterTable t : tables) {
      CounterCode c = code(t, s, p, Integer.MAX_VALUE);
      hard = c.code();
      sb.append(sb.length() == 0 ? "" : ", and ")
          .append(c.name())
          .append(" in ")
          .append(t);
    }
    return Errors.ambiguous(
        s.offset(p),
        hard,
        tables,
        "the counter " + s.text(d, p, 0, 2) + "... reads as " + sb
            + ", and its content fits both; choose the table with a genus-version code or"
            + " CesrOptions.defaultTable");
  }

  /**
   * The code of the counter at {@code p} in table {@code t} (its first bytes readable), or
   * {@code null} if {@code t} has none there or its hard part is not in yet.
   */
  private static CounterCode code(CounterTable t, Source s, int p, int limit) {
    Domain d = Domain.ofCounterByte(s.at(p));
    if (!readable(d, p, 1, limit)) {
      return null;
    }
    int c1 = s.ch(d, p, 1);
    switch (t.hardSize(c1)) {
      case 2:
        return t.small(c1);
      case 3:
        return readable(d, p, 2, limit) ? t.big(s.ch(d, p, 2)) : null;
      case 5:
        if (!readable(d, p, 4, limit)) {
          return null;
        }
        CounterCode g = t.genusVersion(c1);
        return g != null && g.code().equals(s.text(d, p, 0, 5)) ? g : null;
      default:
        return null;
    }
  }

  /**
   * What table {@code t} makes of the counter at {@code p} (a {@code -} in qb64 or a byte of
   * tritet 111 in qb2) and the first primitives of its content.
   */
  static Reading reading(CounterTable t, Source s, int p, int limit) {
    Domain d = Domain.ofCounterByte(s.at(p));
    if (!readable(d, p, 1, limit)) {
      return Reading.UNDECIDED;
    }
    int c1 = s.ch(d, p, 1);
    int hs = t.hardSize(c1);
    if (hs == 0) {
      return Reading.REFUTED;
    }
    if (hs == 3 && !readable(d, p, 2, limit) || hs == 5 && !readable(d, p, 4, limit)) {
      return Reading.UNDECIDED;
    }
    CounterCode c = code(t, s, p, limit);
    if (c == null) {
      return Reading.REFUTED;
    }
    if (c.layout().selectsTable()) {
      return Reading.POSSIBLE; // it ends the run in every table; what follows is read anew
    }
    int fs = c.fs();
    if (!readable(d, p, fs - 1, limit)) {
      return Reading.UNDECIDED;
    }
    long count = 0;
    for (int k = c.hs(); k < fs; k++) {
      int v = B64.value(s.ch(d, p, k));
      if (v < 0) {
        return Reading.REFUTED;
      }
      count = count * 64 + v;
    }
    int q = p + (int) d.size(fs);
    return content(c, count, d, s, q, limit);
  }

  /** The reading of the content at {@code q} of a group of code {@code c} and count {@code count}. */
  private static Reading content(CounterCode c, long count, Domain d, Source s, int q, int limit) {
    Layout layout = c.layout();
    if (!layout.parsedInRun()) {
      return Reading.REFUTED; // keripy raises where one stands after a body
    }
    if (count == 0) {
      if (layout.holdsBody()) {
        return Reading.REFUTED; // an empty body group holds no body
      }
      if (layout.content() != Layout.Content.TUPLES || c.head().isEmpty()) {
        return Reading.POSSIBLE; // no content to tell by
      }
      // the head (the legacy -K's root path) stands before the elements, whatever their count
    }
    // in quadlet-counted groups the first element must fit in the count
    long room = c.unit() == CountUnit.QUADLETS ? 4 * count : Long.MAX_VALUE;
    switch (layout.content()) {
      case MESSAGES:
        if (layout.holdsStream()) {
          if (q >= limit) {
            return Reading.UNDECIDED;
          }
          // a frame: a body (a JSON, CBOR or MessagePack map) or a counter, in either domain
          int b = s.at(q);
          boolean frame =
              ColdStartPoints.startsBody(b) || b == '-' || ColdStartPoints.startsQb2Counter(b);
          return frame ? Reading.POSSIBLE : Reading.REFUTED;
        }
        return counterFirst(d, s, q, limit); // one message: its body group comes first
      case GROUPS:
        return counterFirst(d, s, q, limit);
      case TEXTER:
        return matter(Slot.TEXTER, d, s, q, limit, room);
      case PATHED:
        return matter(Slot.PATHER, d, s, q, limit, room);
      case FIELDS: // a native body: its field groups were refuted above (not parsed in a run)
        {
          if (!c.isMapBody()) {
            return matter(Slot.VERSER, d, s, q, limit, room);
          }
          Reading label = matter(Slot.LABELER, d, s, q, limit, room);
          if (label != Reading.POSSIBLE) {
            return label;
          }
          MatterCode lc = TextScan.matterCode(d, s, q);
          if (lc.isVariable()) {
            return Reading.POSSIBLE; // not told by its first primitive
          }
          int next = q + (int) d.size(lc.fs());
          return matter(Slot.VERSER, d, s, next, limit, room - lc.fs());
        }
      case TUPLES:
        {
          Slot first = !c.head().isEmpty() ? c.head().get(0) : c.slot(0);
          if (first == Slot.SIGER) {
            return indexer(d, s, q, limit, room);
          }
          if (first.isMatter()) {
            return matter(first, d, s, q, limit, room);
          }
          if (!readable(d, q, 0, limit)) {
            return Reading.UNDECIDED;
          }
          return s.ch(d, q, 0) == '-' ? Reading.POSSIBLE : Reading.REFUTED; // a nested group
        }
      default:
        return Reading.POSSIBLE;
    }
  }

  /** Whether the content at {@code q} starts with a counter (a group or a genus-version code). */
  private static Reading counterFirst(Domain d, Source s, int q, int limit) {
    if (!readable(d, q, 0, limit)) {
      return Reading.UNDECIDED;
    }
    return s.ch(d, q, 0) == '-' ? Reading.POSSIBLE : Reading.REFUTED;
  }

  /** Whether a primitive that {@code slot} accepts, of at most {@code room} chars, starts at {@code q}. */
  private static Reading matter(Slot slot, Domain d, Source s, int q, int limit, long room) {
    if (!readable(d, q, 0, limit)) {
      return Reading.UNDECIDED;
    }
    int hs = MatterCode.hardSize(s.ch(d, q, 0));
    if (hs <= 0) {
      return Reading.REFUTED;
    }
    if (!readable(d, q, hs - 1, limit)) {
      return Reading.UNDECIDED;
    }
    MatterCode code = TextScan.matterCode(d, s, q);
    if (code == null || !slot.accepts(code)) {
      return Reading.REFUTED;
    }
    return code.minFullSize() > room ? Reading.REFUTED : Reading.POSSIBLE;
  }

  /** Whether an indexed signature of at most {@code room} chars starts at {@code q}. */
  private static Reading indexer(Domain d, Source s, int q, int limit, long room) {
    if (!readable(d, q, 0, limit)) {
      return Reading.UNDECIDED;
    }
    int c0 = s.ch(d, q, 0);
    int hs = IndexerCode.hardSize(c0);
    if (hs <= 0) {
      return Reading.REFUTED;
    }
    if (!readable(d, q, hs - 1, limit)) {
      return Reading.UNDECIDED;
    }
    IndexerCode code = TextScan.indexerCode(d, s, q);
    if (code == null) {
      return Reading.REFUTED;
    }
    return code.fs() > room ? Reading.REFUTED : Reading.POSSIBLE;
  }

  /** True if character {@code k} of the item at {@code p} in domain {@code d} is before {@code limit}. */
  private static boolean readable(Domain d, int p, int k, int limit) {
    return (long) p + (d == Domain.QB64 ? k : (6L * k + 5) / 8) < limit;
  }
}
