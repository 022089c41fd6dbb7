package dev.cesrj.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads the shared CESR test corpus A from the test class path ({@code src/test/resources/corpus/A},
 * see its README.md and MANIFEST.json).
 *
 * <pre>{@code
 * for (String name : Corpus.streams()) {
 *     byte[] stream = Corpus.bytes(name);          // e.g. "kel_single.v1.bare.txt.cesr"
 *     JsonNode expected = Corpus.expected(name);   // its .expected.json (a list of messages)
 *     JsonNode entry = Corpus.manifestEntry(name); // table, domain, attachments, messages, ...
 * }
 * }</pre>
 */
public final class Corpus {

    /** Class path folder of corpus A. */
    public static final String ROOT = "corpus/A/";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static volatile JsonNode manifest;
    private static volatile JsonNode primitives;

    private Corpus() {
    }

    /** The whole MANIFEST.json. */
    public static JsonNode manifest() {
        JsonNode m = manifest;
        if (m == null) {
            m = json("MANIFEST.json");
            manifest = m;
        }
        return m;
    }

    /** Names of the message stream files ({@code *.cesr}) listed in MANIFEST.json, sorted. */
    public static List<String> streams() {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : manifest().get("files").properties()) {
            names.add(e.getKey());
        }
        Collections.sort(names);
        return Collections.unmodifiableList(names);
    }

    /** Names of the streams whose MANIFEST entry has {@code field} equal to {@code value}, e.g. ("domain", "qb2"). */
    public static List<String> streams(String field, String value) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : manifest().get("files").properties()) {
            JsonNode v = e.getValue().get(field);
            if (v != null && value.equals(v.asText())) {
                names.add(e.getKey());
            }
        }
        Collections.sort(names);
        return Collections.unmodifiableList(names);
    }

    /** The MANIFEST.json entry of a stream (bytes, expected, table, domain, attachments, messages, ...). */
    public static JsonNode manifestEntry(String stream) {
        JsonNode entry = manifest().get("files").get(stream);
        if (entry == null) {
            throw new IllegalArgumentException("not in MANIFEST.json: " + stream);
        }
        return entry;
    }

    /** The bytes of any corpus file, e.g. a stream. */
    public static byte[] bytes(String file) {
        try (InputStream in = open(file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
    }

    /** A stream's expected keripy parse ({@code <stream>.expected.json}, or the file its MANIFEST entry names). */
    public static JsonNode expected(String stream) {
        JsonNode entry = manifest().get("files").get(stream);
        String file = entry != null && entry.hasNonNull("expected")
                ? entry.get("expected").asText()
                : stream + ".expected.json";
        return json(file);
    }

    /** Any corpus JSON file (e.g. primitives.json, sigs_v1_K16_S2.expected.json). */
    public static JsonNode json(String file) {
        try (InputStream in = open(file)) {
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
    }

    /**
     * primitives.json: single primitives with code, sizes, raw, qb64 and qb2. Read once and
     * shared (parameterized tests read it for every invocation): do not modify it.
     */
    public static JsonNode primitives() {
        JsonNode p = primitives;
        if (p == null) {
            p = json("primitives.json");
            primitives = p;
        }
        return p;
    }

    /** Names of all files in the corpus folder (streams, expected JSON, attachment-only files), sorted. */
    public static List<String> allFiles() {
        URL url = Corpus.class.getClassLoader().getResource(ROOT + "MANIFEST.json");
        if (url == null) {
            throw new IllegalStateException("corpus not on the class path: " + ROOT);
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                FileSystem fs;
                try {
                    fs = FileSystems.getFileSystem(uri);
                } catch (FileSystemNotFoundException e) {
                    fs = FileSystems.newFileSystem(uri, Map.of());
                }
                return list(fs.provider().getPath(uri).getParent());
            }
            return list(Path.of(uri).getParent());
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot list " + ROOT, e);
        }
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static InputStream open(String file) {
        InputStream in = Corpus.class.getClassLoader().getResourceAsStream(ROOT + file);
        if (in == null) {
            throw new IllegalArgumentException("no corpus file " + ROOT + file);
        }
        return in;
    }
}
