package dev.cesrj.flink;

import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.keri.kever.KelVerifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * Events per second through {@link KelValidation} on a local MiniCluster at parallelism 1 and 2,
 * beside the single-JVM {@link KelVerifier} on the same events (each scope's messages through
 * {@link KelVerifier#acceptMessage(byte[], long)}, then {@link KelVerifier#finish()}). Not a test:
 * run by hand (docs/performance.md has the command). The events: the {@code original} streams of
 * kel/A, {@code copies} times over, each copy its own scopes. A Flink figure is the whole job, its
 * start and end included. The three arms take turns, {@code rounds} times; each figure is the best
 * of its rounds, in wall-clock time and in this JVM's processor time (all threads: Flink's own
 * threads count), which a shared machine's load disturbs less.
 */
public final class KelThroughput {
  private KelThroughput() {
  }

  /**
   * Runs the measurement.
   *
   * @param args {@code [copies [rounds]]}, default 200 and 3
   * @throws Exception if a job fails
   */
  public static void main(String[] args) throws Exception {
    int copies = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    List<CesrRecord> records = new ArrayList<>();
    for (int c = 0; c < copies; c++) {
      for (String f : Corpus.files()) {
        if (f.contains(".original.")) {
          for (CesrRecord r : CesrRecords.frame(c + "/" + f, Corpus.bytes(f))) {
            if (!r.isError()) {
              records.add(r);
            }
          }
        }
      }
    }
    System.out.println("events: " + records.size() + " in " + copies + " copies of the kel/A"
        + " original streams");
    String[] arms = {"single JVM KelVerifier", "Flink KelValidation, parallelism 1",
        "Flink KelValidation, parallelism 2"};
    long[] wall = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
    long[] cpu = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
    for (int i = 0; i < rounds; i++) {
      for (int arm = 0; arm < 3; arm++) {
        long c0 = processCpu();
        long t0 = System.nanoTime();
        if (arm == 0) {
          Map<String, KelVerifier> byScope = new LinkedHashMap<>();
          for (CesrRecord r : records) {
            byScope.computeIfAbsent(r.scope, s -> new KelVerifier())
                .acceptMessage(r.bytes, r.offset);
          }
          byScope.values().forEach(KelVerifier::finish);
        } else {
          StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(arm);
          var in = env.fromData(records, Types.POJO(CesrRecord.class));
          KelValidation.validate(CesrRecords.split(in), KelValidation.Settings.DEFAULT)
              .sinkTo(new DiscardingSink<>());
          env.execute("throughput p" + arm);
        }
        wall[arm] = Math.min(wall[arm], System.nanoTime() - t0);
        cpu[arm] = Math.min(cpu[arm], processCpu() - c0);
      }
    }
    for (int arm = 0; arm < 3; arm++) {
      report(arms[arm], records.size(), wall[arm], cpu[arm]);
    }
  }

  /** {@return the processor time of this JVM so far, all threads, in nanoseconds} */
  private static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static void report(String what, int events, long nanos, long cpuNanos) {
    System.out.printf("%s: %d events in %.2f s wall = %.0f events/s; %.2f s processor time ="
        + " %.0f events per processor-second%n", what, events, nanos / 1e9,
        events / (nanos / 1e9), cpuNanos / 1e9, events / (cpuNanos / 1e9));
  }
}
