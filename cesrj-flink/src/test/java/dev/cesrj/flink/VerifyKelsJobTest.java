package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.flink.job.VerifyKelsJob;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VerifyKelsJob}'s main on two kel/A streams (FileSource, {@link CesrStreamFormat}) and a
 * truncated copy of one, at parallelism 2: exactly one JSON line per message, with the single-JVM
 * verifier's final verdict (those still escrowed at the end after all others), the count line
 * last with the single-JVM totals, the truncated file's framing error on standard
 * error while its whole messages are still verified, and file names with quotes JSON-escaped.
 */
@ExtendWith(LeakDetectionExtension.class)
class VerifyKelsJobTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
          .setNumberSlotsPerTaskManager(2).build());
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void printsEachFinalVerdictThenTheCounts(@TempDir Path dir) throws Exception {
    String delegated = "kel_delegated.v1.bare.txt.out-of-order.cesr";
    String witnessed = "kel_witnessed.v1.bare.txt.sig-flip.cesr";
    Path a = dir.resolve("a \"quoted\" " + delegated);
    Files.write(a, Corpus.bytes(delegated));
    Path b = dir.resolve(witnessed);
    Files.write(b, Corpus.bytes(witnessed));
    byte[] whole = Corpus.bytes("kel_single.v1.bare.txt.original.cesr");
    Path c = dir.resolve("truncated.cesr");
    Files.write(c, Arrays.copyOf(whole, whole.length - 10));

    Map<String, String> expected = Corpus.sorted();
    Map<String, String> ignored = Corpus.sorted();
    Corpus.expected(delegated, expected, ignored);
    Corpus.expected(witnessed, expected, ignored);
    int accepted = 0;
    int escrowed = 0;
    int rejected = 0;
    for (String v : expected.values()) {
      if (v.equals("ACCEPTED")) {
        accepted++;
      } else if (v.startsWith("ESCROWED")) {
        escrowed++;
      } else {
        rejected++;
      }
    }
    // the truncated copy: every message but the last, each accepted
    int truncatedMessages = (int) CesrRecords.frame("t", Files.readAllBytes(c)).stream()
        .filter(r -> !r.isError()).count();
    accepted += truncatedMessages;

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = VerifyKelsJob.run(new String[] {"--parallelism", "2", a.toString(),
        b.toString(), c.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status);
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals("accepted=" + accepted + " escrowed=" + escrowed + " rejected=" + rejected,
        lines.get(lines.size() - 1));
    assertEquals(expected.size() + truncatedMessages, lines.size() - 1);

    JsonNode first = null;
    java.util.Set<String> seen = new java.util.HashSet<>();
    boolean escrowedSeen = false;
    for (String line : lines.subList(0, lines.size() - 1)) {
      JsonNode j = MAPPER.readTree(line);
      assertTrue(seen.add(j.get("file").asText() + "@" + j.get("offset").asLong()),
          "one line per message: " + line);
      if (j.get("status").asText().equals("escrowed")) {
        escrowedSeen = true;
      } else {
        assertTrue(!escrowedSeen, "what is still escrowed comes last: " + line);
      }
      if (j.get("file").asText().equals(a.toString()) && j.get("offset").asLong() == 0) {
        first = j;
      }
      String name = Path.of(j.get("file").asText()).getFileName().toString();
      String key = name.replace("a \"quoted\" ", "") + "@" + j.get("offset").asLong();
      if (expected.containsKey(key)) {
        String s = expected.get(key);
        assertEquals(s.contains(":") ? s.substring(0, s.indexOf(':')).toLowerCase()
            : s.toLowerCase(), j.get("status").asText(), key);
      } else {
        assertEquals("truncated.cesr", name);
        assertEquals("accepted", j.get("status").asText());
      }
    }
    assertTrue(first != null, "the quotes survive JSON escaping");
    assertEquals("accepted", first.get("status").asText());
    assertTrue(first.get("reason").isNull());
    assertEquals(0, first.get("sn").asInt());
    String escrowedLine = lines.stream().filter(l -> l.contains("\"escrowed\"")).findFirst()
        .orElseThrow();
    assertTrue(MAPPER.readTree(escrowedLine).get("reason").isTextual(), escrowedLine);

    List<String> errors = err.toString(StandardCharsets.UTF_8).lines()
        .filter(l -> l.startsWith("{")).toList();
    assertEquals(1, errors.size(), err.toString(StandardCharsets.UTF_8));
    JsonNode e = MAPPER.readTree(errors.get(0));
    assertEquals(c.toString(), e.get("file").asText());
    assertTrue(e.get("error").asText().length() > 0);
  }

  @Test
  void refusesBadArguments() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertEquals(2, VerifyKelsJob.run(new String[0], System.out, p));
    assertEquals(2, VerifyKelsJob.run(new String[] {"--parallelism", "x", "f"}, System.out, p));
    assertEquals(2, VerifyKelsJob.run(new String[] {"--threads", "0", "f"}, System.out, p));
    assertEquals(2, VerifyKelsJob.run(new String[] {"--threads", "x", "f"}, System.out, p));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage"));
    err.reset();
    assertEquals(2, VerifyKelsJob.run(new String[] {"--fail-on", "accepted", "f"}, System.out, p));
    assertEquals("--fail-on takes rejected, escrowed or notaccepted, not accepted; usage: java -jar"
        + " cesrj-flink-VERSION-job.jar [--parallelism N] [--threads N] [--fail-on"
        + " rejected|escrowed|notaccepted]... FILE...\n", err.toString(StandardCharsets.UTF_8));
  }

  /**
   * {@code --help} and {@code -h}, anywhere among the arguments, print the usage with each
   * option's default on standard output and exit with status 0, running no job: before, {@code
   * --help} was read as a file name ({@code cannot read "--help": no such file}, status 1).
   */
  @Test
  void helpPrintsTheUsageAndEachOptionsDefault() throws Exception {
    for (String[] args : List.of(new String[] {"--help"}, new String[] {"-h"},
        new String[] {"--parallelism", "2", "--help", "no-such-file.cesr"})) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      assertEquals(0, VerifyKelsJob.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8)), String.join(" ", args));
      List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
      assertEquals("usage: java -jar cesrj-flink-VERSION-job.jar [--parallelism N] [--threads N]"
          + " [--fail-on rejected|escrowed|notaccepted]... FILE...", lines.get(0));
      assertTrue(lines.contains("  --parallelism N  the job's parallelism (default 1)"), lines
          .toString());
      assertTrue(lines.contains(
          "  --threads N      signature-checking workers per subtask's verifier (default 1)"),
          lines.toString());
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("  --fail-on V ")), lines.toString());
      assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
  }

  /**
   * {@code --fail-on} as {@code inspect --verify --fail-on} has it ({@code FailOn}): exit status 3
   * when a message ends rejected ({@code rejected}) or still escrowed ({@code escrowed}), as the
   * single-JVM verifier's final verdicts of the file say; 0 when every message ends accepted,
   * whatever the values (and {@code notaccepted} never fails a job that verifies no credentials).
   */
  @Test
  void failOnGivesStatusThreeOnTheVerdictsItNames(@TempDir Path dir) throws Exception {
    String flipped = "kel_witnessed.v1.bare.txt.sig-flip.cesr";
    String settles = "kel_delegated.v1.bare.txt.out-of-order.cesr";
    Map<String, String> verdicts = Corpus.sorted();
    Corpus.expected(flipped, verdicts, Corpus.sorted());
    assertTrue(verdicts.values().stream().anyMatch(v -> v.startsWith("REJECTED")), "a rejection");
    assertTrue(verdicts.values().stream().anyMatch(v -> v.startsWith("ESCROWED")), "an escrow");
    Map<String, String> settled = Corpus.sorted();
    Corpus.expected(settles, settled, Corpus.sorted());
    assertTrue(settled.values().stream().allMatch(v -> v.equals("ACCEPTED")), "all accepted");
    Path f = dir.resolve(flipped);
    Files.write(f, Corpus.bytes(flipped));
    Path s = dir.resolve(settles);
    Files.write(s, Corpus.bytes(settles));
    String[][] cases = {
        {"--fail-on", "rejected", f.toString()},
        {"--fail-on", "escrowed", f.toString()},
        {"--fail-on", "notaccepted", f.toString()},
        {"--fail-on", "rejected", "--fail-on", "escrowed", "--fail-on", "notaccepted",
            s.toString()}};
    int[] want = {3, 3, 0, 0};
    for (int i = 0; i < cases.length; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int status = VerifyKelsJob.run(cases[i], new PrintStream(out, true, StandardCharsets.UTF_8),
          System.err);
      assertEquals(want[i], status, String.join(" ", cases[i]));
      List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
      assertTrue(lines.get(lines.size() - 1).startsWith("accepted="), lines.toString());
    }
  }

  /**
   * A name that is no file (none such, a directory: a FileSource would read its files under one
   * scope and their offsets would collide) is one line naming it JSON-escaped (quotes, a newline,
   * an ANSI escape), exit status 1, before any job; a FILE given twice is a usage error.
   */
  @Test
  void refusesWhatIsNoFileBeforeAnyJobStarts(@TempDir Path dir) throws Exception {
    Path good = dir.resolve("good.cesr");
    Files.write(good, Corpus.bytes("kel_single.v1.bare.txt.original.cesr"));
    Path subdir = Files.createDirectory(dir.resolve("kels"));
    Files.write(subdir.resolve("a.cesr"), Corpus.bytes("kel_single.v1.bare.txt.original.cesr"));
    String missing = dir.resolve("no \"such\"\nfile\u001b[31m.cesr").toString();
    String[][] cases = {{missing}, {good.toString(), subdir.toString()}};
    String[] said = {"no such file", "a directory, not a file"};
    for (int i = 0; i < cases.length; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status = VerifyKelsJob.run(cases[i], new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(1, status);
      assertEquals("", out.toString(StandardCharsets.UTF_8));
      String bad = cases[i][cases[i].length - 1];
      assertEquals("cannot read " + MAPPER.writeValueAsString(bad) + ": " + said[i] + "\n",
          err.toString(StandardCharsets.UTF_8));
    }
    String text = "cannot read " + MAPPER.writeValueAsString(missing);
    assertTrue(text.contains("\\\"such\\\"\\nfile\\u001B[31m"), text);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(2, VerifyKelsJob.run(new String[] {good.toString(), good.toString()}, System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("given twice"));
  }
}
