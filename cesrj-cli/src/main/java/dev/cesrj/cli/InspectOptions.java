package dev.cesrj.cli;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.keri.kever.FailOn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
/**
 * The options of {@code cesrj inspect}.
 *
 * @param input a file path, or {@code -} for standard input
 * @param format what to print
 * @param options parser options: default counter table ({@code --table}), maximum frame size
 *     ({@code --max-frame}), and every value character checked ({@link
 *     CesrOptions#checkValueCharacters()}: what inspect shows has been read in full)
 * @param chunk bytes per push into the push parser ({@code --chunk}), or 0 to frame the input
 *     whole
 * @param verify whether each message is also validated as a KERI key event ({@code --verify}):
 *     the tree gets each message's verdict, {@code --json} writes the verdicts instead of the parse
 * @param schemas directories whose {@code .json} files are the credential schemas {@code
 *     --verify} knows ({@code --schemas DIR}, repeatable)
 * @param failOn the verdicts that make the exit status {@link Main#VERDICT_FAILED} ({@code
 *     --fail-on rejected|escrowed|notaccepted}, repeatable; needs {@code --verify}; {@link
 *     FailOn}, the decision the Flink job shares)
 * @param threads the signature-checking workers of {@code --verify} ({@code --threads}), or 0 for
 *     the verifier's default ({@code dev.cesrj.keri.kever.VerifyThreads})
 */
record InspectOptions(String input, Format format, CesrOptions options, int chunk,
    boolean verify, List<Path> schemas, Set<FailOn> failOn, int threads) {
  /** The smallest {@code --max-frame}: {@link CesrOptions.Builder#maxFrameBytes} takes 4 up. */
  static final long MIN_FRAME = CesrOptions.MIN_FRAME_BYTES;

  /** What {@code inspect} prints. */
  enum Format {
    TREE,
    JSON,
    ANNOTATE
  }

  /**
   * Parses {@code inspect}'s arguments (after the command name).
   *
   * @throws UsageException for an unknown option, a bad or missing value, no input or two inputs,
   *     {@code --verify} with {@code --annotate}
   */
  static InspectOptions parse(String[] args, int from) throws UsageException {
    String input = null;
    Format format = null;
    CesrOptions.Builder options = CesrOptions.builder().checkValueCharacters(true);
    int chunk = 0;
    boolean verify = false;
    List<Path> schemas = new ArrayList<>();
    Set<FailOn> failOn = EnumSet.noneOf(FailOn.class);
    int threads = 0;
    for (int i = from; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--json":
          format = format(format, Format.JSON, a);
          break;
        case "--annotate":
          format = format(format, Format.ANNOTATE, a);
          break;
        case "--verify":
          verify = true;
          break;
        case "--schemas":
          schemas.add(Path.of(value(args, ++i, a)));
          break;
        case "--fail-on":
          failOn.add(failOn(value(args, ++i, a)));
          break;
        case "--threads":
          threads = (int) number(value(args, ++i, a), a, 1, 1024);
          break;
        case "--table":
          options.defaultTable(table(value(args, ++i, a)));
          break;
        case "--chunk":
          chunk = (int) number(value(args, ++i, a), a, 1, Integer.MAX_VALUE);
          break;
        case "--max-frame":
          options.maxFrameBytes(
              number(value(args, ++i, a), a, MIN_FRAME, CesrOptions.MAX_FRAME_BYTES));
          break;
        default:
          if (a.startsWith("--") || (a.startsWith("-") && a.length() > 1)) {
            throw usage("unknown option " + a);
          }
          if (input != null) {
            throw usage("one input only: " + input + " and " + a);
          }
          input = a;
      }
    }
    if (input == null) {
      throw usage("no input: give a FILE or - for standard input");
    }
    if (verify && format == Format.ANNOTATE) {
      throw usage("--verify works with the tree or --json, not --annotate");
    }
    if (!verify && (!failOn.isEmpty() || !schemas.isEmpty())) {
      throw usage("--fail-on and --schemas need --verify");
    }
    if (threads > 0 && !verify) {
      throw usage("--threads works with --verify");
    }
    return new InspectOptions(input, format == null ? Format.TREE : format, options.build(), chunk,
        verify, List.copyOf(schemas), Set.copyOf(failOn), threads);
  }

  /** The value of {@code --fail-on}, as {@link FailOn#of} reads it (shared with the Flink job). */
  private static FailOn failOn(String name) throws UsageException {
    try {
      return FailOn.of(name);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  /** The format {@code option} asks for, unless another was asked for already. */
  private static Format format(Format given, Format wanted, String option) throws UsageException {
    if (given != null && given != wanted) {
      throw usage("--json and --annotate are two formats: give one, not " + option
          + " too");
    }
    return wanted;
  }

  /**
   * The counter table for {@code --table}: {@code 1} (CESR 1.0 as keripy's head defines it),
   * {@code 2} (CESR 2.0) or {@code legacy} (the legacy CESR 1.0 table of keripy 1.1 to 1.3 and
   * signify-ts; cesrj's choice: version 1 bodies are read with it too).
   */
  static CounterTable table(String name) throws UsageException {
    switch (name) {
      case "1":
        return CounterTable.CESR_1_0;
      case "2":
        return CounterTable.CESR_2_0;
      case "legacy":
        return CounterTable.CESR_1_0_LEGACY;
      default:
        throw usage("--table takes 1, 2 or legacy, not " + name);
    }
  }

  private static String value(String[] args, int i, String option) throws UsageException {
    if (i >= args.length) {
      throw usage(option + " needs a value");
    }
    return args[i];
  }

  private static long number(String text, String option, long min, long max)
      throws UsageException {
    long n;
    try {
      n = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw usage(option + " takes a positive whole number, not " + text);
    }
    if (n < min || n > max) {
      throw usage(
          option + " must be between " + min + " and " + max + ", not " + text);
    }
    return n;
  }

  /** A wrong {@code inspect} command line, followed by inspect's usage. */
  private static UsageException usage(String message) {
    return new UsageException(message, Main.INSPECT_USAGE);
  }
}
