package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.StreamGen.Grp;
import dev.cesrj.group.StreamGen.Stream;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Property;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Properties of group framing over random attachment streams made by {@link StreamGen} (seeded,
 * see {@link Property}: {@code -Dcesrj.seed=N} replays another run).
 */
class GroupPropertiesTest {
  private static final int CASES = 500;
  private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

  /** Every generated stream parses back to exactly the values it was encoded from. */
  @Test
  void groupsGiveBackTheEncodedValues() {
    Property.check("round trip", CASES, 12, (rnd, size) -> {
      Stream s = new StreamGen(rnd, size, 4).stream();
      try (Groups groups = Groups.copyOf(s.bytes())) {
        long offset = 0;
        for (Grp spec : s.groups()) {
          assertTrue(groups.hasNext(), "missing group at " + offset);
          assertEquals(offset, groups.position());
          Group g = groups.next();
          Expect.group(spec, g, offset, 1);
          offset += spec.qb64().length();
        }
        assertFalse(groups.hasNext());
        assertEquals(s.text().length(), groups.position());
      }
    });
  }

  /** Groups.copyOf, Groups.over and a loop of parseGroup give the same groups. */
  @Test
  void groupsAndLegacyParseGroupAgree() {
    Property.check("Groups == parseGroup", CASES, 12, (rnd, size) -> {
      byte[] bytes = new StreamGen(rnd, size, 4).stream().bytes();
      List<Object> copy = Snapshot.viaCopy(bytes, OPTIONS);
      assertEquals(List.of("end"), copy.get(copy.size() - 1));
      assertEquals(copy, Snapshot.viaOver(bytes, OPTIONS));
      assertEquals(copy, Snapshot.viaLegacy(bytes, OPTIONS));
    });
  }

  /**
   * Cut at every byte: between groups the prefix ends cleanly after the whole groups; inside a
   * group it gives a TruncatedException (never another type) at that group, needing at least one
   * and at most the missing bytes of the group (exactly those once a quadlet count is read), and
   * the over() reader index stays at the group's start.
   */
  @Test
  void everyCutIsACleanEndOrATruncation() {
    Property.check("truncation", CASES, 6, (rnd, size) -> {
      Stream s = new StreamGen(rnd, size, 3).stream();
      byte[] bytes = s.bytes();
      List<Integer> bounds = s.boundaries();
      int k = 0;
      for (int cut = 0; cut <= bytes.length; cut++) {
        while (k + 1 < bounds.size() && bounds.get(k + 1) <= cut) {
          k++;
        }
        boolean between = bounds.get(k) == cut;
        checkCut(s, bytes, cut, k, between);
      }
    });
  }

  private static void checkCut(Stream s, byte[] bytes, int cut, int k, boolean between) {
    List<Integer> bounds = s.boundaries();
    ByteBuf buf = Unpooled.wrappedBuffer(bytes, 0, cut);
    int seen = 0;
    TruncatedException truncated = null;
    try (Groups groups = Groups.over(buf, OPTIONS)) {
      while (groups.hasNext()) {
        groups.next();
        seen++;
      }
    } catch (TruncatedException e) {
      truncated = e;
    } catch (CesrException e) {
      throw new AssertionError("cut at " + cut + " of " + s.text() + ": " + e, e);
    }
    if (between) {
      assertEquals(null, truncated, "cut at " + cut + " between groups");
      assertEquals(k, seen, "groups before cut " + cut);
      assertEquals(cut, buf.readerIndex());
      return;
    }
    String where = "cut at " + cut + " inside group " + k + " of " + s.text();
    if (truncated == null) {
      fail(where + ": no TruncatedException");
    }
    int start = bounds.get(k);
    int end = bounds.get(k + 1);
    assertEquals(k, seen, where);
    assertEquals(start, buf.readerIndex(), where + ": reader index");
    assertTrue(truncated.offset() >= start && truncated.offset() <= cut, where + ": " + truncated);
    assertTrue(truncated.needed() >= 1, where + ": " + truncated);
    assertTrue(truncated.needed() <= end - cut, where + ": needs more than missing: " + truncated);
    Grp g = s.groups().get(k);
    if (g.code().unit() == CountUnit.QUADLETS && cut >= start + g.counterText().length()) {
      assertEquals(end - cut, truncated.needed(), where);
      assertEquals(start, truncated.offset(), where);
      assertEquals(g.code().code(), truncated.code(), where);
    }
    // the per-group baseline reports the same truncation
    CesrException legacy = null;
    try (ParsedGroup pg = LegacyGroupParser.parseGroup(
        java.util.Arrays.copyOf(bytes, cut), start, g.table(), OPTIONS)) {
      fail(where + ": parseGroup gave " + pg.group());
    } catch (CesrException e) {
      legacy = e;
    }
    assertEquals(Snapshot.end(truncated), Snapshot.end(legacy), where);
  }

