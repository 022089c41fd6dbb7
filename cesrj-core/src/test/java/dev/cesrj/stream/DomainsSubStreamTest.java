package dev.cesrj.stream;

import static dev.cesrj.stream.GenericGroupTest.alignedV1Messages;
import static dev.cesrj.stream.GenericGroupTest.envelopedSubStream;
import static dev.cesrj.stream.GenericGroupTest.generic;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.Domain;
import dev.cesrj.testing.Corpus;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link Domains} on what is not CESR throughout: a GenericGroup whose sub-stream has a JSON
 * body converts only to its own domain (copied), in both directions and through all three
 * entry points, and a qb64 character outside Base64url is the same {@link MalformedException}
 * whether the part is converted or copied.
 */
class DomainsSubStreamTest {
    private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

    /** The three ways to convert a stream that is one GenericGroup. */
    private static List<Function<byte[], byte[]>> entryPoints(Domain target) {
        return List.of(
                in -> Domains.messages(in, target, OPTIONS),
                in -> Domains.attachments(in, target, OPTIONS),
                in -> Domains.group(in, target, OPTIONS));
    }

    /**
     * A qb2 GenericGroup ({@code -T} as three bytes) around the third message of kel_single v1 in
     * qb2-atc form: a 255-byte JSON ixn body and its qb2 {@code -A} group, 324 bytes (108 triplets).
     */
    private static byte[] qb2GenericGroupWithAJsonBody() {
        byte[] stream = Corpus.bytes("kel_single.v1.bare.qb2.cesr");
        byte[] message = Arrays.copyOfRange(stream, 789, 789 + 324);
        try (Messages m = Messages.copyOf(message)) {
            Message ixn = m.next();
            assertEquals(Kind.JSON, ixn.version().kind());
            assertEquals(255, ixn.version().size());
            assertEquals(Domain.QB2, ixn.attachments().get(0).domain());
        }
        byte[] counter = Base64.getUrlDecoder().decode(counter("-T", message.length / 3));
        return concat(counter, message);
    }

    @Test
    void aJsonBodyInAQb2GenericGroupHasNoQb64Form() {
        byte[] in = qb2GenericGroupWithAJsonBody();
        try (Messages m = Messages.copyOf(in)) {
            assertEquals(Domain.QB2, m.next().genericGroups().get(0).domain(), "the input is valid");
        }
        for (Function<byte[], byte[]> convert : entryPoints(Domain.QB64)) {
            UnsupportedException e = assertThrows(UnsupportedException.class, () -> convert.apply(in));
            assertEquals(3, e.offset(), "at the body, after the 3-byte counter");
            assertEquals("-T", e.code());
            assertTrue(e.getMessage().contains("JSON body"), e.getMessage());
        }
        for (Function<byte[], byte[]> convert : entryPoints(Domain.QB2)) {
            assertArrayEquals(in, convert.apply(in), "copied in its own domain");
        }
    }

    @Test
    void aJsonBodyInAQb64GenericGroupHasNoQb2Form() {
        byte[] in = generic("-T", alignedV1Messages());
        for (Function<byte[], byte[]> convert : entryPoints(Domain.QB2)) {
            UnsupportedException e = assertThrows(UnsupportedException.class, () -> convert.apply(in));
            assertEquals(4, e.offset());
        }
        for (Function<byte[], byte[]> convert : entryPoints(Domain.QB64)) {
            assertArrayEquals(in, convert.apply(in));
        }
        // after messages that convert, the error is at the first body that does not
        byte[] cesr = envelopedSubStream();
        byte[] two = generic("-T", concat(Arrays.copyOfRange(cesr, 4, cesr.length), alignedV1Messages()));
        UnsupportedException e = assertThrows(UnsupportedException.class,
                () -> Domains.messages(two, Domain.QB2, OPTIONS));
        assertEquals(cesr.length, e.offset());
        // in a run after another group: at its offset in the run, the group's own error the cause
        String sigs = TestStreams.kelSingleFirstAttachments();
        byte[] run = concat(sigs, in);
        UnsupportedException inRun = assertThrows(UnsupportedException.class,
                () -> Domains.attachments(run, Domain.QB2, OPTIONS));
        assertEquals(sigs.length() + 4, inRun.offset());
        UnsupportedException alone = (UnsupportedException) inRun.getCause();
        assertEquals(4, alone.offset());
        assertEquals("a JSON body, which has no qb2 form", alone.detail());
        // the group's own words, at the offset in the run (not its message inside the message)
        assertEquals("at offset " + (sigs.length() + 4) + ", code -T: a JSON body, which has no qb2"
                + " form; expected CESR content in a GenericGroup converted to qb2", inRun.getMessage());
    }

    @Test
    void aGenericGroupOfCesrOnlyConvertsThroughEveryEntryPoint() {
        byte[] qb64 = envelopedSubStream();
        for (Function<byte[], byte[]> convert : entryPoints(Domain.QB2)) {
            byte[] qb2 = convert.apply(qb64);
            assertEquals(qb64.length * 3 / 4, qb2.length);
            for (Function<byte[], byte[]> back : entryPoints(Domain.QB64)) {
                assertArrayEquals(qb64, back.apply(qb2));
            }
        }
    }

    @Test
    void aBadValueCharacterIsFoundWhetherThePartIsConvertedOrCopied() {
        // a signature of the first kel_single message with one value character made '='
        byte[] message = TestStreams.kelSingleFirstMessage();
        int at = message.length - 10;
        message[at] = '=';
        for (Domain target : Domain.values()) {
            MalformedException e = assertThrows(MalformedException.class,
                    () -> Domains.messages(message, target, OPTIONS), target.toString());
            assertEquals(at, e.offset(), target.toString());
        }
        byte[] group = Arrays.copyOfRange(message, 299, message.length);
        for (Domain target : Domain.values()) {
            assertEquals(at - 299, assertThrows(MalformedException.class,
                    () -> Domains.group(group, target, OPTIONS)).offset());
            assertEquals(at - 299, assertThrows(MalformedException.class,
                    () -> Domains.attachments(group, target, OPTIONS)).offset());
        }
        // inside a GenericGroup copied whole in its own domain: checked message by message
        byte[] inGroup = envelopedSubStream();
        int bad = 4 + TestStreams.bodyGroupV1(TestStreams.kelSingleFirstBody()).length() + 4 + 50;
        inGroup[bad] = '=';
        for (Domain target : Domain.values()) {
            CesrException e = assertThrows(MalformedException.class,
                    () -> Domains.messages(inGroup, target, OPTIONS), target.toString());
            assertEquals(bad, e.offset(), target.toString());
        }
    }
}
