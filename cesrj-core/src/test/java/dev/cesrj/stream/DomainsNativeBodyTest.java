package dev.cesrj.stream;

import static dev.cesrj.stream.NativeBodyMessageTest.MAP_BODY;
import static dev.cesrj.stream.NativeBodyMessageTest.SIG;
import static dev.cesrj.stream.NativeBodyMessageTest.SUBSTREAM;
import static dev.cesrj.stream.NativeBodyMessageTest.V2;
import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link Domains} on CESR-native bodies (FixBodyGroup {@code -F}, MapBodyGroup {@code -G}), which
 * cesrj frames in qb64 only, as keripy does: wherever such a body is (the message's own, in an
 * envelope, nested in an AttachmentGroup, in a GenericGroup), converting to qb2 is an {@link
 * UnsupportedException} at the body group, and converting to qb64 copies the input. Before, the
 * body group was transcoded like any group, into qb2 that cesrj itself then refused to read.
 */
class DomainsNativeBodyTest {

    private static void refusedToQb2At(byte[] in, long offset, String code,
            List<Function<byte[], byte[]>> entryPoints) {
        for (Function<byte[], byte[]> convert : entryPoints) {
            UnsupportedException e = assertThrows(UnsupportedException.class,
                    () -> convert.apply(in));
            assertEquals(offset, e.offset(), e.getMessage());
            assertEquals(code, e.code());
            assertEquals("a CESR-native body, which has no qb2 form here (cesrj, like keripy, frames"
                    + " native bodies in qb64 only)", e.detail());
        }
    }

    private static List<Function<byte[], byte[]>> messages(Domain target) {
        return List.of(in -> Domains.messages(in, target, V2));
    }

    /** The three entry points, for input that is one BodyWithAttachmentGroup or GenericGroup. */
    private static List<Function<byte[], byte[]>> all(Domain target) {
        return List.of(
                in -> Domains.messages(in, target, V2),
                in -> Domains.group(in, target, V2),
                in -> Domains.attachments(in, target, V2));
    }

    /** {@code content} (whole quadlets) behind a counter of {@code code} that counts it. */
    private static String wrapped(String code, String content) {
        return counter(code, content.length() / 4) + content;
    }

    /** A BodyWithAttachmentGroup of a native map body and its signature. */
    private static String nativeEnvelope() {
        return wrapped("-B", MAP_BODY + "-KAW" + SIG);
    }

    @Test
    void aMessageWithANativeBody() {
        byte[] in = concat("-_AAACAA", MAP_BODY, "-KAW" + SIG, MAP_BODY);
        refusedToQb2At(in, 8, "-G", messages(Domain.QB2));
        assertArrayEquals(in, Domains.messages(in, Domain.QB64, V2));
    }

    /** keripy's BodyWithAttachmentGroup of a native exn with nested native messages. */
    @Test
    void anEnvelopeOfNativeMessages() {
        byte[] in = ascii(SUBSTREAM);
        assertTrue(SUBSTREAM.startsWith("-BEX-FBP"));
        refusedToQb2At(in, 4, "-F", all(Domain.QB2));
        for (Function<byte[], byte[]> convert : all(Domain.QB64)) {
            assertArrayEquals(in, convert.apply(in));
        }
    }

    /** A JSON message whose AttachmentGroup nests a native message: the nested body is found. */
    @Test
    void aNativeMessageNestedInTheAttachmentsOfAJsonMessage() {
        byte[] body = TestStreams.jsonV2("rpy", "E");
        String nested = MAP_BODY + "-KAW" + SIG;
        byte[] in = concat(body, wrapped("-C", nested));
        try (Messages m = Messages.copyOf(in, V2)) {
            assertEquals(1, m.next().nested().size(), "the input nests one message");
        }
        refusedToQb2At(in, body.length + 4, "-G", messages(Domain.QB2));
        assertArrayEquals(in, Domains.messages(in, Domain.QB64, V2));
        // the JSON message's own signatures alone still convert
        byte[] plain = concat(body, "-KAW" + SIG);
        assertArrayEquals(plain, Domains.messages(Domains.messages(plain, Domain.QB2, V2), Domain.QB64, V2));
    }

