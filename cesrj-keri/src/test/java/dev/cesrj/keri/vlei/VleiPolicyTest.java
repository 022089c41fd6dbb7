package dev.cesrj.keri.vlei;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.InMemoryEventResolver;
import dev.cesrj.keri.credential.Missing;
import dev.cesrj.keri.credential.MissingKind;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.testing.LeakDetectionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The vLEI chain policy over a whole vLEI chain made in the test ({@link VleiFixture}: GLEIF Root,
 * GLEIF External delegated by it, a QVI, a Legal Entity, a person; the six vLEI credentials on
 * WebOfTrust/vLEI's schemas): every credential valid from the root of trust; each rule failing
 * with its verdict (rule, edge path, credential); the root's KEL missing from the export, then
 * given by an {@link InMemoryEventResolver} or fed later.
 */
@ExtendWith(LeakDetectionExtension.class)
class VleiPolicyTest {
  /** {@return each verdict as "schema status rule edges at"} (at as the fixture names it) */
  static List<String> describe(Map<String, VleiVerdict> verdicts, VleiFixture x) {
    List<String> out = new ArrayList<>();
    for (VleiVerdict v : verdicts.values()) {
      out.add(v.schema().map(Enum::name).orElse("-") + " " + v.status() + " " + v.rule() + " "
          + v.edges() + " " + name(x, v.at()));
    }
    return out;
  }

  static String name(VleiFixture x, String said) {
    return said.equals(x.qviCred.said()) ? "qvi" : said.equals(x.leCred.said()) ? "le"
        : said.equals(x.oorAuth.said()) ? "oorAuth" : said.equals(x.oor.said()) ? "oor"
        : said.equals(x.ecrAuth.said()) ? "ecrAuth" : said.equals(x.ecr.said()) ? "ecr" : said;
  }

  private static CredentialVerifier verify(byte[] stream) throws Exception {
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas());
    v.acceptAll(stream);
    return v;
  }

  @Test
  void theWholeChainIsValidFromTheRoot() throws Exception {
    VleiFixture x = new VleiFixture();
    CredentialVerifier v = verify(x.export());
    VleiPolicy policy = VleiPolicy.fromRootKel(x.rootKel());
    assertEquals(x.root.prefix, policy.root());
    assertEquals(List.of("QVI VALID NONE [] qvi", "LE VALID NONE [] le",
        "OOR_AUTH VALID NONE [] oorAuth", "OOR VALID NONE [] oor",
        "ECR_AUTH VALID NONE [] ecrAuth", "ECR VALID NONE [] ecr"),
        describe(policy.check(v), x));
    assertEquals(x.external.prefix, v.keyStates().get(x.external.prefix).prefix());
    assertEquals(x.root.prefix, v.keyStates().get(x.external.prefix).delegator().orElseThrow());
  }

  @Test
  void anotherRootFailsTheQviRuleAndEveryCredentialChainedToIt() throws Exception {
    VleiFixture x = new VleiFixture();
    CredentialVerifier v = verify(x.export());
    Map<String, VleiVerdict> got = VleiPolicy.of(x.qvi.prefix).check(v);
    assertEquals(List.of("QVI INVALID ISSUER_NOT_DELEGATED_BY_ROOT [] qvi",
        "LE INVALID ISSUER_NOT_DELEGATED_BY_ROOT [qvi] qvi",
        "OOR_AUTH INVALID ISSUER_NOT_DELEGATED_BY_ROOT [le, qvi] qvi",
        "OOR INVALID ISSUER_NOT_DELEGATED_BY_ROOT [auth, le, qvi] qvi",
        "ECR_AUTH INVALID ISSUER_NOT_DELEGATED_BY_ROOT [le, qvi] qvi",
        "ECR INVALID ISSUER_NOT_DELEGATED_BY_ROOT [auth, le, qvi] qvi"), describe(got, x));
    assertEquals("issuer " + x.external.prefix + "'s KEL is delegated by " + x.root.prefix
        + ", not by the root of trust " + x.qvi.prefix, got.get(x.qviCred.said()).detail());
    assertEquals("edge auth: edge le: edge qvi: " + got.get(x.qviCred.said()).detail(),
        got.get(x.oor.said()).detail());
  }

  @Test
  void aRoleCredentialWhoseNameIsNotItsAuthorizationsFails() throws Exception {
    VleiFixture x = new VleiFixture("John Smith", "Jane Smith", VleiFixture.LE_LEI);
    Map<String, VleiVerdict> got = VleiPolicy.of(x.root.prefix).check(verify(x.export()));
    assertEquals("OOR INVALID ROLE_MISMATCH [auth] oor",
        describe(got, x).get(3));
    assertEquals("personLegalName Jane Smith but authorization " + x.oorAuth.said()
        + " has John Smith", got.get(x.oor.said()).detail());
    assertEquals(VleiStatus.VALID, got.get(x.ecr.said()).status());
  }

  @Test
  void anAuthorizationForAnotherLeiFails() throws Exception {
    VleiFixture x = new VleiFixture("John Smith", "John Smith", "984500E6F21ACD17E254");
    Map<String, VleiVerdict> got = VleiPolicy.of(x.root.prefix).check(verify(x.export()));
    assertEquals(List.of("QVI VALID NONE [] qvi", "LE VALID NONE [] le",
        "OOR_AUTH INVALID LEI_MISMATCH [le] oorAuth", "OOR INVALID LEI_MISMATCH [auth] oor",
        "ECR_AUTH VALID NONE [] ecrAuth", "ECR VALID NONE [] ecr"), describe(got, x));
    assertEquals(true, VleiRule.LEI_MISMATCH.onEdge());
  }

  @Test
  void aCredentialOnAnotherSchemaIsNoVleiCredential() throws Exception {
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    schemas.addAll(Path.of("src/test/resources/acdc/schemas"));
    CredentialVerifier v = new CredentialVerifier(schemas);
    v.acceptAll(Files.readAllBytes(Path.of("src/test/resources/acdc/A/single.v1.original.cesr")));
    VleiVerdict got = VleiPolicy.of("EDP1vHcw_wc4M__Fj53-cJaBnZZASd-aMTaSyWEQ-PC2").check(v)
        .values().iterator().next();
    assertEquals(VleiStatus.INVALID + " " + VleiRule.NOT_A_VLEI_CREDENTIAL,
        got.status() + " " + got.rule());
  }

  @Test
  void withoutTheRootsKelEveryCredentialSaysItIsMissing() throws Exception {
    VleiFixture x = new VleiFixture();
    CredentialVerifier v = verify(x.exportWithoutRoot());
    Missing rootKel = new Missing(MissingKind.DELEGATOR_KEL, x.root.prefix, x.external.prefix);
    assertEquals("the KEL of delegator " + x.root.prefix + " (of " + x.external.prefix + ")",
        rootKel.describe());
    CredentialVerdict qvi = v.credential(x.qviCred.said()).orElseThrow();
    assertEquals("NOT_ACCEPTED mre " + List.of(rootKel), qvi.status() + " "
        + qvi.escrow().orElseThrow().keripyName() + " " + qvi.missing());
    CredentialVerdict le = v.credential(x.leCred.said()).orElseThrow();
    assertEquals(List.of(new Missing(MissingKind.CREDENTIAL, x.qviCred.said(), "qvi"), rootKel),
        le.missing());
    assertEquals(List.of(new Missing(MissingKind.CREDENTIAL, x.oorAuth.said(), "auth"),
        new Missing(MissingKind.CREDENTIAL, x.leCred.said(), "le"),
        new Missing(MissingKind.CREDENTIAL, x.qviCred.said(), "qvi"), rootKel),
        v.missing(x.oor.said()));
    Map<String, VleiVerdict> got = VleiPolicy.of(x.root.prefix).check(v);
    assertEquals(List.of("QVI INCOMPLETE NOT_ACCEPTED [] qvi", "LE INCOMPLETE NOT_ACCEPTED [] le",
        "OOR_AUTH INCOMPLETE NOT_ACCEPTED [] oorAuth", "OOR INCOMPLETE NOT_ACCEPTED [] oor",
        "ECR_AUTH INCOMPLETE NOT_ACCEPTED [] ecrAuth", "ECR INCOMPLETE NOT_ACCEPTED [] ecr"),
        describe(got, x));
    assertEquals(List.of(rootKel), got.get(x.qviCred.said()).missing());
  }

  @Test
  void aResolverGivesTheRootsKelOnceAndTheEscrowsSettle() throws Exception {
    VleiFixture x = new VleiFixture();
    InMemoryEventResolver store = new InMemoryEventResolver().add(x.rootKel());
    int[] asked = new int[1];
    InMemoryEventResolver counting = store;
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas(), CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT, new KelVerifier(),
        new dev.cesrj.keri.credential.EventResolver() {
          @Override
          public java.util.Optional<byte[]> kel(String prefix) {
            asked[0]++;
            return counting.kel(prefix);
          }
        });
    int messages = v.acceptAll(x.exportWithoutRoot()).size();
    assertEquals(List.of(new Missing(MissingKind.DELEGATOR_KEL, x.root.prefix,
        x.external.prefix)), v.resolved());
    assertEquals(1, asked[0]);
    assertEquals(messages, v.messages().size());
    assertEquals(List.of("QVI VALID NONE [] qvi", "LE VALID NONE [] le",
        "OOR_AUTH VALID NONE [] oorAuth", "OOR VALID NONE [] oor",
        "ECR_AUTH VALID NONE [] ecrAuth", "ECR VALID NONE [] ecr"),
        describe(VleiPolicy.of(x.root.prefix).check(v), x));
  }

  @Test
  void theRootsKelFedLaterSettlesTheEscrows() throws Exception {
    VleiFixture x = new VleiFixture();
    CredentialVerifier v = verify(x.exportWithoutRoot());
    assertEquals(VleiStatus.INCOMPLETE,
        VleiPolicy.of(x.root.prefix).check(v, x.ecr.said()).status());
    v.acceptAll(x.rootKel());
    assertEquals(VleiStatus.VALID, VleiPolicy.of(x.root.prefix).check(v, x.ecr.said()).status());
    assertEquals(List.of(), v.credential(x.ecr.said()).orElseThrow().missing());
  }

  @Test
  void aRootKelMustGiveOneRoot() throws Exception {
    VleiFixture x = new VleiFixture();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VleiPolicy.fromRootKel(x.forge.stream(m -> false)));
    assertEquals("a root of trust's KEL must give one accepted non-delegated prefix, this gives"
        + " []", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> VleiPolicy.fromRootKel(x.export()));
    assertThrows(IllegalArgumentException.class, () -> VleiPolicy.of(""));
  }

  @Test
  void aResolverIsTrustedForNothing() throws Exception {
    VleiFixture x = new VleiFixture();
    byte[] forged = x.rootKel();
    forged[forged.length - 5] ^= 1; // a byte of the last signature of the root's KEL
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas(),
        new InMemoryEventResolver().add(forged));
    v.acceptAll(x.exportWithoutRoot());
    assertEquals(List.of(new Missing(MissingKind.DELEGATOR_KEL, x.root.prefix,
        x.external.prefix)), v.resolved());
    assertEquals(List.of(VleiStatus.INCOMPLETE), VleiPolicy.of(x.root.prefix).check(v).values()
        .stream().map(VleiVerdict::status).distinct().toList());
  }

  @Test
  void aResolverGivesFarNodesWithTheirTelsAndKels() throws Exception {
    VleiFixture x = new VleiFixture();
    String oor = x.oor.said();
    String auth = x.oorAuth.said();
    // the export holds the OOR alone, with its TEL and its issuer's KEL and registry
    byte[] export = x.forge.export(m -> m.id().equals(oor) || m.id().equals(x.qvi.prefix)
        || m.id().equals(x.qviRegistry.prefix()));
    InMemoryEventResolver store = new InMemoryEventResolver()
        .add(x.forge.export(m -> !m.id().equals(oor)));
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas(), store);
    v.acceptAll(export);
    assertEquals(List.of(oor), List.copyOf(v.credentials().keySet()));
    // one round per layer: the far node, then its registry, its issuer's KEL, its issuance
    assertEquals(List.of("CREDENTIAL " + auth, "REGISTRY " + x.leRegistry.prefix(),
        "ISSUER_KEL " + x.le.prefix, "ISSUANCE " + auth, "CREDENTIAL " + x.leCred.said(),
        "ISSUANCE " + x.leCred.said(), "CREDENTIAL " + x.qviCred.said(),
        "REGISTRY " + x.externalRegistry.prefix(), "ISSUER_KEL " + x.external.prefix,
        "DELEGATOR_KEL " + x.root.prefix, "ISSUANCE " + x.qviCred.said()),
        v.resolved().stream().map(m -> m.kind() + " " + m.id()).toList());
    assertEquals(VleiStatus.VALID, VleiPolicy.of(x.root.prefix).check(v, oor).status());
  }
}
