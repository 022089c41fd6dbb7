package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deployed vLEI credentials of the real-world streams (cesrj-core's test resources, see the
 * README there: psteniusubi/cesr-decoder's QVI and Legal Entity exports, written by keripy 1.1)
 * verify against the vLEI schemas of WebOfTrust/vLEI: SAIDs (the Legal Entity's rules carry an
 * empty {@code d}), schema validation, and the Legal Entity's {@code qvi} edge (default I2I: its
 * issuer is the QVI credential's issuee).
 */
@ExtendWith(LeakDetectionExtension.class)
class AcdcRealWorldTest {

  @Test
  void theVleiCredentialsVerify() throws URISyntaxException {
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    schemas.addAll(Path.of(AcdcRealWorldTest.class.getResource("/acdc/vlei-schemas").toURI()));
    List<String> got = new ArrayList<>();
    for (String file : List.of("cd_qvi_vc.cesr", "cd_vlei_vc.cesr")) {
      Map<String, Acdc> saved = new HashMap<>();
      AcdcVerifier v = new AcdcVerifier(schemas, said -> Optional.ofNullable(saved.get(said)));
      for (AcdcTestData.Indexed x : AcdcTestData.acdcs(RealWorld.bytes(file))) {
        AcdcVerdict verdict = v.verify(x.acdc());
        if (verdict.verified()) {
          saved.put(x.acdc().said(), x.acdc());
        }
        got.add(file + " " + x.index() + " " + x.acdc().said() + " "
            + verdict.schema().map(AcdcSchema::said).orElse("-") + " " + verdict.status()
            + " " + verdict.saids().size());
      }
    }
    assertEquals(List.of(
        "cd_qvi_vc.cesr 5 EOiLKDVNJj-2FCWypOKEwC_QcWmu5KIJ7Ux2qXVXSo3I " + AcdcTestData.QVI
            + " VERIFIED 2",
        "cd_vlei_vc.cesr 10 EOiLKDVNJj-2FCWypOKEwC_QcWmu5KIJ7Ux2qXVXSo3I " + AcdcTestData.QVI
            + " VERIFIED 2",
        "cd_vlei_vc.cesr 11 EFqofzPcuO58Jbs2XrzdDmJMGEXu-CeA5dNmdjyAB3r5 " + AcdcTestData.LE
            + " VERIFIED 4"), got);
  }
}
