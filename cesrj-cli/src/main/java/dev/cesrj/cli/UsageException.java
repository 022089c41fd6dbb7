package dev.cesrj.cli;

/** A command line the tool cannot run: unknown option, missing argument, unavailable feature. */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
