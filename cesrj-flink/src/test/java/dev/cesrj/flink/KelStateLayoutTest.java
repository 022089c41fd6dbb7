package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.flink.kel.KeyStateChange;
import dev.cesrj.flink.kel.VerifierStateCodec;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.kever.VerifierState;
import dev.cesrj.testing.LeakDetectionExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link KelValidation}'s keyed state in its parts ({@link KelValidation#KEL_STATE}, one entry
 * per prefix; {@link KelValidation#REST_STATE}, the rest), on Flink's operator test harness with
 * the heap state backend, which keeps the arrays the operator puts (no copy): after each message
 * of a scope holding the KELs of four kel/A streams (single, delegated: two prefixes, witnessed
 * with receipts, transreceipts), the entry of every prefix whose KEL the message did not change is
 * the very array it was before (not rewritten, not even with equal bytes), the entries of those it
 * changed are new and hold the single-JVM verifier's record. Rebuilt from those parts at every
 * message (a cache of one key, two scopes taking turns), the operator gives the single-JVM
 * verifier's verdicts.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelStateLayoutTest {
  private static final String[] FILES = {"kel_single.v1.bare.txt.original.cesr",
      "kel_delegated.v1.bare.txt.original.cesr", "kel_witnessed.v1.bare.txt.original.cesr",
      "kel_transreceipts.v1.bare.txt.original.cesr"};
  private static final MapStateDescriptor<String, byte[]> KELS = new MapStateDescriptor<>(
      KelValidation.KEL_STATE, Types.STRING,
      PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);
  private static final ValueStateDescriptor<byte[]> REST = new ValueStateDescriptor<>(
      KelValidation.REST_STATE, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);

  static KeyedOneInputStreamOperatorTestHarness<String, CesrRecord, KelVerdict> harness(
      KelValidation.Settings settings) throws Exception {
    var h = new KeyedOneInputStreamOperatorTestHarness<>(
        new KeyedProcessOperator<>(new KelValidation(settings)),
        (KeySelector<CesrRecord, String>) r -> r.scope, Types.STRING);
    h.open();
    return h;
  }

  /** The messages of the files, in file order, under one scope, offsets counted on. */
  static List<CesrRecord> messages(String scope, String... files) {
    List<CesrRecord> out = new ArrayList<>();
    long base = 0;
    for (String f : files) {
      byte[] b = Corpus.bytes(f);
      for (CesrRecord r : CesrRecords.frame(f, b)) {
        out.add(CesrRecord.message(scope, base + r.offset, r.bytes));
      }
      base += b.length;
    }
    return out;
  }

  @Test
  void aMessageWritesOnlyThePrefixesWhoseKelItChanged() throws Exception {
    try (var h = harness(KelValidation.Settings.DEFAULT.retryEachMessage(true))) {
      KeyedStateBackend<String> backend = h.getOperator().getKeyedStateBackend();
      KelVerifier twin = new KelVerifier();
      Map<String, byte[]> before = new HashMap<>();
      int unchangedKept = 0;
      int receipts = 0;
      for (CesrRecord r : messages("s", FILES)) {
        Map<String, VerifierState.KelRecord> twinBefore = records(twin);
        Verdict intake = twin.acceptMessage(r.bytes, r.offset);
        twin.retryEscrows();
        Map<String, VerifierState.KelRecord> twinAfter = records(twin);
        if ("rct".equals(intake.ilk().orElse(""))) {
          receipts++;
        }

        h.processElement(new StreamRecord<>(r, 0));
        h.getOperator().setCurrentKey("s");
        MapState<String, byte[]> kels = backend.getPartitionedState(VoidNamespace.INSTANCE,
            VoidNamespaceSerializer.INSTANCE, KELS);
        Map<String, byte[]> after = new HashMap<>();
        for (Map.Entry<String, byte[]> e : kels.entries()) {
          after.put(e.getKey(), e.getValue());
        }
        assertEquals(twinAfter.keySet(), after.keySet(), "one entry per accepted prefix");
        for (Map.Entry<String, byte[]> e : after.entrySet()) {
          String prefix = e.getKey();
          VerifierStateCodec.KelEntry entry = VerifierStateCodec.decodeKel(e.getValue());
          assertEquals(twinAfter.get(prefix), entry.kel(), prefix);
          assertEquals(twin.kelPosition(prefix).orElseThrow(), entry.position());
          if (twinAfter.get(prefix).equals(twinBefore.get(prefix))) {
            assertTrue(before.get(prefix) == e.getValue(),
                "the entry of " + prefix + ", unchanged by the message at " + r.offset
                    + ", is not written again");
            unchangedKept++;
          } else {
            assertTrue(before.get(prefix) != e.getValue(), prefix + " changed: written");
          }
        }
        ValueState<byte[]> rest = backend.getPartitionedState(VoidNamespace.INSTANCE,
            VoidNamespaceSerializer.INSTANCE, REST);
        VerifierState r0 = VerifierStateCodec.decodeRest(rest.value());
        assertEquals(List.of(), r0.kels(), "the rest holds no KEL");
        assertEquals(twin.nextIndex(), r0.nextIndex());
        assertEquals(twin.escrowedCount(), r0.held().size());
        before = after;
      }
      assertEquals(7, before.size(), "prefixes: " + before.keySet());
      assertTrue(unchangedKept > 50 && receipts > 5, unchangedKept + " kept, " + receipts);
      Set<String> prefixes = new TreeSet<>();
      for (KeyStateChange k : h.getSideOutput(KelValidation.KEY_STATES)
          .stream().map(StreamRecord::getValue).toList()) {
        prefixes.add(k.prefix);
      }
      assertEquals(new TreeSet<>(before.keySet()), prefixes);
    }
  }

  /**
   * A cache of one key and two scopes taking turns: every call rebuilds its scope's verifier from
   * the rest and the KEL entries; the last verdict per message, after the end-of-input retry, is
   * the single-JVM verifier's after {@code finish()}, and the last key states its key states.
   */
  @Test
  void rebuiltFromItsEntriesAtEveryMessageGivesTheSingleJvmVerdicts() throws Exception {
    KelValidation.Settings oneKey = new KelValidation.Settings(
        KelValidation.Settings.DEFAULT.maxMessages(), KelValidation.Settings.DEFAULT.maxBytes(),
        KelValidation.Settings.DEFAULT.maxEscrowAge(), false, 1);
    List<CesrRecord> a = messages("a", FILES);
    // receipts-below-toad leaves a partially witnessed event and its receipts escrowed at the
    // end (the out-of-order witnessed log no longer does: its witness receipts are accepted)
    List<CesrRecord> b = messages("b", "kel_delegated.v1.bare.txt.out-of-order.cesr",
        "kel_witnessed.v1.bare.txt.receipts-below-toad.cesr");
    Map<String, String> expected = new TreeMap<>();
    Map<String, String> states = new TreeMap<>();
    for (List<CesrRecord> scope : List.of(a, b)) {
      KelVerifier v = new KelVerifier();
      for (CesrRecord r : scope) {
        v.acceptMessage(r.bytes, r.offset);
      }
      for (Verdict x : v.finish()) {
        expected.put(scope.get(0).scope + "@" + x.offset(),
            x.status() + x.escrow().map(e -> ":" + e).orElse(""));
      }
      v.keyStates().forEach((p, s) -> states.put(scope.get(0).scope + " " + p,
          KeyStateChange.of(scope.get(0).scope, s).describe()));
    }
    try (var h = harness(oneKey)) {
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        if (i < a.size()) {
          h.processElement(new StreamRecord<>(a.get(i), 0));
        }
        if (i < b.size()) {
          h.processElement(new StreamRecord<>(b.get(i), 0));
        }
      }
      h.processWatermark(Long.MAX_VALUE);
      Map<String, String> last = new TreeMap<>();
      for (KelVerdict v : h.extractOutputValues()) {
        last.put(v.scope + "@" + v.offset, v.describe());
      }
      Map<String, String> lastStates = new TreeMap<>();
      for (StreamRecord<KeyStateChange> k : h.getSideOutput(KelValidation.KEY_STATES)) {
        lastStates.put(k.getValue().scope + " " + k.getValue().prefix, k.getValue().describe());
      }
      assertEquals(expected, last);
      assertEquals(states, lastStates);
      assertEquals(a.size() + b.size(), expected.size());
      assertTrue(expected.values().stream().anyMatch(s -> s.startsWith("ESCROWED")),
          "an escrow outlives the end: " + expected.values());
    }
  }

  /** The single-JVM verifier's record of every KEL. */
  private static Map<String, VerifierState.KelRecord> records(KelVerifier v) {
    Map<String, VerifierState.KelRecord> out = new HashMap<>();
    for (String p : v.keyStates().keySet()) {
      out.put(p, v.kelRecord(p).orElseThrow());
    }
    return out;
  }

  /** A KEL entry's bytes decode to what was encoded; trailing or missing bytes are refused. */
  @Test
  void aKelEntryRoundTripsAndABadOneIsRefused() {
    KelVerifier v = new KelVerifier();
    for (CesrRecord r : messages("s", FILES)) {
      v.acceptMessage(r.bytes, r.offset);
    }
    for (String p : v.keyStates().keySet()) {
      byte[] b = VerifierStateCodec.encodeKel(v.kelPosition(p).orElseThrow(),
          v.kelRecord(p).orElseThrow());
      VerifierStateCodec.KelEntry e = VerifierStateCodec.decodeKel(b);
      assertEquals(v.kelRecord(p).orElseThrow(), e.kel());
      assertArrayEquals(b, VerifierStateCodec.encodeKel(e.position(), e.kel()));
      byte[] longer = java.util.Arrays.copyOf(b, b.length + 1);
      assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> VerifierStateCodec.decodeKel(longer)).getMessage().contains("after the end"));
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> VerifierStateCodec.decodeKel(java.util.Arrays.copyOf(b, b.length - 1)));
    }
  }
}
