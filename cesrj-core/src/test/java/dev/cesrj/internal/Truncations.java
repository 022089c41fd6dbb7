package dev.cesrj.internal;

import dev.cesrj.TruncatedException;

/** What the tests compare of a {@link TruncatedException}: every fact it carries. */
public final class Truncations {
  private Truncations() {}

  /**
   * {@return {@code e}'s class, kind, offset, code, expectation, bytes needed, path, message and
   * cause, in one line}
   *
   * @param e a truncation, thrown or built by {@link Fit#error()}
   */
  public static String describe(TruncatedException e) {
    return e.getClass().getName() + " " + e.kind() + " @" + e.offset() + " code " + e.code()
        + " expected " + e.expected() + " needed " + e.needed() + " path " + e.path()
        + " message " + e.getMessage() + " cause " + e.getCause();
  }
}
