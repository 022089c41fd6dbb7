package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.event.Ilk;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A credential read as a typed {@link Acdc}, and what a malformed one gives. */
class AcdcTest {

  @Test
  void aTargetedCredentialWithoutEdges() {
    Acdc a = AcdcTestData.first("single.v1.original.cesr");
    assertEquals(Ilk.NONE, a.ilk());
    assertEquals("EOZ_4c2snYykIRV-3qSpUFJY7lnQ3eAEXOiJA_aDA-Ub", a.said());
    assertEquals("EMC5Xyi3W_kniimpQqNaNyBQnV_I3jnw9MdQJtXVN0Gf", a.issuer());
    assertEquals(Optional.of("EC9o5bHV6a3n2b5RWm7Dc0VpuyTieePWJTp8gCF2X0X_"), a.registry());
    assertEquals(new Section.Compact(AcdcTestData.SIMPLE), a.schema());
    assertEquals(Optional.of("EL5b-EGZh_27wd0sxb-26lbbd39XSSPAJyyaJPK_QQb9"),
        a.attributes().orElseThrow().said());
    assertEquals(Optional.of("EFk8_Puc0_BfmFZBv5GVxPr9mEhCj-AjwbQFtytByqzO"), a.issuee());
    assertEquals(Optional.of("2024-05-02T11:12:23.345678+00:00"), a.issued());
    assertEquals(Optional.empty(), a.uuid());
    assertEquals(Optional.empty(), a.edges());
    assertEquals(Optional.empty(), a.rules());
    assertEquals(List.of(), a.edgeBlocks());
  }

  @Test
  void aChainedCredentialHasItsEdgeBlock() {
    Acdc le = AcdcTestData.last("chain.v1.original.cesr");
    assertEquals("EGAgofKj9ybjgPLCK7JOvGIph8A7uoMh3bDv-PmtCt2s", le.said());
    assertEquals(Optional.of("EGCup7qw-VTrE6PiOLCZ7JuJIlMV8z27lnOreJe4UO_V"),
        le.edges().orElseThrow().said());
    assertEquals(Optional.of("EGZ97EjPSINR-O-KHDN_uw4fdrTxeuRXrqT5ZHHQJujQ"),
        le.rules().orElseThrow().said());
    assertEquals(1, le.edgeBlocks().size());
    Edge qvi = le.edgeBlocks().get(0);
    assertEquals("qvi", qvi.label());
    assertEquals("EDrA0ZV5XrFEbHf7telGCimKHCU4IxRzZzGA2pTxZwfU", qvi.node());
    assertEquals(Optional.of(AcdcTestData.QVI), qvi.schema());
    assertEquals(List.of(), qvi.operators());
    assertEquals(Optional.of(EdgeOperator.I2I), qvi.delegative(true));
    assertEquals(Optional.of(EdgeOperator.NI2I), qvi.delegative(false));
    String json = AcdcTestData.json(le);
    assertEquals("{\"n\":\"EDrA0ZV5XrFEbHf7telGCimKHCU4IxRzZzGA2pTxZwfU\",\"s\":\"" + AcdcTestData.QVI
        + "\"}", json.substring(qvi.span().offset(), qvi.span().end()));
  }

