package dev.cesrj.group;

import dev.cesrj.testing.ErrorShape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.StreamGen.Grp;
import dev.cesrj.group.StreamGen.Stream;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Property;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Group framing in qb2 (CESR specification, "Concrete Domain representations"): a stream's qb2 form
 * (its Base64url decoding) frames to the groups of its qb64 form with the same values, sizes 3/4 as
 * large; cuts are truncations that need bytes, never characters; canonical checks and errors hold
 * on the bits of the binary form, at byte offsets. Seeded properties ({@link Property}).
 */
class Qb2FramingTest {
  private static final int CASES = 300;
  private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;
  private static final byte[] SIG = new byte[64];
  private static final byte[] KEY = new byte[32];

  static {
    for (int i = 0; i < 64; i++) {
      SIG[i] = (byte) (i * 7 + 1);
    }
    for (int i = 0; i < 32; i++) {
      KEY[i] = (byte) (i * 3 + 5);
    }
  }

  private static byte[] qb2(String qb64) {
    return Base64.getUrlDecoder().decode(qb64);
  }

  /**
   * The values of everything framed, with offsets and lengths in text units (a qb2 offset times
   * 4/3), so that a qb64 parse and a qb2 parse of the same stream compare equal.
   */
  static List<Object> values(byte[] input, CesrOptions options) {
    List<Object> out = new ArrayList<>();
    try (Groups groups = Groups.copyOf(input, options)) {
      while (groups.hasNext()) {
        try {
          out.add(values(groups.next()));
        } catch (CesrException e) {
          out.add(List.of(ErrorShape.of(e), text(e.offset(), input)));
          return out;
        }
      }
    }
    return out;
  }

  private static long text(long offset, byte[] input) {
    return input.length > 0 && Domain.ofCounterByte(input[0]) == Domain.QB2 ? offset / 3 * 4 : offset;
  }

  private static List<Object> values(Element e) {
    long scale = e.domain() == Domain.QB2 ? 4 : 3;
    List<Object> v = new ArrayList<>();
    v.add(e.getClass().getSimpleName());
    v.add(e.offset() * scale / 3);
    v.add(e.length() * scale / 3);
    v.add(e.qb64Text());
    v.add(ByteBufUtil.hexDump(e.qb2()));
    if (e instanceof Group) {
      Group g = (Group) e;
      v.add(List.of(g.code().code(), g.count(), g.depth(), g.table().name(), g.counterText(),
          (long) g.counterSize() * scale / 3));
      for (Element x : g.elements()) {
        v.add(values(x));
      }
    } else if (e instanceof Tuple) {
      for (Element x : ((Tuple) e).parts()) {
        v.add(values(x));
      }
    } else if (e instanceof Matter) {
      Matter m = (Matter) e;
      v.add(List.of(m.code().code(), m.soft(), HexFormat.of().formatHex(m.raw())));
    } else if (e instanceof IndexedSignature) {
      IndexedSignature s = (IndexedSignature) e;
      v.add(List.of(s.code().code(), s.index(), s.ondex(), HexFormat.of().formatHex(s.raw())));
    }
    return v;
  }

  /** Every generated stream gives the same groups and values in qb2 as in qb64. */
  @Test
  void qb2StreamsFrameToTheValuesOfTheirText() {
    Property.check("qb2 == qb64", CASES, 12, (rnd, size) -> {
      Stream s = new StreamGen(rnd, size, 4).stream();
      byte[] text = s.bytes();
      byte[] binary = qb2(s.text());
      assertEquals(text.length / 4 * 3, binary.length);
      List<Object> want = values(text, OPTIONS);
      assertEquals(s.groups().size(), want.size());
      assertEquals(want, values(binary, OPTIONS));
      // and the three group paths agree on the qb2 form too
      List<Object> copy = Snapshot.viaCopy(binary, OPTIONS);
      assertEquals(copy, Snapshot.viaOver(binary, OPTIONS));
      assertEquals(copy, Snapshot.viaLegacy(binary, OPTIONS));
    });
  }

