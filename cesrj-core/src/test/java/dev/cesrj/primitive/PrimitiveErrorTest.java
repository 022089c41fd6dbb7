package dev.cesrj.primitive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.internal.B64;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Typed errors of primitives: exact exception type, offset and code. */
class PrimitiveErrorTest {

    @ParameterizedTest
    @CsvSource({
        // text, code reported
        "_AAA, _",
        // named by the characters that rule it out: no code starts with 1Z
        "1ZZZAAAA, 1Z",
        "1AAQAAAA, 1AAQ",
        "0zAA, 0z",
        "0PAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, 0P",
        "4GAA, 4G",
        "7AAGAAAA, 7AAG",
        // a partial hard part that no code starts with is already unknown
        "1Z, 1Z",
        "7AB, 7AB",
    })
    void unknownMatterCodes(String text, String code) {
        UnknownCodeException e = assertThrows(UnknownCodeException.class, () -> Scan.matter(text));
        assertEquals(Scan.LEAD.length(), e.offset());
        assertEquals(code, e.code());
        assertThrows(UnknownCodeException.class, () -> Matter.parse(text));
        // named the same however many characters are readable, once the code is ruled out
        for (int n = code.length(); n <= text.length(); n++) {
            int readable = n;
            assertEquals(code, assertThrows(UnknownCodeException.class,
                    () -> Scan.matter(text, readable, Long.MAX_VALUE, 0)).code(), text + " " + n);
        }
    }

    @ParameterizedTest
    @CsvSource({"0z, 0z", "1z, 1", "4z, 4", "G, G", "z, z", "0C, 0C", "2G, 2G", "1, 1",
        "4, 4"})
    void unknownIndexerCodes(String hard, String code) {
        String text = hard + "A".repeat(158);
        UnknownCodeException e = assertThrows(UnknownCodeException.class, () -> Scan.indexer(text));
        assertEquals(Scan.LEAD.length(), e.offset());
        assertEquals(code, e.code());
        // with only the typed characters readable: unknown already (no code starts so), and named
        // the same, by the characters that rule it out
        UnknownCodeException partial = assertThrows(UnknownCodeException.class,
                () -> Scan.indexer(text, hard.length(), 0));
        assertEquals(code, partial.code());
    }

