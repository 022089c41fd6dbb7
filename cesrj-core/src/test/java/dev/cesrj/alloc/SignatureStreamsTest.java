package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The synthetic workload is the CESR 1.0 stream it claims to be. */
class SignatureStreamsTest {

  @Test
  void defaultWorkloadIs2880BytesOf16GroupsOf2Signatures() {
    byte[] s = SignatureStreams.controllerIdxSigs(16, 2);
    assertEquals(2880, s.length);
    assertEquals(2880, SignatureStreams.size(16, 2));
    SplittableRandom random = new SplittableRandom(SignatureStreams.DEFAULT_SEED);
    int groups = 0;
    try (Groups it = Groups.copyOf(s)) {
      for (Group g : it) {
        assertEquals("ControllerIdxSigs", g.name());
        assertEquals("-AAC", g.counterText());
        assertEquals(2, g.count());
        assertEquals(180L * groups, g.offset());
        List<Element> sigs = g.elements();
        assertEquals(2, sigs.size());
        for (int i = 0; i < 2; i++) {
          IndexedSignature sig = (IndexedSignature) sigs.get(i);
          assertEquals("A", sig.code().code());
          assertEquals(i, sig.index());
          assertEquals(OptionalInt.of(i), sig.ondex());
          byte[] raw = new byte[64];
          random.nextBytes(raw);
          assertArrayEquals(raw, sig.raw(), "group " + groups + " sig " + i);
          // and the strict one-signature parser accepts it (canonical pad bits)
          assertArrayEquals(raw, IndexedSignature.parse(sig.qb64Text()).raw());
        }
        groups++;
      }
    }
    assertEquals(16, groups);
  }

  @Test
  void countsAndIndexesFollowTheArguments() {
    byte[] s = SignatureStreams.controllerIdxSigs(3, 64);
    assertEquals(SignatureStreams.size(3, 64), s.length);
    try (Groups it = Groups.copyOf(s)) {
      for (Group g : it) {
        assertEquals("-ABA", g.counterText());
        List<IndexedSignature> sigs = g.signatures();
        assertEquals(64, sigs.size());
        assertEquals(63, sigs.get(63).index());
        assertEquals('_', sigs.get(63).qb64Text().charAt(1));
      }
    }
    assertEquals(0, SignatureStreams.controllerIdxSigs(0, 2).length);
  }

  @Test
  void sameSeedSameStreamOtherSeedOtherRawBytes() {
    byte[] a = SignatureStreams.controllerIdxSigs(4, 3);
    assertArrayEquals(a, SignatureStreams.controllerIdxSigs(4, 3, SignatureStreams.DEFAULT_SEED));
    byte[] b = SignatureStreams.controllerIdxSigs(4, 3, 42);
    assertEquals(a.length, b.length);
    assertFalse(Arrays.equals(a, b));
    // only the signatures' value characters differ: counters, codes and indexes do not
    String ta = new String(a, StandardCharsets.US_ASCII);
    String tb = new String(b, StandardCharsets.US_ASCII);
    for (int g = 0; g < 4; g++) {
      int base = g * (4 + 3 * 88);
      assertEquals(ta.substring(base, base + 6), tb.substring(base, base + 6));
    }
  }

  @Test
  void rejectsWhatCodeACannotCarry() {
    assertThrows(IllegalArgumentException.class, () -> SignatureStreams.controllerIdxSigs(1, 0));
    assertThrows(IllegalArgumentException.class, () -> SignatureStreams.controllerIdxSigs(1, 65));
    assertThrows(IllegalArgumentException.class, () -> SignatureStreams.controllerIdxSigs(-1, 2));
    assertThrows(
        IllegalArgumentException.class, () -> SignatureStreams.controllerIdxSigs(1 << 30, 64));
    assertThrows(IllegalArgumentException.class, () -> SignatureStreams.ed25519Sig(64, new byte[64]));
    assertThrows(IllegalArgumentException.class, () -> SignatureStreams.ed25519Sig(0, new byte[63]));
  }
}
