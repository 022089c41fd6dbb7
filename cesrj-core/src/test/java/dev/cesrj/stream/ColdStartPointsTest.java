package dev.cesrj.stream;

import static dev.cesrj.stream.ColdStartPoints.Verdict.NO;
import static dev.cesrj.stream.ColdStartPoints.Verdict.UNDECIDED;
import static dev.cesrj.stream.ColdStartPoints.Verdict.YES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.code.CounterTable;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Where a message can start after a malformed frame: each byte class and counter, by table. */
class ColdStartPointsTest {

    private static ColdStartPoints.Verdict at(byte[] bytes, CounterTable table) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        return ColdStartPoints.at(buf, 0, bytes.length, table);
    }

    private static ColdStartPoints.Verdict at(String text, CounterTable table) {
        return at(text.getBytes(StandardCharsets.ISO_8859_1), table);
    }

    @Test
    void everyFirstByteIsJudgedByItsKind() {
        for (int b = 0; b < 256; b++) {
            ColdStartPoints.Verdict want;
            if (b == '{' || (b >= 0xA0 && b <= 0xBF) || (b >= 0x80 && b <= 0x8F) || b == 0xDE || b == 0xDF) {
                want = YES; // JSON, CBOR map, MessagePack fixmap, map16, map32
            } else if (b == '-' || (b >= 0xF8 && b <= 0xFB)) {
                want = UNDECIDED; // a qb64 or qb2 counter: the next sextet says which
            } else {
                want = NO; // other JSON-tritet letters, CBOR and MessagePack non-maps, text, qb2 op codes
            }
            assertEquals(want, at(new byte[] {(byte) b}, CounterTable.CESR_1_0), "byte 0x" + Integer.toHexString(b));
        }
    }

    @Test
    void aDashCountsIfItStartsAGenusVersionCodeOrAMessageCounterOfTheTable() {
        assertEquals(YES, at("-_", CounterTable.CESR_1_0));
        assertEquals(YES, at("-U", CounterTable.CESR_1_0));
        assertEquals(YES, at("-W", CounterTable.CESR_1_0));
        assertEquals(YES, at("--U", CounterTable.CESR_1_0));
        assertEquals(YES, at("--W", CounterTable.CESR_1_0));
        assertEquals(UNDECIDED, at("--", CounterTable.CESR_1_0));
        assertEquals(NO, at("-A", CounterTable.CESR_1_0));
        assertEquals(NO, at("-B", CounterTable.CESR_1_0));
        assertEquals(YES, at("-T", CounterTable.CESR_1_0), "a GenericGroup sub-stream");
        assertEquals(YES, at("--T", CounterTable.CESR_1_0), "a big GenericGroup sub-stream");
        assertEquals(YES, at("-A", CounterTable.CESR_2_0), "a GenericGroup sub-stream");
        assertEquals(NO, at("--V", CounterTable.CESR_1_0));
        assertEquals(NO, at("-z", CounterTable.CESR_1_0));
        assertEquals(YES, at("-B", CounterTable.CESR_2_0));
        assertEquals(YES, at("-H", CounterTable.CESR_2_0));
        assertEquals(YES, at("--B", CounterTable.CESR_2_0));
        assertEquals(NO, at("-U", CounterTable.CESR_2_0));
        assertEquals(NO, at("-C", CounterTable.CESR_2_0));
    }

    /** The same counters in qb2 (their bytes are the Base64url decoding of the text forms). */
    @Test
    void aQb2CounterCountsLikeItsText() {
        for (CounterTable table : CounterTable.values()) {
            for (String text : new String[] {"-_AAACAA", "-UAB", "-WAB", "--UAAAAB", "--WAAAAB", "-AAB", "-BAB",
                "-TAB", "--VAAAAB", "-HAB", "--BAAAAB", "-CAB"}) {
                byte[] qb2 = java.util.Base64.getUrlDecoder().decode(text);
                ColdStartPoints.Verdict want = at(text, table);
                assertEquals(want, at(qb2, table), text + " in " + table);
                // cut before the sextet that decides: undecided (the third character for a big
                // code; in the legacy table -- is already its genus-version code)
                int decide = table.hardSize(text.charAt(1)) == 3 ? 3 : 2;
                assertEquals(UNDECIDED, at(java.util.Arrays.copyOf(qb2, decide - 1), table), text);
            }
        }
    }
}
