package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --help} and {@code -h} on every command print its usage on standard output with status
 * 0 (issue 33: {@code inspect --help} was an unknown option), and input that is not CESR at all
 * is told so in a plain sentence before the typed error.
 */
class HelpAndPlainErrorsTest {
  @Test
  void helpAfterACommandPrintsThatCommandsUsageAndExits0() {
    for (String help : List.of("--help", "-h")) {
      Run inspect = Run.of(new byte[0], "inspect", help);
      assertEquals(Main.OK, inspect.status(), help);
      assertEquals(Main.INSPECT_USAGE, inspect.out());
      assertEquals("", inspect.stderr());
      assertTrue(inspect.out().startsWith("usage: cesrj inspect [--json | --annotate] [--verify "),
          inspect.out());
      assertTrue(inspect.out().contains("\n  --chunk N  push the input through the push parser"),
          inspect.out());
      // among other options, and before a missing input would be an error
      Run among = Run.of(new byte[0], "inspect", "--json", help, "some.cesr");
      assertEquals(Main.OK, among.status());
      assertEquals(Main.INSPECT_USAGE, among.out());

      Run denot = Run.of(new byte[0], "denot", help);
      assertEquals(Main.OK, denot.status(), help);
      assertEquals("usage: cesrj denot [FILE|-]\n  turns annotated CESR text (cesrj inspect"
          + " --annotate) back into the stream's bytes, written\n  to standard output; reads FILE,"
          + " or standard input for - or no FILE\n", denot.out());
      assertEquals("", denot.stderr());

      Run top = Run.of(new byte[0], help);
      assertEquals(Main.OK, top.status());
      assertEquals(Main.USAGE, top.out());
      assertTrue(top.out().contains("\n       cesrj denot [FILE|-]\n"), top.out());
    }
    // oobi's help gives each option with its default
    Run oobi = Run.of(new byte[0], "oobi", "resolve", "--help");
    assertEquals(Main.OK, oobi.status());
    assertEquals(OobiCommand.HELP, oobi.out());
    assertTrue(oobi.out().contains("\n  --max-body BYTES   the largest response body (default"
        + " 8388608)\n  --timeout SECONDS  the most time for each GET, redirects included"
        + " (default 30)\n"), oobi.out());
    // a command that does not exist is still a usage error, help or not
    Run unknown = Run.of(new byte[0], "frobnicate", "--help");
    assertEquals(Main.BAD_INPUT, unknown.status());
    assertTrue(unknown.stderr().startsWith("cesrj: unknown command frobnicate\n"), unknown.stderr());
  }

  /**
   * The general usage gives every command's line first, in order, then inspect's options and one
   * line on each other command ({@code oobi resolve}'s usage line sat after denot's description).
   */
  @Test
  void theGeneralUsageListsEachCommandLineFirst() {
    List<String> lines = Main.USAGE.lines().toList();
    assertTrue(lines.get(0).startsWith("usage: cesrj inspect "), lines.get(0));
    assertEquals(List.of(
        "       cesrj denot [FILE|-]",
        "       cesrj oobi resolve [--json] [--max-body BYTES] [--timeout SECONDS] URL...",
        "       cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR]"
            + " [GUARD VALUE]...",
        "       cesrj [COMMAND] --help",
        "  --table T  the counter table when the stream does not say (1, 2 or legacy)"),
        lines.subList(2, 7));
    assertEquals(List.of(
        "  denot     turns annotated text (inspect --annotate) back into the stream's bytes",
        "  oobi resolve  resolves OOBIs as keripy's kli oobi resolve does (cesrj oobi --help)",
        "  watch     runs a KERI watcher over HTTP until SIGINT or SIGTERM (cesrj watch --help)"),
        lines.subList(lines.size() - 3, lines.size()));
    assertEquals(1, lines.stream().filter(l -> l.contains("cesrj oobi resolve [")).count());
  }

  @Test
  void inputThatIsNotCesrIsToldSoInPlainWordsThenInDetail() {
    Run run = Run.of("#!/bin/sh\necho hi\n".getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    String[] err = run.stderr().split("\n");
    assertEquals("error: this input is not a CESR stream; in detail:", err[0]);
    // the library's message says the byte and what a CESR stream starts with, once
    assertEquals("error: ColdStartException: at offset 0: byte 0x23 ('#') starts neither a message"
        + " body with a version string (JSON '{', CBOR or MessagePack) nor a count code ('-' in"
        + " text, a byte 0xe0 to 0xff in binary) (CESR: tritet 001 at a cold-start point);"
        + " expected a message", err[1]);
    assertEquals(1, run.stderr().split("message body", -1).length - 1, run.stderr());
  }

  /**
   * Text starting with a lower-case letter (bytes 0x60 to 0x7f, the cold-start tritet of a JSON
   * body) fails as a body without a version string, not at the cold start: it is not CESR either.
   */
  @Test
  void textStartingWithALowerCaseLetterIsToldItIsNotCesr() {
    for (String text : new String[] {"vm\n", "hello\n", "version of this long text file\n"}) {
      Run run = Run.of(text.getBytes(StandardCharsets.US_ASCII), "inspect", "-");
      assertEquals(Main.BAD_INPUT, run.status(), text);
      assertEquals("error: this input is not a CESR stream; in detail:",
          run.stderr().split("\n")[0], text);
    }
  }

  @Test
  void anErrorFurtherInIsNotCalledNotCesr() {
    Run run = Run.of("-_AAACAA{\"v\":\"KERICAACAAJSONAAAi.\",\"t\":\"\"}?"
        .getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertFalse(run.stderr().contains("not a CESR stream"), run.stderr());
    assertTrue(run.stderr().startsWith("error: ColdStartException: at offset 42:"), run.stderr());
  }
}
