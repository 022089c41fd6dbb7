package dev.cesrj.bench;

import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@link CredentialVerifierBenchmark}'s arms timed in turns in one run ({@link ArmRounds}), one
 * row per arm: {@code credentials} (one worker) and {@code bareSignatures} (the same signature
 * checks, bare) in processor time of the measuring thread; {@code credentials-1w}, {@code
 * credentials-2w} and {@code credentials-4w} (the KEL verifier's signature checks on that many
 * workers, clamped to the processors) in wall-clock time. It prints the first pass of {@code
 * credentials} in a new JVM (after the setup, which verifies each stream once), then per arm the
 * median and range in ms per pass, credentials/s and signatures/s, the share of {@code
 * credentials} that is signature checks, and the speed-up of 2 and 4 workers over 1.
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -cp cesrj-bench/target/benchmarks.jar dev.cesrj.bench.CredentialVerifierCpuTime [--warmup 30] [--rounds 15] [--first-workers 1]
 * </pre>
 */
public final class CredentialVerifierCpuTime {
  private CredentialVerifierCpuTime() {
  }

  /**
   * Runs the comparison.
   *
   * @param args {@code --warmup N} (default 30), {@code --rounds N} (default 15) and {@code
   *     --first-workers N} (default 1), the workers of the first pass, timed before the warm-up
   */
  public static void main(String[] args) {
    int warmup = 30; // the credential path takes longer to compile than the KEL path: ADR 0002
    int rounds = 15;
    int firstWorkers = 1;
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      } else if (args[i].equals("--warmup")) {
        warmup = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--first-workers")) {
        firstWorkers = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--rounds")) {
        rounds = Integer.parseInt(args[i + 1]);
      } else {
        throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    CredentialVerifierBenchmark b = new CredentialVerifierBenchmark();
    b.setup();
    List<byte[]> streams = b.streams();
    dev.cesrj.keri.acdc.SchemaResolver schemas = b.schemas();
    KelVerifierBenchmark.Triple[] triples = b.triples();
    List<String> names = List.of("credentials", "bareSignatures", "credentials-1w",
        "credentials-2w", "credentials-4w");
    List<LongSupplier> arms = List.of(
        () -> CredentialVerifierBenchmark.verifyAll(streams, schemas, 1),
        () -> KelVerifierBenchmark.bareAll(triples),
        () -> CredentialVerifierBenchmark.verifyAll(streams, schemas, 1),
        () -> CredentialVerifierBenchmark.verifyAll(streams, schemas, 2),
        () -> CredentialVerifierBenchmark.verifyAll(streams, schemas, 4));
    int wallFrom = 2; // the rows from here are wall-clock time
    long first = System.nanoTime();
    long sink = CredentialVerifierBenchmark.verifyAll(streams, schemas, firstWorkers);
    double firstMs = (System.nanoTime() - first) / 1e6;
    ArmRounds times = ArmRounds.run(arms, wallFrom, warmup, rounds);
    sink += times.sink();
    System.out.printf("processors %d; first pass of credentials at %d workers (wall; the JVM has"
        + " only run the benchmark's setup, which verifies each stream once) %.1f ms%n",
        Runtime.getRuntime().availableProcessors(), firstWorkers, firstMs);
    System.out.printf("%-15s %14s %22s %14s %14s%n", "arm", "ms/pass (cpu)", "range",
        "credentials/s", "signatures/s");
    for (int a = 0; a < arms.size(); a++) {
      double perSec = 1000.0 / times.median(a);
      System.out.printf("%-15s %14.2f %10.2f - %9.2f %14.0f %14.0f%s%n", names.get(a),
          times.median(a), times.min(a), times.max(a), perSec * b.credentials(),
          perSec * triples.length, times.wall(a) ? "  (wall)" : "");
    }
    System.out.printf("signature checks are %.1f%% of credentials (processor time, medians);"
        + " credentials-2w %.2fx, credentials-4w %.2fx faster than credentials-1w (wall);"
        + " sink %d%n", 100 * times.median(1) / times.median(0),
        times.median(2) / times.median(3), times.median(2) / times.median(4), sink);
  }
}
