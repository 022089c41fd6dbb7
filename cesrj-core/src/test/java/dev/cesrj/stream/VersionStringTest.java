package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.cesrj.code.CounterTable;
import org.junit.jupiter.api.Test;

/**
 * Version strings (CESR specification, "Version String field") as keripy's {@code Rever} and {@code
 * Serdery} accept them: the exact version-1 and version-2 forms and their fields.
 */
class VersionStringTest {

    @Test
    void aVersion1StringOfExactly17Characters() {
        VersionString v = VersionString.match("KERI10JSON00012b_", 6);
        assertEquals("KERI10JSON00012b_", v.text());
        assertEquals(6, v.offset());
        assertEquals("KERI", v.proto());
        assertEquals(1, v.major());
        assertEquals(0, v.minor());
        assertEquals(-1, v.genusMajor());
        assertEquals(-1, v.genusMinor());
        assertEquals(Kind.JSON, v.kind());
        assertEquals(0x12b, v.size());
        assertEquals(1, v.format());
        assertEquals("1.0", v.protocolVersion());
        assertEquals(CounterTable.CESR_1_0, v.impliedTable());
        assertEquals("KERI10JSON00012b_", v.toString());
        assertNull(VersionString.match("KERI10JSON00012b", 0), "16 characters");
    }

    @Test
    void version1FieldsAtTheEdgesOfTheirRanges() {
        VersionString zero = VersionString.match("ACDC00CBOR000000_", 0);
        assertEquals("ACDC", zero.proto());
        assertEquals(0, zero.major());
        assertEquals(0, zero.minor());
        assertEquals(Kind.CBOR, zero.kind());
        assertEquals(0, zero.size());
        VersionString max = VersionString.match("KERI1fMGPKffffff_", 0);
        assertEquals(15, max.minor());
        assertEquals(0xffffff, max.size());
        for (String bad : new String[] {"KERI20JSON00012b_", "KERI1gJSON00012b_", "KERI10JSON00012B_",
            "KERI10CESR00012b_", "KERI10JSON00012b.", "ABCD10JSON00012b_", "KERi10JSON00012b_",
            "KER@10JSON00012b_", "KERI10JSO[00012b_", "KERI10json00012b_"}) {
            assertNull(VersionString.match(bad, 0), bad);
        }
    }

    @Test
    void aVersion2StringOfExactly19Characters() {
        VersionString v = VersionString.match("KERICAACAAJSONAAKp.", 6);
        assertEquals("KERICAACAAJSONAAKp.", v.text());
        assertEquals(2, v.major());
        assertEquals(0, v.minor());
        assertEquals(2, v.genusMajor());
        assertEquals(0, v.genusMinor());
        assertEquals(Kind.JSON, v.kind());
        assertEquals(10 * 64 + 41, v.size()); // AAKp
        assertEquals(2, v.format());
        assertEquals("2.0", v.protocolVersion());
        assertEquals(CounterTable.CESR_2_0, v.impliedTable());
        assertNull(VersionString.match("KERICAACAAJSONAAKp", 0), "18 characters");
    }

    @Test
    void version2FieldsAtTheEdgesOfTheirRanges() {
        VersionString zero = VersionString.match("ACDCCAACAACESRAAAA.", 0);
        assertEquals("ACDC", zero.proto());
        assertEquals(Kind.CESR, zero.kind());
        assertEquals(0, zero.size());
        VersionString minors = VersionString.match("KERICABCABMGPK____.", 0);
        assertEquals(1, minors.minor());
        assertEquals(1, minors.genusMinor());
        assertEquals(16_777_215, minors.size());
        assertEquals("2.1", minors.protocolVersion());
        for (String bad : new String[] {"KERIBAACAAJSONAAKp.", "KERICAABAAJSONAAKp.",
            "KERICAACAAJSONAAKp_", "KERICA*CAAJSONAAKp.", "KERICAACA*JSONAAKp.", "KERICAACAAJSONA*Kp.",
            "ABCDCAACAAJSONAAKp.", "KERICAACAAXML_AAKp."}) {
            assertNull(VersionString.match(bad, 0), bad);
        }
    }
}