    @Test
    void countersAndOtherBytesAreNotPrimitives() {
        MalformedException counter = assertThrows(MalformedException.class,
                () -> Scan.matter("-AAB"));
        assertEquals(Scan.LEAD.length(), counter.offset());
        assertEquals("-", counter.code());
        MalformedException brace = assertThrows(MalformedException.class,
                () -> Scan.matter("{\"v\""));
        assertNull(brace.code());
        assertThrows(MalformedException.class, () -> Scan.indexer("-AAB"));
        assertThrows(UnknownCodeException.class, () -> Scan.indexer("_AAA"));
        for (int b = 0; b < 256; b++) {
            if (MatterCode.hardSize(b) == 0 && b != '_') {
                String text = (char) b + "AAA";
                assertEquals(Scan.LEAD.length(),
                        assertThrows(MalformedException.class, () -> Scan.matter(text)).offset());
            }
            if (IndexerCode.hardSize(b) == 0 && b != '_') {
                String text = (char) b + "A".repeat(87);
                assertThrows(MalformedException.class, () -> Scan.indexer(text));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        // text, offset of the bad character, code
        "4B*A, 2, 4B",
        "4BA*, 3, 4B",
        "7AAB*AAA, 4, 7AAB",
        "9AABAA=A, 6, 9AAB",
        "X*cp, 1, X",
        "Xic/, 3, X",
        "0J*a, 2, 0J",   // pre-pad must be '_'
        "0JAa, 2, 0J",
        "0J_+, 3, 0J",
        "1AAFab*d, 6, 1AAF",
        "0L_KE=IA, 5, 0L",
    })
    void nonBase64SoftCharacters(String text, int at, String code) {
        MalformedException e = assertThrows(MalformedException.class, () -> Scan.matter(text));
        assertEquals(Scan.LEAD.length() + at, e.offset());
        assertEquals(code, e.code());
        // reported as soon as the character is readable, before the rest arrives
        MalformedException early = assertThrows(MalformedException.class,
                () -> Scan.matter(text, at + 1, Long.MAX_VALUE, 0));
        assertEquals(Scan.LEAD.length() + at, early.offset());
    }

    @Test
    void everyNonBase64ByteInASoftPart() {
        for (int b = 0; b < 256; b++) {
            if (B64.value(b) >= 0) {
                continue;
            }
            char ch = (char) b;
            for (String text : new String[] {"4BA" + ch, "7AABAAA" + ch, "Xic" + ch,
                    "0A" + ch + "A".repeat(153), "2AAA" + ch + "A".repeat(87)}) {
                boolean indexer = text.length() > 12;
                MalformedException e = assertThrows(MalformedException.class,
                        () -> {
                            if (indexer) {
                                Scan.indexer(text);
                            } else {
                                Scan.matter(text);
                            }
                        }, text);
                assertEquals(Scan.LEAD.length() + text.indexOf(ch), e.offset(), text);
            }
        }
    }

    @Test
    void aVariableSizeOverTheFrameLimit() {
        FrameTooLargeException e = assertThrows(FrameTooLargeException.class,
                () -> Scan.matter("7AAB____", 8, 1 << 20, 0));
        assertEquals(67_108_868L, e.declared()); // 8 + 4 * (64^4 - 1)
        assertEquals(1 << 20, e.limit());
        assertEquals(Scan.LEAD.length(), e.offset());
        assertEquals("7AAB", e.code());
        FrameTooLargeException small = assertThrows(FrameTooLargeException.class,
                () -> Scan.matter("4B__", 4, 16_383, 0));
        assertEquals(16_384L, small.declared()); // 4 + 4 * 4095
        assertEquals(16_384, Scan.matter("4B__" + "A".repeat(16_380), 16_384, 16_384, 0));
    }

    @Test
    void aFixedSizeOverTheFrameLimit() {
        String sig = Qb64.matter(MatterCode.Ed448_Sig, null, new byte[114]);
        FrameTooLargeException e = assertThrows(FrameTooLargeException.class,
                () -> Scan.matter(sig, sig.length(), 155, 0));
        assertEquals(156, e.declared());
        assertEquals(156, Scan.matter(sig, sig.length(), 156, 0));
    }

    @Test
    void aNonBase64ValueCharacterIsMalformedFromRaw() {
        String text = "E" + "A".repeat(20) + "*" + "A".repeat(22);
        MalformedException e = assertThrows(MalformedException.class, () -> Matter.parse(text));
        assertEquals(21, e.offset());
        assertEquals("E", e.code());
    }

    /**
     * Every byte that is not Base64url, at any value position past the pad and lead bits, of a
     * fixed, a variable and an indexed code: framing accepts it (values are not read on the hot
     * path) and raw() reports it at its offset; never IllegalArgumentException, never fewer bytes
     * (the JDK decoder takes '=' as padding).
     */
    @Test
    void everyNonBase64ByteInAValueFromTheViews() {
        String[] texts = {
            Qb64.matter(MatterCode.Ed25519_Sig, null, new byte[64]),
            Qb64.matter(MatterCode.Bytes_L1, null, new byte[5]),
            Qb64.matter(MatterCode.ECDSA_256k1, null, new byte[33]),
            Qb64.indexer(IndexerCode.Ed25519_Sig, 3, 0, new byte[64]),
        };
        for (int t = 0; t < texts.length; t++) {
            String ok = texts[t];
            boolean indexer = t == 3;
            int firstFree = indexer ? 2 + 1 : firstFreeValueChar(ok);
            for (int b = 0; b < 256; b++) {
                if (B64.value(b) >= 0) {
                    continue;
                }
                for (int at : new int[] {firstFree, ok.length() - 2, ok.length() - 1}) {
                    String bad = Scan.with(ok, at, (char) b);
                    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(bad.length() + 3);
                    try {
                        buf.writeBytes(("..." + bad).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                        Source s = new Source(buf, 0);
                        MalformedException e;
                        if (indexer) {
                            assertEquals(bad.length(), TextScan.indexer(s, 3, buf.writerIndex(), 0));
                            IndexedSignature sig = new IndexedSignature(buf, 3, 3,
                                    TextScan.indexerCode(s, 3));
                            e = assertThrows(MalformedException.class, sig::raw);
                        } else {
                            int fs = TextScan.matter(s, 3, buf.writerIndex(), null, 1 << 20, 0);
                            assertEquals(bad.length(), fs);
                            Matter m = new Matter(buf, 3, fs, 3, TextScan.matterCode(s, 3));
                            e = assertThrows(MalformedException.class, m::raw);
                        }
                        assertEquals(3 + at, e.offset(), bad);
                    } finally {
                        buf.release();
                    }
                }
            }
        }
    }

    /** The index of the first value character holding no pad or lead bit. */
    private static int firstFreeValueChar(String qb64) {
        MatterCode c = Matter.parse(qb64).code();
        return c.cs() + (2 * c.ps() + 8 * c.ls() + 5) / 6;
    }

    @Test
    void aNonBase64CharacterHoldingPadOrLeadBitsIsMalformedFromTheScan() {
        MalformedException pad = assertThrows(MalformedException.class,
                () -> Scan.matter("E*" + "A".repeat(42)));
        assertEquals(Scan.LEAD.length() + 1, pad.offset());
        assertEquals("E", pad.code());
        MalformedException lead = assertThrows(MalformedException.class,
                () -> Scan.matter("5BABA=AA"));
        assertEquals(Scan.LEAD.length() + 5, lead.offset());
        MalformedException sig = assertThrows(MalformedException.class,
                () -> Scan.indexer("AA=" + "A".repeat(85)));
        assertEquals(Scan.LEAD.length() + 2, sig.offset());
    }

    @Test
    void trailingPaddingIsNotDecodedAsPadding() {
        String ok = Qb64.matter(MatterCode.Ed25519_Sig, null, new byte[64]);
        String padded = ok.substring(0, ok.length() - 2) + "==";
        MalformedException e = assertThrows(MalformedException.class, () -> Matter.parse(padded));
        assertEquals(ok.length() - 2, e.offset());
    }

    @Test
    void extraCharactersAfterOnePrimitive() {
        MalformedException e = assertThrows(MalformedException.class,
                () -> Matter.parse("MAAAMAAB"));
        assertEquals(4, e.offset());
        String sig = Qb64.indexer(IndexerCode.Ed25519_Sig, 0, 0, new byte[64]);
        assertEquals(88, assertThrows(MalformedException.class,
                () -> IndexedSignature.parse(sig + "A")).offset());
    }

    @Test
    void softValuesAsKeripyGivesThem() {
        assertEquals("icp", Matter.parse("Xicp").soft());
        assertEquals("a", Matter.parse("0J_a").soft());
        assertEquals("ab", Matter.parse("0Kab").soft());
        assertEquals("KERICAACAA", Matter.parse("0OKERICAACAA").soft());
        assertEquals("KERIA", Matter.parse("0L_KERIA").soft());
        assertEquals("AB", Matter.parse("5BABAAEA").soft());
        Matter dt = Matter.parse("1AAG2026-06-24T20c39c40d737875p00c00");
        assertEquals("", dt.soft());
        assertArrayEquals(Base64.getUrlDecoder().decode("2026-06-24T20c39c40d737875p00c00"),
                dt.raw());
        for (MatterCode c : MatterCode.values()) {
            if (!c.isVariable() && c.ss() > 0) {
                String text = Qb64.matter(c, Scan.soft(c), new byte[c.rawSize()]);
                Matter m = Matter.parse(text);
                assertEquals(Scan.soft(c), m.soft(), c.code());
                assertEquals(c.rawSize(), m.raw().length, c.code());
            }
        }
    }
}
