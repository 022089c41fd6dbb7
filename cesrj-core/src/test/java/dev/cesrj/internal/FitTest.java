package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.testing.Property;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Fit}, the one "need more" result of the framing layers (issue 33, item 2), and the modes
 * the framer is given instead of holding them in fields: a caller's fit records a cut, {@link
 * Fit#THROWING} throws the {@link TruncatedException} the cut carries, {@link GroupTape#NONE}
 * records nothing.
 *
 * <p>The scanners and the counter reader are checked as {@link FrameOrCutTest} checks whole
 * groups: every primitive and counter of every corpus attachment group (qb64 and qb2), cut after
 * each of its bytes with a seeded {@code rest}, and seeded one-byte mutants of them, give the same
 * outcome in both modes: a cut needing exactly the {@link TruncatedException#needed()} of the
 * throwing mode, the same scan, or the same error (class, kind, offset, message).
 */
class FitTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;

  // ---- the result itself ----

  @Test
  void aCutHasNoEndAndAWholeItemNeedsNothing() {
    Fit fit = new Fit();
    assertEquals(Fit.Verdict.PENDING, fit.verdict());
    assertFalse(fit.isCut());
    assertEquals(
        "nothing framed yet: no end",
        assertThrows(IllegalStateException.class, fit::end).getMessage());
    assertEquals(
        "nothing framed yet: no bytes needed",
        assertThrows(IllegalStateException.class, fit::needed).getMessage());
    assertEquals(Fit.Verdict.CUT, fit.cut(7));
    assertTrue(fit.isCut());
    assertEquals(7, fit.needed());
    IllegalStateException noEnd = assertThrows(IllegalStateException.class, fit::end);
    assertEquals("a cut item has no end: it needs 7 more bytes", noEnd.getMessage());
    assertEquals(Fit.Verdict.WHOLE, fit.whole(92));
    assertFalse(fit.isCut());
    assertEquals(92, fit.end());
    assertThrows(IllegalStateException.class, fit::needed);
    fit.cut(3);
    fit.reset(); // neither the old cut nor an end of 0 can be read after a reset
    assertEquals(Fit.Verdict.PENDING, fit.verdict());
    assertFalse(fit.isCut());
    assertThrows(IllegalStateException.class, fit::end);
    assertThrows(IllegalStateException.class, fit::needed);
  }

  @Test
  void throwingRecordsNothingAndThrowsTheTruncationTheCutCarries() {
    Fit t = Fit.THROWING;
    assertTrue(t.throwsCuts());
    assertFalse(new Fit().throwsCuts());
    assertThrows(IllegalStateException.class, t::reset);
    assertThrows(IllegalStateException.class, () -> t.whole(4));
    assertThrows(IllegalStateException.class, () -> t.cut(4));

    TruncatedException p =
        assertThrows(TruncatedException.class, () -> t.primitiveCut(12, "A", Slot.SIGER, 80));
    assertTruncation(p, 12, "A", "an indexed signature", 80);
    TruncatedException any =
        assertThrows(TruncatedException.class, () -> t.primitiveCut(3, null, null, 4));
    assertTruncation(any, 3, null, "a Matter primitive", 4);
    TruncatedException rest =
        assertThrows(TruncatedException.class, () -> t.restCut(5, "-A", "ControllerIdxSigs", 9));
    assertTruncation(rest, 5, "-A", "the rest of ControllerIdxSigs", 9);
    TruncatedException counter =
        assertThrows(TruncatedException.class, () -> t.counterCut(0, null, 2));
    assertTruncation(counter, 0, null, "a counter", 2);
    // still nothing recorded
    assertFalse(t.isCut());
    assertEquals(Fit.Verdict.PENDING, t.verdict());

    Fit mine = new Fit();
    mine.primitiveCut(12, "A", Slot.SIGER, 80);
    assertEquals(80, mine.needed());
    mine.more(8);
    assertEquals(88, mine.needed());
    // the truncation it stands for, with the bytes added: Errors.needingMore of the thrown one
    assertEquals(
        Truncations.describe(Errors.needingMore(p, 8)), Truncations.describe(mine.error()));
  }

  @Test
  void aRecordedCutBuildsTheTruncationThrowingThrows() {
    Fit t = Fit.THROWING;
    Fit mine = new Fit();
    assertTrue(mine.isCut() == mine.isTruncation());
    assertEquals("not cut: no truncation",
        assertThrows(IllegalStateException.class, mine::error).getMessage());
    List<Runnable> cuts = List.of(
        () -> t.primitiveCut(12, "A", Slot.SIGER, 80),
        () -> t.primitiveCut(3, null, null, 4),
        () -> t.primitiveCut(7, "E", Slot.DIGER, 40),
        () -> t.restCut(5, "-A", "ControllerIdxSigs", 9),
        () -> t.counterCut(0, null, 2),
        () -> t.truncatedCut(299, "KERI10JSON00012b_", "the rest of the message body", 17));
    List<Runnable> records = List.of(
        () -> mine.primitiveCut(12, "A", Slot.SIGER, 80),
        () -> mine.primitiveCut(3, null, null, 4),
        () -> mine.primitiveCut(7, "E", Slot.DIGER, 40),
        () -> mine.restCut(5, "-A", "ControllerIdxSigs", 9),
        () -> mine.counterCut(0, null, 2),
        () -> mine.truncatedCut(299, "KERI10JSON00012b_", "the rest of the message body", 17));
    for (int i = 0; i < cuts.size(); i++) {
      TruncatedException thrown = assertThrows(TruncatedException.class, cuts.get(i)::run);
      mine.reset();
      records.get(i).run();
      assertTrue(mine.isTruncation());
      assertEquals(thrown.needed(), mine.needed());
      assertEquals(Truncations.describe(thrown), Truncations.describe(mine.error()));
      assertNotSame(mine.error(), mine.error()); // built per call, for the end of input only
    }
    // a bare cut (a layer's own "need more") carries none
    mine.cut(1);
    assertTrue(mine.isCut());
    assertFalse(mine.isTruncation());
    assertEquals("a bare cut carries no truncation",
        assertThrows(IllegalStateException.class, mine::error).getMessage());
    mine.whole(4);
    assertFalse(mine.isTruncation());
    assertFalse(t.isTruncation());
  }

  private static void assertTruncation(
      TruncatedException e, long offset, String code, String expected, long needed) {
    assertEquals(ErrorKind.TRUNCATED, e.kind());
    assertEquals(offset, e.offset());
    assertEquals(code, e.code());
    assertEquals(expected, e.expected());
    assertEquals(needed, e.needed());
  }

  @Test
  void theScanOfACutPrimitiveCannotBeReadAsASize() {
    assertThrows(IllegalStateException.class, () -> TextScan.size(TextScan.CUT_SCAN));
    byte[] b = ("E" + "A".repeat(43)).getBytes(StandardCharsets.US_ASCII);
    Source s = new Source(Unpooled.wrappedBuffer(b, 0, 10), 0);
    Fit fit = new Fit();
    long scanned = TextScan.matterScan(Domain.QB64, s, 0, 10, Slot.DIGER, 1 << 20, 4, fit);
    assertEquals(TextScan.CUT_SCAN, scanned);
    assertEquals(44 - 10 + 4, fit.needed());
    assertThrows(IllegalStateException.class, () -> TextScan.size(scanned));
  }

  // ---- the modes are passed, not held ----

  @Test
  void theFramersHoldNoModeFields() {
    for (Class<?> c : List.of(GroupFramer.class, NativeBodyFramer.class)) {
      for (Field f : c.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())) {
          assertNotEquals(GroupTape.class, f.getType(), c.getSimpleName() + "." + f.getName());
          assertNotEquals(Fit.class, f.getType(), c.getSimpleName() + "." + f.getName());
        }
      }
    }
  }

  private static String sig(int index) {
    return new String(SignatureStreams.ed25519Sig(index, new byte[64]), StandardCharsets.US_ASCII);
  }

  @Test
  void aFramerKeepsNoModeAfterAnErrorOrACut() {
    // a ControllerIdxSigs whose signature is not one, then a whole one cut 42 bytes short
    String bad = "-AAB" + "#" + sig(0).substring(1);
    String good = "-AAB" + sig(1);
    byte[] b = (bad + good).getBytes(StandardCharsets.US_ASCII);
    int limit = b.length - 42;
    GroupFramer framer = new GroupFramer(new Source(Unpooled.wrappedBuffer(b, 0, limit), 0),
        CesrOptions.DEFAULT);
    Fit fit = new Fit();
    GroupTape tape = new GroupTape();
    MalformedException e = assertThrows(MalformedException.class,
        () -> framer.frameOrCut(0, limit, V1, 1, tape, fit));
    assertEquals(4, e.offset());
    // the next framing throws its cut: the caller's fit from before is not the framer's mode
    TruncatedException t =
        assertThrows(TruncatedException.class, () -> framer.group(92, limit, V1, 1));
    assertEquals(42, t.needed());
    assertEquals(Fit.Verdict.CUT, framer.frameOrCut(92, limit, V1, 1, tape, fit));
    assertEquals(42, fit.needed());
    int size = tape.size();
    // and after a recorded cut, a whole-buffer framing throws again, recording nothing on NONE
    assertThrows(TruncatedException.class, () -> framer.group(92, limit, V1, 1, GroupTape.NONE));
    assertEquals(size, tape.size());
    assertEquals(42, fit.needed());
  }

  @Test
  void theTapeNoneRecordsNothing() {
    assertFalse(GroupTape.NONE.records());
    assertTrue(new GroupTape().records());
    byte[] b = ("-AAC" + sig(0) + sig(1)).getBytes(StandardCharsets.US_ASCII);
    GroupFramer framer =
        new GroupFramer(new Source(Unpooled.wrappedBuffer(b), 0), CesrOptions.DEFAULT);
    GroupTape tape = new GroupTape();
    assertEquals(b.length, framer.group(0, b.length, V1, 1, tape));
    assertEquals(4, tape.size()); // start, two signatures, end
    assertEquals(b.length, framer.group(0, b.length, V1, 1, GroupTape.NONE));
    Fit fit = new Fit();
    assertEquals(Fit.Verdict.WHOLE, framer.frameOrCut(0, b.length, V1, 1, GroupTape.NONE, fit));
    assertEquals(b.length, fit.end());
    assertEquals(0, GroupTape.NONE.size());
    assertThrows(IllegalStateException.class,
        () -> GroupTape.NONE.matter(0, 4, MatterCode.values()[0], 1, Domain.QB64));
    assertEquals(0, GroupTape.NONE.size());
  }

  // ---- both modes agree, item by item ----

  /** A corpus group's bytes, the table it was read with and its items as the framer records them. */
  private record Sample(byte[] bytes, CounterTable table, GroupTape tape, String where) {}

  private static List<Sample> corpusGroups() {
    List<Sample> out = new ArrayList<>();
    for (CorpusGroupBytes.Sample g : CorpusGroupBytes.bothDomains()) {
      GroupTape tape = new GroupTape();
      new GroupFramer(new Source(Unpooled.wrappedBuffer(g.bytes()), 0), CesrOptions.DEFAULT)
          .group(0, g.bytes().length, g.table(), 1, tape);
      out.add(new Sample(g.bytes(), g.table(), tape, g.where()));
    }
    return out;
  }

  /** What one item kind is scanned or read with, in one mode. */
  private enum Item { MATTER, INDEXER, COUNTER }

  /**
   * What reading the item of kind {@code item} at {@code pos} of {@code b[0, limit)} gave, in
   * words: {@code "whole ..."}, {@code "cut <needed>"} or the error; with a caller's fit ({@code
   * caller}) or {@link Fit#THROWING}.
   */
  private static String outcome(
      byte[] b, int pos, int limit, Domain d, Item item, CounterTable table, long rest,
      boolean caller) {
    Source s = new Source(Unpooled.wrappedBuffer(b, 0, limit), 0);
    Fit fit = caller ? new Fit() : Fit.THROWING;
    try {
      switch (item) {
        case MATTER: {
          long scanned = TextScan.matterScan(d, s, pos, limit, null, 1 << 20, rest, fit);
          if (fit.isCut()) {
            assertEquals(TextScan.CUT_SCAN, scanned);
            return cut(fit);
          }
          return "whole " + TextScan.size(scanned) + " " + TextScan.matterCodeOf(scanned);
        }
        case INDEXER: {
          long scanned = TextScan.indexerScan(d, s, pos, limit, rest, fit);
          if (fit.isCut()) {
            assertEquals(TextScan.CUT_SCAN, scanned);
            return cut(fit);
          }
          return "whole " + TextScan.size(scanned) + " " + TextScan.indexerCodeOf(scanned);
        }
        default: {
          GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
          if (caller) {
            int size = framer.counterOrCut(pos, limit, table, rest, fit);
            if (fit.isCut()) {
              assertEquals(Fit.CUT_END, size);
              return cut(fit);
            }
            return "whole " + size + " " + framer.code() + " " + framer.count();
          }
          int fs = framer.counter(pos, limit, table, rest);
          return "whole " + fs + " " + framer.code() + " " + framer.count();
        }
      }
    } catch (TruncatedException e) {
      assertFalse(caller, "a caller's fit records a cut, it is not thrown: " + e);
      return "cut " + e.needed() + " " + Truncations.describe(e);
    } catch (CesrException e) {
      return e.getClass().getSimpleName() + " " + e.kind() + " @" + e.offset() + " "
          + e.getMessage();
    }
  }

  /**
   * A caller's recorded cut in words: its figure and every fact of the truncation it builds,
   * which must be those of the one {@link Fit#THROWING} throws.
   */
  private static String cut(Fit fit) {
    assertTrue(fit.isTruncation(), "a scanner's cut carries its truncation");
    TruncatedException e = fit.error();
    assertEquals(fit.needed(), e.needed());
    return "cut " + fit.needed() + " " + Truncations.describe(e);
  }

  @Test
  void everyCutOfEveryCorpusItemIsRecordedAsTheThrowingModeThrowsIt() {
    List<Sample> all = corpusGroups();
    assertTrue(all.size() > 800, "groups " + all.size());
    SplittableRandom random = Property.random("FitTest.items");
    int[] seen = new int[4]; // whole, cut, error, mutants
    for (Sample g : Property.spread(all)) {
      GroupTape t = g.tape();
      for (int i = 0; i < t.size(); i++) {
        Item item;
        switch (t.step(i)) {
          case MATTER:
            item = Item.MATTER;
            break;
          case INDEXER:
            item = Item.INDEXER;
            break;
          case GROUP_START:
          case GENUS_VERSION:
            item = Item.COUNTER;
            break;
          default:
            continue;
        }
        int start = t.start(i);
        int end = item == Item.COUNTER
            ? Math.min(g.bytes().length, start + (int) t.domain(i).size(8))
            : start + t.length(i);
        for (int limit = start; limit <= end; limit++) {
          long rest = random.nextInt(200);
          compare(g.bytes(), start, limit, t.domain(i), item, g, rest, seen);
        }
        // a one-byte mutant of the item, read whole
        byte[] m = g.bytes().clone();
        m[start + random.nextInt(end - start)] = (byte) random.nextInt(256);
        compare(m, start, end, t.domain(i), item, g, random.nextInt(200), seen);
        seen[3]++;
      }
    }
    assertTrue(seen[0] > 1_000, "wholes " + seen[0]);
    assertTrue(seen[1] > 50_000, "cuts " + seen[1]);
    assertTrue(seen[2] > 100, "errors " + seen[2]);
  }

  private static void compare(
      byte[] b, int pos, int limit, Domain d, Item item, Sample g, long rest, int[] seen) {
    String where = g.where() + " " + item + " @" + pos + " cut at " + limit + " rest " + rest;
    String thrown = outcome(b, pos, limit, d, item, g.table(), rest, false);
    String recorded = outcome(b, pos, limit, d, item, g.table(), rest, true);
    assertEquals(thrown, recorded, where);
    seen[thrown.startsWith("whole") ? 0 : thrown.startsWith("cut") ? 1 : 2]++;
  }

  @Test
  void counterOrCutNamesACodeTheBytesRuleOutWithoutWaiting() {
    // -z is no counter code of CESR 1.0: unknown with one character of its count at hand
    byte[] b = "-zA".getBytes(StandardCharsets.US_ASCII);
    GroupFramer framer =
        new GroupFramer(new Source(Unpooled.wrappedBuffer(b), 0), CesrOptions.DEFAULT);
    Fit fit = new Fit();
    CesrException e =
        assertThrows(CesrException.class, () -> framer.counterOrCut(0, 3, V1, 0, fit));
    assertEquals(ErrorKind.UNKNOWN_CODE, e.kind());
    assertEquals(Fit.CUT_END, framer.counterOrCut(0, 1, V1, 0, fit));
    assertEquals(Fit.Verdict.CUT, fit.verdict());
    assertEquals(3, fit.needed());
  }
}
