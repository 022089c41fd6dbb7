package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Edges checked against their far node (keripy {@code src/keri/vdr/verifying.py} {@code
 * Verifier.verifyChain} and the edge schema check of {@code processCredential}), on credentials
 * made here with an open schema (any object) so that only the edge rules decide.
 */
class AcdcEdgesTest {
  private static final String ROOT = "EA" + "R".repeat(42);
  private static final String QVI_AID = "EA" + "Q".repeat(42);
  private static final String HOLDER = "EA" + "H".repeat(42);
  private static final String PLACE = "EA" + "A".repeat(42);
  private static final String REG = "EA" + "G".repeat(42);

  private static InMemorySchemaResolver schemas;
  private static String open;
  private static String strict;
  private static Acdc parent;

  @BeforeAll
  static void setUp() {
    schemas = AcdcTestData.setASchemas();
    open = schemas.add(AcdcTestData.saidifiedSchema(
        "{\"$id\":\"\",\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\"}"))
        .said();
    // satisfied only by a credential whose issuee is HOLDER
    strict = schemas.add(AcdcTestData.saidifiedSchema("{\"$id\":\"\",\"$schema\":"
        + "\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\",\"properties\":{\"a\":"
        + "{\"type\":\"object\",\"properties\":{\"i\":{\"const\":\"" + HOLDER + "\"}}}}}")).said();
    parent = credential(ROOT, QVI_AID, "");
  }

  private static Acdc credential(String issuer, String issuee, String edges) {
    return AcdcTestData.saidified("{\"v\":\"ACDC10JSON000000_\",\"d\":\"" + PLACE + "\",\"i\":\""
        + issuer + "\",\"ri\":\"" + REG + "\",\"s\":\"" + open + "\",\"a\":{\"d\":\"" + PLACE
        + "\",\"i\":\"" + issuee + "\",\"dt\":\"2024-05-02T11:12:23.345678+00:00\"}" + edges + "}");
  }

  private static Acdc child(String issuer, String block) {
    return credential(issuer, HOLDER, ",\"e\":{\"d\":\"" + PLACE + "\",\"up\":{\"n\":\""
        + parent.said() + "\"" + block + "}}");
  }

