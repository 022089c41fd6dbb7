package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CesrFrameEncoder} never writes, as a primitive of a group's grammar, text that is not
 * qb64: the group framer sizes a primitive by its code and does not read its value characters,
 * so an indexed signature with a {@code !}, a non-ASCII byte, a newline or a Base64 (not
 * Base64url) character was written, and a reader that checks value characters ({@link
 * CesrOptions#checkValueCharacters()}, as {@code cesrj inspect}) refused it. Such a part is now
 * refused before a byte is written, naming the element and part, the byte and its offset in the
 * group written (its counter is 4 bytes); the same message with the
 * character put back is written and read by that reader.
 */
class EncoderValueCharactersTest {
  private static final CesrOptions STRICT = CesrOptions.builder().checkValueCharacters(true).build();

  private static OutgoingMessage message(String signature) {
    return new OutgoingMessage(Wire.pooled(Wire.jsonV1("icp", "E".repeat(44), 0)))
        .attach(OutgoingGroup.of("ControllerIdxSigs")
            .element(Unpooled.copiedBuffer(signature, StandardCharsets.ISO_8859_1)));
  }

  @Test
  void aSignatureWithANonBase64urlByteIsRefusedBeforeAnyByte() {
    String sig = Wire.signature(0, new SplittableRandom(25));
    for (boolean wrap : new boolean[] {true, false}) {
      for (String bad : List.of("!", "\u00e9", "\n", "=", "+", "/")) {
        String mutated = sig.substring(0, 40) + bad + sig.substring(41);
        EmbeddedChannel enc = new EmbeddedChannel(new CesrFrameEncoder(CounterTable.CESR_1_0, wrap));
        EncoderException e = assertThrows(EncoderException.class, () -> enc.writeOutbound(message(mutated)));
        IllegalArgumentException why = assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertEquals("ControllerIdxSigs element 0 part 0 (SIGER) is not an indexed signature as the"
            + " decoder reads it: at offset 44: byte " + String.format("0x%02x", (int) bad.charAt(0))
            + " in qb64 text; expected a Base64url character", why.getMessage(), "byte 40 of the signature");
        assertNull(enc.readOutbound(), "nothing written");
        enc.finishAndReleaseAll();
      }
      // the valid signature: written, and read back by a reader that checks every character
      EmbeddedChannel enc = new EmbeddedChannel(new CesrFrameEncoder(CounterTable.CESR_1_0, wrap));
      enc.writeOutbound(message(sig));
      ByteBuf out = enc.readOutbound();
      Recorder r = new Recorder();
      EmbeddedChannel dec = new EmbeddedChannel(new CesrFrameDecoder(STRICT, OnMalformed.CLOSE), r);
      dec.writeInbound(out);
      dec.close(); // a bare run is held until the input ends
      assertEquals(List.of("frame"), r.events);
      assertEquals(sig, r.frames.get(0).message().signatures().get(0).qb64Text());
      r.releaseAll();
      dec.finishAndReleaseAll();
      enc.finishAndReleaseAll();
    }
  }
}