  /**
   * Cut at every byte of the qb2 form: between groups a clean end; inside a group a truncation
   * at that group needing at least 1 and at most the missing bytes, exactly those once a quadlet
   * count is read.
   */
  @Test
  void everyCutOfAQb2StreamIsACleanEndOrATruncationInBytes() {
    Property.check("qb2 truncation", CASES, 6, (rnd, size) -> {
      Stream s = new StreamGen(rnd, size, 3).stream();
      byte[] binary = qb2(s.text());
      List<Integer> bounds = new ArrayList<>();
      for (int b : s.boundaries()) {
        bounds.add(b / 4 * 3);
      }
      int k = 0;
      for (int cut = 0; cut <= binary.length; cut++) {
        while (k + 1 < bounds.size() && bounds.get(k + 1) <= cut) {
          k++;
        }
        ByteBuf buf = Unpooled.wrappedBuffer(binary, 0, cut);
        TruncatedException truncated = null;
        int seen = 0;
        try (Groups groups = Groups.over(buf, OPTIONS)) {
          while (groups.hasNext()) {
            groups.next();
            seen++;
          }
        } catch (TruncatedException e) {
          truncated = e;
        }
        String where = "cut at " + cut + " of " + s.text();
        assertEquals(k, seen, where);
        if (bounds.get(k) == cut) {
          assertEquals(null, truncated, where);
          continue;
        }
        int start = bounds.get(k);
        int end = bounds.get(k + 1);
        assertTrue(truncated != null, where);
        assertTrue(truncated.needed() >= 1 && truncated.needed() <= end - cut, where + ": " + truncated);
        assertTrue(truncated.offset() >= start && truncated.offset() <= cut, where + ": " + truncated);
        Grp g = s.groups().get(k);
        if (g.code().unit() == CountUnit.QUADLETS && cut >= start + g.counterText().length() / 4 * 3) {
          assertEquals(end - cut, truncated.needed(), where);
          assertEquals(start, truncated.offset(), where);
        }
      }
    });
  }