  private static String verify(Acdc a) {
    AcdcVerdict v = new AcdcVerifier(schemas,
        said -> Optional.ofNullable(Map.of(parent.said(), parent).get(said))).verify(a);
    return v.status() + v.failure().map(f -> " " + f.reason() + " " + f.path()).orElse("");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      // issuer, block after n, outcome
      "QVI|''|VERIFIED",
      "ROOT|''|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "ROOT|,\"o\":\"NI2I\"|VERIFIED",
      "ROOT|,\"o\":\"I2I\"|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "ROOT|,\"o\":[\"I2I\",\"NI2I\"]|VERIFIED",
      "ROOT|,\"o\":[\"NI2I\",\"I2I\"]|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "ROOT|,\"o\":\"XYZ\"|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "QVI|,\"o\":\"NOT\"|REJECTED EDGE_OPERATOR_UNSUPPORTED e.up.o",
      "QVI|,\"o\":\"DI2I\"|REJECTED EDGE_OPERATOR_UNSUPPORTED e.up.o",
      "QVI|,\"o\":[\"DI2I\",\"I2I\"]|VERIFIED",
      "QVI|,\"o\":\"E1E\"|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "QVI|,\"o\":[\"E1E\",\"NI2I\"]|MISSING_CHAIN EDGE_OPERATOR_VIOLATED e.up.o",
      "QVI|,\"s\":\"OPEN\"|VERIFIED",
      "QVI|,\"s\":\"STRICT\"|MISSING_CHAIN EDGE_SCHEMA_UNSATISFIED e.up.s",
      "QVI|,\"s\":\"EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqaa\"|MISSING_SCHEMA EDGE_SCHEMA_UNKNOWN e.up.s",
      "QVI|,\"s\":\"" + "ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY" + "\"|MISSING_CHAIN EDGE_SCHEMA_UNSATISFIED e.up.s"})
  void operatorsAndEdgeSchemas(String issuer, String block, String outcome) {
    String b = block.replace("OPEN", open).replace("STRICT", strict);
    assertEquals(outcome, verify(child(issuer.equals("QVI") ? QVI_AID : ROOT, b)));
  }

  @Test
  void e1eHoldsWhenTheIssueesAreOne() {
    Acdc sameHolder = credential(ROOT, HOLDER, "");
    Acdc c = credential(ROOT, HOLDER, ",\"e\":{\"d\":\"" + PLACE + "\",\"up\":{\"n\":\""
        + sameHolder.said() + "\",\"o\":[\"E1E\",\"NI2I\"]}}");
    AcdcVerdict v = new AcdcVerifier(schemas, said -> Optional.of(sameHolder)).verify(c);
    assertEquals(AcdcStatus.VERIFIED, v.status(), v.failure().toString());
  }

  @Test
  void anUntargetedFarNodeDefaultsToNi2i() {
    Acdc untargeted = AcdcTestData.saidified("{\"v\":\"ACDC10JSON000000_\",\"d\":\"" + PLACE
        + "\",\"i\":\"" + ROOT + "\",\"ri\":\"" + REG + "\",\"s\":\"" + open + "\",\"a\":{\"d\":\""
        + PLACE + "\",\"dt\":\"2024-05-02T11:12:23.345678+00:00\"}}");
    Acdc c = credential(ROOT, HOLDER, ",\"e\":{\"d\":\"" + PLACE + "\",\"up\":{\"n\":\""
        + untargeted.said() + "\"}}");
    assertEquals(AcdcStatus.VERIFIED,
        new AcdcVerifier(schemas, said -> Optional.of(untargeted)).verify(c).status());
    Acdc i2i = credential(ROOT, HOLDER, ",\"e\":{\"d\":\"" + PLACE + "\",\"up\":{\"n\":\""
        + untargeted.said() + "\",\"o\":\"I2I\"}}");
    assertEquals(AcdcReason.EDGE_OPERATOR_VIOLATED, new AcdcVerifier(schemas,
        said -> Optional.of(untargeted)).verify(i2i).failure().orElseThrow().reason());
  }

  @Test
  void aMissingOrMisgivenFarNode() {
    Acdc c = child(QVI_AID, "");
    assertEquals("MISSING_CHAIN EDGE_NODE_UNKNOWN e.up.n", render(
        new AcdcVerifier(schemas, CredentialResolver.NONE).verify(c)));
    Acdc impostor = credential(ROOT, HOLDER, "");
    assertEquals("REJECTED EDGE_NODE_MISMATCH e.up.n", render(
        new AcdcVerifier(schemas, said -> Optional.of(impostor)).verify(c)));
  }

  @Test
  void anEdgeGroupIsRefusedAsKeripyCannotReadIt() {
    Acdc c = credential(QVI_AID, HOLDER, ",\"e\":{\"d\":\"" + PLACE + "\",\"g\":{\"o\":\"OR\","
        + "\"up\":{\"n\":\"" + parent.said() + "\"},\"up2\":{\"n\":\"" + parent.said() + "\"}}}");
    assertEquals(java.util.List.of("g.up", "g.up2"),
        c.edgeBlocks().stream().map(Edge::label).toList());
    assertEquals(java.util.List.of("g"), c.edgeBlocks().get(0).group());
    assertEquals("REJECTED EDGE_GROUP_UNSUPPORTED e.g", render(
        new AcdcVerifier(schemas, said -> Optional.of(parent)).verify(c)));
  }

  @Test
  void compactEdgesCannotBeCheckedAndAreRefusedAsKeripyDoes() {
    Acdc c = credential(QVI_AID, HOLDER, ",\"e\":\"" + PLACE + "\"");
    assertEquals("REJECTED EDGES_UNDISCLOSED e", render(
        new AcdcVerifier(schemas, CredentialResolver.NONE).verify(c)));
  }

  @Test
  void theOffsetOfAFailureIsTheFieldsValue() {
    Acdc c = child(ROOT, ",\"o\":\"I2I\"");
    AcdcFailure f = new AcdcVerifier(schemas, said -> Optional.of(parent)).verify(c)
        .failure().orElseThrow();
    String json = new String(c.body().bytes(), StandardCharsets.UTF_8);
    assertEquals(json.indexOf("\"o\":\"I2I\"") + 5, f.offset());
    assertEquals("I2I: issuer " + ROOT + ", far node's issuee " + QVI_AID, f.detail());
  }

  private static String render(AcdcVerdict v) {
    return v.status() + v.failure().map(f -> " " + f.reason() + " " + f.path()).orElse("");
  }
}
