package dev.cesrj.fuzz;

import dev.cesrj.testing.ErrorShape;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.group.LegacyGroupParser;
import dev.cesrj.group.ParsedGroup;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Domains;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;

/**
 * Coverage-guided fuzz targets for every public entry point. Whatever the bytes, a target may end
 * only cleanly or with a {@link CesrException}; anything else (IndexOutOfBounds, NullPointer,
 * Arithmetic, IllegalArgument, OutOfMemory, a hang) fails it, and so does any disagreement
 * between the copy-once, zero-copy and per-group paths.
 *
 * <p>The normal test run replays the committed inputs in
 * {@code src/test/resources/dev/cesrj/fuzz/FuzzTargetsTestInputs/<method>/}; {@code .ci/run}
 * fuzzes each target for a bounded time with {@code JAZZER_FUZZ=1}. Those inputs are bytes cut
 * from the corpus ({@code src/test/resources/corpus/A}: its streams and primitives) followed by
 * the choices a target makes with {@link FuzzedDataProvider}, which reads them from the end (for
 * {@link #converters} the last byte picks the entry point, the one before it the table). {@code
 * converters/native-body-in-qb2-generic-group-*} wrap the third message of {@code
 * kel_single.v1.bare.qb2.cesr} (a JSON ixn and its qb2 signatures) in a qb2 GenericGroup, one per
 * entry point: the shape of a CI finding of 2026-12-01, which the property then wrongly refused.
 * {@code converters/native-body-*} are CESR-native bodies in qb64 (keripy's BodyWithAttachmentGroup
 * of native messages, a lone MapBodyGroup, one in an envelope in an AttachmentGroup), which
 * {@code Domains} converted into qb2 that cesrj could not read as messages. The target of the
 * {@code cesrj inspect} tool is {@code CliFuzzTargetsTest} in cesrj-cli.
 */
@Tag("fuzz")
class FuzzTargetsTest {
  private static final CesrOptions SMALL =
      CesrOptions.builder()
          .allocator(PooledByteBufAllocator.DEFAULT)
          .maxFrameBytes(1 << 20)
          .build();

  /**
   * Groups over a copy (heap buffer: the array fast path), over a borrowed direct buffer (the
   * checked path) and the per-group loop agree, under fuzzer-chosen table, frame limit and depth.
   */
  @FuzzTest(maxDuration = "60s")
  void groups(FuzzedDataProvider data) {
    boolean legacy = data.consumeBoolean();
    CounterTable table = data.consumeBoolean() ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0;
    // small limits too, so that every path's frame-size check is exercised
    long maxFrame = data.consumeBoolean() ? 1 << 20 : data.consumeInt(4, 4096);
    int maxDepth = data.consumeInt(1, 8);
    byte[] input = data.consumeRemainingAsBytes();
    CesrOptions options =
        SMALL.toBuilder()
            .defaultTable(table)
            .legacyCesr10(legacy)
            .maxFrameBytes(maxFrame)
            .maxDepth(maxDepth)
            .build();
    List<String> copied = describeGroups(input, options, false);
    List<String> borrowed = describeGroups(input, options, true);
    assertEquals(copied, borrowed);
    assertEquals(copied, describeLegacy(input, options));
  }

  /** Messages over a whole stream: clean or typed error. */
  @FuzzTest(maxDuration = "60s")
  void messages(FuzzedDataProvider data) {
    CesrOptions options = SMALL.toBuilder().legacyCesr10(data.consumeBoolean()).build();
    byte[] input = data.consumeRemainingAsBytes();
    try (Messages messages = Messages.copyOf(input, options)) {
      for (Message m : messages) {
        m.body().readableBytes();
        for (Group g : m.groups()) {
          touch(g);
        }
        for (Message n : m.nested()) {
          n.signatures();
        }
      }
    } catch (CesrException expected) {
      // typed rejection is a clean result
    }
  }

