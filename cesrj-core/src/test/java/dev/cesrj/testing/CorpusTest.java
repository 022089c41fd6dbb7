package dev.cesrj.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The corpus copy is complete and {@link Corpus} reads it. */
class CorpusTest {

    @Test
    void everyManifestStreamHasItsBytesAndExpectedParse() {
        List<String> streams = Corpus.streams();
        assertEquals(106, streams.size(), "MANIFEST.json files");
        long total = 0;
        for (String name : streams) {
            JsonNode entry = Corpus.manifestEntry(name);
            byte[] bytes = Corpus.bytes(name);
            assertEquals(entry.get("bytes").asLong(), bytes.length, name);
            total += bytes.length;
            JsonNode expected = Corpus.expected(name);
            assertTrue(expected.isArray(), name);
            int expectedBytes = Corpus.bytes(entry.get("expected").asText()).length;
            assertEquals(entry.get("expectedBytes").asLong(), expectedBytes, name + " expected");
            total += expectedBytes;
        }
        assertEquals(Corpus.manifest().get("totalBytes").asLong(), total, "totalBytes (streams + expected)");
    }

    @Test
    void listsAllFilesIncludingAttachmentOnlyStreams() {
        List<String> files = Corpus.allFiles();
        assertTrue(files.containsAll(Corpus.streams()));
        assertTrue(files.contains("sigs_v1_K16_S2.qb64"), files.toString());
        assertTrue(files.contains("primitives.json"));
        assertTrue(Corpus.json("sigs_v2_K16_S2.expected.json").isArray());
        assertTrue(Corpus.primitives().has("matter"));
        assertEquals(Corpus.streams("domain", "qb64").size() + Corpus.streams("domain", "qb2").size()
                + Corpus.streams("domain", "qb2-atc").size(), Corpus.streams().size());
    }
}
