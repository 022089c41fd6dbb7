package dev.cesrj.keri.credential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.testing.LeakDetectionExtension;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad input is normal input: 300 seeded one-byte mutants of set A's {@code chain.v1.original}
 * stream (two issuers' KELs, two registries, a QVI and a Legal Entity credential chained to it)
 * through a {@link CredentialVerifier}: never an exception but the typed framing error ({@link
 * CesrException}), every message given a verdict with a reason unless accepted, and every mutant
 * accepts fewer credentials than the original's two: each byte of the stream is bound by a SAID,
 * a signature, a seal, a seal source couple or triple, or a count.
 */
@ExtendWith(LeakDetectionExtension.class)
class CredentialMutantsTest {
  @Test
  void oneByteMutantsGetTypedVerdicts() {
    byte[] original = CredentialStreamsTest.resource("A/chain.v1.original.cesr");
    SplittableRandom random = new SplittableRandom(29);
    int framingErrors = 0;
    int fewerAccepted = 0;
    for (int n = 0; n < 300; n++) {
      byte[] stream = original.clone();
      int at = random.nextInt(stream.length);
      stream[at] = (byte) (stream[at] ^ (1 + random.nextInt(255)));
      CredentialVerifier v = new CredentialVerifier(CredentialStreamsTest.schemas());
      try {
        v.acceptAll(stream);
      } catch (CesrException e) {
        framingErrors++;
        v.finish();
      }
      long accepted = v.credentials().values().stream().filter(CredentialVerdict::accepted)
          .count();
      assertTrue(accepted <= 2, "mutant at " + at);
      if (accepted < 2) {
        fewerAccepted++;
      }
      for (MessageVerdict m : v.messages()) {
        assertTrue(m.status() == Status.ACCEPTED || !m.reason().equals("NONE"), m.toString());
      }
    }
    assertEquals("13 framing errors, 300 with fewer accepted",
        framingErrors + " framing errors, " + fewerAccepted + " with fewer accepted");
  }
}
