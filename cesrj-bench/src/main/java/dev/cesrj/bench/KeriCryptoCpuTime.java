package dev.cesrj.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@link KeriCryptoBenchmark}'s verification arms timed in processor time of the measuring thread,
 * interleaved round by round (each round: {@code --calls} calls of each arm in turn), for figures
 * that hold on a loaded machine. Prints each arm's median and range of microseconds per call.
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -cp cesrj-bench/target/benchmarks.jar dev.cesrj.bench.KeriCryptoCpuTime [--rounds 15] [--calls 200]
 * </pre>
 */
public final class KeriCryptoCpuTime {
  private KeriCryptoCpuTime() {
  }

  /**
   * Runs the comparison.
   *
   * @param args {@code --rounds N} (default 15), {@code --calls N} per arm and round (default 200)
   * @throws Exception if an arm throws
   */
  public static void main(String[] args) throws Exception {
    int rounds = 15;
    int calls = 200;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--rounds")) {
        rounds = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--calls")) {
        calls = Integer.parseInt(args[i + 1]);
      } else {
        throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    KeriCryptoBenchmark b = new KeriCryptoBenchmark();
    b.setup();
    Map<String, Callable<Boolean>> arms = new LinkedHashMap<>();
    arms.put("ed25519BouncyCastle", () -> b.ed25519BouncyCastle());
    arms.put("ed25519Jdk", b::ed25519Jdk);
    arms.put("ed25519Lazysodium", b::ed25519Lazysodium);
    arms.put("ed25519JnaDirect", b::ed25519JnaDirect);
    arms.put("ed25519Cesrj", b::ed25519Cesrj);
    arms.put("p256BouncyCastle", b::p256BouncyCastle);
    arms.put("p256BouncyCastleWithKeyDecode", b::p256BouncyCastleWithKeyDecode);
    arms.put("p256Jdk", b::p256Jdk);
    arms.put("p256JdkWithKeyDecode", b::p256JdkWithKeyDecode);
    arms.put("secp256k1BouncyCastle", b::secp256k1BouncyCastle);
    arms.put("secp256k1BouncyCastleWithKeyDecode", b::secp256k1BouncyCastleWithKeyDecode);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    String[] names = arms.keySet().toArray(new String[0]);
    long[][] ns = new long[names.length][rounds];
    long sink = 0;
    for (int r = -3; r < rounds; r++) { // three rounds of warm-up
      for (int a = 0; a < names.length; a++) {
        Callable<Boolean> arm = arms.get(names[a]);
        long t0 = mx.getCurrentThreadCpuTime();
        for (int c = 0; c < calls; c++) {
          sink += arm.call() ? 1 : 0;
        }
        if (r >= 0) {
          ns[a][r] = (mx.getCurrentThreadCpuTime() - t0) / calls;
        }
      }
    }
    System.out.printf("%-36s %12s %20s%n", "arm", "us/call cpu", "range");
    for (int a = 0; a < names.length; a++) {
      long[] x = ns[a].clone();
      Arrays.sort(x);
      System.out.printf("%-36s %12.1f %9.1f - %8.1f%n", names[a], x[rounds / 2] / 1e3, x[0] / 1e3,
          x[rounds - 1] / 1e3);
    }
    System.out.println("verified " + sink);
  }
}
