package dev.cesrj.keri.kever;

import dev.cesrj.stream.Messages;
import java.util.List;

/**
 * The junk-receipt flood of issue 28 in a JVM of its own, run by {@link EscrowFloodForkTest}
 * with {@code -Xmx256m}: 10,000 junk receipts aimed at a prefix, then its 3-event KEL last event
 * first, a retry after each message, default limits. Prints the KEL's final sn, the retries and
 * the escrowed count. By hand: {@code java -Xmx256m -cp <test class path>
 * dev.cesrj.keri.kever.EscrowFloodMain}.
 */
final class EscrowFloodMain {
  private EscrowFloodMain() {}

  public static void main(String[] args) throws Exception {
    List<byte[]> kel = SyntheticKel.messages(2);
    String icp = new String(kel.get(0), java.nio.charset.StandardCharsets.US_ASCII);
    int at = icp.indexOf("\"i\":\"") + 5;
    String pre = icp.substring(at, at + 44);
    KelVerifier v = new KelVerifier();
    for (byte[] r : Floods.junkReceipts(pre, 10_000, 28)) {
      feed(v, r, "attacker");
    }
    for (int i = kel.size() - 1; i >= 0; i--) {
      feed(v, kel.get(i), "honest");
    }
    System.out.println("sn " + v.keyState(pre).orElseThrow().sn() + " retries " + v.retries()
        + " escrowed " + v.escrowedCount());
  }

  private static void feed(KelVerifier v, byte[] message, String source) {
    try (Messages ms = Messages.copyOf(message)) {
      v.accept(ms.next(), source);
    }
    v.retryEscrows();
  }
}
