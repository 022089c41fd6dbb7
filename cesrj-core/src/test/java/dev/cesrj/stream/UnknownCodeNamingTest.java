package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.UnknownCodeException;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An unknown code is named by the characters that rule it out, so that the error is the same
 * (type, offset and code) whole and fed in pieces of any size: the push parser reports it as
 * soon as those characters are in, before the rest of the hard part has arrived.
 */
class UnknownCodeNamingTest {
    private static final CesrOptions LEGACY = CesrOptions.builder().legacyCesr10(true).build();

    private static UnknownCodeException whole(byte[] stream, CesrOptions options) {
        try (Messages messages = Messages.copyOf(stream, options)) {
            return assertThrows(UnknownCodeException.class, () -> {
                while (messages.hasNext()) {
                    messages.next();
                }
            });
        }
    }

    private static CesrException streamed(byte[] stream, CesrOptions options, int chunk) {
        try (CesrStreamParser parser = new CesrStreamParser(options)) {
            for (int i = 0; i < stream.length; i += chunk) {
                Framed f = parser.feed(stream, i, Math.min(chunk, stream.length - i));
                if (f.failed()) {
                    return f.error().get();
                }
            }
            return parser.endOfInput().error().orElseThrow();
        }
    }

    @ParameterizedTest
    @CsvSource({
        // a genus-version code ruled out at its third character
        "'-_-_AAAA', false, -_-, default",
        "'-_AB-AAA', false, -_AB, default",
        // the legacy genus-version code --AAA, ruled out at V
        "'--VAAAAA', false, --V, legacy",
        // after a message: a signature whose Indexer code no code starts with
        "'-AAB1ZAAAAAA', true, 1, default"})
    void anUnknownCodeIsNamedAlikeWholeAndInPieces(String text, boolean afterMessage, String code,
            String profile) {
        CesrOptions options = profile.equals("legacy") ? LEGACY : CesrOptions.DEFAULT;
        byte[] stream = afterMessage
                ? concat(TestStreams.jsonV1("icp", ""), text + "A".repeat(84))
                : TestStreams.ascii(text);
        UnknownCodeException expected = whole(stream, options);
        assertEquals(code, expected.code());
        for (int chunk = 1; chunk <= 9; chunk++) {
            CesrException e = streamed(stream, options, chunk);
            assertInstanceOf(UnknownCodeException.class, e, "chunk " + chunk);
            assertEquals(expected.offset(), e.offset(), "chunk " + chunk);
            assertEquals(code, e.code(), "chunk " + chunk);
        }
    }

    @ParameterizedTest
    @CsvSource({"-AAB", "-BAB"})
    void aQb2SignatureWhoseCodeNoCodeStartsWithIsNamedAlike(String counter) {
        // a qb2 group of one element whose first sextet is '1': no Indexer code starts with it
        byte[] group = Base64.getUrlDecoder().decode(counter + "1" + "A".repeat(87));
        byte[] stream = concat(TestStreams.jsonV1("icp", ""), group);
        UnknownCodeException expected = whole(stream, CesrOptions.DEFAULT);
        assertEquals("1", expected.code());
        for (int chunk = 1; chunk <= 9; chunk++) {
            CesrException e = streamed(stream, CesrOptions.DEFAULT, chunk);
            assertEquals(expected.getMessage(), e.getMessage(), "chunk " + chunk);
        }
    }
}
