package dev.cesrj.stream;

import static dev.cesrj.stream.ColdStartPoints.NO;
import static dev.cesrj.stream.ColdStartPoints.UNDECIDED;
import static dev.cesrj.stream.ColdStartPoints.YES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.code.CounterTable;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Where a message can start after a malformed frame: each byte class and counter, by table. */
class ColdStartPointsTest {

    private static int at(byte[] bytes, CounterTable table) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        return ColdStartPoints.at(buf, 0, bytes.length, table);
    }

    private static int at(String text, CounterTable table) {
        return at(text.getBytes(StandardCharsets.ISO_8859_1), table);
    }

    @Test
    void everyFirstByteIsJudgedByItsKind() {
        for (int b = 0; b < 256; b++) {
            int want;
            if (b == '{' || (b >= 0xA0 && b <= 0xBF) || (b >= 0x80 && b <= 0x8F) || b == 0xDE || b == 0xDF) {
                want = YES; // JSON, CBOR map, MessagePack fixmap, map16, map32
            } else if (b == '-') {
                want = UNDECIDED;
            } else {
                want = NO; // other JSON-tritet letters, CBOR and MessagePack non-maps, text, binary
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
        assertEquals(NO, at("-T", CounterTable.CESR_1_0), "GenericGroup sub-streams are not supported");
        assertEquals(NO, at("--V", CounterTable.CESR_1_0));
        assertEquals(NO, at("-z", CounterTable.CESR_1_0));
        assertEquals(YES, at("-B", CounterTable.CESR_2_0));
        assertEquals(YES, at("-H", CounterTable.CESR_2_0));
        assertEquals(YES, at("--B", CounterTable.CESR_2_0));
        assertEquals(NO, at("-U", CounterTable.CESR_2_0));
        assertEquals(NO, at("-C", CounterTable.CESR_2_0));
    }
}
