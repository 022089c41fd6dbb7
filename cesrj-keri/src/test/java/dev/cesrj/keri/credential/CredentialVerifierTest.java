package dev.cesrj.keri.credential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link CredentialVerifier}'s escrows and its rules beyond keripy's, on set A's {@code
 * single.v1.original} stream (one issuer, its registry, one credential; see the README of {@code
 * src/test/resources/acdc/A}).
 */
@ExtendWith(LeakDetectionExtension.class)
class CredentialVerifierTest {
  private static final String SINGLE = "A/single.v1.original.cesr";
  private static final String SAID = "EOZ_4c2snYykIRV-3qSpUFJY7lnQ3eAEXOiJA_aDA-Ub";

  private static String outcome(CredentialVerifier v) {
    CredentialVerdict c = v.credential(SAID).orElseThrow();
    return c.status().keripyName() + " " + c.escrow().map(CredentialEscrow::keripyName).orElse("-")
        + " " + c.reason();
  }

  @Test
  void theOriginalIsIssued() {
    CredentialVerifier v = new CredentialVerifier(CredentialStreamsTest.schemas());
    v.acceptAll(CredentialStreamsTest.resource(SINGLE));
    assertEquals("issued - NONE", outcome(v));
    assertEquals(SAID, v.credential(SAID).orElseThrow().acdc().said());
  }

  /** A credential before its issuer's KEL and its TEL waits in mre and is saved once they come. */
  @Test
  void aCredentialBeforeItsTelWaitsInMreThenIsIssued() {
    CredentialVerifier v = new CredentialVerifier(CredentialStreamsTest.schemas());
    byte[] stream = CredentialStreamsTest.resource(SINGLE);
    List<MessageVerdict> intake = new ArrayList<>();
    for (boolean acdcs : new boolean[] {true, false}) {
      try (Messages ms = Messages.copyOf(stream)) {
        for (Message m : ms) {
          boolean acdc = dev.cesrj.keri.KeriEvents.of(m) instanceof dev.cesrj.keri.event.AcdcMessage;
          if (acdc == acdcs) {
            intake.add(v.accept(m));
          }
        }
      }
    }
    assertEquals("CREDENTIAL ESCROWED mre REGISTRY_UNKNOWN", intake.get(0).kind() + " "
        + intake.get(0).status() + " " + intake.get(0).escrow().orElse("-") + " "
        + intake.get(0).reason());
    assertEquals("notAccepted mre REGISTRY_UNKNOWN", outcome(v));
    v.finish();
    assertEquals("issued - NONE", outcome(v));
    assertEquals(Status.ACCEPTED, v.messages().get(0).status());
  }

  /** A schema that arrives after the credential: mse, then saved on the next retry. */
  @Test
  void aMissingSchemaWaitsInMseUntilItArrives() {
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    CredentialVerifier v = new CredentialVerifier(schemas);
    v.acceptAll(CredentialStreamsTest.resource(SINGLE));
    assertEquals("notAccepted mse ACDC", outcome(v));
    schemas.add(CredentialStreamsTest.resource("schemas/simple-attestation.json"));
    v.finish();
    assertEquals("issued - NONE", outcome(v));
  }

  /**
   * The ACDC's SealSourceTriples naming another KEL event than the one anchoring its iss: keripy
   * stores the triple unchecked; cesrj rejects it. The triple's SAID (the message's last 44
   * bytes) is replaced by the issuer's inception SAID.
   */
  @Test
  void aSealSourceTripleOtherThanTheIssAnchorIsRejected() {
    byte[] stream = CredentialStreamsTest.resource(SINGLE).clone();
    CredentialVerifier first = new CredentialVerifier(CredentialStreamsTest.schemas());
    first.acceptAll(stream);
    String icp = first.messages().get(0).said().orElseThrow();
    byte[] other = icp.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(other, 0, stream, stream.length - 44, 44);
    CredentialVerifier v = new CredentialVerifier(CredentialStreamsTest.schemas());
    ByteBuf buf = Unpooled.wrappedBuffer(stream);
    try {
      v.acceptAll(buf);
    } finally {
      buf.release();
    }
    assertEquals("notAccepted - ANCHOR_MISMATCH", outcome(v));
  }

  /** A bound of 0 escrowed credentials rejects the one that would wait. */
  @Test
  void aFullCredentialEscrowRejects() {
    CredentialVerifier v = new CredentialVerifier(new InMemorySchemaResolver(),
        dev.cesrj.keri.acdc.CredentialResolver.NONE, 0);
    v.acceptAll(CredentialStreamsTest.resource(SINGLE));
    assertEquals("notAccepted - ESCROW_FULL", outcome(v));
  }
}
