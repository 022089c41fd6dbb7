package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.VersionStringException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A body carried in a Texter is complete: a missing or bad version string, a kind its first byte
 * cannot start or a size other than the Texter's raw size is a VersionStringException at the
 * Texter's offset in the input. Before the fix the offset was the error's position in the decoded
 * body (0), or the body group's, and a short body was a MalformedException at offset 0.
 */
class EnvelopeBodyErrorTest {

    private static final String[] BAD_BODIES = {
        "{\"v\":\"KERI10JSON0000zz_\",\"t\":\"icp\",\"d\":\"\"}", // not a version string
        "{\"v\":\"KERI10CBOR00002a_\",\"t\":\"icp\",\"d\":\"\"}", // CBOR on a JSON body
        "{\"v\":\"KERI10JSON00002a_\",\"t\":\"icp\",\"d\":\"\"} ", // one byte more than it says
        "{}", // too short for a version string
    };

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void badBodyInAnEnvelopeFailsAtItsTexter(int which) {
        String bodyGroup = TestStreams.bodyGroupV1(ascii(BAD_BODIES[which]));
        String envelope = counter("-U", bodyGroup.length() / 4) + bodyGroup;
        try (Messages messages = Messages.copyOf(ascii(envelope))) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(8, e.offset(), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void badBodyInABodyGroupFailsAtItsTexter(int which) {
        byte[] input = concat(TestStreams.kelSingleFirstMessage(), TestStreams.bodyGroupV1(ascii(BAD_BODIES[which])));
        try (Messages messages = Messages.copyOf(input)) {
            messages.next();
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(391 + 4, e.offset(), e.getMessage());
        }
    }
}
