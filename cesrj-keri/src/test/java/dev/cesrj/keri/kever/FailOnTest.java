package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link FailOn}, the {@code --fail-on} decision of {@code inspect --verify} and the Flink job:
 * its three values as written on the command line, an unknown one refused with the three named,
 * and for every set of values which final message statuses and credential outcomes fail a run.
 */
class FailOnTest {
  @Test
  void theThreeValuesAndNoOther() {
    assertEquals(FailOn.REJECTED, FailOn.of("rejected"));
    assertEquals(FailOn.ESCROWED, FailOn.of("escrowed"));
    assertEquals(FailOn.NOT_ACCEPTED, FailOn.of("notaccepted"));
    for (FailOn f : FailOn.values()) {
      assertEquals(f, FailOn.of(f.optionValue()));
    }
    for (String bad : new String[] {"REJECTED", "accepted", "not-accepted", "", "rejected "}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> FailOn.of(bad));
      assertEquals("--fail-on takes rejected, escrowed or notaccepted, not " + bad,
          e.getMessage());
    }
    assertEquals(3, FailOn.EXIT_STATUS);
  }

  /** Every subset of the three values against every status and credential outcome. */
  @Test
  void eachSetFailsOnExactlyWhatItNames() {
    for (int mask = 0; mask < 8; mask++) {
      Set<FailOn> on = EnumSet.noneOf(FailOn.class);
      for (FailOn f : FailOn.values()) {
        if ((mask & (1 << f.ordinal())) != 0) {
          on.add(f);
        }
      }
      assertFalse(FailOn.failsMessage(on, Status.ACCEPTED), on.toString());
      assertEquals(on.contains(FailOn.REJECTED), FailOn.failsMessage(on, Status.REJECTED),
          on.toString());
      assertEquals(on.contains(FailOn.ESCROWED), FailOn.failsMessage(on, Status.ESCROWED),
          on.toString());
      assertFalse(FailOn.failsCredential(on, true), on.toString());
      assertEquals(on.contains(FailOn.NOT_ACCEPTED), FailOn.failsCredential(on, false),
          on.toString());
    }
    assertTrue(FailOn.failsMessage(EnumSet.allOf(FailOn.class), Status.REJECTED));
  }
}
