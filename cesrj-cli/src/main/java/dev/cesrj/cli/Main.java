package dev.cesrj.cli;

import dev.cesrj.keri.kever.FailOn;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code cesrj}: shows what a CESR stream holds.
 *
 * <pre>
 * cesrj inspect [--json | --annotate] [--verify [--schemas DIR]...
 *               [--fail-on rejected|escrowed|notaccepted]...] [--table 1|2|legacy] [--chunk N]
 *               [--max-frame BYTES] FILE|-
 * cesrj denot [FILE|-]
 * cesrj oobi resolve [--json] [--max-body BYTES] [--timeout SECONDS] URL...
 * cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR] [GUARD VALUE]...
 * cesrj [COMMAND] --help
 * </pre>
 *
 * <p>{@code inspect} prints an indented tree of the messages, groups and primitives (default),
 * JSON in the schema of the corpus's {@code .expected.json} files ({@code --json}) or annotated
 * CESR text ({@code --annotate}); {@code --chunk N} pushes the input through the push parser N
 * bytes at a time, {@code --table} sets the counter table used when the stream does not say,
 * {@code --max-frame} the largest frame accepted. {@code --verify} validates each message (key
 * events, receipts, TEL events, ACDCs, exchanges) with keripy's rules ({@link Verification}), the
 * credentials' schemas read from {@code --schemas DIR}: the tree gets each message's final verdict
 * ({@link VerifiedTreeRenderer}), and {@code --json} writes the verdicts, key states, credentials
 * and registries instead of the parse ({@link VerdictJsonRenderer}); a verdict changes the exit
 * status only through {@code --fail-on}. {@code denot} turns annotated text back into the stream's bytes.
 * {@code --help} (or {@code -h}) alone lists the commands, one line each; after a command it
 * prints that command's usage and options with their defaults; both on standard output with
 * status 0.
 *
 * <p>Exit status: 0 when everything framed; 2 when the stream has an error (what framed before
 * it is printed, then the typed error with its offset and the bytes around it on standard error)
 * or the command line is wrong, or when the input is too big or too deep for this JVM (an {@link
 * OutOfMemoryError} or {@link StackOverflowError}: one line on standard error, never a stack
 * trace; raise {@code -Xmx} or {@code -Xss}, or cut the input); 1 when the input cannot be read
 * or the output cannot be written ("cannot write output": a full disk, say), or, with "internal
 * error", when cesrj itself fails (a bug to report); 3 when the stream framed
 * whole but a verdict {@code --fail-on} names was given ({@code rejected}: a message ends
 * rejected; {@code escrowed}: a message is still escrowed after every retry; {@code notaccepted}:
 * a credential is not accepted).
 *
 * <p>Nothing from the input reaches the terminal unescaped: the tree, the annotation's comments
 * and every message escape each character outside printable ASCII ({@link Printable}), and
 * {@code --json} escapes it as JSON does; {@code --json} prints one whole JSON list whatever
 * happens, ending after an error with {@code {"error": {type, offset, message}}}.
 */
public final class Main {
  static final int OK = 0;
  static final int IO_ERROR = 1;
  static final int BAD_INPUT = 2;
  /** The input is too big or too deep for this JVM's heap or stack: as bad input, status 2. */
  static final int TOO_BIG = BAD_INPUT;
  /** {@code --fail-on}: a verdict it names was given ({@link FailOn#EXIT_STATUS}, as the job's). */
  static final int VERDICT_FAILED = FailOn.EXIT_STATUS;

  private static final String INSPECT_LINE =
      "cesrj inspect [--json | --annotate] [--verify [--schemas DIR]..."
          + " [--fail-on rejected|escrowed|notaccepted]... [--threads N]]\n"
          + "                     [--table 1|2|legacy] [--chunk N] [--max-frame BYTES] FILE|-\n";

  private static final String DENOT_LINE = "cesrj denot [FILE|-]\n";

  /** What {@code cesrj denot --help} prints. */
  static final String DENOT_USAGE =
      "usage: " + DENOT_LINE
          + "  turns annotated CESR text (cesrj inspect --annotate) back into the stream's bytes,"
          + " written\n"
          + "  to standard output; reads FILE, or standard input for - or no FILE\n";

