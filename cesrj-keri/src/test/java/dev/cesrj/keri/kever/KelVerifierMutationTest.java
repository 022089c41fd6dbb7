package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.CesrException;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link KelVerifier} on byte-wise mutants of the kel/A streams (a byte replaced by any byte or
 * by a Base64url character, a byte deleted, the stream cut; one to three mutations, seeded):
 * nothing but a framing error's {@link CesrException} comes out of {@code acceptAll}, nothing at
 * all out of {@code accept(Framed)}, and the verdicts, key states and the framing error (kind and
 * stream offset) are the same whole and through {@link CesrStreamParser} in 1-, 7- and 64-byte
 * chunks. {@code -Dcesrj.seed=N} replays another seed; {@code -Dcesrj.propertyScale} scales the
 * number of mutants (100; with seed 18 they include a signature that does not decode).
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierMutationTest {
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierMutationTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What one way of feeding gave: final verdicts, key states, the framing error if any. */
  private record Run(List<Verdict> verdicts, String states, String error) {}

  private static Run whole(byte[] in) {
    KelVerifier v = new KelVerifier();
    String error = "";
    try {
      v.acceptAll(in);
    } catch (CesrException e) {
      error = e.kind() + " at " + e.offset();
    }
    return new Run(v.finish(), v.keyStates().toString(), error);
  }

  private static Run chunked(byte[] in, int n) {
    KelVerifier v = new KelVerifier();
    String error = "";
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int at = 0; at < in.length + n && error.isEmpty(); at += n) {
        try (Framed f = at < in.length
            ? parser.feed(in, at, Math.min(n, in.length - at)) : parser.endOfInput()) {
          v.accept(f);
          if (f.failed()) {
            CesrException e = f.error().orElseThrow();
            error = e.kind() + " at " + (f.offsetBase() + e.offset());
          }
        }
      }
    }
    return new Run(v.finish(), v.keyStates().toString(), error);
  }

  @Test
  void mutantsGiveTheSameVerdictsWholeAndChunked() throws IOException {
    List<String> files = new ArrayList<>();
    new ObjectMapper().readTree(bytes("MANIFEST.json")).get("files").fieldNames()
        .forEachRemaining(files::add);
    files.sort(null);
    long seed = Long.getLong("cesrj.seed", 18L);
    int cases = (int) Math.max(1, 100 * Double.parseDouble(
        System.getProperty("cesrj.propertyScale", "1")));
    Random r = new Random(seed);
    for (int c = 0; c < cases; c++) {
      String file = files.get(r.nextInt(files.size()));
      byte[] in = bytes(file);
      StringBuilder what = new StringBuilder("seed " + seed + " case " + c + " " + file + ":");
      for (int k = 1 + r.nextInt(3); k > 0 && in.length > 1; k--) {
        int at = r.nextInt(in.length);
        switch (r.nextInt(4)) {
          case 0:
            in[at] = (byte) r.nextInt(256);
            what.append(" byte ").append(at).append('=').append(in[at] & 0xFF);
            break;
          case 1:
            in[at] = (byte) B64.charAt(r.nextInt(64));
            what.append(" byte ").append(at).append("='").append((char) in[at]).append('\'');
            break;
          case 2:
            byte[] out = new byte[in.length - 1];
            System.arraycopy(in, 0, out, 0, at);
            System.arraycopy(in, at + 1, out, at, in.length - at - 1);
            in = out;
            what.append(" deleted ").append(at);
            break;
          default:
            in = Arrays.copyOf(in, at + 1);
            what.append(" cut at ").append(at + 1);
        }
      }
      Run w = whole(in);
      for (int n : new int[] {1, 7, 64}) {
        Run ch = chunked(in, n);
        assertEquals(w.error(), ch.error(), what + " framing error, " + n + "-byte chunks");
        assertEquals(w.verdicts(), ch.verdicts(), what + " verdicts, " + n + "-byte chunks");
        assertEquals(w.states(), ch.states(), what + " key states, " + n + "-byte chunks");
      }
    }
  }
}