  @Test
  void operatorsAsWrittenTheLatestDelegativeWins() {
    Acdc le = AcdcTestData.last("chain.v1.original.cesr");
    String json = AcdcTestData.json(le);
    Acdc x = AcdcTestData.saidified(json.replace("\"s\":\"" + AcdcTestData.QVI + "\"}}",
        "\"s\":\"" + AcdcTestData.QVI + "\",\"o\":[\"I2I\",\"XYZ\",\"E1E\",\"NI2I\"]}}"));
    Edge e = x.edgeBlocks().get(0);
    assertEquals(List.of(EdgeOperator.I2I, EdgeOperator.E1E, EdgeOperator.NI2I), e.operators());
    assertEquals(List.of("XYZ"), e.unrecognized());
    assertEquals(Optional.of(EdgeOperator.NI2I), e.delegative(true));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\"a\":\\{[^}]*\\}|\"a\":5|a",
      "\"qvi\":\\{[^}]*\\}|\"qvi\":\"E\"|e.qvi",
      "\\{\"n\":\"EDrA0|{\"m\":\"EDrA0|e.qvi.m",
      "\"s\":\"ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY\"|\"s\":[]|s",
      "Yqao\"\\}\\}|Yqao\",\"o\":[7]}}|e.qvi.o",
      "\"i\":\"EA9kxTCtu1nxkkxlY8QSHy6mjuwZoygNgzVb50moTvEn\",\"ri\"|\"i\":1,\"ri\"|i"})
  void aFieldOfTheWrongShapeIsRefusedWithItsPath(String from, String to, String path) {
    String json = AcdcTestData.json(AcdcTestData.last("chain.v1.original.cesr"))
        .replaceFirst(from, java.util.regex.Matcher.quoteReplacement(to));
    String sized = json.replaceFirst("ACDC10JSON[0-9a-f]{6}_",
        String.format("ACDC10JSON%06x_", json.getBytes(StandardCharsets.UTF_8).length));
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> AcdcTestData.read(sized));
    assertEquals(ErrorKind.MALFORMED_FIELD, e.kind(), e.getMessage());
    assertEquals(path, e.label().orElseThrow(), e.getMessage());
  }

  @Test
  void anAggregatesIssueeIsItsSecondElementsI() {
    String json = AcdcTestData.json(AcdcTestData.first("single.v1.original.cesr"));
    String agg = json.substring(0, json.indexOf(",\"a\":")) + ",\"A\":[\"EA" + "A".repeat(42)
        + "\",{\"d\":\"x\",\"i\":\"EFk8_Puc0_BfmFZBv5GVxPr9mEhCj-AjwbQFtytByqzO\"}]}";
    String sized = agg.replaceFirst("ACDC10JSON[0-9a-f]{6}_",
        String.format("ACDC10JSON%06x_", agg.getBytes(StandardCharsets.UTF_8).length));
    Acdc a = AcdcTestData.read(sized);
    assertEquals(Optional.empty(), a.attributes());
    assertEquals(Optional.of("EFk8_Puc0_BfmFZBv5GVxPr9mEhCj-AjwbQFtytByqzO"), a.issuee());
  }

  @Test
  void aKeriEventIsNoCredential() {
    String icp = "{\"v\":\"KERI10JSON0000fd_\",\"t\":\"icp\",\"d\":\"EMC5Xyi3W_kniimpQqNaNyBQnV_I3jnw9MdQJtXVN0Gf\"}";
    assertThrows(KeriBodyException.class, () -> AcdcTestData.read(icp));
  }

  /**
   * Property: a credential (version 1 from set A, version 2 from keripy's examples) with random
   * bytes changed is read and verified, or refused with a
   * {@link CesrException}; never another exception (seeded; {@code -Dacdc.seed=N} for another).
   */
  @ParameterizedTest
  @CsvSource({"A/chain.v1.original.cesr", "keripy-v2/mainSad.json"})
  void randomlyDamagedCredentialsGiveTypedOutcomes(String source) {
    long seed = Long.getLong("acdc.seed", 29L);
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[] le = source.endsWith(".json") ? AcdcTestData.resource(source)
        : AcdcTestData.last(source.substring(2)).body().bytes();
    AcdcVerifier v = new AcdcVerifier(AcdcTestData.setASchemas(), CredentialResolver.NONE);
    int[] outcomes = new int[2];
    for (int i = 0; i < 2000; i++) {
      byte[] b = le.clone();
      for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
        b[rnd.nextInt(b.length)] = (byte) "{}[]\":,0aE#\\ \u00e9x".charAt(rnd.nextInt(15));
      }
      try {
        AcdcVerdict verdict = v.verify(Acdc.of((dev.cesrj.keri.event.AcdcMessage)
            dev.cesrj.keri.KeriEvents.of(dev.cesrj.keri.body.Body.parse(b))));
        assertInstanceOf(AcdcStatus.class, verdict.status());
        outcomes[0]++;
      } catch (CesrException e) {
        outcomes[1]++;
      } catch (RuntimeException e) {
        fail("seed " + seed + " case " + i + ": " + new String(b, StandardCharsets.UTF_8), e);
      }
    }
    // both outcomes occur: the property is not vacuous
    assertEquals(2000, outcomes[0] + outcomes[1]);
    org.junit.jupiter.api.Assertions.assertTrue(outcomes[0] > 0 && outcomes[1] > 0,
        outcomes[0] + " verdicts, " + outcomes[1] + " refusals");
  }
}
