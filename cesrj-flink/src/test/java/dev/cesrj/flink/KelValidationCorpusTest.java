package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.flink.kel.KeyStateChange;
import dev.cesrj.testing.LeakDetectionExtension;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every stream of the KEL mutant set A through {@link KelValidation} on a MiniCluster (one job per
 * parallelism, all 234 streams in it, each stream its own scope), against the single-JVM
 * {@link dev.cesrj.keri.kever.KelVerifier} (each stream's messages, then
 * {@link dev.cesrj.keri.kever.KelVerifier#finish()}; cesrj-keri's KelVerifierCorpusTest checks those
 * verdicts against keripy's).
 *
 * <p>"The same" means: for every message (stream and offset) the last verdict the job emitted is
 * the verifier's verdict after {@code finish()} (status and escrow), and for every prefix of every stream the last key-state change the
 * job emitted is the verifier's final key state, field by field. The job retries escrows only at
 * the end of its input, as {@code finish()} does; each stream's messages reach their key in stream
 * order (one source, one channel per key), so the intake verdicts are the verifier's too. At
 * parallelism 2 the streams are spread over both subtasks by key group; within a stream a
 * delegator and its delegates share a key (co-partitioning, see {@link KelValidation}).
 */
@ExtendWith(LeakDetectionExtension.class)
class KelValidationCorpusTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
          .setNumberSlotsPerTaskManager(2).build());

  /** Runs the records through the operator; returns "V scope@offset describe" and "K ..." lines. */
  static List<String> run(List<CesrRecord> records, int parallelism) throws Exception {
    return run(records, parallelism, 1);
  }

  /** As {@link #run(List, int)}, each subtask's verifiers on {@code threads} workers. */
  static List<String> run(List<CesrRecord> records, int parallelism, int threads)
      throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(parallelism);
    DataStream<CesrRecord> in = env.fromData(records, Types.POJO(CesrRecord.class));
    SingleOutputStreamOperator<CesrRecord> messages = CesrRecords.split(in);
    SingleOutputStreamOperator<KelVerdict> verdicts =
        KelValidation.validate(messages, KelValidation.Settings.DEFAULT, threads);
    DataStream<String> lines = verdicts
        .map((MapFunction<KelVerdict, String>) v -> "V " + v.scope + "@" + v.offset + " "
            + v.describe() + " " + v.index)
        .union(verdicts.getSideOutput(KelValidation.KEY_STATES)
            .map((MapFunction<KeyStateChange, String>) k -> "K " + k.scope + " " + k.prefix
                + "\u0000" + k.describe()));
    List<String> out = new ArrayList<>();
    try (CloseableIterator<String> it = lines.executeAndCollect()) {
      it.forEachRemaining(out::add);
    }
    return out;
  }

  static List<CesrRecord> corpus() {
    List<CesrRecord> all = new ArrayList<>();
    for (String f : Corpus.files()) {
      all.addAll(CesrRecords.frame(f, Corpus.bytes(f)));
    }
    return all;
  }

  @ParameterizedTest(name = "parallelism {0}")
  @ValueSource(ints = {1, 2})
  void everyStreamGivesTheSingleJvmVerdictsAndKeyStates(int parallelism) throws Exception {
    Map<String, String> expected = Corpus.sorted();
    Map<String, String> states = Corpus.sorted();
    for (String f : Corpus.files()) {
      Corpus.expected(f, expected, states);
    }
    List<CesrRecord> records = corpus();
    List<String> lines = run(records, parallelism);

    Map<String, String> last = Corpus.sorted();
    Map<String, String> lastState = Corpus.sorted();
    for (String line : lines) {
      if (line.startsWith("V ")) {
        String[] p = line.split(" ");
        last.put(p[1], p[2]);
      } else {
        String[] p = line.substring(2).split("\u0000");
        lastState.put(p[0], p[1]);
      }
    }
    assertEquals(expected, last, "final verdict per message");
    assertEquals(states, lastState, "final key state per prefix");
    assertTrue(expected.size() > 2000, "messages: " + expected.size());
    assertTrue(states.size() > 200, "key states: " + states.size());
  }

  /**
   * {@code --threads 3} (each message's signatures checked on the task thread and a pool of 2,
   * issue 31) gives every message the same verdicts and every prefix the same key states as the
   * serial path, at parallelism 1 and 2 (the lines of one key come in order; keys interleave).
   */
  @ParameterizedTest(name = "parallelism {0}")
  @ValueSource(ints = {1, 2})
  void workersGiveTheSerialVerdicts(int parallelism) throws Exception {
    List<CesrRecord> records = corpus();
    List<String> serial = new ArrayList<>(run(records, parallelism, 1));
    List<String> workers = new ArrayList<>(run(records, parallelism, 3));
    Collections.sort(serial);
    Collections.sort(workers);
    assertTrue(serial.size() > 2000, "lines: " + serial.size());
    assertEquals(serial, workers);
  }

  /**
   * The original streams, each one's messages shuffled (seeded) and all streams interleaved at
   * random: events out of order within and across prefixes. The final key states are those of the
   * streams in order.
   */
  @Test
  void shuffledStreamsGiveTheSameKeyStates() throws Exception {
    Map<String, String> ignored = Corpus.sorted();
    Map<String, String> states = Corpus.sorted();
    List<CesrRecord> shuffled = new ArrayList<>();
    for (String f : Corpus.files()) {
      if (f.contains(".original.")) {
        Corpus.expected(f, ignored, states);
        shuffled.addAll(CesrRecords.frame(f, Corpus.bytes(f)));
      }
    }
    Collections.shuffle(shuffled, new Random(20));
    Map<String, String> lastState = Corpus.sorted();
    for (String line : run(shuffled, 2)) {
      if (line.startsWith("K ")) {
        String[] p = line.substring(2).split("\u0000");
        lastState.put(p[0], p[1]);
      }
    }
    assertEquals(states, lastState);
  }
}
