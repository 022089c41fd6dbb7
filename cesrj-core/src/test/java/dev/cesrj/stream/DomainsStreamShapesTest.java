package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.bodyGroupV1;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.Domain;
import java.util.Base64;
import java.util.stream.Stream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Domains#messages} on the ways GenericGroups, messages and genus-version codes follow one
 * another in a stream. Each stream is CESR throughout (no JSON, CBOR or MessagePack body outside
 * a Texter), so its qb2 form is known without cesrj: the JDK's Base64url decoding of the whole
 * qb64 stream (CESR specification, "Concatenation composability property": item by item, and every
 * item is whole quadlets). Nothing may be dropped, doubled or left in the wrong domain.
 */
class DomainsStreamShapesTest {
    private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

    /** The CESR 1.0 genus-version code (genus -_AAA, version 1.00: major B, minor AA). */
    private static final String V1 = "-_AAABAA";

    /** A CESR-only message: a NonNativeBodyGroup {@code -W} around kel_single's icp and its signature. */
    private static String message() {
        return bodyGroupV1(TestStreams.kelSingleFirstBody()) + TestStreams.kelSingleFirstAttachments();
    }

    /** A GenericGroup {@code -T} of two CESR-only messages, the second in an envelope. */
    private static String genericGroup() {
        return new String(GenericGroupTest.envelopedSubStream(), StandardCharsets.US_ASCII);
    }

    static Stream<Arguments> shapes() {
        String g = genericGroup();
        String m = message();
        return Stream.of(
                Arguments.of("two GenericGroups in a row", g + g),
                Arguments.of("a GenericGroup, then a message", g + m),
                Arguments.of("a message, then a GenericGroup", m + g),
                Arguments.of("a genus-version code before a GenericGroup after a message", m + V1 + g),
                Arguments.of("a genus-version code between GenericGroups", g + V1 + g),
                Arguments.of("a genus-version code after the last message", m + V1),
                Arguments.of("a genus-version code after the last GenericGroup", g + V1),
                Arguments.of("genus-version codes before each message", V1 + m + V1 + m),
                Arguments.of("two genus-version codes in a row before a message", V1 + V1 + m),
                Arguments.of("an empty GenericGroup between messages", m + "-TAA" + m),
                Arguments.of("an empty big GenericGroup between messages", m + "--TAAAAA" + m),
                Arguments.of("an empty GenericGroup after a genus-version code", V1 + "-TAA" + m),
                Arguments.of("an empty big GenericGroup after the last message", m + "--TAAAAA"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void convertsWholeBothWays(String shape, String qb64Text) {
        byte[] qb64 = ascii(qb64Text);
        assertEquals(0, qb64.length % 4, shape);
        byte[] qb2 = Base64.getUrlDecoder().decode(qb64);
        assertArrayEquals(qb2, Domains.messages(qb64, Domain.QB2, OPTIONS), shape + ": qb64 -> qb2");
        assertArrayEquals(qb64, Domains.messages(qb2, Domain.QB64, OPTIONS), shape + ": qb2 -> qb64");
        assertArrayEquals(qb64, Domains.messages(qb64, Domain.QB64, OPTIONS), shape + ": qb64 copied");
        assertArrayEquals(qb2, Domains.messages(qb2, Domain.QB2, OPTIONS), shape + ": qb2 copied");
    }

    /** A stream whose parts are in both domains converts each part to the target. */
    @Test
    void aStreamThatSwitchesDomainsConvertsEachPart() {
        String g = genericGroup();
        String m = message();
        byte[] mixed = concat(m, Base64.getUrlDecoder().decode(V1 + g), V1, m);
        byte[] qb64 = ascii(m + V1 + g + V1 + m);
        assertArrayEquals(qb64, Domains.messages(mixed, Domain.QB64, OPTIONS));
        assertArrayEquals(Base64.getUrlDecoder().decode(qb64), Domains.messages(mixed, Domain.QB2, OPTIONS));
    }

    /** A JSON body with no attachments, last in a GenericGroup, is reported where it starts. */
    @Test
    void aBareJsonBodyLastInAGenericGroupIsReportedAtItsStart() {
        String m = message();
        byte[] json = TestStreams.jsonV1("rpy", "E");
        for (int n = 2; json.length % 4 != 0; n++) {
            json = TestStreams.jsonV1("rpy", "E".repeat(n));
        }
        byte[] in = GenericGroupTest.generic("-T", concat(m, json));
        UnsupportedException e = assertThrows(UnsupportedException.class,
                () -> Domains.messages(in, Domain.QB2, OPTIONS));
        assertEquals(4 + m.length(), e.offset());
        assertEquals("a JSON body, which has no qb2 form", e.detail());
    }

    @Test
    void aGroupWithMoreAfterItSaysHowMuchMore() {
        String sigs = TestStreams.kelSingleFirstAttachments();
        byte[] two = ascii(sigs + sigs);
        MalformedException e = assertThrows(MalformedException.class,
                () -> Domains.group(two, Domain.QB2, OPTIONS));
        assertEquals(92, e.offset());
        assertEquals("92 more bytes", e.detail());
        assertEquals("end of input after one group", e.expected());
    }
}
