package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.PitSample;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link KelVerifier#state()} and {@link KelVerifier#restore(VerifierState, EscrowLimits)} on every
 * stream of the KEL mutant set A ({@code src/test/resources/kel/A}): a verifier taken apart into
 * its {@link VerifierState} and rebuilt before every message, then retrying its escrows at the
 * end ({@link KelVerifier#retryEscrows()}, as a stream processor does at the end of its input),
 * ends with the same verdict on every message and the same key states as one verifier given the whole stream
 * ({@link KelVerifier#accept(Message)}, then {@link KelVerifier#finish()}, whose verdicts
 * {@link KelVerifierCorpusTest} checks against keripy's).
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierStateTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static List<String> files() {
    List<String> out = new ArrayList<>();
    try {
      MAPPER.readTree(bytes("MANIFEST.json")).get("files").fieldNames().forEachRemaining(out::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.sort(null);
    return PitSample.covering(out, PitSample::kelKeys);
  }

  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierStateTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes of each top-level message of {@code input}, with its offset. */
  static List<Map.Entry<Long, byte[]>> messages(byte[] input) {
    List<Map.Entry<Long, byte[]>> out = new ArrayList<>();
    try (Messages ms = Messages.copyOf(input)) {
      for (Message m : ms) {
        int from = (int) m.offset();
        out.add(Map.entry(m.offset(), Arrays.copyOfRange(input, from, from + m.length())));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void restoredBeforeEveryMessageGivesTheSameVerdicts(String file) {
    byte[] input = bytes(file);
    KelVerifier whole = new KelVerifier();
    whole.acceptAll(input);
    List<String> expected = new ArrayList<>();
    for (Verdict v : whole.finish()) {
      expected.add(v.offset() + " " + v.status() + v.escrow().map(e -> ":" + e).orElse(""));
    }

    Map<Integer, Verdict> got = new TreeMap<>();
    VerifierState state = VerifierState.empty();
    for (Map.Entry<Long, byte[]> m : messages(input)) {
      KelVerifier v = KelVerifier.restore(state, EscrowLimits.DEFAULT);
      Verdict intake = v.acceptMessage(m.getValue(), m.getKey());
      got.put(intake.index(), intake);
      state = v.state();
      assertEquals(state, KelVerifier.restore(state, EscrowLimits.DEFAULT).state(), "round trip");
    }
    KelVerifier last = KelVerifier.restore(state, EscrowLimits.DEFAULT);
    for (Verdict changed : last.retryEscrows()) {
      got.put(changed.index(), changed);
    }
    List<String> actual = new ArrayList<>();
    for (Verdict v : got.values()) {
      actual.add(v.offset() + " " + v.status() + v.escrow().map(e -> ":" + e).orElse(""));
    }
    assertEquals(expected, actual, "final verdicts");
    assertEquals(whole.keyStates(), last.keyStates(), "key states");
  }

  /**
   * The state in parts ({@link KelVerifier#stateWithoutKels()}, one {@link
   * KelVerifier#kelRecord(String)} per prefix), rebuilt before every message, escrows retried
   * after every third message and at the end: the same verdicts, at intake and from each retry,
   * and the same key states as a twin verifier given the same calls and never rebuilt; each
   * rebuilt verifier's {@link KelVerifier#state()} that of the one it was taken from; and
   * {@link KelVerifier#takeChangedKels()} after each call exactly the prefixes whose record that
   * call changed. With no retry before the end, the final verdicts are {@code finish()}'s.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void rebuiltFromItsPartsBeforeEveryMessageGoesOnAsItsTwin(String file) {
    for (int every : new int[] {3, Integer.MAX_VALUE}) {
      byte[] input = bytes(file);
      KelVerifier twin = new KelVerifier();
      Map<String, VerifierState.KelRecord> records = new TreeMap<>();
      Map<String, Integer> positions = new TreeMap<>();
      VerifierState rest = VerifierState.empty();
      int changes = 0;
      List<Map.Entry<Long, byte[]>> ms = messages(input);
      for (int i = 0; i <= ms.size(); i++) {
        List<VerifierState.KelRecord> kels = new ArrayList<>(records.values());
        kels.sort(java.util.Comparator.comparing(k -> positions.get(k.prefix())));
        KelVerifier v = KelVerifier.restore(new VerifierState(rest.nextIndex(), rest.clock(),
            rest.changedAt(), kels, rest.held(), rest.couples()), EscrowLimits.DEFAULT);
        assertEquals(java.util.Set.of(), v.takeChangedKels(), "a restored verifier changed none");
        if (i < ms.size()) {
          assertEquals(twin.acceptMessage(ms.get(i).getValue(), ms.get(i).getKey()),
              v.acceptMessage(ms.get(i).getValue(), ms.get(i).getKey()), "intake " + i);
        }
        if (i % every == every - 1 || i == ms.size()) {
          assertEquals(twin.retryEscrows(), v.retryEscrows(), "retry after " + i);
        }
        VerifierState whole = v.state();
        java.util.Set<String> differ = new java.util.TreeSet<>();
        for (VerifierState.KelRecord k : whole.kels()) {
          if (!k.equals(records.get(k.prefix()))) {
            differ.add(k.prefix());
          }
        }
        java.util.Set<String> taken = new java.util.TreeSet<>(v.takeChangedKels());
        assertEquals(differ, taken, "changed KELs after message " + i);
        changes += taken.size();
        for (String p : taken) {
          records.put(p, v.kelRecord(p).orElseThrow());
          positions.put(p, v.kelPosition(p).orElseThrow());
        }
        rest = v.stateWithoutKels();
        assertEquals(List.of(), rest.kels());
        assertEquals(v.state(), new VerifierState(rest.nextIndex(), rest.clock(),
            rest.changedAt(), whole.kels(), rest.held(), rest.couples()), "parts make the whole");
        for (int p = 0; p < whole.kels().size(); p++) {
          assertEquals(p, v.kelPosition(whole.kels().get(p).prefix()).orElseThrow());
        }
        if (i == ms.size()) {
          assertEquals(twin.keyStates(), v.keyStates(), "key states, in order of inception");
          assertEquals(twin.escrowedCount(), v.escrowedCount());
        }
      }
      assertTrue(changes >= records.size(), "each KEL changed at least once");
    }
  }

  /**
   * {@link KelVerifier#stateWithoutKels()} forgets the change counts no retry reads: with
   * nothing escrowed, none is kept; with a message escrowed, only counts after its last try.
   */
  @Test
  void stateWithoutKelsKeepsOnlyTheChangeCountsARetryReads() {
    byte[] input = bytes("kel_single.v1.bare.txt.out-of-order.cesr");
    KelVerifier v = new KelVerifier();
    long escrowedAt = -1;
    for (Map.Entry<Long, byte[]> m : messages(input)) {
      Verdict x = v.acceptMessage(m.getValue(), m.getKey());
      if (x.status() == Status.ESCROWED && escrowedAt < 0) {
        escrowedAt = v.state().clock();
      }
    }
    assertTrue(escrowedAt >= 0 && v.escrowedCount() > 0);
    VerifierState before = v.state();
    VerifierState rest = v.stateWithoutKels();
    assertTrue(!before.changedAt().isEmpty());
    long oldest = rest.held().stream().mapToLong(VerifierState.HeldMessage::triedAt).min()
        .orElseThrow();
    java.util.Map<String, Long> kept = new java.util.HashMap<>(before.changedAt());
    kept.values().removeIf(at -> at <= oldest);
    assertEquals(kept, rest.changedAt());
    v.finish();
    assertEquals(0, v.escrowedCount());
    assertEquals(Map.of(), v.stateWithoutKels().changedAt(), "nothing escrowed, nothing kept");
    assertEquals(Map.of(), v.state().changedAt(), "forgotten by the verifier too");
  }

  /**
   * A change between two retries wakes an escrowed message after a rebuild from the parts: the
   * third event of a KEL escrowed out of order and retried in vain, then the second accepted at
   * intake, the verifier rebuilt from {@link KelVerifier#stateWithoutKels()} and its KEL records:
   * the next retry accepts the third (the second's change count, after the third's last try, is
   * kept; the earlier ones are not).
   */
  @Test
  void aChangeAfterAnEscrowedMessagesLastTryIsKeptAcrossARebuild() {
    List<Map.Entry<Long, byte[]>> ms = messages(bytes("kel_single.v1.bare.txt.original.cesr"));
    KelVerifier v = new KelVerifier();
    assertEquals(Status.ACCEPTED, v.acceptMessage(ms.get(0).getValue(), 0).status());
    Verdict third = v.acceptMessage(ms.get(2).getValue(), 2);
    assertEquals(Escrow.OUT_OF_ORDER, third.escrow().orElseThrow());
    assertEquals(List.of(), v.retryEscrows(), "retried in vain");
    assertEquals(Status.ACCEPTED, v.acceptMessage(ms.get(1).getValue(), 1).status());
    String prefix = third.prefix().orElseThrow();
    assertEquals(java.util.Set.of(prefix), v.takeChangedKels());
    VerifierState rest = v.stateWithoutKels();
    assertEquals(Map.of(prefix, rest.clock()), rest.changedAt(), "the second's change, kept");
    KelVerifier rebuilt = KelVerifier.restore(new VerifierState(rest.nextIndex(), rest.clock(),
        rest.changedAt(), List.of(v.kelRecord(prefix).orElseThrow()), rest.held(),
        rest.couples()), EscrowLimits.DEFAULT);
    List<Verdict> woken = rebuilt.retryEscrows();
    assertEquals(1, woken.size());
    assertEquals(third.index(), woken.get(0).index());
    assertEquals(Status.ACCEPTED, woken.get(0).status());
  }

  @Test
  void expireRejectsWhatWaitedSinceTheMark() {
    byte[] input = bytes("kel_single.v1.bare.txt.out-of-order.cesr");
    List<Map.Entry<Long, byte[]>> ms = messages(input);
    KelVerifier v = new KelVerifier();
    List<Verdict> intake = new ArrayList<>();
    for (Map.Entry<Long, byte[]> m : ms) {
      intake.add(v.acceptMessage(m.getValue(), m.getKey()));
    }
    Verdict early = intake.stream().filter(x -> x.status() == Status.ESCROWED).findFirst()
        .orElseThrow();
    int waiting = v.escrowedCount();
    assertEquals(List.of(), v.expire(early.index()), "nothing before the escrowed message");
    List<Verdict> expired = v.expire(early.index() + 1);
    assertEquals(1, expired.size());
    assertEquals(early.index(), expired.get(0).index());
    assertEquals(Status.REJECTED, expired.get(0).status());
    assertEquals(Reason.ESCROW_EXPIRED, expired.get(0).reason());
    assertEquals(waiting - 1, v.escrowedCount());
  }

  @Test
  void bytesThatAreNotOneMessageAreABodyError() {
    byte[] input = bytes("kel_single.v1.bare.txt.original.cesr");
    KelVerifier v = new KelVerifier();
    Verdict two = v.acceptMessage(input, 0);
    assertEquals(Status.REJECTED, two.status());
    assertEquals(Reason.BODY_ERROR, two.reason());
    assertTrue(two.detail().contains("more than one"), two.detail());
    assertEquals(Reason.BODY_ERROR, v.acceptMessage(new byte[0], 5).reason());
    Verdict bad = v.acceptMessage(new byte[] {'{', '"', 'v'}, 9);
    assertEquals(Reason.BODY_ERROR, bad.reason());
    assertEquals(9, bad.offset());
  }

  @Test
  void stateOfAVerifierFedFramedMessagesIsRefused() {
    KelVerifier v = new KelVerifier();
    try (Messages ms = Messages.copyOf(bytes("kel_single.v1.bare.txt.original.cesr"))) {
      for (Message m : ms) {
        v.accept(m);
      }
    }
    assertThrows(IllegalStateException.class, v::state);
    String prefix = v.keyStates().keySet().iterator().next();
    assertThrows(IllegalStateException.class, () -> v.kelRecord(prefix));
  }

  /**
   * A stream given whole ({@code acceptAll}) keeps what {@code acceptMessage} keeps: its state and
   * each KEL's record can be taken (issue 30: {@code kelRecord} threw after {@code acceptAll}),
   * and a verifier restored from them goes on as this one.
   */
  @Test
  void stateOfAVerifierFedAWholeStream() {
    byte[] input = bytes("kel_single.v1.bare.txt.original.cesr");
    KelVerifier v = new KelVerifier();
    v.acceptAll(input);
    v.finish();
    String prefix = v.keyStates().keySet().iterator().next();
    VerifierState.KelRecord r = v.kelRecord(prefix).orElseThrow();
    assertEquals(prefix, r.prefix());
    assertEquals(v.keyState(prefix).orElseThrow().sn(), r.sn());
    KelVerifier back = KelVerifier.restore(v.state(), EscrowLimits.DEFAULT);
    assertEquals(v.keyStates(), back.keyStates());
    KelVerifier alone = new KelVerifier();
    try (Messages ms = Messages.copyOf(input)) {
      for (Message m : ms) {
        alone.accept(m);
      }
    }
    alone.finish();
    assertEquals(alone.verdicts(), v.verdicts());
  }
}
