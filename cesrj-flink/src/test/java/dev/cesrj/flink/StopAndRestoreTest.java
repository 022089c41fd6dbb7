package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.flink.kel.KeyStateChange;
import dev.cesrj.testing.LeakDetectionExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job stopped with a savepoint mid-stream and started again from it: its keyed state (each
 * scope's verifier state, escrows included) and its source's position come back, so that across
 * the two runs every message gets exactly one intake verdict (none lost, none repeated), and the
 * final verdicts and key states are the single-JVM verifier's. The source is Flink's
 * {@link DataGeneratorSource} over the kel/A records, rate-limited so that the stop comes
 * mid-stream; the savepoint is synchronous (stop-with-savepoint), so what the first run emitted
 * is exactly what its savepoint holds.
 */
@ExtendWith(LeakDetectionExtension.class)
class StopAndRestoreTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
          .setNumberSlotsPerTaskManager(2).build());

  /** What the sink received, by run; the MiniCluster runs in this JVM. */
  static final Queue<String> OUT = new ConcurrentLinkedQueue<>();

  /** A sink appending each line to {@link #OUT}. */
  static final class QueueSink implements Sink<String> {
    private static final long serialVersionUID = 1L;

    @Override
    public SinkWriter<String> createWriter(WriterInitContext context) {
      return new SinkWriter<>() {
        @Override
        public void write(String element, Context context) {
          OUT.add(element);
        }

        @Override
        public void flush(boolean endOfInput) {
        }

        @Override
        public void close() {
        }
      };
    }
  }

  static List<CesrRecord> records() {
    List<CesrRecord> all = new ArrayList<>();
    for (String f : Corpus.files()) {
      if (f.contains("delegated") || f.contains("transreceipts") || f.contains("kel_single")) {
        for (CesrRecord r : CesrRecords.frame(f, Corpus.bytes(f))) {
          if (!r.isError()) {
            all.add(r);
          }
        }
      }
    }
    return all;
  }

  static JobClient start(List<CesrRecord> records, String savepoint) throws Exception {
    Configuration conf = new Configuration();
    if (savepoint != null) {
      conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.setParallelism(2);
    env.enableCheckpointing(200);
    CesrRecord[] all = records.toArray(CesrRecord[]::new);
    DataGeneratorSource<CesrRecord> source = new DataGeneratorSource<>(
        (GeneratorFunction<Long, CesrRecord>) i -> all[(int) (long) i], all.length,
        // 120 a second: the whole source takes about 8 s, so that a stop asked at a third of the
        // intake verdicts lands mid-stream even on a loaded machine (at 400 a second the source
        // could end while the sink still lagged behind)
        RateLimiterStrategy.perSecond(120), Types.POJO(CesrRecord.class));
    var in = env.fromSource(source, WatermarkStrategy.noWatermarks(), "records")
        .setParallelism(1).uid("records");
    SingleOutputStreamOperator<KelVerdict> verdicts =
        KelValidation.validate(CesrRecords.split(in), KelValidation.Settings.DEFAULT);
    verdicts.map(v -> "V " + v.scope + "@" + v.offset + " " + v.describe() + " " + v.intake)
        .uid("verdict-lines")
        .union(verdicts.getSideOutput(KelValidation.KEY_STATES)
            .map((KeyStateChange k) -> "K " + k.scope + " " + k.prefix + "\u0000" + k.describe())
            .uid("state-lines"))
        .sinkTo(new QueueSink()).uid("sink");
    return env.executeAsync("stop-and-restore");
  }

  @Test
  void stoppedMidStreamAndRestoredLosesNothingAndRepeatsNothing(@TempDir Path dir)
      throws Exception {
    OUT.clear();
    List<CesrRecord> records = records();
    Map<String, String> expected = Corpus.sorted();
    Map<String, String> states = Corpus.sorted();
    for (String f : Corpus.files()) {
      if (f.contains("delegated") || f.contains("transreceipts") || f.contains("kel_single")) {
        Corpus.expected(f, expected, states);
      }
    }

    JobClient first = start(records, null);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (intakes() < records.size() / 3 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    String savepoint = first.stopWithSavepoint(false, dir.toUri().toString(),
        SavepointFormatType.CANONICAL).get(60, TimeUnit.SECONDS);
    int beforeStop = intakes();
    assertTrue(beforeStop > 0 && beforeStop < records.size(),
        "stopped mid-stream: " + beforeStop + " of " + records.size());

    System.out.println("StopAndRestoreTest: stopped after " + beforeStop + " of " + records.size()
        + " intake verdicts, savepoint " + savepoint);
    JobClient second = start(records, savepoint);
    JobID id = second.getJobID();
    second.getJobExecutionResult().get(120, TimeUnit.SECONDS);
    assertTrue(id != null);

    Map<String, Integer> intakeCount = new java.util.TreeMap<>();
    Map<String, String> last = Corpus.sorted();
    Map<String, String> lastState = Corpus.sorted();
    for (String line : OUT) {
      if (line.startsWith("V ")) {
        String[] p = line.split(" ");
        last.put(p[1], p[2]);
        if (p[3].equals("true")) {
          intakeCount.merge(p[1], 1, Integer::sum);
        }
      } else {
        String[] p = line.substring(2).split("\u0000");
        lastState.put(p[0], p[1]);
      }
    }
    assertEquals(records.size(), intakeCount.size(), "every message has an intake verdict");
    assertTrue(intakeCount.values().stream().allMatch(n -> n == 1), "none twice");
    assertEquals(expected, last, "final verdicts");
    assertEquals(states, lastState, "final key states");
  }

  private static int intakes() {
    int n = 0;
    for (String line : OUT) {
      if (line.startsWith("V ") && line.endsWith(" true")) {
        n++;
      }
    }
    return n;
  }
}
