package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.testing.LeakDetectionExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Delegation across keys and the escrow time bound, at parallelism 2, on a delegated KEL of set A
 * ({@code kel_delegated.v1.bare.txt.original.cesr}) under a scope name chosen so that keys of
 * {@code scope/prefix} (one key per prefix) would put its delegator and its delegate on different
 * subtasks (Flink's key-group assignment decides). Keyed by
 * one scope (co-partitioning, {@link KelValidation}), every event of both is accepted. With the
 * delegate's messages under another scope than its delegator's, the delegate's events cannot see
 * the anchoring seals: they wait in escrow and are rejected with {@code ESCROW_EXPIRED} once they
 * waited {@code maxEscrowAge} (a processing-time timer; the source is rate-limited so that the job
 * outlives the bound), while the delegator's are accepted.
 */
@ExtendWith(LeakDetectionExtension.class)
class EscrowBoundsTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
          .setNumberSlotsPerTaskManager(2).build());
  private static final String FILE = "kel_delegated.v1.bare.txt.original.cesr";

  static List<KelVerdict> run(List<CesrRecord> records, KelValidation.Settings settings,
      int perSecond) throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    CesrRecord[] all = records.toArray(CesrRecord[]::new);
    DataGeneratorSource<CesrRecord> source = new DataGeneratorSource<>(
        (GeneratorFunction<Long, CesrRecord>) i -> all[(int) (long) i], all.length,
        RateLimiterStrategy.perSecond(perSecond), Types.POJO(CesrRecord.class));
    var in = env.fromSource(source, WatermarkStrategy.noWatermarks(), "records")
        .setParallelism(1);
    List<KelVerdict> out = new ArrayList<>();
    try (CloseableIterator<KelVerdict> it =
        KelValidation.validate(CesrRecords.split(in), settings).executeAndCollect()) {
      it.forEachRemaining(out::add);
    }
    return out;
  }

  /** The delegated file's messages, each scoped by whose it is: delegator or delegate. */
  static List<CesrRecord> split(String delegatorScope, String delegateScope, String[] prefixes) {
    List<CesrRecord> records = CesrRecords.frame(FILE, Corpus.bytes(FILE));
    KelVerifier v = new KelVerifier();
    List<CesrRecord> out = new ArrayList<>();
    for (CesrRecord r : records) {
      Verdict x = v.acceptMessage(r.bytes, r.offset);
      String prefix = x.prefix().orElseThrow();
      if (prefixes[0] == null) {
        prefixes[0] = prefix;
      } else if (!prefix.equals(prefixes[0])) {
        prefixes[1] = prefix;
      }
      out.add(CesrRecord.message(prefix.equals(prefixes[0]) ? delegatorScope : delegateScope,
          r.offset, r.bytes));
    }
    return out;
  }

  static Map<Long, KelVerdict> last(List<KelVerdict> vs, String scope) {
    Map<Long, KelVerdict> out = new TreeMap<>();
    for (KelVerdict v : vs) {
      if (v.scope.equals(scope)) {
        out.put(v.offset, v);
      }
    }
    return out;
  }

  @Test
  void coPartitionedDelegationIsAcceptedAndSplitDelegationExpires() throws Exception {
    int maxParallelism = KeyGroupRangeAssignment.computeDefaultMaxParallelism(2);
    String[] prefixes = new String[2];
    split("", "", prefixes);
    String family = null;
    for (int i = 0; family == null; i++) {
      String scope = "family" + i;
      if (KeyGroupRangeAssignment.assignKeyToParallelOperator(scope + "/" + prefixes[0],
          maxParallelism, 2) != KeyGroupRangeAssignment.assignKeyToParallelOperator(
              scope + "/" + prefixes[1], maxParallelism, 2)) {
        family = scope;
      }
    }
    List<CesrRecord> together = split(family, family, new String[2]);

    Map<Long, KelVerdict> one = last(run(together, KelValidation.Settings.DEFAULT, 1000),
        family);
    assertEquals(together.size(), one.size());
    assertTrue(one.values().stream().allMatch(v -> v.status.equals("ACCEPTED")), one.toString());

    List<CesrRecord> apart = split("delegator", "delegate", new String[2]);
    // filler: other scopes' messages, so that the job runs past the escrow age bound
    for (int i = 0; i < 12; i++) {
      for (CesrRecord r : CesrRecords.frame("kel_single.v1.bare.txt.original.cesr",
          Corpus.bytes("kel_single.v1.bare.txt.original.cesr"))) {
        apart.add(CesrRecord.message("filler" + i, r.offset, r.bytes));
      }
    }
    KelValidation.Settings bounded =
        KelValidation.Settings.DEFAULT.maxEscrowAge(Duration.ofMillis(300));
    List<KelVerdict> vs = run(apart, bounded, 60);
    Map<Long, KelVerdict> delegator = last(vs, "delegator");
    Map<Long, KelVerdict> delegate = last(vs, "delegate");
    assertTrue(delegator.values().stream().allMatch(v -> v.status.equals("ACCEPTED")),
        delegator.toString());
    assertTrue(!delegate.isEmpty() && delegate.values().stream()
        .allMatch(v -> v.status.equals("REJECTED") && v.reason.equals("ESCROW_EXPIRED")),
        delegate.toString());
    assertTrue(vs.stream().anyMatch(v -> v.scope.equals("delegate") && v.intake
        && v.escrow != null && v.escrow.equals("PARTIALLY_DELEGATED")), "the dip waited first");
  }
}
