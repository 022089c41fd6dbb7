package dev.cesrj;

import dev.cesrj.code.CounterCode;
import java.util.Objects;

/**
 * One group that encloses the place where an error was met: an entry of
 * {@link CesrException#path()}.
 *
 * @param code the group's counter code, as the table in force names it
 * @param offset the byte offset of the group's counter from the start of the input the parser
 *     was given
 */
public record EnclosingGroup(CounterCode code, long offset) {
  /**
   * @param code the group's counter code
   * @param offset the byte offset of the group's counter
   * @throws NullPointerException if {@code code} is null
   * @throws IllegalArgumentException if {@code offset} is negative
   */
  public EnclosingGroup {
    Objects.requireNonNull(code, "code");
    if (offset < 0) {
      throw new IllegalArgumentException("offset " + offset + " < 0");
    }
  }

  /** {@return e.g. {@code ControllerIdxSigs (-K) at 4}} */
  @Override
  public String toString() {
    return code.name() + " (" + code.code() + ") at " + offset;
  }
}