  /** The options of {@code inspect}, in its usage. */
  private static final String INSPECT_OPTIONS =
      "  --table T  the counter table when the stream does not say (1, 2 or legacy)\n"
          + "  --chunk N  push the input through the push parser N bytes at a time\n"
          + "  --max-frame BYTES  the largest frame accepted\n"
          + "  --verify  validate each message as a KERI key event (keripy's Kevery rules, escrows"
          + " retried\n"
          + "            at the end): the tree shows each message's verdict, --json writes\n"
          + "            {\"messages\": [{i, ilk, pre, sn, said, offset, length, status, escrow,"
          + " reason,\n"
          + "            detail}], \"keyStates\": {PREFIX: {sn, said, et, k, kt, n, nt, b, bt,"
          + " di}}};\n"
          + "            status accepted|escrowed|rejected; reason the rule in lower case:"
          + " body_error,\n"
          + "            said_mismatch, not_a_key_event, out_of_order, invalid_sequence,\n"
          + "            missing_signatures, no_verified_signatures, invalid_threshold,\n"
          + "            not_transferable, signing_threshold_unmet, prior_next_unmet,\n"
          + "            witness_threshold_unmet, invalid_witnesses, missing_delegation,\n"
          + "            establishment_only, do_not_delegate, duplicitous, duplicate,\n"
          + "            unverified_receipt, invalid_key, escrow_full, escrow_expired (never here:"
          + " only a\n"
          + "            stream processor's escrow time bound gives it), escrow_evicted;\n"
          + "            an exn is verified as keripy's Exchanger does (escrow epse): body_error,\n"
          + "            not_an_exchange, said_mismatch, missing_signatures, signer_not_sender,\n"
          + "            sender_not_accepted, establishment_mismatch, signing_threshold_unmet,\n"
          + "            invalid_signature, transferable_couple, ipex_chain, escrow_evicted\n"
          + "            TEL events (vcp vrt iss rev bis brv) as keripy's Tevery does (escrows oots,"
          + " taes,\n"
          + "            tpwe) and ACDCs as keripy's Verifier does (escrows mre, mce, mse; cesrj also"
          + "\n"
          + "            rejects issuer_not_registry_issuer, anchor_mismatch, revoked_chain up the"
          + " chain);\n"
          + "            --json adds \"credentials\": {SAID: {issuer, issuee, schema, registry,"
          + " edges, tel,\n"
          + "            status issued|revoked|notAccepted, reason}} and \"registries\": {PREFIX:"
          + " {issuer,\n"
          + "            sn, said, noBackers, backers, toad}}\n"
          + "  --schemas DIR  the credential schemas --verify knows: every .json file in DIR\n"
          + "  --fail-on V    exit with status 3 if a message ends rejected (rejected), still"
          + " escrowed\n"
          + "            (escrowed), or a credential is not accepted (notaccepted);"
          + " repeatable\n"
          + "  --threads N  workers that check signatures ahead of the --verify rules (default:\n"
          + "            the system property cesrj.verify.threads, else 2; at most the"
          + " processors)\n";

  /** What {@code cesrj inspect --help} prints: what {@code inspect} does and its options. */
  static final String INSPECT_USAGE =
      "usage: " + INSPECT_LINE
          + "  prints the messages, groups and primitives of a CESR stream: a tree (default),\n"
          + "  JSON (--json) or annotated text (--annotate); reads FILE, or standard input for -\n"
          + INSPECT_OPTIONS;

  /**
   * What {@code cesrj}, {@code cesrj --help} and an unknown command print: each command with one
   * line on what it does, and how to get a command's options.
   */
  static final String USAGE =
      "usage: cesrj COMMAND [OPTION]... (cesrj COMMAND --help gives a command's options)\n"
          + "  inspect       prints the messages, groups and primitives of a CESR stream;"
          + " --verify\n"
          + "                checks them with keripy's rules\n"
          + "  denot         turns annotated text (inspect --annotate) back into the stream's"
          + " bytes\n"
          + OobiCommand.SUMMARY + WatchCommand.SUMMARY;

  private Main() {}

  /**
   * Runs the command line and exits with its status.
   *
   * @param args the command and its arguments
   */
  public static void main(String[] args) {
    int status;
    try {
      status = run(args, System.in, System.out, System.err);
    } catch (RuntimeException e) {
      // a bug in cesrj, not in the input (the fuzz target inspect checks that none is left):
      // one line, no stack trace
      System.out.flush();
      System.err.println("cesrj: internal error: " + e.getClass().getSimpleName() + ": "
          + Printable.of(e.getMessage()));
      status = IO_ERROR;
    }
    System.exit(status);
  }