    /**
     * An envelope nested in an AttachmentGroup given to {@link Domains#group} or {@link
     * Domains#attachments}, which {@code Groups} measures by its count only: read as messages all
     * the same, at any depth and after other groups.
     */
    @Test
    void aNativeMessageInAnEnvelopeInAnAttachmentGroup() {
        String envelope = nativeEnvelope();
        String inC = wrapped("-C", envelope);
        List<Function<byte[], byte[]>> framed = List.of(
                in -> Domains.group(in, Domain.QB2, V2),
                in -> Domains.attachments(in, Domain.QB2, V2));
        refusedToQb2At(ascii(inC), 8, "-G", framed);
        String inCC = wrapped("-C", inC);
        refusedToQb2At(ascii(inCC), 12, "-G", framed);
        String sigs = "-KAW" + SIG;
        refusedToQb2At(ascii(sigs + inC), sigs.length() + 8, "-G", List.of(framed.get(1)));
        for (String in : List.of(inC, inCC, sigs + inC)) {
            assertArrayEquals(ascii(in), Domains.attachments(ascii(in), Domain.QB64, V2));
        }
        // the envelope's content is read: an empty one is refused whichever the target, where
        // its content should start (as Domains.messages refuses "-BAA" at offset 4)
        assertEquals(4, assertThrows(MalformedException.class,
                () -> Domains.messages(ascii("-BAA"), Domain.QB2, V2)).offset());
        for (Domain target : Domain.values()) {
            UnsupportedException e = assertThrows(UnsupportedException.class,
                    () -> Domains.attachments(ascii("-CAB-BAA"), target, V2));
            assertEquals(8, e.offset());
            assertTrue(e.getCause() instanceof MalformedException, e.toString());
            assertEquals(8, assertThrows(UnsupportedException.class,
                    () -> Domains.group(ascii("-CAB-BAA"), target, V2)).offset());
        }
    }

    /**
     * A run read with the CESR 1.0 default that a genus-version code switches to 2.0: its envelopes
     * are read as messages in 2.0, the table they were framed in (they were read in the default,
     * where {@code -B} is WitnessIdxSigs, and refused in both domains).
     */
    @Test
    void anEnvelopeAfterAGenusVersionCodeIsReadInItsTable() {
        String envelope = nativeEnvelope();
        String inC = wrapped("-C", envelope);
        CesrOptions v1 = CesrOptions.DEFAULT;
        assertEquals(CounterTable.CESR_1_0, v1.defaultTable());
        for (String run : List.of("-_AAACAA" + SUBSTREAM, "-_AAACAA" + envelope, "-_AAACAA" + inC)) {
            byte[] in = ascii(run);
            assertArrayEquals(in, Domains.attachments(in, Domain.QB64, v1), run.substring(0, 12));
        }
        refusedToQb2At(ascii("-_AAACAA" + SUBSTREAM), 12, "-F",
                List.of(in -> Domains.attachments(in, Domain.QB2, v1)));
        refusedToQb2At(ascii("-_AAACAA" + inC), 16, "-G",
                List.of(in -> Domains.attachments(in, Domain.QB2, v1)));
        // CESR-only content (a JSON body in a NonNativeBodyGroup, -H in 2.0) converts both ways
        String texter = TestStreams.texter(TestStreams.jsonV2("icp", "E"));
        String content = wrapped("-H", texter) + "-KAW" + SIG;
        byte[] cesr = ascii("-_AAACAA" + wrapped("-B", content));
        byte[] qb2 = Base64.getUrlDecoder().decode(cesr);
        assertArrayEquals(qb2, Domains.attachments(cesr, Domain.QB2, v1));
        assertArrayEquals(cesr, Domains.attachments(qb2, Domain.QB64, v1));
    }

    /** A GenericGroup ({@code -A} in CESR 2.0) holding a native message, after the genus-version code. */
    @Test
    void aNativeMessageInAGenericGroup() {
        String content = MAP_BODY + "-KAW" + SIG;
        byte[] in = concat("-_AAACAA", wrapped("-A", content));
        refusedToQb2At(in, 12, "-G", messages(Domain.QB2));
        assertArrayEquals(in, Domains.messages(in, Domain.QB64, V2));
        byte[] group = ascii(wrapped("-A", content));
        refusedToQb2At(group, 4, "-G", all(Domain.QB2));
    }
}
