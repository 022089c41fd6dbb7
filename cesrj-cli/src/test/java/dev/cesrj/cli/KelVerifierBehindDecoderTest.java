package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.netty.CesrFrame;
import dev.cesrj.netty.CesrFrameDecoder;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link KelVerifier} behind the Netty pipeline codec: every stream of the KEL mutant set A
 * (cesrj-keri's {@code src/test/resources/kel/A}) written to an {@link EmbeddedChannel} with a
 * {@link CesrFrameDecoder} in 5-byte reads, each frame's message given to the verifier and the
 * frame released; after {@code finish()} each message's status (accepted, escrowed, rejected)
 * and each prefix's sequence number and SAID are keripy's ({@code .verdict.json}, read as {@link
 * InspectVerifyTest} reads it, with its six protocol overrides). A stream with a SAID mismatch
 * is cut where keripy's parser stopped handing messages on ({@code parsed:false}), as there.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierBehindDecoderTest {
  private static final Path KEL_A = Path.of(System.getProperty("cesrj.kelA",
      "../cesrj-keri/src/test/resources/kel/A"));

  static List<String> kelA() {
    return InspectVerifyTest.kelA();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kelA")
  void verdictsAreKeripys(String file) throws IOException {
    JsonNode expected = InspectVerifyTest.keripyVerdict(file);
    byte[] input = Files.readAllBytes(KEL_A.resolve(file));
    List<String> want = new ArrayList<>();
    int cut = input.length;
    for (JsonNode m : expected.get("messages")) {
      if (!m.path("parsed").asBoolean(true)) {
        cut = m.get("offset").asInt();
        break;
      }
      want.add(m.get("i").asInt() + " " + InspectVerifyTest.keripyStatus(m));
    }
    KelVerifier verifier = new KelVerifier();
    EmbeddedChannel ch = new EmbeddedChannel(new CesrFrameDecoder());
    for (int i = 0; i < cut; i += 5) {
      ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(input, i, Math.min(cut, i + 5))));
      take(ch, verifier);
    }
    ch.finish(); // the input ends: a held bare attachment run goes out
    take(ch, verifier);
    List<String> got = new ArrayList<>();
    for (Verdict v : verifier.finish()) {
      got.add(v.index() + " " + v.status().name().toLowerCase(Locale.ROOT));
    }
    assertEquals(want, got, file);
    Map<String, String> wantStates = new TreeMap<>();
    expected.get("keyStates").fields().forEachRemaining(e ->
        wantStates.put(e.getKey(), e.getValue().get("sn").asText() + " " + e.getValue().get("said").asText()));
    Map<String, String> gotStates = new TreeMap<>();
    for (Map.Entry<String, KeyState> e : verifier.keyStates().entrySet()) {
      gotStates.put(e.getKey(), e.getValue().sn() + " " + e.getValue().said());
    }
    assertEquals(wantStates, gotStates, file);
    assertEquals(got.stream().filter(s -> s.endsWith(" accepted")).count(),
        verifier.verdicts().stream().filter(v -> v.status() == Status.ACCEPTED).count());
  }

  /** Gives every frame waiting in the channel to the verifier and releases it. */
  private static int take(EmbeddedChannel ch, KelVerifier verifier) {
    int n = 0;
    for (Object o = ch.readInbound(); o != null; o = ch.readInbound()) {
      CesrFrame f = (CesrFrame) o;
      try {
        verifier.accept(f.message());
        n++;
      } finally {
        f.release();
      }
    }
    return n;
  }
}
