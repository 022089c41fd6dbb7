package dev.cesrj.keri.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The choice of the Ed25519 implementation, made once per JVM, in JVMs of its own: libsodium where
 * it loads; the pure-Java check when the system property asks for it, and when libsodium cannot
 * load (JNA forbidden to unpack its native part, as a sandbox would); the same verdicts either
 * way (an honest signature verifies, a torsion-R one does not).
 */
class Ed25519ChoiceTest {
  private static String run(String... props) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(props));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Ed25519ChoiceMain.class.getName());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("no answer");
    }
    String[] lines = out.split("\n");
    return lines[lines.length - 1].trim();
  }

  @Test
  void libsodiumWhereItLoads() throws Exception {
    assertEquals("LIBSODIUM true false loaded", run());
  }

  @Test
  void pureJavaWhenAskedFor() throws Exception {
    assertEquals("PURE_JAVA true false loaded", run("-Dcesrj.ed25519=java"));
  }

  @Test
  void pureJavaWhenLibsodiumCannotLoad() throws Exception {
    assertEquals("PURE_JAVA true false failure",
        run("-Djna.nounpack=true", "-Djna.nosys=true", "-Djna.boot.library.path=/nonexistent"));
  }
}
