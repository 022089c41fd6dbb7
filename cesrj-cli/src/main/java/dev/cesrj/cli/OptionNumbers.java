package dev.cesrj.cli;

/**
 * The one parser of the numbers the commands' options take: sizes in bytes ({@code oobi resolve
 * --max-body}, {@code watch --budget}, ...), counts and seconds. A value is a plain decimal whole
 * number ({@code 1048576}: no sign, no suffix, no separators); one outside its option's range, a
 * negative one, one too large for a {@code long}, or anything else is a {@link UsageException}
 * naming the option and the value, printed with the command's usage (exit status 2, as every wrong
 * command line).
 */
final class OptionNumbers {
  /**
   * The most seconds a timeout option takes: {@value} (68 years), which any clock's arithmetic in
   * nanoseconds holds.
   */
  static final long MAX_SECONDS = Integer.MAX_VALUE;

  private OptionNumbers() {}

  /** What a number counts, as the error messages say it. */
  enum Unit {
    /** A size in bytes. */
    BYTES("a whole number of bytes"),
    /** A count of things (connections, messages, replies). */
    COUNT("a whole number"),
    /** A time in whole seconds. */
    SECONDS("a whole number of seconds");

    private final String what;

    Unit(String what) {
      this.what = what;
    }
  }

  /**
   * {@return the value of {@code option}}
   *
   * @param command the command, first in the message ({@code watch}, {@code oobi resolve})
   * @param option the option, as typed ({@code --budget})
   * @param text the value given
   * @param unit what it counts
   * @param min the smallest value taken
   * @param max the largest value taken
   * @param usage the usage printed after the message
   * @throws UsageException if {@code text} is not a decimal whole number in [{@code min}, {@code
   *     max}]
   */
  static long parse(String command, String option, String text, Unit unit, long min, long max,
      String usage) throws UsageException {
    String prefix = command + ": " + option + " ";
    boolean negative = text.startsWith("-");
    String digits = negative ? text.substring(1) : text;
    if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new UsageException(prefix + "takes " + unit.what + ", not " + Printable.of(text),
          usage);
    }
    if (negative) {
      throw new UsageException(prefix + "must be at least " + min + ", not " + text, usage);
    }
    long v;
    try {
      v = Long.parseLong(digits);
    } catch (NumberFormatException tooLong) {
      throw new UsageException(prefix + "must be at most " + max + ", not " + text, usage);
    }
    if (v < min) {
      throw new UsageException(prefix + "must be at least " + min + ", not " + text, usage);
    }
    if (v > max) {
      throw new UsageException(prefix + "must be at most " + max + ", not " + text, usage);
    }
    return v;
  }
}
