package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.PythonJsonText;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Schemas are their own SAIDs (keripy {@code Schemer}, {@code JSONSchema.load}) and validate
 * credentials (keripy {@code JSONSchema.verify_json}).
 */
class AcdcSchemaTest {

  @Test
  void theVleiSchemasOfWebOfTrustAreTheirOwnSaids() throws URISyntaxException {
    InMemorySchemaResolver r = new InMemorySchemaResolver();
    Path dir = Path.of(AcdcSchemaTest.class.getResource("/acdc/vlei-schemas").toURI());
    Map<String, String> got = new TreeMap<>();
    for (AcdcSchema s : r.addAll(dir)) {
      got.put(s.said(), s.text().contains("\"title\": \"") ? title(s) : "");
    }
    assertEquals(Map.of(
        "EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqao", "Qualified vLEI Issuer Credential",
        "ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY", "Legal Entity vLEI Credential",
        "EKA57bKBKxr_kN7iN5i7lMUxpMG-s19dRcmov1iDxz-E", "OOR Authorization vLEI Credential",
        "EH6ekLjSr8V32WyFbGe1zXjTzFs9PkTYmupJ9H65O14g", "ECR Authorization vLEI Credential",
        "EBNaNu-M9P5cgrnfl2Fvymy4E_jvxxyjb70PRtiANlJy",
        "Legal Entity Official Organizational Role vLEI Credential",
        "EEy9PkikFcANV1l7EHukCeXqrzT1hNZjGlUk7wuMO5jw",
        "Legal Entity Engagement Context Role vLEI Credential"), got);
    assertEquals(6, r.schemas().size());
  }

  private static String title(AcdcSchema s) {
    String t = s.text();
    int at = t.indexOf("\"title\": \"") + 10;
    return t.substring(at, t.indexOf('"', at));
  }

  @Test
  void theSetASchemasAreTheirOwnSaids() {
    InMemorySchemaResolver r = AcdcTestData.setASchemas();
    assertTrue(r.resolve(AcdcTestData.SIMPLE).isPresent());
    assertTrue(r.resolve(AcdcTestData.QVI).isPresent());
    assertTrue(r.resolve(AcdcTestData.LE).isPresent());
    assertEquals(3, r.schemas().size());
  }

  @Test
  void oneCharacterChangedBreaksTheSchemaSaid() {
    String t = new String(AcdcTestData.resource("schemas/simple-attestation.json"),
        StandardCharsets.UTF_8).replace("A small targeted", "A small Targeted");
    KeriBodyException e = assertThrows(KeriBodyException.class,
        () -> AcdcSchema.parse(t.getBytes(StandardCharsets.UTF_8)));
    assertEquals(ErrorKind.SAID_MISMATCH, e.kind());
    assertEquals("$id", e.label().orElseThrow());
    assertTrue(e.detail().contains("written " + AcdcTestData.SIMPLE), e.getMessage());
  }

  @Test
  void theSaidIgnoresLayoutAsKeripyDoes() {
    // keripy loads the document and serializes it compactly: the file's indentation is no part
    // of the SAID
    String t = new String(AcdcTestData.resource("schemas/simple-attestation.json"),
        StandardCharsets.UTF_8).replace("\n", "").replace("  ", "");
    assertEquals(AcdcTestData.SIMPLE, AcdcSchema.parse(t.getBytes(StandardCharsets.UTF_8)).said());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[1]|MALFORMED_BODY|",
      "{\"$id\": 5}|MALFORMED_FIELD|$id",
      "{\"title\": \"x\"}|MALFORMED_FIELD|$id",
      "{\"$id\": \"Dxx\"}|MALFORMED_FIELD|$id",
      "{\"$id\": \"EOxYENanf5JllLILOZFwoT0q64i8iPDnmlY1z8nmJdqh\"|MALFORMED_BODY|"})
  void aDocumentThatIsNoSchemaIsRefusedWithItsReason(String json, ErrorKind kind, String label) {
    KeriBodyException e = assertThrows(KeriBodyException.class,
        () -> AcdcSchema.parse(json.getBytes(StandardCharsets.UTF_8)));
    assertEquals(kind, e.kind(), e.getMessage());
    assertEquals(label == null ? "" : label, e.label().orElse(""));
  }

  @Test
  void keripySerializationOfStringsAndNumbers() {
    tools.jackson.databind.JsonNode n = tools.jackson.databind.json.JsonMapper.shared().readTree(
        "{\"a\": \"x\\ny\\u0001\\\"\\\\/é\", \"b\": [1, -0, 1.0, 1e16, 0.0001, 1e-5, 2.5E+3],"
            + " \"c\": {\"d\": true, \"e\": null}}");
    assertEquals("{\"a\":\"x\\ny\\u0001\\\"\\\\/é\",\"b\":[1,0,1.0,1e+16,0.0001,1e-05,2500.0],"
        + "\"c\":{\"d\":true,\"e\":null}}",
        new String(PythonJson.dumps(n), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @CsvSource({"0.1,0.1", "100.0,100.0", "1e15,1000000000000000.0", "1e16,1e+16",
      "123456789012345680.0,1.2345678901234568e+17", "0.00001,1e-05", "-1.5e-7,-1.5e-07",
      "1.5e300,1.5e+300", "-0.0,-0.0", "0.0001,0.0001", "12.5,12.5"})
  void floatsAsPythonsRepr(double d, String python) {
    assertEquals(python, PythonJsonText.repr(d));
  }

  @Test
  void validationGivesTheValidatorsMessages() {
    AcdcSchema simple = AcdcTestData.setASchemas().resolve(AcdcTestData.SIMPLE).orElseThrow();
    assertEquals(List.of(), simple.validate(AcdcTestData.first("single.v1.original.cesr")));
    List<String> errors =
        simple.validate(AcdcTestData.first("single.v1.schema-invalid-attributes.cesr"));
    assertTrue(errors.stream().anyMatch(m -> m.contains("/a/level") && m.contains("integer")),
        errors.toString());
  }

  @Test
  void formatsAreNotAssertedAsKeripysJsonschemaDoesNot() {
    // keripy calls jsonschema.validate without a format checker: a date-time that is no
    // date-time passes
    Acdc a = AcdcTestData.saidified(AcdcTestData.json(AcdcTestData.first("single.v1.original.cesr"))
        .replace("2024-05-02T11:12:23.345678+00:00", "not a date-time at all, just a text"));
    AcdcSchema simple = AcdcTestData.setASchemas().resolve(AcdcTestData.SIMPLE).orElseThrow();
    assertEquals(List.of(), simple.validate(a));
  }
}
