package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link EscrowFloodMain} in a forked JVM with {@code -Xmx256m}: the flood of 10,000 junk receipts
 * (2.8 MB) then an honest KEL out of order ends with the honest key state (sn 2) in that heap, the
 * retries counted (each receipt twice: once after it comes, once when the event at its sn is
 * accepted; each event at most twice), nothing left escrowed but the junk at sequence numbers
 * nobody accepted. (The child's run time is not asserted; the wait is a guard against a hang.)
 */
class EscrowFloodForkTest {
  @Test
  void junkReceiptFloodFitsInA256MiBHeap() throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(List.of(java.toString(), "-Xmx256m", "-cp",
        System.getProperty("java.class.path"), EscrowFloodMain.class.getName()))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start(); // stdout alone: logging goes to stderr
    boolean done = p.waitFor(5, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertEquals(true, done, "the child ran past its guard");
    assertEquals(0, p.exitValue(), out);
    assertEquals("sn 2 retries 20004 escrowed 0", out);
  }
}