  /**
   * One random byte changed: every path gives a valid parse or a CesrException, never another
   * exception and never a hang, and all paths agree; decoding the views' raw values of a
   * framed group fails, if at all, with a MalformedException.
   */
  @Test
  void singleByteCorruptionsGiveAValidParseOrACesrException() {
    Property.check("corruption", CASES, 8, (rnd, size) -> {
      byte[] bytes = new StreamGen(rnd, size, 4).stream().bytes();
      for (int round = 0; round < 4; round++) {
        byte[] bad = bytes.clone();
        int at = rnd.nextInt(bad.length);
        int value = rnd.nextInt(4) == 0
            ? rnd.nextInt(256)
            : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".charAt(rnd.nextInt(64));
        bad[at] = (byte) value;
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
          List<Object> copy = Snapshot.viaCopy(bad, OPTIONS);
          assertEquals(copy, Snapshot.viaOver(bad, OPTIONS), "over vs copyOf");
          assertEquals(copy, Snapshot.viaLegacy(bad, OPTIONS), "parseGroup vs copyOf");
          decodeEverything(bad);
        }, () -> "byte " + at + " set to " + value);
      }
    });
  }

  /**
   * Hostile input: streams of random tokens (counters of every code of both tables with random
   * counts, signatures, primitives, Base64 noise, stray bytes) read with random limits and
   * tables. Every path gives groups or a CesrException, never another exception or a hang, and
   * all paths agree.
   */
  @Test
  void randomTokenStreamsGiveAParseOrACesrException() {
    Property.check("random tokens", CASES, 16, (rnd, size) -> {
      StreamGen gen = new StreamGen(rnd, size, 3);
      StringBuilder sb = new StringBuilder();
      int tokens = 1 + rnd.nextInt(2 * size);
      for (int i = 0; i < tokens; i++) {
        sb.append(token(rnd, gen));
      }
      byte[] bytes = sb.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      CesrOptions options = CesrOptions.builder()
          .maxFrameBytes(rnd.nextBoolean() ? 4 + rnd.nextInt(2000) : Integer.MAX_VALUE)
          .maxDepth(1 + rnd.nextInt(8))
          .defaultTable(rnd.nextBoolean() ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0)
          .build();
      assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        List<Object> copy = Snapshot.viaCopy(bytes, options);
        assertEquals(copy, Snapshot.viaOver(bytes, options), "over vs copyOf");
        assertEquals(copy, Snapshot.viaLegacy(bytes, options), "parseGroup vs copyOf");
      }, () -> sb.toString());
    });
  }

  private static String token(java.util.SplittableRandom rnd, StreamGen gen) {
    CounterTable t = rnd.nextBoolean() ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0;
    switch (rnd.nextInt(8)) {
      case 0:
      case 1: {
        List<CounterCode> codes = t.codes();
        CounterCode c = codes.get(rnd.nextInt(codes.size()));
        long count = rnd.nextInt(3) == 0 ? rnd.nextLong(c.maxCount() + 1) : rnd.nextInt(8);
        return c.unit() == CountUnit.NONE
            ? Qb64.genusVersion(rnd.nextInt(4), rnd.nextInt(4096))
            : Qb64.counter(c, count);
      }
      case 2:
        return gen.sig().qb64();
      case 3:
        return gen.group(t, 1).qb64();
      case 4:
        return gen.matterFor(dev.cesrj.code.Slot.NONCER).qb64();
      case 5: {
        StringBuilder noise = new StringBuilder();
        for (int i = rnd.nextInt(12); i > 0; i--) {
          noise.append(dev.cesrj.internal.B64.charOf(rnd.nextInt(64)));
        }
        return noise.toString();
      }
      case 6:
        return String.valueOf((char) rnd.nextInt(256));
      default:
        return "-" + (char) rnd.nextInt(128);
    }
  }

  private static void decodeEverything(byte[] input) {
    try (Groups groups = Groups.copyOf(input)) {
      while (groups.hasNext()) {
        Group g;
        try {
          g = groups.next();
        } catch (CesrException e) {
          return;
        }
        decode(g.elements());
        for (IndexedSignature s : g.signatures()) {
          decodeRaw(s);
        }
      }
    }
  }

  private static void decode(List<Element> elements) {
    for (Element e : elements) {
      if (e instanceof Group) {
        decode(((Group) e).elements());
      } else if (e instanceof Tuple) {
        decode(((Tuple) e).parts());
      } else {
        decodeRaw(e);
      }
    }
  }

  private static void decodeRaw(Element e) {
    try {
      if (e instanceof Matter) {
        ((Matter) e).raw();
        ((Matter) e).soft();
      } else if (e instanceof IndexedSignature) {
        ((IndexedSignature) e).raw();
        ((IndexedSignature) e).index();
        ((IndexedSignature) e).ondex();
      }
    } catch (MalformedException expected) {
      // a value character that is not Base64url: checked only when decoded (TextScan Javadoc)
    }
  }
}