  /** One random byte changed in the qb2 form: groups or a CesrException, the same on every path. */
  @Test
  void qb2CorruptionsGiveAParseOrACesrException() {
    Property.check("qb2 corruption", CASES, 8, (rnd, size) -> {
      byte[] binary = qb2(new StreamGen(rnd, size, 4).stream().text());
      for (int round = 0; round < 4; round++) {
        byte[] bad = binary.clone();
        int at = rnd.nextInt(bad.length);
        bad[at] = (byte) (rnd.nextBoolean() ? rnd.nextInt(256) : bad[at] ^ (1 << rnd.nextInt(8)));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
          List<Object> copy = Snapshot.viaCopy(bad, OPTIONS);
          assertEquals(copy, Snapshot.viaOver(bad, OPTIONS));
          assertEquals(copy, Snapshot.viaLegacy(bad, OPTIONS));
          values(bad, OPTIONS);
        }, () -> "byte " + at + " of " + HexFormat.of().formatHex(binary));
      }
    });
  }

  private static CesrException firstError(byte[] input, CounterTable table) {
    CesrOptions options = OPTIONS.toBuilder().defaultTable(table).build();
    try (Groups groups = Groups.copyOf(input, options)) {
      while (groups.hasNext()) {
        groups.next().signatures();
      }
    } catch (CesrException e) {
      return e;
    }
    throw new AssertionError("no error in " + HexFormat.of().formatHex(input));
  }

  private static String sig(int index) {
    return Qb64.indexer(IndexerCode.Ed25519_Sig, index, 0, SIG);
  }

  /** Non-zero pad bits after a qb2 code, in the Indexer's 16 code bits (12 code, 4 pad). */
  @Test
  void padBitsOfAQb2SignatureMustBeZero() {
    byte[] good = qb2("-AAB" + sig(0));
    assertEquals(1, values(good, CesrOptions.DEFAULT).size());
    for (int bit = 0; bit < 4; bit++) {
      byte[] bad = good.clone();
      bad[3 + 1] |= (byte) (1 << bit);
      CesrException e = firstError(bad, CounterTable.CESR_1_0);
      assertEquals(NonCanonicalException.class, e.getClass(), e.toString());
      assertEquals(3, e.offset());
    }
  }

  /** The pad bits of a one-character Matter code (6 code bits, 2 pad bits) and a lead byte. */
  @Test
  void padBitsAndLeadBytesOfQb2MatterMustBeZero() {
    String key = Qb64.matter(MatterCode.Ed25519, KEY);
    byte[] good = qb2(key);
    assertEquals(key, Matter.parseQb2(good).qb64Text());
    byte[] pad = good.clone();
    pad[0] |= 1;
    assertThrows(NonCanonicalException.class, () -> Matter.parseQb2(pad));
    String bytes = Qb64.variable('B', new byte[] {1, 2, 3, 4, 5}, false); // 5B: one lead byte
    byte[] lead = qb2(bytes);
    assertEquals(5, Matter.parseQb2(lead).raw().length);
    lead[3] = 1;
    NonCanonicalException e = assertThrows(NonCanonicalException.class, () -> Matter.parseQb2(lead));
    assertTrue(e.getMessage().contains("lead"), e.getMessage());
  }

  /** A current-only code with a non-zero ondex is not canonical in qb2 either. */
  @Test
  void ondexOfACurrentOnlyQb2SignatureMustBeZero() {
    String ok = Qb64.indexer(IndexerCode.Ed25519_Big_Crt_Sig, 5, 0, SIG);
    assertEquals(5, IndexedSignature.parseQb2(qb2(ok)).index());
    String bad = ok.substring(0, 4) + "AB" + ok.substring(6); // ondex chars 4..5 = 1
    assertThrows(NonCanonicalException.class, () -> IndexedSignature.parseQb2(qb2(bad)));
  }

  /** Content of a qb2 group is qb2: a qb64 counter inside is malformed, at its byte offset. */
  @Test
  void aQb64CounterInsideAQb2GroupIsMalformed() {
    byte[] wrapper = qb2("-VAX");
    byte[] inner = ("-AAB" + sig(0)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] input = new byte[wrapper.length + inner.length];
    System.arraycopy(wrapper, 0, input, 0, 3);
    System.arraycopy(inner, 0, input, 3, inner.length);
    // -VAX counts 23 triplets = 69 bytes: the 92 text bytes run past it, their first 69 are content
    CesrException e = firstError(input, CounterTable.CESR_1_0);
    assertEquals(MalformedException.class, e.getClass(), e.toString());
    assertEquals(3, e.offset());
    // and the nested ControllerIdxSigs of a qb2 TransLastIdxSigGroups tuple
    String prefix = Qb64.matter(MatterCode.Ed25519, KEY);
    byte[] head = qb2("-HAB" + prefix);
    byte[] sigs = ("-AAB" + sig(0)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] tuple = new byte[head.length + sigs.length];
    System.arraycopy(head, 0, tuple, 0, head.length);
    System.arraycopy(sigs, 0, tuple, head.length, sigs.length);
    CesrException nested = firstError(tuple, CounterTable.CESR_1_0);
    assertEquals(MalformedException.class, nested.getClass(), nested.toString());
    assertEquals(head.length, nested.offset());
  }

  /** Big counters (hs 3, 6 bytes in qb2) and genus-version codes frame in qb2, nested too. */
  @Test
  void bigCountersAndGenusVersionCodesInQb2() {
    String inner = "-_AAACAA" + "-KAs" + sig(0) + sig(1);            // 2.0 scoped to the group
    String big = Qb64.counter(CounterTable.CESR_1_0, 'V', inner.length() / 4, true) + inner;
    byte[] binary = qb2(big);
    List<Object> want = values(big.getBytes(java.nio.charset.StandardCharsets.US_ASCII), OPTIONS);
    assertEquals(want, values(binary, OPTIONS));
    try (Groups groups = Groups.copyOf(binary)) {
      Group g = groups.next();
      assertTrue(g.code().isBig() && g.name().endsWith("AttachmentGroup"), g.name());
      assertEquals(6, g.counterSize());
      assertEquals(binary.length, g.length());
      List<Group> nested = g.groups();
      assertEquals(List.of("KERIACDCGenusVersion", "ControllerIdxSigs"),
          List.of(nested.get(0).name(), nested.get(1).name()));
      assertEquals(6 + 6, nested.get(1).offset());
      assertEquals(CounterTable.CESR_2_0, nested.get(1).table());
      assertEquals(2, g.signatures().size());
      assertEquals(1, g.signatures().get(1).index());
    }
  }

  /** Unknown codes and op codes in qb2 are typed errors at the item's byte offset. */
  @Test
  void unknownCodesInQb2AreTypedAtTheirByteOffset() {
    // -A (3 bytes) then a signature whose first sextet is '9' (no Indexer code starts so)
    byte[] sigs = qb2("-AAB" + "9" + sig(0).substring(1));
    CesrException e = firstError(sigs, CounterTable.CESR_1_0);
    assertEquals(MalformedException.class, e.getClass(), e.toString());
    assertEquals(3, e.offset());
    // qb2 op code (first sextet 63): no counter
    assertEquals(ColdStartException.class, firstError(new byte[] {(byte) 0xFF, 0, 0}, CounterTable.CESR_1_0)
        .getClass());
    // a qb2 counter code the table lacks
    CesrException unknown = firstError(qb2("-zAB"), CounterTable.CESR_1_0);
    assertEquals(UnknownCodeException.class, unknown.getClass());
    assertEquals("-z", unknown.code());
  }
}
