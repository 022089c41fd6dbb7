package dev.cesrj.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * The coverage-guided fuzz target of the {@code cesrj inspect} tool (the library's targets are
 * {@code FuzzTargetsTest} in cesrj-core): whatever the bytes, it ends with an exit status, never
 * with an exception.
 *
 * <p>The normal test run replays the committed inputs in
 * {@code src/test/resources/dev/cesrj/fuzz/CliFuzzTargetsTestInputs/<method>/}; {@code .ci/run}
 * fuzzes the target for a bounded time with {@code JAZZER_FUZZ=1}.
 */
@Tag("fuzz")
class CliFuzzTargetsTest {
  /**
   * {@code cesrj inspect}'s renderers (tree, {@code --json}, {@code --annotate}, and with
   * {@code --verify} the tree and {@code --json}) on arbitrary bytes, in this JVM through
   * {@link dev.cesrj.cli.Main#run}, under a fuzzer-chosen table and, half the time, pushed
   * through the push parser in fuzzer-chosen chunks: each ends with status 0 or 2 (an exception
   * escaping {@code run} fails the target), prints only printable ASCII and line feeds, {@code
   * --json} parses as one JSON list (ending in an error entry exactly when the status is 2;
   * with {@code --verify}, one object with {@code messages} and {@code keyStates}, and {@code
   * error} exactly when the status is 2), and {@code denot} of the annotation is the input (after
   * an error, up to what framed and at most 64 bytes of the rest: {@code AnnotationRoundTrip}). Its
   * committed inputs {@code inspect/seed-*} are six real-world streams as published by keripy,
   * keri-ts and cesr-decoder (all Apache-2.0), byte for byte: the fuzzer's choices (table,
   * chunking) are read from their last bytes.
   */
  @FuzzTest(maxDuration = "60s")
  void inspect(FuzzedDataProvider data) throws java.io.IOException {
    String table = data.pickValue(new String[] {"1", "2", "legacy"});
    int chunk = data.consumeBoolean() ? data.consumeInt(1, 300) : 0;
    byte[] input = data.consumeRemainingAsBytes();
    for (String format
        : new String[] {null, "--json", "--annotate", "--verify", "--verify-json"}) {
      List<String> args = new ArrayList<>(List.of("inspect", "--table", table));
      if (chunk > 0) {
        args.addAll(List.of("--chunk", Integer.toString(chunk)));
      }
      if ("--verify-json".equals(format)) {
        args.addAll(List.of("--verify", "--json"));
      } else if (format != null) {
        args.add(format);
      }
      args.add("-");
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int status;
      try (java.io.PrintStream o = new java.io.PrintStream(out, true, StandardCharsets.UTF_8);
          java.io.PrintStream e = new java.io.PrintStream(err, true, StandardCharsets.UTF_8)) {
        status = dev.cesrj.cli.Main.run(args.toArray(new String[0]),
            new java.io.ByteArrayInputStream(input), o, e);
      }
      assertTrue(status == 0 || status == 2, format + ": status " + status + ": " + err);
      printable(out.toByteArray());
      printable(err.toByteArray());
      if ("--json".equals(format)) {
        com.fasterxml.jackson.databind.JsonNode doc =
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toByteArray());
        assertTrue(doc.isArray(), out.toString(StandardCharsets.UTF_8));
        assertEquals(status == 2, doc.size() > 0 && doc.get(doc.size() - 1).has("error"));
      }
      if ("--verify-json".equals(format)) {
        com.fasterxml.jackson.databind.JsonNode doc =
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toByteArray());
        assertTrue(doc.isObject() && doc.has("messages") && doc.has("keyStates"),
            out.toString(StandardCharsets.UTF_8));
        assertEquals(status == 2, doc.has("error"));
      }
      if ("--annotate".equals(format)) {
        java.io.ByteArrayOutputStream back = new java.io.ByteArrayOutputStream();
        try (java.io.PrintStream o = new java.io.PrintStream(back, true, StandardCharsets.UTF_8);
            java.io.PrintStream e = new java.io.PrintStream(
                java.io.OutputStream.nullOutputStream())) {
          assertEquals(0, dev.cesrj.cli.Main.run(new String[] {"denot", "-"},
              new java.io.ByteArrayInputStream(out.toByteArray()), o, e));
        }
        assertArrayEquals(dev.cesrj.cli.AnnotationRoundTrip.expected(input, out.toByteArray()),
            back.toByteArray());
      }
    }
  }

  private static void printable(byte[] out) {
    for (byte b : out) {
      assertTrue(b == '\n' || (b >= 0x20 && b < 0x7F), "output byte " + (b & 0xFF));
    }
  }
}
