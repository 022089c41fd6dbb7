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
    v.acceptAll(bytes("kel_single.v1.bare.txt.original.cesr"));
    assertThrows(IllegalStateException.class, v::state);
  }
}