  /**
   * Runs the command line with the given streams.
   *
   * @param args the command and its arguments
   * @param stdin the input read for {@code -}; not closed
   * @param out where the output goes; not closed
   * @param err where errors and the usage go; not closed
   * @return the exit status
   */
  public static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
    int status = command(args, stdin, out, err);
    // a PrintStream keeps its write errors to itself (a full disk, a closed pipe): a run whose
    // output was lost is an I/O failure, not a success
    if (out.checkError()) {
      err.println("cesrj: cannot write output");
      return status == OK ? IO_ERROR : status;
    }
    return status;
  }

  /** {@link #run} before the check that the output was written. */
  private static int command(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
    try {
      if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
        (args.length == 0 ? err : out).print(USAGE);
        return args.length == 0 ? BAD_INPUT : OK;
      }
      if (asksHelp(args)) {
        String help = switch (args[0]) {
          case "inspect" -> INSPECT_USAGE;
          case "denot" -> DENOT_USAGE;
          case "watch" -> WatchCommand.HELP;
          case "oobi" -> OobiCommand.HELP;
          default -> null;
        };
        if (help != null) {
          out.print(help);
          return OK;
        }
      }
      switch (args[0]) {
        case "inspect":
          return inspect(InspectOptions.parse(args, 1), stdin, out, err);
        case "denot":
          if (args.length > 2) {
            throw new UsageException("denot takes one input", DENOT_USAGE);
          }
          if (args.length == 2 && args[1].startsWith("-") && !args[1].equals("-")) {
            throw new UsageException("unknown option " + args[1], DENOT_USAGE);
          }
          out.write(Denot.denot(new String(read(args.length == 2 ? args[1] : "-", stdin),
              StandardCharsets.UTF_8)));
          out.flush();
          return OK;
        case "oobi":
          return OobiCommand.run(args, 1, out, err);
        case "watch":
          return WatchCommand.run(WatchCommand.parse(args, 1), out, err,
              new java.util.concurrent.CountDownLatch(1));
        default:
          throw new UsageException("unknown command " + args[0]);
      }
    } catch (UsageException e) {
      err.println("cesrj: " + Printable.of(e.getMessage()));
      err.print(e.usage());
      return BAD_INPUT;
    } catch (IllegalArgumentException e) {
      err.println("cesrj: " + Printable.of(e.getMessage()));
      return BAD_INPUT;
    } catch (NoSuchFileException e) {
      err.println("cesrj: no such file: " + Printable.of(e.getFile()));
      return IO_ERROR;
    } catch (IOException | UncheckedIOException e) {
      err.println("cesrj: cannot read input: " + Printable.of(e.getMessage()));
      return IO_ERROR;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return IO_ERROR;
    } catch (OutOfMemoryError e) {
      return tooBig(err, "out of memory (raise -Xmx or give a smaller input)");
    } catch (StackOverflowError e) {
      return tooBig(err, "input nested too deep for the stack (raise -Xss)");
    }
  }

  /** {@return true if an argument after the command is {@code --help} or {@code -h}} */
  private static boolean asksHelp(String[] args) {
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--help") || args[i].equals("-h")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reports an {@link OutOfMemoryError} or {@link StackOverflowError} as one line: the output
   * written so far is flushed first, no stack trace is printed (printing one could itself run out
   * of memory), and what the error held is unreachable by now.
   */
  private static int tooBig(PrintStream err, String what) {
    err.println("cesrj: " + what);
    err.flush();
    return TOO_BIG;
  }

  private static int inspect(InspectOptions o, InputStream stdin, PrintStream out,
      PrintStream err) throws IOException {
    byte[] input = read(o.input(), stdin);
    Verification verification = o.verify() ? new Verification(schemas(o.schemas()), o.threads()) : null;
    Renderer r;
    switch (o.format()) {
      case JSON:
        r = o.verify() ? new VerdictJsonRenderer(out, verification) : new JsonRenderer(out);
        break;
      case ANNOTATE:
        r = new AnnotationRenderer(out, input);
        break;
      default:
        r = o.verify() ? new VerifiedTreeRenderer(out, input.length, verification)
            : new TreeRenderer(out, input.length);
    }
    Failure f = Inspection.run(input, o.options(), o.chunk(), r);
    out.flush();
    if (f != null) {
      ErrorReport.print(f, input, o.options(), err);
      return BAD_INPUT;
    }
    if (verification != null && failed(verification, o.failOn())) {
      return VERDICT_FAILED;
    }
    return OK;
  }

  /** {@return whether a verdict is one {@code --fail-on} names ({@link FailOn})} */
  static boolean failed(Verification v, java.util.Set<FailOn> failOn) {
    for (VerdictRow row : v.rows()) {
      if (FailOn.failsMessage(failOn, row.status())) {
        return true;
      }
    }
    return v.credentials().values().stream()
        .anyMatch(c -> FailOn.failsCredential(failOn, c.accepted()));
  }

  /** The schemas of {@code --schemas}: every {@code .json} file of each directory. */
  private static dev.cesrj.keri.acdc.SchemaResolver schemas(java.util.List<Path> dirs)
      throws IOException {
    dev.cesrj.keri.acdc.InMemorySchemaResolver r = new dev.cesrj.keri.acdc.InMemorySchemaResolver();
    for (Path dir : dirs) {
      try (java.util.stream.Stream<Path> files = Files.list(dir)) {
        for (Path p : (Iterable<Path>) files.sorted()::iterator) {
          if (p.getFileName().toString().endsWith(".json")) {
            r.add(Files.readAllBytes(p));
          }
        }
      }
    }
    return r;
  }

  private static byte[] read(String input, InputStream stdin) throws IOException {
    return input.equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(input));
  }
}
