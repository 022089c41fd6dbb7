package dev.cesrj.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the real-world CESR streams from the test class path ({@code src/test/resources/realworld},
 * see its README.md: origin, licence and how each {@code .expected.json} was made), and gives each
 * stream's expected parse in cesrj's counter names.
 *
 * <pre>{@code
 * for (String name : RealWorld.streams()) {
 *     byte[] stream = RealWorld.bytes(name);        // e.g. "cd_qvi_vc.cesr"
 *     JsonNode expected = RealWorld.expected(name); // keripy's parse, counter names as cesrj names them
 * }
 * }</pre>
 */
public final class RealWorld {

    /** Class path folder of the real-world streams. */
    public static final String ROOT = "realworld/";

    /** The streams, sorted. */
    public static final List<String> STREAMS = List.of(
            "cd_gleif_root_witness.cesr",
            "cd_qvi_vc.cesr",
            "cd_vlei_vc.cesr",
            "kp_native_icp_bonds_v2.cesr",
            "kp_v1body_v2atc_bonds.cesr",
            "kts_native_v2_icp.cesr");

    /**
     * The streams whose record was made with keripy 1.1.32 (its own {@code msgParsator}, not the
     * corpus recorder; see the README): the legacy CESR 1.0 table, with its counter names.
     */
    public static final Set<String> KERIPY_1_1_32 = Set.of("cd_qvi_vc.cesr", "cd_vlei_vc.cesr");

    /**
     * The one schema difference of counter names, by code: keripy 1.1.32's {@code CtrDex} name
     * (what its records hold) and the name cesrj gives the same counter of the legacy CESR 1.0
     * table, which is keripy 1.3.6's ({@link dev.cesrj.code.CounterTable#CESR_1_0_LEGACY}). Codes,
     * counts, qb64 and byte sizes are the same in both; only these two names differ. Applied to
     * the records of {@link #KERIPY_1_1_32} only.
     */
    public static final Map<String, List<String>> KERIPY_1_1_32_NAMES = Map.of(
            "-V", List.of("AttachedMaterialQuadlets", "AttachmentGroup"),
            "-J", List.of("SadPathSig", "SadPathSigGroups"));

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RealWorld() {
    }

    /** The streams ({@code *.cesr}), sorted. */
    public static List<String> streams() {
        return STREAMS;
    }

    /** The bytes of any file of the folder. */
    public static byte[] bytes(String file) {
        try (InputStream in = open(file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
    }

    /** A stream's record ({@code <stream>.expected.json}) exactly as written. */
    public static JsonNode record(String stream) {
        try (InputStream in = open(stream + ".expected.json")) {
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(stream, e);
        }
    }

    /**
     * A stream's record with the counter names of {@link #KERIPY_1_1_32_NAMES} replaced by cesrj's
     * (group entries, envelope, body group and genus-version code; nested records too). Nothing
     * else is changed.
     */
    public static JsonNode expected(String stream) {
        JsonNode record = record(stream);
        if (KERIPY_1_1_32.contains(stream)) {
            for (JsonNode m : record) {
                rename(m);
            }
        }
        return record;
    }

    /** How many counter names {@link #expected} replaced in the record of {@code stream}. */
    public static int renamed(String stream) {
        int n = 0;
        if (KERIPY_1_1_32.contains(stream)) {
            for (JsonNode m : record(stream)) {
                n += rename(m);
            }
        }
        return n;
    }

    private static int rename(JsonNode m) {
        int n = 0;
        for (String key : List.of("gvc", "envelope", "bodyGroup")) {
            if (m.has(key)) {
                n += renameCounter((ObjectNode) m.get(key));
            }
        }
        for (JsonNode g : m.path("groups")) {
            n += renameCounter((ObjectNode) g);
        }
        for (JsonNode nested : m.path("nests")) {
            n += rename(nested);
        }
        return n;
    }

    private static int renameCounter(ObjectNode counter) {
        List<String> names = KERIPY_1_1_32_NAMES.get(counter.path("code").asText());
        if (names != null && names.get(0).equals(counter.path("name").asText())) {
            counter.put("name", names.get(1));
            return 1;
        }
        return 0;
    }

    private static InputStream open(String file) {
        InputStream in = RealWorld.class.getClassLoader().getResourceAsStream(ROOT + file);
        if (in == null) {
            throw new IllegalArgumentException("no real-world file " + ROOT + file);
        }
        return in;
    }
}