  /**
   * The push parser, fed the input in fuzzer-chosen chunks (as {@code byte[]} or as pooled
   * buffers it takes over), frames exactly what the whole-buffer {@code Messages} frames: the same
   * messages and the same first error (type and offset). Then, on a second parser, skipping to
   * the next cold-start point after every error ends cleanly: each call makes progress, reports a
   * typed error or asks for bytes.
   */
  @FuzzTest(maxDuration = "60s")
  void streaming(FuzzedDataProvider data) {
    CesrOptions options = SMALL.toBuilder().legacyCesr10(data.consumeBoolean()).build();
    int maxChunk = data.consumeInt(1, 512);
    long seed = data.consumeLong();
    boolean buffers = data.consumeBoolean();
    byte[] input = data.consumeRemainingAsBytes();
    List<String> whole = new ArrayList<>();
    try (Messages messages = Messages.copyOf(input, options)) {
      for (Message m : messages) {
        whole.add(describe(m));
      }
    } catch (CesrException e) {
      whole.add(ErrorShape.of(e) + "@" + e.offset());
    }
    List<String> streamed = new ArrayList<>();
    SplittableRandom chunks = new SplittableRandom(seed);
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      int i = 0;
      Framed f = null;
      while (i < input.length && (f == null || !f.failed())) {
        int n = Math.min(chunks.nextInt(1, maxChunk + 1), input.length - i);
        f = buffers
            ? parser.feed(options.allocator().directBuffer(n).writeBytes(input, i, n))
            : parser.feed(input, i, n);
        i += n;
        describe(f, streamed);
      }
      if (f == null || !f.failed()) {
        describe(parser.endOfInput(), streamed);
      }
    }
    assertEquals(whole, streamed);
    long steps = 0;
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      Framed f = parser.feed(input);
      while (true) {
        steps++;
        if (steps > 2L * input.length + 4) {
          throw new AssertionError("no progress after " + steps + " calls");
        }
        if (f.failed()) {
          f = parser.skipToColdStart();
        } else if (f.buffered() > 0) {
          f = parser.endOfInput();
          if (!f.failed()) {
            assertEquals(0, f.buffered());
            break;
          }
        } else {
          break;
        }
        f.messages().forEach(FuzzTargetsTest::describe);
      }
    }
  }

  private static void describe(Framed f, List<String> out) {
    for (Message m : f.messages()) {
      out.add(describe(m));
    }
    f.error().ifPresent(e -> out.add(ErrorShape.of(e) + "@" + (f.offsetBase() + e.offset())));
  }

  /** A message's framing facts and signatures; a lazily found error is part of the text. */
  private static String describe(Message m) {
    StringBuilder sb = new StringBuilder(m.toString()).append(' ').append(m.table());
    for (Group g : m.groups()) {
      sb.append(' ').append(g);
    }
    try {
      for (IndexedSignature s : m.signatures()) {
        sb.append(' ').append(s.qb64Text());
      }
    } catch (CesrException e) {
      sb.append(" !").append(ErrorShape.of(e)).append('@').append(e.offset());
    }
    for (Message n : m.nested()) {
      sb.append(" [").append(describe(n)).append(']');
    }
    return sb.toString();
  }

  /** Single primitives from text. */
  @FuzzTest(maxDuration = "60s")
  void primitives(FuzzedDataProvider data) {
    boolean indexed = data.consumeBoolean();
    String text = data.consumeRemainingAsAsciiString();
    try {
      if (indexed) {
        IndexedSignature sig = IndexedSignature.parse(text);
        sig.index();
        sig.ondex();
        assertEquals(text, sig.qb64Text());
      } else {
        Matter m = Matter.parse(text);
        m.soft();
        assertEquals(text, m.qb64Text());
      }
    } catch (CesrException expected) {
      // typed rejection is a clean result
    }
  }

  /**
   * The qb64/qb2 converters ({@link Domains}) on a primitive, a group, an attachment run or a
   * message stream (the fuzzer picks which, and the table): each conversion ends cleanly or with
   * a {@link CesrException}; what converts to one domain converts to the other, but for what
   * {@link Domains} documents has no form in the other (an {@link UnsupportedException}: a JSON,
   * CBOR or MessagePack body in a GenericGroup, a CESR-native body to qb2), and the converted
   * forms convert back: {@code qb64 -> qb2 -> qb64} and {@code qb2 -> qb64 -> qb2} are
   * identities.
   */
  @FuzzTest(maxDuration = "60s")
  void converters(FuzzedDataProvider data) {
    int which = data.consumeInt(0, 3);
    CounterTable table = data.consumeBoolean() ? CounterTable.CESR_2_0 : CounterTable.CESR_1_0;
    byte[] input = data.consumeRemainingAsBytes();
    CesrOptions options = SMALL.toBuilder().defaultTable(table).build();
    switch (which) {
      case 0:
        primitiveRoundTrips(input);
        break;
      case 1:
        roundTrips(input, (in, to) -> Domains.group(in, to, options));
        break;
      case 2:
        roundTrips(input, (in, to) -> Domains.attachments(in, to, options));
        break;
      default:
        roundTrips(input, (in, to) -> Domains.messages(in, to, options));
    }
  }

  /** A converter of whole inputs to a domain. */
  private interface Converter {
    byte[] to(byte[] input, Domain target);
  }

  /**
   * Converts {@code input} to both domains. Input the converter accepts for one target it accepts
   * for the other, but for two documented exceptions ({@link Domains}), each an {@link
   * UnsupportedException} that says the body "has no form" in the target: a GenericGroup whose
   * sub-stream holds a JSON, CBOR or MessagePack body converts only to its own domain, and a
   * CESR-native body only to qb64. The two results convert into each other, and each converts to
   * its own domain unchanged.
   */
  private static void roundTrips(byte[] input, Converter c) {
    Conversion qb64 = Conversion.of(c, input, Domain.QB64);
    Conversion qb2 = Conversion.of(c, input, Domain.QB2);
    qb64.failsOnlyForANativeBodyIfConverts(qb2);
    qb2.failsOnlyForANativeBodyIfConverts(qb64);
    if (qb2.result != null && qb64.result != null) {
      assertArrayEquals(qb64.result, c.to(qb2.result, Domain.QB64), "qb2 -> qb64");
      assertArrayEquals(qb2.result, c.to(qb64.result, Domain.QB2), "qb64 -> qb2");
    }
    if (qb2.result != null) {
      assertArrayEquals(qb2.result, c.to(qb2.result, Domain.QB2), "qb2 -> qb2");
    }
    if (qb64.result != null) {
      assertArrayEquals(qb64.result, c.to(qb64.result, Domain.QB64), "qb64 -> qb64");
    }
  }

  /** One conversion's result, or the typed error it ended with. */
  private static final class Conversion {
    final Domain target;
    final byte[] result;
    final CesrException error;

    private Conversion(Domain target, byte[] result, CesrException error) {
      this.target = target;
      this.result = result;
      this.error = error;
    }

    static Conversion of(Converter c, byte[] input, Domain target) {
      try {
        return new Conversion(target, c.to(input, target), null);
      } catch (CesrException rejected) {
        return new Conversion(target, null, rejected);
      }
    }

    /**
     * Fails unless this conversion succeeded, or {@code other} failed too, or this one failed
     * only because a body has no form in this target.
     */
    void failsOnlyForANativeBodyIfConverts(Conversion other) {
      if (error == null || other.result == null) {
        return;
      }
      String why = "converts to " + other.target + " but not to " + target + ": " + error;
      Throwable root = error; // a GenericGroup in a run reports its own error as the cause
      while (root.getCause() != null) {
        root = root.getCause();
      }
      assertInstanceOf(UnsupportedException.class, root, why);
      assertTrue(root.getMessage().contains("body, which has no " + target + " form"), why);
    }
  }

  private static void primitiveRoundTrips(byte[] input) {
    String text = new String(input, StandardCharsets.ISO_8859_1);
    try {
      assertEquals(text, Domains.matterToQb64(Domains.matterToQb2(text)));
    } catch (CesrException rejected) {
      // typed rejection is a clean result
    }
    try {
      assertArrayEquals(input, Domains.matterToQb2(Domains.matterToQb64(input)));
    } catch (CesrException rejected) {
      // typed rejection is a clean result
    }
    try {
      assertEquals(text, Domains.signatureToQb64(Domains.signatureToQb2(text)));
    } catch (CesrException rejected) {
      // typed rejection is a clean result
    }
    try {
      assertArrayEquals(input, Domains.signatureToQb2(Domains.signatureToQb64(input)));
    } catch (CesrException rejected) {
      // typed rejection is a clean result
    }
  }

  private static List<String> describeGroups(byte[] input, CesrOptions options, boolean borrow) {
    List<String> out = new ArrayList<>();
    ByteBuf buf = null;
    if (borrow) {
      buf = options.allocator().directBuffer(input.length);
      buf.writeBytes(input);
    }
    try (Groups groups = borrow ? Groups.over(buf, options) : Groups.copyOf(input, options)) {
      for (Group g : groups) {
        out.add(describe(g));
      }
    } catch (CesrException e) {
      out.add(ErrorShape.of(e) + "@" + e.offset());
    } finally {
      if (buf != null) {
        buf.release();
      }
    }
    return out;
  }

  private static List<String> describeLegacy(byte[] input, CesrOptions options) {
    List<String> out = new ArrayList<>();
    int offset = 0;
    CounterTable table = options.defaultTable();
    while (offset < input.length) {
      try (ParsedGroup p = LegacyGroupParser.parseGroup(input, offset, table, options)) {
        out.add(describe(p.group()));
        offset += p.consumed();
        table = p.nextTable();
      } catch (CesrException e) {
        out.add(ErrorShape.of(e) + "@" + e.offset());
        break;
      }
    }
    return out;
  }

  private static String describe(Group g) {
    StringBuilder sb = new StringBuilder(g.toString());
    touch(g);
    for (IndexedSignature s : g.signatures()) {
      sb.append(' ').append(s.code()).append(s.index()).append(s.ondex());
    }
    return sb.toString();
  }

  private static void touch(Group g) {
    for (Element e : g.elements()) {
      e.qb64().readableBytes();
      if (e instanceof Group) {
        touch((Group) e);
      }
    }
    g.signatures();
  }
}
