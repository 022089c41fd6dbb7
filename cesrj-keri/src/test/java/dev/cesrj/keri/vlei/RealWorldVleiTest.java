package dev.cesrj.keri.vlei;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.InMemoryEventResolver;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What each credential of the real-world vLEI exports misses (cesrj-core's test resources {@code
 * realworld/}, on the test class path through {@link RealWorld}; their README gives their origin:
 * psteniusubi/cesr-decoder e643b92, {@code docs/samples/qvi-vc.cesr} and {@code vlei-vc.cesr},
 * written by keripy 1.1). In both exports the QVI credential {@code EOiLK...} is issued by GLEIF
 * External {@code ECZkQ...}, whose KEL is a {@code dip} delegated by GLEIF Root {@code
 * EPgISkuC...} (of the network the exports were made on, not the production root {@code
 * EDP1vHcw...} of {@code cd_gleif_root_witness.cesr}); neither export holds the root's KEL. The
 * accepted {@code icp} of {@code cd_vlei_vc} is the QVI's ({@code EGq24...}: the QVI credential's
 * issuee, the Legal Entity credential's issuer).
 */
@ExtendWith(LeakDetectionExtension.class)
class RealWorldVleiTest {
  static final String GLEIF_ROOT = "EPgISkuC1ZS9kisgufpzQYvurZcuu2hpLRBT2ZJuOJ9z";
  static final String GLEIF_EXTERNAL = "ECZkQcTnisqasWUNupkGw5LC8RhOQCacu5lzmNN2R7E-";
  static final String QVI = "EGq24VD48smR5JzSV2PnW9i_g1cdwzpSyZwNAse6JwkH";
  static final String QVI_CREDENTIAL = "EOiLKDVNJj-2FCWypOKEwC_QcWmu5KIJ7Ux2qXVXSo3I";
  static final String LE_CREDENTIAL = "EFqofzPcuO58Jbs2XrzdDmJMGEXu-CeA5dNmdjyAB3r5";
  static final String PRODUCTION_ROOT = "EDP1vHcw_wc4M__Fj53-cJaBnZZASd-aMTaSyWEQ-PC2";
  private static final String ROOT_KEL_MISSING =
      "the KEL of delegator " + GLEIF_ROOT + " (of " + GLEIF_EXTERNAL + ")";

  private static CredentialVerifier verify(String file) throws Exception {
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas());
    v.acceptAll(RealWorld.bytes(file));
    return v;
  }

  private static List<String> missing(CredentialVerifier v) {
    List<String> out = new ArrayList<>();
    for (CredentialVerdict c : v.credentials().values()) {
      out.add(c.said() + " " + c.status() + " " + c.escrow().map(e -> e.keripyName()).orElse("-")
          + " missing " + c.missing().stream().map(m -> m.describe()).toList());
    }
    return out;
  }

  @Test
  void theQviExportMissesTheKelOfGleifExternalsDelegator() throws Exception {
    CredentialVerifier v = verify("cd_qvi_vc.cesr");
    assertEquals(List.of(QVI_CREDENTIAL + " NOT_ACCEPTED mre missing [" + ROOT_KEL_MISSING + "]"),
        missing(v));
    assertEquals(Map.of(), v.keyStates());
  }

  @Test
  void theLegalEntityExportMissesTheSameAndItsChainWaitsForIt() throws Exception {
    CredentialVerifier v = verify("cd_vlei_vc.cesr");
    assertEquals(List.of(
        QVI_CREDENTIAL + " NOT_ACCEPTED mre missing [" + ROOT_KEL_MISSING + "]",
        LE_CREDENTIAL + " NOT_ACCEPTED mce missing [credential " + QVI_CREDENTIAL
            + " (edge qvi), " + ROOT_KEL_MISSING + "]"), missing(v));
    assertEquals(new TreeSet<>(List.of(QVI)), new TreeSet<>(v.keyStates().keySet()));
    Map<String, VleiVerdict> got = VleiPolicy.of(GLEIF_ROOT).check(v);
    List<String> policy = new ArrayList<>();
    got.values().forEach(x -> policy.add(x.schema().orElseThrow() + " " + x.status() + " "
        + x.rule() + " " + x.missing().size()));
    assertEquals(List.of("QVI INCOMPLETE NOT_ACCEPTED 1", "LE INCOMPLETE NOT_ACCEPTED 2"),
        policy);
  }

  @Test
  void theProductionRootsKelIsNotTheOneTheExportsWaitFor() throws Exception {
    byte[] production = RealWorld.bytes("cd_gleif_root_witness.cesr");
    assertEquals(PRODUCTION_ROOT, VleiPolicy.fromRootKel(production).root());
    CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas(), CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT, new KelVerifier(),
        new InMemoryEventResolver().add(production));
    v.acceptAll(RealWorld.bytes("cd_vlei_vc.cesr"));
    assertEquals(List.of(), v.resolved());
    assertEquals(List.of(ROOT_KEL_MISSING), v.credential(QVI_CREDENTIAL).orElseThrow().missing()
        .stream().map(m -> m.describe()).toList());
  }
}
