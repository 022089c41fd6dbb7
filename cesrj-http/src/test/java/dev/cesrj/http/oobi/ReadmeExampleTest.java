package dev.cesrj.http.oobi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's "Resolve an OOBI" example and the guide's ({@code docs/guide/oobi.md}), their
 * lines as written there, against recording A's witness {@code wan} served from loopback
 * ({@link RecordedWitness}).
 */
@ExtendWith(LeakDetectionExtension.class)
class ReadmeExampleTest {
  @Test
  void theReadmeExampleGivesKeripysKeyState() throws Exception {
    String aid = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";
    try (RecordedWitness wan = new RecordedWitness()) {
      String witness = wan.base();
      KeyState got;
      // the README's lines
      try (OobiResolver resolver = new OobiResolver()) {
        resolver.resolve(witness + "/oobi/" + aid + "/witness");
        KeyState state = resolver.keyStates().get(aid);
        got = state;
        // the guide's further lines
        assertEquals(0, resolver.endRoles().size());
        assertEquals(3, resolver.locSchemes().size(), "the three witnesses' /loc/scheme");
      }
      assertEquals(BigInteger.TWO, got.sn());
      assertEquals("EPjwHVos6w9aZj7Ek9enNCUxhLoCpvMf3c5tVU0JYhgs", got.said());
      assertEquals("ixn", got.et());
    }
  }
}
