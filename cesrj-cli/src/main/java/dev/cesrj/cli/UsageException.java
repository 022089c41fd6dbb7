package dev.cesrj.cli;

/**
 * A command line the tool cannot run: unknown option, missing argument, unavailable feature; with
 * the usage to print after it (the command's own, or {@link Main#USAGE}).
 */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;
  /** The usage printed after the message. */
  private final String usage;

  UsageException(String message) {
    this(message, Main.USAGE);
  }

  UsageException(String message, String usage) {
    super(message);
    this.usage = usage;
  }

  /** {@return the usage to print after the message} */
  String usage() {
    return usage;
  }
}
