package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cesrj.stream.JsonAssert;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cesrj inspect --json} on every real-world stream ({@code src/test/resources/realworld})
 * with the default options (table of each message inferred), run in this JVM, equals keripy's
 * record of it ({@code .expected.json}) entry by entry, every key: version-string and body fields,
 * offset, length, envelope, body group, every group with its items, and the MsgParseDom lists;
 * framed whole and pushed through the push parser in 7-byte chunks and one byte at a time.
 * keripy 1.1.32's two counter names are mapped to cesrj's by {@link
 * RealWorld#KERIPY_1_1_32_NAMES}; nothing else of a record is changed, but for {@link #ACDC_SN}.
 * {@code --annotate} then {@code denot} gives every stream back.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectRealWorldTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir static Path dir;

  /**
   * Where the record and cesrj legitimately disagree: the {@code sn} of an ACDC. The inspector's
   * {@code sn} is the body's top-level {@code s} text (as the corpus recorder's {@code describe}
   * reads it, whatever the protocol; {@link BodyFields}); an ACDC's {@code s} is its schema SAID,
   * so that is what cesrj shows. The keripy 1.1.32 records write {@code null}: an ACDC has no
   * sequence number (realworld README, "ACDC fields"). By stream, the message index and the
   * exact value cesrj gives, which is also asserted to be the body's {@code s} and the record's
   * {@code sn} to be null.
   */
  static final Map<String, Map<Integer, String>> ACDC_SN = Map.of(
      "cd_qvi_vc.cesr", Map.of(5, "EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqao"),
      "cd_vlei_vc.cesr", Map.of(
          10, "EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqao",
          11, "ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY"));

  static List<String> streams() {
    return RealWorld.streams();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void jsonEqualsTheRecord(String file) {
    assertJson(file, run(file, "inspect", "--json"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void jsonPushedIn7ByteChunksEqualsTheRecord(String file) {
    assertJson(file, run(file, "inspect", "--json", "--chunk", "7"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void jsonPushedOneByteAtATimeEqualsTheRecord(String file) {
    assertJson(file, run(file, "inspect", "--json", "--chunk", "1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void annotationDenotsToTheStream(String file) {
    byte[] bytes = RealWorld.bytes(file);
    Run annotated = Run.of(bytes, "inspect", "--annotate", "-");
    assertEquals(Main.OK, annotated.status(), annotated.stderr());
    assertFalse(annotated.out().contains("not framed"), "every byte is in a framed element");
    Run back = Run.of(annotated.stdout(), "denot", "-");
    assertEquals(Main.OK, back.status(), back.stderr());
    assertArrayEquals(bytes, back.stdout());
  }

  /** The exceptions stand where they say, and only there. */
  @Test
  void acdcSnExceptionsAreTheAcdcsOfTheKeripy1132Records() {
    for (String file : RealWorld.streams()) {
      JsonNode expected = RealWorld.expected(file);
      Map<Integer, String> where = ACDC_SN.getOrDefault(file, Map.of());
      for (int i = 0; i < expected.size(); i++) {
        boolean acdc = "ACDC".equals(expected.get(i).get("proto").asText());
        assertEquals(acdc, where.containsKey(i), file + "[" + i + "]");
      }
    }
  }

  private static Run run(String file, String... args) {
    String path = Run.file(dir, file, RealWorld.bytes(file));
    String[] all = Arrays.copyOf(args, args.length + 1);
    all[args.length] = path;
    Run run = Run.of(new byte[0], all);
    assertEquals(Main.OK, run.status(), run.stderr());
    assertEquals("", run.stderr());
    return run;
  }

  private static void assertJson(String file, Run run) {
    JsonNode actual;
    try {
      actual = MAPPER.readTree(run.stdout());
    } catch (IOException e) {
      throw new UncheckedIOException(run.out(), e);
    }
    JsonNode expected = RealWorld.expected(file);
    byte[] stream = RealWorld.bytes(file);
    assertEquals(expected.size(), actual.size(), file + ": entries");
    Map<Integer, String> acdcSn = ACDC_SN.getOrDefault(file, Map.of());
    for (int i = 0; i < expected.size(); i++) {
      ObjectNode want = (ObjectNode) expected.get(i).deepCopy();
      String sn = acdcSn.get(i);
      if (sn != null) {
        assertTrue(want.get("sn").isNull(), file + "[" + i + "]: the record's sn");
        assertEquals(sn, schemaSaid(stream, want), file + "[" + i + "]: the body's s");
        assertEquals(sn, actual.get(i).get("sn").asText(), file + "[" + i + "]: cesrj's sn");
        want.put("sn", sn);
      }
      JsonAssert.assertSame(want, actual.get(i), file + "[" + i + "]");
    }
  }

  /** The {@code s} of the JSON body the record locates ({@code size} bytes at {@code offset}). */
  private static String schemaSaid(byte[] stream, JsonNode record) {
    int offset = record.get("offset").asInt();
    String body = new String(stream, offset, record.get("size").asInt(), StandardCharsets.UTF_8);
    try {
      return MAPPER.readTree(body).get("s").asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
