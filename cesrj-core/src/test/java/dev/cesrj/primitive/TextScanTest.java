package dev.cesrj.primitive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.TextScan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Exact errors at the edges of {@link TextScan} and of the views' raw values: characters past the
 * hard part that are not even ASCII, what each error says was expected, the fast path for
 * one-character signatures, and views made over bytes their code cannot hold.
 */
class TextScanTest {

    /**
     * A byte above 127 right after a complete hard part is a bad value (or soft) character at its
     * own offset: the code was already known from the hard part alone.
     */
    @Test
    void aNonAsciiByteAfterACompleteHardPartIsMalformedAtItsOffset() {
        String[] texts = {
            "D\u00ff" + "A".repeat(42),          // hs 1: the pad character
            "0B\u00ff" + "A".repeat(85),         // hs 2: the pad character
            "4B\u00ffA",                         // hs 2: the size
        };
        int[] at = {1, 2, 2};
        String[] code = {"D", "0B", "4B"};
        for (int i = 0; i < texts.length; i++) {
            String text = texts[i];
            MalformedException e = assertThrows(MalformedException.class,
                    () -> Scan.matter(text), text);
            assertEquals(Scan.LEAD.length() + at[i], e.offset(), text);
            assertEquals(code[i], e.code(), text);
        }
        // a signature: the index character
        MalformedException sig = assertThrows(MalformedException.class,
                () -> Scan.indexer("A\u00ff" + "A".repeat(86)));
        assertEquals(Scan.LEAD.length() + 1, sig.offset());
        assertEquals("A", sig.code());
    }

    @Test
    void whatEachSoftCharacterErrorExpects() {
        MalformedException prePad = assertThrows(MalformedException.class,
                () -> Scan.matter("0J*a"));
        assertEquals("pre-pad '_'", prePad.expected());
        assertEquals(Scan.LEAD.length() + 2, prePad.offset());
        MalformedException afterPrePad = assertThrows(MalformedException.class,
                () -> Scan.matter("0J_+"));
        assertEquals("a Base64url character", afterPrePad.expected());
        assertEquals(Scan.LEAD.length() + 3, afterPrePad.offset());
        MalformedException size = assertThrows(MalformedException.class,
                () -> Scan.matter("4B*A"));
        assertEquals("a Base64url character", size.expected());
    }

    @Test
    void whatEachPrimitiveErrorExpects() {
        assertEquals("a Matter primitive",
                assertThrows(MalformedException.class, () -> Scan.matter("-AAB")).expected());
        assertEquals("a Matter primitive",
                assertThrows(TruncatedException.class, () -> Scan.matter("", 0, 100, 0))
                        .expected());
        assertEquals("an indexed signature",
                assertThrows(MalformedException.class, () -> Scan.indexer("-AAB")).expected());
        assertEquals("an indexed signature",
                assertThrows(UnknownCodeException.class, () -> Scan.indexer("_AAB")).expected());
        assertEquals("at offset 5, code -: a counter where a primitive must be; expected a Matter"
                + " primitive", assertThrows(MalformedException.class, () -> Scan.matter("-AAB"))
                        .getMessage());
        assertEquals("at offset 5: byte 0x7b where a primitive must be; expected a Matter primitive",
                assertThrows(MalformedException.class, () -> Scan.matter("{AAB")).getMessage());
        assertEquals("a Matter primitive", TextScan.slotWords(null));
        assertEquals("an indexed signature", TextScan.slotWords(Slot.SIGER));
        assertEquals("a ControllerIdxSigs counter", TextScan.slotWords(Slot.SIGS));
        assertEquals("a Diger primitive", TextScan.slotWords(Slot.DIGER));
        assertEquals("a Noncer primitive", TextScan.slotWords(Slot.NONCER));
    }

    /**
     * The fast path of one-character signature codes takes only what the checked path accepts: a
     * pad sextet with any of its top four bits set is not canonical, with 88 characters or more.
     */
    @Test
    void theSignatureFastPathRefusesNonZeroPadBits() {
        for (char pad : new char[] {'E', 'Q', 'g', '_'}) {
            for (String after : new String[] {"", "-AAB"}) {
                String text = "AA" + pad + "A".repeat(85) + after;
                NonCanonicalException e = assertThrows(NonCanonicalException.class,
                        () -> Scan.indexer(text), text);
                assertEquals(Scan.LEAD.length(), e.offset());
                assertEquals("zero pad bits", e.expected());
            }
        }
        for (char pad : new char[] {'A', 'B', 'C', 'D'}) {
            String text = "B_" + pad + "A".repeat(85);
            assertEquals(88, Scan.indexer(text + "xyz", 91, 0), text);
        }
    }

    /**
     * A view made over fewer characters than its code needs (the constructor does not scan) gives
     * a MalformedException from raw(), never a negative array size or a short value.
     */
    @Test
    void aViewTooShortForItsLeadBytesIsMalformed() {
        ByteBuf b = Unpooled.copiedBuffer("5BAA", StandardCharsets.US_ASCII);
        Matter noValue = new Matter(b, 0, 4, 7, MatterCode.Bytes_L1);
        MalformedException e = assertThrows(MalformedException.class, noValue::raw);
        assertEquals(7, e.offset());
        assertEquals("5B", e.code());
        assertEquals("at offset 7, code 5B: 0 value characters; expected whole quadlets holding 0 pad"
                + " and 1 lead bytes", e.getMessage());
        Matter partial = new Matter(Unpooled.copiedBuffer("D" + "A".repeat(42),
                StandardCharsets.US_ASCII), 0, 43, 0, MatterCode.Ed25519);
        assertEquals(0, assertThrows(MalformedException.class, partial::raw).offset());
        // the same code over a whole value decodes
        Matter whole = new Matter(Unpooled.copiedBuffer("5BABAAEA", StandardCharsets.US_ASCII),
                0, 8, 0, MatterCode.Bytes_L1);
        assertArrayEquals(new byte[] {1, 0}, whole.raw());
    }

    @Test
    void extraCharactersAreCountedFromTheEndOfThePrimitive() {
        MalformedException m = assertThrows(MalformedException.class,
                () -> Matter.parse("MAAA" + "MAAB" + "MA"));
        assertEquals(4, m.offset());
        assertEquals(ErrorKind.MALFORMED_SIZE, m.kind()); // as parseQb2 and the framers report it
        assertEquals("at offset 4: 6 extra characters; expected end of input after one primitive",
                m.getMessage());
        String sig = "A" + "A".repeat(87);
        MalformedException s = assertThrows(MalformedException.class,
                () -> IndexedSignature.parse(sig + "AAA"));
        assertEquals(88, s.offset());
        assertEquals(ErrorKind.MALFORMED_SIZE, s.kind());
        assertEquals("at offset 88: 3 extra characters; expected end of input after one signature",
                s.getMessage());
    }

    @Test
    void viewsNameTheirCodeAndText() {
        assertEquals("Ed25519 D" + "A".repeat(43), Matter.parse("D" + "A".repeat(43)).toString());
        IndexedSignature sig = IndexedSignature.parse("AF" + "A".repeat(86));
        assertEquals("Ed25519_Sig index 5 AF" + "A".repeat(86), sig.toString());
        assertNull(IndexerCode.single('G'));
    }
}
