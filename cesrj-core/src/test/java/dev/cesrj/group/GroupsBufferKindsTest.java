package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.testing.BufferKinds;
import dev.cesrj.testing.Corpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Groups#over} gives the same groups, and the same error where a stream is cut, over every
 * {@link BufferKinds kind of buffer} as {@link Groups#copyOf} (a heap copy): the corpus's
 * attachment streams, every prefix of a signature stream (the direct signature-group path and
 * the checked path), and a stream whose groups are not all signature groups.
 */
class GroupsBufferKindsTest {

    private static List<Object> over(BufferKinds kind, byte[] bytes) {
        BufferKinds.Made made = kind.make(bytes);
        List<Object> out = new ArrayList<>();
        CesrException end = null;
        try (Groups groups = Groups.over(made.buf(), CesrOptions.DEFAULT)) {
            while (groups.hasNext()) {
                out.add(Snapshot.of(groups.next()));
            }
        } catch (CesrException e) {
            end = e;
        } finally {
            made.release();
        }
        out.add(Snapshot.end(end));
        return out;
    }

    private static void assertEveryKindAsTheCopy(byte[] bytes, String where) {
        List<Object> want = Snapshot.viaCopy(bytes, CesrOptions.DEFAULT);
        for (BufferKinds kind : BufferKinds.values()) {
            assertEquals(want, over(kind, bytes), where + " over " + kind);
        }
    }

    @Test
    void corpusAttachmentStreamsFrameAlikeOverEveryKindOfBuffer() {
        List<String> names = GroupsCorpusTest.textAttachmentStreams();
        for (String name : names) {
            assertEveryKindAsTheCopy(Corpus.bytes(name), name);
        }
        assertEquals(10, names.size());
    }

    @Test
    void everyPrefixOfASignatureStreamFramesAlikeOverEveryKindOfBuffer() {
        byte[] stream = SignatureStreams.controllerIdxSigs(3, 2);
        assertEquals(3 * 180, stream.length);
        List<Object> whole = Snapshot.viaCopy(stream, CesrOptions.DEFAULT);
        assertEquals(List.of("end"), whole.get(3));
        for (int n = 1; n <= stream.length; n++) {
            assertEveryKindAsTheCopy(java.util.Arrays.copyOf(stream, n), "prefix of " + n + " bytes");
        }
    }

    @Test
    void aBadIndexOrPadInASignatureGroupIsTheSameErrorOverEveryKindOfBuffer() {
        byte[] stream = SignatureStreams.controllerIdxSigs(2, 2);
        byte[] badIndex = stream.clone();
        badIndex[180 + 4 + 88 + 1] = '*';
        byte[] badPad = stream.clone();
        badPad[4 + 2] = 'z';
        byte[] badCode = stream.clone();
        badCode[180 + 4] = '!';
        for (byte[] b : List.of(badIndex, badPad, badCode)) {
            List<Object> want = Snapshot.viaCopy(b, CesrOptions.DEFAULT);
            assertNotEquals(List.of("end"), want.get(want.size() - 1), want.toString()); // an error
            assertEveryKindAsTheCopy(b, want.get(want.size() - 1).toString());
        }
    }
}
