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
 * kel/A, {@code copies} times over, each copy its own scopes. A Flink figure is wall-clock time of
 * the whole job, its start and end included; each figure is the best of {@code rounds}.
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
    long best = Long.MAX_VALUE;
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      Map<String, KelVerifier> byScope = new LinkedHashMap<>();
      for (CesrRecord r : records) {
        byScope.computeIfAbsent(r.scope, s -> new KelVerifier()).acceptMessage(r.bytes, r.offset);
      }
      byScope.values().forEach(KelVerifier::finish);
      best = Math.min(best, System.nanoTime() - t0);
    }
    report("single JVM KelVerifier", records.size(), best);
    for (int p : new int[] {1, 2}) {
      best = Long.MAX_VALUE;
      for (int i = 0; i < rounds; i++) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(p);
        var in = env.fromData(records, Types.POJO(CesrRecord.class));
        KelValidation.validate(CesrRecords.split(in), KelValidation.Settings.DEFAULT)
            .sinkTo(new DiscardingSink<>());
        long t0 = System.nanoTime();
        env.execute("throughput p" + p);
        best = Math.min(best, System.nanoTime() - t0);
      }
      report("Flink KelValidation, parallelism " + p, records.size(), best);
    }
  }

  private static void report(String what, int events, long nanos) {
    System.out.printf("%s: %d events in %.2f s = %.0f events/s%n", what, events, nanos / 1e9,
        events / (nanos / 1e9));
  }
}
