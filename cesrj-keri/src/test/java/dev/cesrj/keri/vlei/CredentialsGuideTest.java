package dev.cesrj.keri.vlei;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.InMemoryEventResolver;
import dev.cesrj.keri.vlei.guide.CheckVlei;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guide's example ({@code docs/guide/credentials.md}) is {@link CheckVlei}, line for line, at
 * most 30 lines of application code (imports and blank lines aside), and it gives each
 * credential's vLEI verdict: over a whole chain made here, the same chain with its root credential
 * revoked, and the real-world Legal Entity export. The README's three lines run here too.
 */
@ExtendWith(LeakDetectionExtension.class)
class CredentialsGuideTest {
  private static final Path SCHEMAS = Path.of("src/test/resources/acdc/vlei-schemas");

  /** {@return the first java block of a markdown file containing {@code marker}} */
  static String javaBlock(Path markdown, String marker) throws Exception {
    String text = Files.readString(markdown);
    int at = 0;
    while (true) {
      int start = text.indexOf("```java\n", at);
      assertTrue(start >= 0, "no java block with " + marker + " in " + markdown);
      int end = text.indexOf("```\n", start + 8);
      String block = text.substring(start + 8, end);
      if (block.contains(marker)) {
        return block;
      }
      at = end;
    }
  }

  @Test
  void theGuidesExampleIsCheckVleiInAtMost30Lines() throws Exception {
    String block = javaBlock(Path.of("../docs/guide/credentials.md"), "class CheckVlei");
    String source = Files.readString(
        Path.of("src/test/java/dev/cesrj/keri/vlei/guide/CheckVlei.java"));
    assertEquals(source.substring(source.indexOf("\n\n") + 2), block);
    long code = block.lines().filter(l -> !l.isBlank() && !l.startsWith("import ")).count();
    assertEquals(22, code);
    assertTrue(code <= 30);
  }

  @Test
  void theExampleGivesEachCredentialsVerdict(@TempDir Path dir) throws Exception {
    VleiFixture x = new VleiFixture();
    Path export = Files.write(dir.resolve("export.cesr"), x.exportWithoutRoot());
    Path root = Files.write(dir.resolve("root.cesr"), x.rootKel());
    assertEquals(List.of("QVI " + x.qviCred.said() + " VALID", "LE " + x.leCred.said() + " VALID",
        "OOR_AUTH " + x.oorAuth.said() + " VALID", "OOR " + x.oor.said() + " VALID",
        "ECR_AUTH " + x.ecrAuth.said() + " VALID", "ECR " + x.ecr.said() + " VALID"),
        CheckVlei.check(export, SCHEMAS, root));

    x.forge.revoke(x.qviCred);
    Files.write(export, x.exportWithoutRoot());
    List<String> revoked = CheckVlei.check(export, SCHEMAS, root);
    assertEquals("OOR " + x.oor.said() + " INVALID REVOKED at [auth.le.qvi] edge auth: edge le:"
        + " edge qvi: credential " + x.qviCred.said() + " is revoked", revoked.get(3));
    assertEquals("QVI " + x.qviCred.said() + " INVALID REVOKED at [] credential "
        + x.qviCred.said() + " is revoked", revoked.get(0));
  }

  @Test
  void theExampleOverTheRealWorldExportSaysWhatIsMissing(@TempDir Path dir) throws Exception {
    Path export = Files.write(dir.resolve("vlei.cesr"), RealWorld.bytes("cd_vlei_vc.cesr"));
    Path root = Files.write(dir.resolve("root.cesr"), RealWorld.bytes(
        "cd_gleif_root_witness.cesr"));
    String rootKel = "the KEL of delegator " + RealWorldVleiTest.GLEIF_ROOT + " (of "
        + RealWorldVleiTest.GLEIF_EXTERNAL + ")";
    assertEquals(List.of(
        "QVI " + RealWorldVleiTest.QVI_CREDENTIAL + " INCOMPLETE NOT_ACCEPTED at [] waiting in mre"
            + " (REGISTRY_UNKNOWN: registry EJBhHOdPC9481jT_AF6DZjvwRNeHjO9-uof0HJz0cEGW has no"
            + " accepted vcp); missing [" + rootKel + "]",
        "LE " + RealWorldVleiTest.LE_CREDENTIAL + " INCOMPLETE NOT_ACCEPTED at [] waiting in mce"
            + " (ACDC: no credential " + RealWorldVleiTest.QVI_CREDENTIAL
            + "); missing [credential " + RealWorldVleiTest.QVI_CREDENTIAL
            + " (edge qvi), " + rootKel + "]"),
        CheckVlei.check(export, SCHEMAS, root));
  }

  @Test
  void theReadmesLinesRun() throws Exception {
    String block = javaBlock(Path.of("../README.md"), "VleiPolicy.fromRootKel");
    VleiFixture x = new VleiFixture();
    var schemas = VleiFixture.schemas();
    byte[] rootKel = x.rootKel();
    byte[] export = x.exportWithoutRoot();
    PrintStream out = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      // the README's lines, as written there
      CredentialVerifier verifier = new CredentialVerifier(schemas, new InMemoryEventResolver().add(rootKel));
      verifier.acceptAll(export);
      VleiPolicy.fromRootKel(rootKel).check(verifier).values().forEach(v -> System.out.println(v.status() + " " + v.rule()));
    } finally {
      System.setOut(out);
    }
    assertEquals("""
        CredentialVerifier verifier = new CredentialVerifier(schemas, new InMemoryEventResolver().add(rootKel));
        verifier.acceptAll(export);
        VleiPolicy.fromRootKel(rootKel).check(verifier).values().forEach(v -> System.out.println(v.status() + " " + v.rule()));
        """, block);
    assertEquals("VALID NONE\n".repeat(6), printed.toString(StandardCharsets.UTF_8)
        .replace("\r\n", "\n"));
  }
}
