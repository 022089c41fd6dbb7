package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
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
      assertEquals("", top.stderr());
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
   * {@code cesrj --help} lists the commands, one line each, and says how to get a command's
   * options (issue 33: it listed inspect's options as if they were the tool's); {@code cesrj}
   * alone prints the same on standard error with status 2.
   */
  @Test
  void theGeneralUsageListsTheCommandsOneLineEach() {
    String expected = """
        usage: cesrj COMMAND [OPTION]... (cesrj COMMAND --help gives a command's options)
          inspect       prints the messages, groups and primitives of a CESR stream; --verify
                        checks them with keripy's rules
          denot         turns annotated text (inspect --annotate) back into the stream's bytes
          oobi resolve  resolves OOBIs as keripy's kli oobi resolve does and prints the key states
          watch         runs a KERI watcher over HTTP until SIGINT or SIGTERM
        """;
    assertEquals(expected, Main.USAGE);
    Run top = Run.of(new byte[0], "--help");
    assertEquals(Main.OK, top.status());
    assertEquals(expected, top.out());
    Run none = Run.of(new byte[0]);
    assertEquals(Main.BAD_INPUT, none.status());
    assertEquals("", none.out());
    assertEquals(expected, none.stderr());
    // a wrong inspect line is followed by inspect's usage, with its options
    Run wrong = Run.of(new byte[0], "inspect", "--yaml", "-");
    assertEquals(Main.BAD_INPUT, wrong.status());
    assertEquals("cesrj: unknown option --yaml\n" + Main.INSPECT_USAGE, wrong.stderr());
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
   * body) fails as a body without a version string, not at the cold start: it is not CESR either,
   * and the plain sentence says what byte 0 is and what a CESR stream starts with, since the
   * typed error speaks of a body "16 more bytes" short (issue 33: read as "CESR, but cut short").
   */
  @Test
  void textStartingWithALowerCaseLetterIsToldItIsNotCesr() {
    Run run = Run.of("hello world".getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertEquals("stopped at offset 0 of 11 bytes (error below)\n", run.out());
    assertEquals("""
        error: this input is not a CESR stream: at offset 0 it has byte 0x68 ('h') where a CESR \
        stream has a message body (JSON '{', a CBOR or MessagePack map) or a count code ('-' in \
        text, a byte 0xf8 to 0xfb in binary); in detail:
        error: TruncatedException: at offset 0: truncated: 16 more bytes needed; expected a \
        version string within the first 27 bytes of the body
        bytes 0..11 of 11 ('>' marks offset 0):
                 0 >68 65 6c 6c 6f 20 77 6f 72 6c 64                 |hello world|
        """, run.stderr());
    for (String text : new String[] {"vm\n", "hello\n", "version of this long text file\n"}) {
      Run other = Run.of(text.getBytes(StandardCharsets.US_ASCII), "inspect", "-");
      assertEquals(Main.BAD_INPUT, other.status(), text);
      assertTrue(other.stderr().startsWith("error: this input is not a CESR stream: at offset 0"
          + " it has byte 0x" + Integer.toHexString(text.charAt(0)) + " ('" + text.charAt(0)
          + "') where a CESR stream has "), other.stderr());
    }
  }

  /**
   * Binary input whose first byte the cold-start tritets read as a body or a qb2 counter but that
   * no MessagePack map, CBOR map or qb2 count code starts with is not CESR either: a JPEG (0xff,
   * read as a qb2 op code) and a MessagePack array (0x93).
   */
  @Test
  void binaryInputThatStartsNoBodyOrCounterIsToldItIsNotCesr() {
    byte[] jpeg = {(byte) 0xff, (byte) 0xd8, (byte) 0xff, (byte) 0xe0, 0, 0x10, 'J', 'F', 'I', 'F'};
    Run run = Run.of(jpeg, "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertEquals("""
        error: this input is not a CESR stream: at offset 0 it has byte 0xff where a CESR stream \
        has a message body (JSON '{', a CBOR or MessagePack map) or a count code ('-' in text, a \
        byte 0xf8 to 0xfb in binary); in detail:
        error: ColdStartException: at offset 0: byte 0xff (sextet '_') where a group must start; \
        expected a qb2 counter (first sextet 62, '-')
        """, run.stderr().substring(0, run.stderr().indexOf("bytes 0..")));
    byte[] array = new byte[40];
    array[0] = (byte) 0x93;
    Run mgpk = Run.of(array, "inspect", "-");
    assertEquals(Main.BAD_INPUT, mgpk.status());
    assertTrue(mgpk.stderr().startsWith("error: this input is not a CESR stream: at offset 0 it has"
        + " byte 0x93 where "), mgpk.stderr());
  }

  /**
   * A JSON body cut short, or a stream whose count code starts a group it cannot frame, may be CESR
   * cut short: not called "not CESR".
   */
  @Test
  void aBodyOrCountCodeCutShortIsNotCalledNotCesr() {
    for (String text : new String[] {"{\"v\":\"KERI10JSON", "-AAB"}) {
      Run run = Run.of(text.getBytes(StandardCharsets.US_ASCII), "inspect", "-");
      assertEquals(Main.BAD_INPUT, run.status(), text);
      assertTrue(run.stderr().startsWith("error: TruncatedException: at offset 0"), run.stderr());
    }
  }

  /**
   * Empty input is a stream of no messages: the tree says so on its last line, status 0 ({@code
   * --json} writes {@code [ ]}; {@code --annotate} writes nothing, the empty stream's text).
   */
  @Test
  void emptyInputSaysItHasNoMessagesWithStatus0() {
    Run tree = Run.of(new byte[0], "inspect", "-");
    assertEquals(Main.OK, tree.status());
    assertEquals("end: 0 bytes framed (empty input: no messages)\n", tree.out());
    assertEquals("", tree.stderr());
    Run verified = Run.of(new byte[0], "inspect", "--verify", "-");
    assertEquals(Main.OK, verified.status());
    assertEquals("verified 0 messages: 0 accepted, 0 escrowed, 0 rejected\n"
        + "end: 0 bytes framed (empty input: no messages)\n", verified.out());
    Run json = Run.of(new byte[0], "inspect", "--json", "-");
    assertEquals(Main.OK, json.status());
    assertEquals("[ ]\n", json.out());
    Run annotated = Run.of(new byte[0], "inspect", "--annotate", "-");
    assertEquals(Main.OK, annotated.status());
    assertEquals("", annotated.out());
    assertEquals("", annotated.stderr());
  }

  /**
   * A first byte below 0x10 is named with two hex digits, as the hex dump under it shows it (it
   * read {@code 0xa} for a newline).
   */
  @Test
  void aControlByteIsNamedWithTwoHexDigits() {
    Run run = Run.of(new byte[] {'\n'}, "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertTrue(run.stderr().startsWith("error: this input is not a CESR stream: at offset 0 it has"
        + " byte 0x0a where a CESR stream has "), run.stderr());
  }

  /** An option {@code denot} does not know is a usage error, not a file name. */
  @Test
  void denotRefusesAnUnknownOptionWithItsUsage() {
    for (String option : List.of("--bogus", "-x")) {
      Run run = Run.of(new byte[0], "denot", option);
      assertEquals(Main.BAD_INPUT, run.status(), option);
      assertEquals("cesrj: unknown option " + option + "\n" + Main.DENOT_USAGE, run.stderr());
      assertEquals("", run.out());
    }
    // - is standard input, not an option
    Run stdin = Run.of("-AAB".getBytes(StandardCharsets.US_ASCII), "denot", "-");
    assertEquals(Main.OK, stdin.status(), stdin.stderr());
  }

  /**
   * Output that cannot be written (a full disk, a closed pipe: a {@link PrintStream} keeps the
   * error to itself) ends the run with status 1 and says so, whatever the command.
   */
  @Test
  void outputThatCannotBeWrittenIsAnIoErrorNotSuccess() {
    OutputStream full = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    for (String[] args : List.of(new String[] {"--help"}, new String[] {"inspect", "-"},
        new String[] {"inspect", "--help"})) {
      err.reset();
      PrintStream out = new PrintStream(full, true, StandardCharsets.UTF_8);
      int status = Main.run(args, new ByteArrayInputStream("-AAA".getBytes(StandardCharsets.UTF_8)),
          out, new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(Main.IO_ERROR, status, String.join(" ", args));
      assertEquals("cesrj: cannot write output\n", err.toString(StandardCharsets.UTF_8),
          String.join(" ", args));
    }
    // a bad input's own status stays: the error is what the user must see
    err.reset();
    int status = Main.run(new String[] {"inspect", "-"},
        new ByteArrayInputStream("#".getBytes(StandardCharsets.UTF_8)),
        new PrintStream(full, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(Main.BAD_INPUT, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).endsWith("cesrj: cannot write output\n"));
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
