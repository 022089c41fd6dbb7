package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.Matter;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueDecoder}, the one decoder of qb64 values ({@code Matter.raw()}, {@code
 * IndexedSignature.raw()}, {@code CesrCursor.readRaw}): every fixed-size Matter code with a
 * random value decodes to that value, and a value character outside Base64url is a {@link
 * ErrorKind#MALFORMED_CHARACTER} at its own offset, in the decoder and in the view alike.
 */
class ValueDecoderTest {
  private static final long SEED = Long.getLong("cesrj.seed", 0x5EED_0033L);

  /** The qb64 text of {@code code} holding {@code raw}: pad and lead bytes zero. */
  private static String qb64(MatterCode code, byte[] raw) {
    int ps = code.ps();
    byte[] all = new byte[ps + code.ls() + raw.length];
    System.arraycopy(raw, 0, all, ps + code.ls(), raw.length);
    String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(all);
    return code.code() + b64.substring(ps);
  }

  @Test
  void everyFixedCodeDecodesToItsValueAndABadCharacterIsReportedWhereItIs() {
    SplittableRandom r = new SplittableRandom(SEED);
    int checked = 0;
    for (MatterCode code : MatterCode.values()) {
      if (code.isVariable() || code.ss() > 0 || code.fs() <= code.cs()) {
        continue;
      }
      byte[] raw = new byte[code.rawSize()];
      for (int i = 0; i < raw.length; i++) {
        raw[i] = (byte) r.nextInt(256);
      }
      String text = qb64(code, raw);
      byte[] a = text.getBytes(StandardCharsets.US_ASCII);
      int from = code.cs() - code.ps();
      byte[] dst = new byte[raw.length + 2];
      int n = ValueDecoder.decode(a, from, a.length, code.ps(), code.ps() + code.ls(), dst, 1,
          100 + from, code.code());
      assertEquals(raw.length, n, code.name());
      assertArrayEquals(raw, java.util.Arrays.copyOfRange(dst, 1, 1 + n), code.name());
      assertArrayEquals(raw, Matter.parse(text).raw(), code.name());

      int bad = code.cs() + r.nextInt(a.length - code.cs());
      a[bad] = (byte) "#=+/ \u00ff".charAt(r.nextInt(6));
      MalformedException e = assertThrows(MalformedException.class,
          () -> ValueDecoder.decode(a, from, a.length, code.ps(), code.ps() + code.ls(),
              new byte[raw.length], 0, 100 + from, code.code()));
      assertEquals(ErrorKind.MALFORMED_CHARACTER, e.kind(), code.name());
      assertEquals(100 + bad, e.offset(), code.name() + " seed " + SEED);
      assertEquals("at offset " + (100 + bad) + ", code " + code.code() + ": byte "
          + String.format("0x%02x", a[bad] & 0xFF) + " in the value; expected a Base64url value character",
          e.getMessage());
      checked++;
    }
    assertEquals(true, checked > 40, "fixed codes checked: " + checked);
  }

  @Test
  void textThatIsNotWholeQuadletsIsRefusedBeforeAnyByteIsRead() {
    byte[] a = "bAAA".getBytes(StandardCharsets.US_ASCII);
    assertThrows(IllegalArgumentException.class,
        () -> ValueDecoder.decode(a, 3, 4, 0, 0, new byte[3], 0, 0, "b"));
  }

  @Test
  void aDestinationTooSmallIsAnIndexErrorBeforeAnyByteIsWritten() {
    byte[] a = qb64(MatterCode.Ed25519N, new byte[32]).getBytes(StandardCharsets.US_ASCII);
    byte[] dst = new byte[31];
    assertThrows(IndexOutOfBoundsException.class,
        () -> ValueDecoder.decode(a, 0, a.length, 1, 1, dst, 0, 0, "B"));
  }
}
