package dev.cesrj.keri.kever;

import java.util.Set;

/**
 * Which final verdicts make a verification run fail: the values of {@code --fail-on} for {@code
 * cesrj inspect --verify} (cesrj-cli) and for the Flink job {@code VerifyKelsJob} (cesrj-flink),
 * decided here once so that both give a verdict the same meaning and the same exit status, {@value
 * #EXIT_STATUS}. cesrj's own policy for its tools (keripy's {@code kli} has no such option).
 *
 * <p>A run fails if, for any value given: {@link #REJECTED} and a message's final verdict is
 * {@link Status#REJECTED}; {@link #ESCROWED} and a message is still {@link Status#ESCROWED} once
 * every escrow was retried (its final verdict); {@link #NOT_ACCEPTED} and a credential's final
 * status is neither issued nor revoked. A verifier that judges no credentials (the Flink job's
 * KEL verifier) never fails on {@link #NOT_ACCEPTED}.
 */
public enum FailOn {
  /** A message's final verdict is rejected ({@code rejected}). */
  REJECTED("rejected"),
  /** A message is still escrowed after every retry ({@code escrowed}). */
  ESCROWED("escrowed"),
  /** A credential is not accepted: escrowed or rejected ({@code notaccepted}). */
  NOT_ACCEPTED("notaccepted");

  /** The exit status of a tool whose run failed on a verdict {@code --fail-on} names. */
  public static final int EXIT_STATUS = 3;

  private final String optionValue;

  FailOn(String optionValue) {
    this.optionValue = optionValue;
  }

  /** {@return the value as {@code --fail-on} takes it: rejected, escrowed or notaccepted} */
  public String optionValue() {
    return optionValue;
  }

  /**
   * The value {@code --fail-on} was given.
   *
   * @param value {@code rejected}, {@code escrowed} or {@code notaccepted} (exactly)
   * @return its constant
   * @throws IllegalArgumentException for any other value, with a message naming the three
   */
  public static FailOn of(String value) {
    for (FailOn f : values()) {
      if (f.optionValue.equals(value)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "--fail-on takes rejected, escrowed or notaccepted, not " + value);
  }

  /**
   * Whether a message's final verdict fails the run.
   *
   * @param failOn the values given
   * @param finalStatus the message's verdict once every escrow was retried
   * @return true if {@code failOn} names it
   */
  public static boolean failsMessage(Set<FailOn> failOn, Status finalStatus) {
    return finalStatus == Status.REJECTED && failOn.contains(REJECTED)
        || finalStatus == Status.ESCROWED && failOn.contains(ESCROWED);
  }

  /**
   * Whether a credential's final status fails the run.
   *
   * @param failOn the values given
   * @param accepted whether the credential ended issued or revoked
   * @return true if {@code failOn} names {@link #NOT_ACCEPTED} and the credential is not accepted
   */
  public static boolean failsCredential(Set<FailOn> failOn, boolean accepted) {
    return !accepted && failOn.contains(NOT_ACCEPTED);
  }
}
