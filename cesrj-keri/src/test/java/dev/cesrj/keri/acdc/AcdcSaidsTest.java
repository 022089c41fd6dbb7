package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.testing.RealWorld;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The SAIDs of a credential and of its sections ({@link AcdcSaids}). */
class AcdcSaidsTest {

  private static String summary(List<SaidCheck> checks) {
    return checks.stream().map(c -> c.site() + " " + c.path() + " " + c.written() + " "
        + (c.unsaidified() ? "-" : c.ok() ? "ok" : "BAD " + c.computed().get()))
        .collect(Collectors.joining("\n"));
  }

  @Test
  void everySaidOfTheChainedCredentialChecksInnermostFirst() {
    assertEquals(String.join("\n",
        "EDGES e.d EGCup7qw-VTrE6PiOLCZ7JuJIlMV8z27lnOreJe4UO_V ok",
        "ATTRIBUTES a.d EFsn6t5XfZhdXlT_7eWgKFcHkv-I3LH5mYXGRwNDK8IJ ok",
        "RULES r.d EGZ97EjPSINR-O-KHDN_uw4fdrTxeuRXrqT5ZHHQJujQ ok",
        "CREDENTIAL d EGAgofKj9ybjgPLCK7JOvGIph8A7uoMh3bDv-PmtCt2s ok"),
        summary(AcdcSaids.check(AcdcTestData.last("chain.v1.original.cesr"))));
  }

  @Test
  void theSaidMutantNamesTheAttributeSection() {
    Acdc a = AcdcTestData.first("single.v1.acdc-said-mismatch.cesr");
    List<SaidCheck> checks = AcdcSaids.check(a);
    assertEquals(2, checks.size());
    assertEquals("a.d", checks.get(0).path());
    assertTrue(!checks.get(0).ok() && !checks.get(1).ok(), summary(checks));
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> AcdcSaids.require(a));
    assertEquals(ErrorKind.SAID_MISMATCH, e.kind());
    assertEquals("a.d", e.label().orElseThrow());
    assertEquals(AcdcTestData.json(a).indexOf("EL5b-EGZh_27wd0sxb-26lbbd39XSSPAJyyaJPK_QQb9"),
        e.offset());
  }

  /**
   * keripy checks only the credential's {@code d} ({@code SerderACDC._verify}): a credential whose
   * attribute changed and whose top {@code d} was computed again passes keripy; the ACDC spec makes
   * the attribute section self-addressing, so it is refused here, naming {@code a.d}.
   */
  @Test
  void aSectionSaidIsCheckedWhereKeripyChecksOnlyTheTopOne() {
    String json = AcdcTestData.json(AcdcTestData.first("single.v1.original.cesr"))
        .replace("Alice Example", "Alice Exampld");
    Acdc changed = AcdcTestData.read(json);
    String top = Saids.compute(changed.body(), MatterCode.Blake3_256);
    Acdc a = AcdcTestData.read(json.replace(changed.said(), top));
    assertTrue(Saids.verify(a.body()), "the top SAID is right: keripy accepts this body");
    AcdcVerdict v = new AcdcVerifier(AcdcTestData.setASchemas(), CredentialResolver.NONE).verify(a);
    assertEquals(AcdcStatus.REJECTED, v.status());
    assertEquals(new AcdcFailure(AcdcReason.SAID_MISMATCH, "a.d", json.indexOf("EL5b-"),
        "written EL5b-EGZh_27wd0sxb-26lbbd39XSSPAJyyaJPK_QQb9, computed "
            + v.saids().get(0).computed().get()), v.failure().orElseThrow());
  }

  @Test
  void anEmptySectionSaidHasNothingToCheck() {
    // the Legal Entity credential of cd_vlei_vc (keripy 1.1 era) writes its rules with "d":""
    List<AcdcTestData.Indexed> all = AcdcTestData.acdcs(RealWorld.bytes("cd_vlei_vc.cesr"));
    Acdc le = all.get(1).acdc();
    List<SaidCheck> checks = AcdcSaids.check(le);
    assertEquals(String.join("\n",
        "EDGES e.d EKo4Sl5vJdhQO-Su2fCic521Iknd_Zwfdj_XJ8jsrTiE ok",
        "ATTRIBUTES a.d EI4xTJp6RCXBI1Iy9JqQ_ISSoPertozRyYTR84tGLxlE ok",
        "RULES r.d  -",
        "CREDENTIAL d EFqofzPcuO58Jbs2XrzdDmJMGEXu-CeA5dNmdjyAB3r5 ok"), summary(checks));
    assertEquals(Optional.empty(), le.rules().orElseThrow().said());
  }

  @Test
  void anExpandedSchemaIsCheckedByItsId() {
    Acdc a = AcdcTestData.first("single.v1.original.cesr");
    String schema = new String(AcdcTestData.saidifiedSchema(
        "{\"$id\":\"\",\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\"}"),
        java.nio.charset.StandardCharsets.UTF_8);
    String said = schema.substring(8, 52);
    Acdc x = AcdcTestData.saidified(AcdcTestData.json(a)
        .replace("\"" + AcdcTestData.SIMPLE + "\"", schema));
    assertEquals(Optional.of(said), x.schema().said());
    List<SaidCheck> checks = AcdcSaids.check(x);
    assertEquals("SCHEMA s.$id " + said + " ok", summary(checks.subList(1, 2)));
    AcdcVerdict v = new AcdcVerifier(id -> Optional.empty(), CredentialResolver.NONE).verify(x);
    assertEquals(AcdcStatus.VERIFIED, v.status(), v.failure().toString());
    assertEquals(said, v.schema().orElseThrow().said());
    Acdc broken = AcdcTestData.read(AcdcTestData.json(x).replace("\"object\"", "\"objecu\""));
    assertEquals("s.$id", AcdcSaids.check(broken).stream().filter(c -> !c.ok()).findFirst()
        .orElseThrow().path());
  }
}
