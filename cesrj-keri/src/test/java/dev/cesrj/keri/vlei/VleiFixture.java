package dev.cesrj.keri.vlei;

import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.vlei.CredentialForge.Aid;
import dev.cesrj.keri.vlei.CredentialForge.Cred;
import dev.cesrj.keri.vlei.CredentialForge.Kind;
import dev.cesrj.keri.vlei.CredentialForge.Registry;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * A whole vLEI chain made with {@link CredentialForge}: GLEIF Root ({@code icp}), GLEIF External
 * ({@code dip} delegated by the root), a QVI and a Legal Entity ({@code icp}), a person's AID; one
 * registry each for External, the QVI and the Legal Entity; the QVI credential (External to the
 * QVI), the LE credential (QVI to the LE, edge {@code qvi}), OOR AUTH and ECR AUTH (LE to the QVI,
 * edge {@code le}, naming the person), OOR and ECR (QVI to the person, edge {@code auth}, I2I), on
 * the vLEI schemas of {@code src/test/resources/acdc/vlei-schemas}.
 */
final class VleiFixture {
  static final String QVI_LEI = "5493001KJTIIGC8Y1R12";
  static final String LE_LEI = "254900OPPU84GM83MG36";
  static final String DT = "\"dt\":\"" + CredentialForge.DT + "\"";

  final CredentialForge forge = new CredentialForge();
  final Aid root;
  final Aid external;
  final Aid qvi;
  final Aid le;
  final Aid person;
  final Registry externalRegistry;
  final Registry qviRegistry;
  final Registry leRegistry;
  final Cred qviCred;
  final Cred leCred;
  final Cred oorAuth;
  final Cred oor;
  final Cred ecrAuth;
  final Cred ecr;

  VleiFixture() throws Exception {
    this("John Smith", "John Smith", LE_LEI);
  }

  /**
   * The chain, with the OOR's {@code personLegalName} as given (its AUTH's, and the ECR's and ECR
   * AUTH's, is {@code authName}) and the OOR AUTH's {@code LEI} as given.
   */
  VleiFixture(String authName, String oorName, String authLei) throws Exception {
    root = forge.incept(1);
    external = forge.delegate(2, root);
    qvi = forge.incept(3);
    le = forge.incept(4);
    person = forge.incept(5);
    externalRegistry = forge.registry(external);
    qviRegistry = forge.registry(qvi);
    leRegistry = forge.registry(le);
    qviCred = forge.issue(externalRegistry, VleiSchema.QVI.said(),
        "\"i\":\"" + qvi.prefix + "\"," + DT + ",\"LEI\":\"" + QVI_LEI + "\"", null, null);
    leCred = forge.issue(qviRegistry, VleiSchema.LE.said(),
        "\"i\":\"" + le.prefix + "\"," + DT + ",\"LEI\":\"" + LE_LEI + "\"",
        "\"qvi\":{\"n\":\"" + qviCred.said() + "\",\"s\":\"" + VleiSchema.QVI.said() + "\"}", null);
    String person = "\"personLegalName\":\"" + authName + "\"";
    oorAuth = forge.issue(leRegistry, VleiSchema.OOR_AUTH.said(),
        "\"i\":\"" + qvi.prefix + "\"," + DT + ",\"AID\":\"" + this.person.prefix + "\",\"LEI\":\""
            + authLei + "\"," + person + ",\"officialRole\":\"Chief Executive Officer\"",
        leEdge(), null);
    oor = forge.issue(qviRegistry, VleiSchema.OOR.said(),
        "\"i\":\"" + this.person.prefix + "\"," + DT + ",\"LEI\":\"" + LE_LEI
            + "\",\"personLegalName\":\"" + oorName
            + "\",\"officialRole\":\"Chief Executive Officer\"",
        authEdge(oorAuth, VleiSchema.OOR_AUTH), null);
    ecrAuth = forge.issue(leRegistry, VleiSchema.ECR_AUTH.said(),
        "\"i\":\"" + qvi.prefix + "\"," + DT + ",\"AID\":\"" + this.person.prefix + "\",\"LEI\":\""
            + LE_LEI + "\"," + person + ",\"engagementContextRole\":\"Head of Standards\"",
        leEdge(), null);
    ecr = forge.issue(qviRegistry, VleiSchema.ECR.said(),
        "\"i\":\"" + this.person.prefix + "\"," + DT + ",\"LEI\":\"" + LE_LEI + "\"," + person
            + ",\"engagementContextRole\":\"Head of Standards\"",
        authEdge(ecrAuth, VleiSchema.ECR_AUTH), "0ABhY2RjLWVjci11dWlkLTAx");
  }

  private String leEdge() {
    return "\"le\":{\"n\":\"" + leCred.said() + "\",\"s\":\"" + VleiSchema.LE.said() + "\"}";
  }

  private static String authEdge(Cred auth, VleiSchema schema) {
    return "\"auth\":{\"n\":\"" + auth.said() + "\",\"s\":\"" + schema.said()
        + "\",\"o\":\"I2I\"}";
  }

  /** {@return GLEIF Root's KEL alone} */
  byte[] rootKel() {
    return forge.stream(m -> m.kind() == Kind.KEL && m.id().equals(root.prefix));
  }

  /** {@return every message but GLEIF Root's KEL (as a QVI's export lacks it)} */
  byte[] exportWithoutRoot() {
    return forge.export(m -> !m.id().equals(root.prefix));
  }

  /** {@return every message} */
  byte[] export() {
    return forge.export(m -> true);
  }

  /** {@return the six vLEI schemas of the test resources} */
  static InMemorySchemaResolver schemas() throws URISyntaxException {
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    schemas.addAll(Path.of(VleiFixture.class.getResource("/acdc/vlei-schemas").toURI()));
    return schemas;
  }
}
