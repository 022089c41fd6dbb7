package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.bodyGroupV1;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What splitting {@link CesrCursor} into its token sources exposes: the per-depth state of the
 * messages mode (a {@link MessageLevel} per nested message, an {@link AttachmentLevel} per
 * AttachmentGroup), made once per depth up to {@link CesrOptions#maxDepth()} and reused from
 * stream to stream, must hold nothing over from a stream read in full, cut short by {@link
 * CesrCursor#reset}, or failed; and an empty GenericGroup, read from the message framer's record,
 * has the code of the table in force.
 */
class CursorLevelsTest {
  private static final int MAX_DEPTH = 7;
  private static final CesrOptions OPTIONS = CesrOptions.builder().maxDepth(MAX_DEPTH).build();

  /**
   * A CESR 1.0 message in a BodyWithAttachmentGroup ({@code -U}): the kel_single first body in a
   * NonNativeBodyGroup ({@code -W}), its {@code -AAB} signature, then, for {@code k > 0}, an
   * AttachmentGroup ({@code -V}) holding the same message of {@code k - 1}. The envelope of
   * {@code k} is at depth 1 and its innermost message at depth {@code 2k + 1}.
   */
  static byte[] nested(int k) {
    String content = bodyGroupV1(TestStreams.kelSingleFirstBody())
        + TestStreams.kelSingleFirstAttachments();
    if (k > 0) {
      String inner = new String(nested(k - 1), StandardCharsets.US_ASCII);
      content += counter("-V", inner.length() / 4) + inner;
    }
    return ascii(counter("-U", content.length() / 4) + content);
  }

  /** The greatest token depth of {@code lines} (each {@code "TOKEN offset+length dN ..."}). */
  private static int deepest(List<String> lines) {
    int max = 0;
    for (String l : lines) {
      String d = l.split(" ")[2];
      max = Math.max(max, Integer.parseInt(d.substring(1)));
    }
    return max;
  }

  @Test
  void nestedMessagesUpToTheDepthLimitGiveTheTokensOfTheirViews() {
    // nested(k): messages at depths 1, 3, ..., 2k + 1; the innermost's signature at 2k + 3
    for (int k = 0; 2 * k + 1 <= MAX_DEPTH - 1; k++) {
      byte[] s = nested(k);
      List<String> expected = CursorTokens.ofMessages(s, OPTIONS);
      assertEquals(2 * k + 3, deepest(expected), "nested(" + k + ")");
      assertEquals(k + 1, expected.stream().filter(l -> l.startsWith("MESSAGE_START")).count());
      assertEquals(expected,
          CursorTokens.ofCursor(CesrCursor.messages(OPTIONS), Unpooled.wrappedBuffer(s)));
      assertEquals(expected, CursorTokens.ofCursorChunked(
          CesrCursor.messages(OPTIONS), s, 1, Unpooled::buffer, null));
    }
    byte[] tooDeep = nested(MAX_DEPTH / 2);
    CesrException viaMessages = assertThrows(CesrException.class,
        () -> CursorTokens.ofMessages(tooDeep, OPTIONS));
    CesrException viaCursor = assertThrows(CesrException.class,
        () -> CursorTokens.ofCursor(CesrCursor.messages(OPTIONS), Unpooled.wrappedBuffer(tooDeep)));
    assertEquals(NestingTooDeepException.class, viaMessages.getClass());
    assertEquals(viaMessages.getClass(), viaCursor.getClass());
    assertEquals(viaMessages.offset(), viaCursor.offset());
    assertEquals(viaMessages.getMessage(), viaCursor.getMessage());
  }

  /**
   * One messages cursor reads a seeded random sequence of streams (nested ones to the depth
   * limit, GenericGroups, an empty GenericGroup, corpus KELs, one too deep), each read in full,
   * abandoned after a random number of tokens by {@code reset}, or failed: every stream read in
   * full gives the tokens a new cursor gives, and the one too deep the same error each time.
   */
  @Test
  void levelsAreReusedAcrossStreamsCutShortAndFailed() {
    List<byte[]> streams = new ArrayList<>();
    for (int k = 0; 2 * k + 1 <= MAX_DEPTH - 1; k++) {
      streams.add(nested(k));
    }
    byte[] aligned = GenericGroupTest.alignedV1Messages();
    streams.add(GenericGroupTest.generic("-T", concat(aligned, nested(1))));
    streams.add(concat(ascii("-_AAACAA"), ascii("-AAA")));
    streams.add(Corpus.bytes("kel_single.v1.bare.txt.cesr"));
    streams.add(Corpus.bytes("kel_delegated.v1.bare.txt.cesr"));
    byte[] tooDeep = nested(MAX_DEPTH / 2);
    List<List<String>> expected = new ArrayList<>();
    for (byte[] s : streams) {
      expected.add(CursorTokens.ofCursor(CesrCursor.messages(OPTIONS), Unpooled.wrappedBuffer(s)));
    }
    String tooDeepError = assertThrows(NestingTooDeepException.class,
        () -> CursorTokens.ofCursor(CesrCursor.messages(OPTIONS),
            Unpooled.wrappedBuffer(tooDeep))).getMessage();
    SplittableRandom random = Property.random("CursorLevelsTest");
    CesrCursor cursor = CesrCursor.messages(OPTIONS);
    int full = 0;
    int cut = 0;
    int failed = 0;
    for (int round = 0; round < Property.cases(400); round++) {
      int pick = random.nextInt(streams.size() + 1);
      if (pick == streams.size()) {
        NestingTooDeepException e = assertThrows(NestingTooDeepException.class,
            () -> CursorTokens.ofCursor(cursor, Unpooled.wrappedBuffer(tooDeep)));
        assertEquals(tooDeepError, e.getMessage());
        failed++;
        continue;
      }
      byte[] s = streams.get(pick);
      List<String> want = expected.get(pick);
      if (random.nextBoolean()) {
        assertEquals(want, CursorTokens.ofCursor(cursor, Unpooled.wrappedBuffer(s)),
            "stream " + pick);
        full++;
      } else {
        int stop = random.nextInt(want.size());
        cursor.reset(Unpooled.wrappedBuffer(s)).endOfInput();
        for (int i = 0; i < stop; i++) {
          cursor.next();
          assertEquals(want.get(i), CursorTokens.line(cursor), "stream " + pick + " token " + i);
        }
        cut++;
      }
    }
    assertTrue(full > 0 && cut > 0 && failed > 0, full + " " + cut + " " + failed);
  }

  /**
   * An empty GenericGroup after a genus-version code is its start and end, of the GenericGroup
   * code of the table that code selects (CESR 1.0 {@code -T}, 2.0 {@code -A}, legacy 1.0 {@code
   * -W}: CESR specification, "Count code tables"; keripy {@code src/keri/core/counting.py}), at
   * its offset, 4 bytes, depth 1, count 0. The legacy code {@code --AAA} reads as 2.0's
   * BigGenericGroup too, so the legacy stream is read with the legacy table as the default.
   */
  @Test
  void anEmptyGenericGroupHasTheCodeOfTheTableInForce() {
    String[][] cases = {
      {"-_AAABAA", "-TAA", "CESR_1_0"},
      {"-_AAACAA", "-AAA", "CESR_2_0"},
      {"--AAABAA", "-WAA", "CESR_1_0_LEGACY"},
    };
    for (String[] c : cases) {
      CounterTable table = CounterTable.valueOf(c[2]);
      CesrOptions options =
          table.isLegacy() ? CesrOptions.builder().defaultTable(table).build() : CesrOptions.DEFAULT;
      CesrCursor cursor = CesrCursor.messages(options);
      byte[] s = ascii(c[0] + c[1]);
      List<String> lines = CursorTokens.ofCursor(cursor, Unpooled.wrappedBuffer(s));
      String code = c[1].substring(0, 2) + "/" + c[2];
      long version = c[0].charAt(5) == 'C' ? 2 * 4096 : 4096; // "BAA" 1.0, "CAA" 2.0
      assertEquals(List.of(
          "GENUS_VERSION 0+8 d1 " + c[0].substring(0, 5) + " #" + version + " -> " + c[2],
          "GROUP_START 8+4 d1 qb64 " + code + " #0",
          "GROUP_END 8+4 d1 qb64 " + code + " #0"), lines, c[1]);
      cursor.reset(Unpooled.wrappedBuffer(s)).endOfInput();
      cursor.next();
      cursor.next();
      assertEquals(table, cursor.counterCode().table());
    }
  }
}
