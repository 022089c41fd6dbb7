package dev.cesrj.keri.vlei;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.vlei.CredentialForge.Kind;
import dev.cesrj.keri.vlei.CredentialForge.Made;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A three-level chain, root → middle → leaf: the QVI credential (GLEIF External to the QVI), the
 * Legal Entity credential (edge {@code qvi} to it) and the OOR AUTH (edge {@code le} to that), made
 * in the test ({@link VleiFixture}). Each state is asserted, per credential, as the credential
 * verifier gives it (keripy's rules: a credential is checked against its chain when it arrives,
 * keripy {@code Verifier.processCredential}, {@code RevokedChainError}; cesrj looks all the way
 * up) and as the vLEI policy gives it (judged when it runs: a revocation arriving after the leaf
 * still makes the leaf invalid).
 */
@ExtendWith(LeakDetectionExtension.class)
class ThreeLevelRevocationTest {
  private static String credentials(CredentialVerifier v, VleiFixture x) {
    List<String> out = new ArrayList<>();
    for (String said : List.of(x.qviCred.said(), x.leCred.said(), x.oorAuth.said())) {
      CredentialVerdict c = v.credential(said).orElseThrow();
      out.add(VleiPolicyTest.name(x, said) + " " + c.status() + " " + c.reason()
          + c.escrow().map(e -> " " + e.keripyName()).orElse(""));
    }
    return String.join(", ", out);
  }

  private static String policy(CredentialVerifier v, VleiFixture x) {
    List<String> out = new ArrayList<>();
    VleiPolicy p = VleiPolicy.of(x.root.prefix);
    for (String said : List.of(x.qviCred.said(), x.leCred.said(), x.oorAuth.said())) {
      VleiVerdict r = p.check(v, said);
      out.add(VleiPolicyTest.name(x, said) + " " + r.status() + " " + r.rule() + " " + r.edges()
          + " " + VleiPolicyTest.name(x, r.at()));
    }
    return String.join(", ", out);
  }

  /** KELs, the TEL events but revocations, then the three ACDCs, {@code rev} inserted before one. */
  private static byte[] stream(VleiFixture x, String revoked, String revBefore) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Predicate<Made> isRev = m -> m.ilk().equals("rev");
    out.writeBytes(x.forge.stream(m -> m.kind() == Kind.KEL));
    out.writeBytes(x.forge.stream(m -> m.kind() == Kind.TEL && !isRev.test(m)));
    for (String said : List.of(x.qviCred.said(), x.leCred.said(), x.oorAuth.said())) {
      if (said.equals(revBefore)) {
        out.writeBytes(x.forge.stream(m -> isRev.test(m) && m.id().equals(revoked)));
      }
      out.writeBytes(x.forge.stream(m -> m.kind() == Kind.ACDC && m.id().equals(said)));
    }
    return out.toByteArray();
  }

  private static CredentialVerifier verify(byte[] stream) throws Exception {
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas());
    v.acceptAll(stream);
    return v;
  }

  @Test
  void revokingTheRootBeforeTheLeafArrivesRefusesTheLeaf() throws Exception {
    VleiFixture x = new VleiFixture();
    x.forge.revoke(x.qviCred);
    CredentialVerifier before = verify(stream(x, x.qviCred.said(), "none"));
    assertEquals("qvi ISSUED NONE, le ISSUED NONE, oorAuth ISSUED NONE",
        credentials(before, x));
    assertEquals("qvi VALID NONE [] qvi, le VALID NONE [] le, oorAuth VALID NONE [] oorAuth",
        policy(before, x));

    CredentialVerifier after = verify(stream(x, x.qviCred.said(), x.oorAuth.said()));
    assertEquals("qvi REVOKED NONE, le ISSUED NONE, oorAuth NOT_ACCEPTED REVOKED_CHAIN",
        credentials(after, x));
    assertEquals("chains to revoked credential " + x.qviCred.said(),
        after.credential(x.oorAuth.said()).orElseThrow().detail());
    assertEquals("qvi INVALID REVOKED [] qvi, le INVALID REVOKED [qvi] qvi,"
        + " oorAuth INVALID REVOKED [le, qvi] qvi", policy(after, x));
  }

  @Test
  void revokingTheMiddleBeforeTheLeafArrivesRefusesTheLeaf() throws Exception {
    VleiFixture x = new VleiFixture();
    x.forge.revoke(x.leCred);
    CredentialVerifier v = verify(stream(x, x.leCred.said(), x.oorAuth.said()));
    assertEquals("qvi ISSUED NONE, le REVOKED NONE, oorAuth NOT_ACCEPTED REVOKED_CHAIN",
        credentials(v, x));
    assertEquals("chains to revoked credential " + x.leCred.said(),
        v.credential(x.oorAuth.said()).orElseThrow().detail());
    assertEquals("qvi VALID NONE [] qvi, le INVALID REVOKED [] le,"
        + " oorAuth INVALID REVOKED [le] le", policy(v, x));
  }

  @Test
  void revokingTheRootBeforeTheMiddleArrivesRefusesTheMiddleAndTheLeafCanNeverBeValid()
      throws Exception {
    VleiFixture x = new VleiFixture();
    x.forge.revoke(x.qviCred);
    CredentialVerifier v = verify(stream(x, x.qviCred.said(), x.leCred.said()));
    // keripy: the middle is refused (RevokedChainError); the leaf's far node was never saved, so
    // the leaf waits in mce; nothing is missing: its far node was given and refused
    assertEquals("qvi REVOKED NONE, le NOT_ACCEPTED REVOKED_CHAIN, oorAuth NOT_ACCEPTED ACDC mce",
        credentials(v, x));
    assertEquals(List.of(), v.credential(x.oorAuth.said()).orElseThrow().missing());
    assertEquals("qvi INVALID REVOKED [] qvi, le INVALID REVOKED [qvi] qvi,"
        + " oorAuth INVALID REVOKED [le, qvi] qvi", policy(v, x));
  }

  @Test
  void aRevocationArrivingAfterTheLeafInvalidatesItUnderThePolicy() throws Exception {
    VleiFixture x = new VleiFixture();
    x.forge.revoke(x.qviCred);
    CredentialVerifier v = verify(stream(x, x.qviCred.said(), "none"));
    assertEquals("qvi VALID NONE [] qvi, le VALID NONE [] le, oorAuth VALID NONE [] oorAuth",
        policy(v, x));
    v.acceptAll(x.forge.stream(m -> m.ilk().equals("rev")));
    // accepted when they arrived, as keripy keeps them; the policy judges now
    assertEquals("qvi REVOKED NONE, le ISSUED NONE, oorAuth ISSUED NONE", credentials(v, x));
    assertEquals("qvi INVALID REVOKED [] qvi, le INVALID REVOKED [qvi] qvi,"
        + " oorAuth INVALID REVOKED [le, qvi] qvi", policy(v, x));
  }
}
