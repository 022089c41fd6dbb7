package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every code of every counter table ({@link CounterTable#values()}, {@link CounterTable#codes()})
 * in a stream built from its element grammar: the tree shows its counter and name, {@code --json}
 * is JSON that names it (a leaf group with its MsgParseDom list), {@code --annotate} comments it
 * and denots back to the stream. The groups keripy cannot read as attachments are a typed error,
 * reported in every format with the JSON still whole.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectEveryCodeTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** keripy's list names (parsing.py MsgParseDom; keripy 1.1 for trqs, sadtsgs, sadcigs). */
  private static final Map<String, String> KERIPY_LISTS = Map.ofEntries(
      Map.entry("ControllerIdxSigs", "sigers"),
      Map.entry("WitnessIdxSigs", "wigers"),
      Map.entry("NonTransReceiptCouples", "cigars"),
      Map.entry("TransReceiptIdxSigGroups", "rsgs"),
      Map.entry("TransReceiptQuadruples", "trqs"),
      Map.entry("TransIdxSigGroups", "tsgs"),
      Map.entry("TransLastIdxSigGroups", "lsgs"),
      Map.entry("FirstSeenReplayCouples", "frcs"),
      Map.entry("SealSourceCouples", "sscs"),
      Map.entry("SealSourceTriples", "ssts"),
      Map.entry("TypedDigestSealCouples", "tdcs"),
      Map.entry("BlindedStateQuadruples", "bsqs"),
      Map.entry("BoundStateSextuples", "bsss"),
      Map.entry("TypedMediaQuadruples", "tmqs"),
      Map.entry("SadPathSigGroups", "sadtsgs"),
      Map.entry("RootSadPathSigGroups", "sadtsgs"),
      Map.entry("ESSRPayloadGroup", "essrs"),
      Map.entry("PathedMaterialCouples", "ptds"),
      Map.entry("PathedMaterialGroup", "ptds"),
      // cesrj's names (DomLists): keripy reads these only inside CESR-native bodies
      Map.entry("DigestSealSingles", "dsss"),
      Map.entry("MerkleRootSealSingles", "mrss"),
      Map.entry("SealSourceLastSingles", "ssls"),
      Map.entry("BackerRegistrarSealCouples", "brcs"));

  private static final String PREFIXER = Qb64.matter(MatterCode.Ed25519, new byte[32]);
  private static final String DIGER = Qb64.matter(MatterCode.Blake3_256, filled(32, 7));
  private static final String SIGER = Qb64.indexer(IndexerCode.Ed25519_Sig, 0, 0, new byte[64]);

  @Test
  void everyLeafGroupOfEveryTableHasAList() {
    int leaves = 0;
    for (CounterTable t : CounterTable.values()) {
      for (CounterCode c : t.codes()) {
        Layout l = c.layout();
        if (l == Layout.TUPLES || l == Layout.PATHED || l == Layout.UNSUPPORTED) {
          String base = DomLists.baseName(c.name());
          assertEquals(KERIPY_LISTS.get(base), DomLists.forName(c.name()), t + " " + c);
          assertNotNull(DomLists.forName(c.name()), t + " " + c);
          leaves++;
        }
      }
    }
    assertTrue(leaves > 60, "leaf codes: " + leaves);
  }

  @Test
  void everyCodeOfEveryTableRendersInAllThreeFormats() throws IOException {
    int rendered = 0;
    int refused = 0;
    for (CounterTable t : CounterTable.values()) {
      for (CounterCode c : t.codes()) {
        byte[] stream = stream(t, c).getBytes(StandardCharsets.US_ASCII);
        String table = t == CounterTable.CESR_2_0 ? "2" : t.isLegacy() ? "legacy" : "1";
        String what = t + " " + c.code() + " " + c.name() + ": " + new String(stream,
            StandardCharsets.US_ASCII);
        Run tree = Run.of(stream, "inspect", "--table", table, "-");
        Run json = Run.of(stream, "inspect", "--table", table, "--json", "-");
        Run annotate = Run.of(stream, "inspect", "--table", table, "--annotate", "-");
        JsonNode doc = MAPPER.readTree(json.stdout()); // whole JSON, error or not
        assertArrayEquals(AnnotationRoundTrip.expected(stream, annotate.stdout()),
            Run.of(annotate.stdout(), "denot", "-").stdout(), what);
        for (Run r : List.of(tree, json, annotate)) {
          assertFalse(r.stderr().contains("\tat "), what + r.stderr()); // no stack trace
        }
        if (c.layout() == Layout.UNSUPPORTED_MESSAGE) {
          // keripy has no method for DatagramSegmentGroup and ESSRWrapperGroup: a typed error
          for (Run r : List.of(tree, json, annotate)) {
            assertEquals(Main.BAD_INPUT, r.status(), what);
            assertTrue(r.stderr().startsWith("error: UnsupportedException: "), what + r.stderr());
          }
          assertEquals("UnsupportedException", doc.get(doc.size() - 1).get("error").get("type")
              .asText(), what);
          refused++;
          continue;
        }
        for (Run r : List.of(tree, json, annotate)) {
          assertEquals(Main.OK, r.status(), what + "\n" + r.stderr());
        }
        String shown = inBody(c) ? "FixBodyGroup" : c.name();
        assertTrue(tree.out().contains(" " + shown + " "), what + "\n" + tree.out());
        assertTrue(annotate.out().contains("# Counter " + shown + " "), what + annotate.out());
        List<JsonNode> named = named(doc, shown);
        assertFalse(named.isEmpty(), what + "\n" + json.out());
        String list = KERIPY_LISTS.get(DomLists.baseName(c.name()));
        if (list != null && !inBody(c)) {
          assertEquals(list, named.get(0).get("field").asText(), what);
          assertEquals(1, named.get(0).get("items").size(), what);
          assertTrue(doc.get(0).has(list), what + "\n" + json.out());
        }
        rendered++;
      }
    }
    int codes = 0;
    for (CounterTable t : CounterTable.values()) {
      codes += t.codes().size();
    }
    assertEquals(4, refused); // -D, --D, -E, --E of CESR 2.0
    assertEquals(codes - 4, rendered);
  }

  /** The groups met only inside a CESR-native body: their body group is shown. */
  private static boolean inBody(CounterCode c) {
    return c.layout() == Layout.NATIVE_FIELDS || c.layout() == Layout.UNSUPPORTED;
  }

  /** Every JSON object with {@code "name": name}, depth first. */
  private static List<JsonNode> named(JsonNode n, String name) {
    List<JsonNode> out = new ArrayList<>();
    if (n.isObject() && n.has("name") && n.get("name").asText().equals(name)) {
      out.add(n);
    }
    for (JsonNode child : n) {
      out.addAll(named(child, name));
    }
    return out;
  }

  /** A stream in which a group of {@code c} stands where its layout lets it stand. */
  static String stream(CounterTable t, CounterCode c) {
    boolean v2 = t == CounterTable.CESR_2_0;
    String lead = v2 ? Qb64.genusVersion(2, 0) : "";
    String body = body(v2);
    switch (c.layout()) {
      case TUPLES:
      case PATHED:
        return lead + body + group(t, c);
      case UNSUPPORTED:
      case NATIVE_FIELDS:
        return nativeBody(t, t.named("FixBodyGroup"), counted(c, element(t, c)));
      case ATTACHMENTS:
      case UNSUPPORTED_MESSAGE:
        return lead + body + counted(c, sigs(t));
      case GENERIC:
        return counted(c, lead + body + sigs(t));
      case NON_NATIVE_BODY:
        return lead + nonNative(t, c, body) + sigs(t);
      case BODY_WITH_ATTACHMENTS:
        return lead + counted(c, nonNative(t, t.named("NonNativeBodyGroup"), body) + sigs(t));
      case NATIVE_BODY:
        return nativeBody(t, c, "");
      case GENUS_VERSION:
        return c.code() + (c.code().startsWith("--") || !v2 ? "BAA" : "CAA") + body;
      default:
        throw new AssertionError(c);
    }
  }

  private static String body(boolean v2) {
    // padded to whole quadlets, so that a quadlet-counted group can hold it
    String rest = "\",\"t\":\"rpy\",\"d\":\"" + DIGER + "\",\"p\":\"\"}";
    int size = "{\"v\":\"".length() + (v2 ? 19 : 17) + rest.length();
    rest = rest.replace("\"p\":\"\"", "\"p\":\"" + "x".repeat((4 - size % 4) % 4) + "\"");
    size += (4 - size % 4) % 4;
    String vs = v2
        ? "KERICAACAAJSON" + dev.cesrj.internal.B64.encodeInt(size, 4) + "."
        : String.format("KERI10JSON%06x_", size);
    return "{\"v\":\"" + vs + rest;
  }

  private static String nonNative(CounterTable t, CounterCode c, String body) {
    return counted(c, Qb64.variable('B', body.getBytes(StandardCharsets.US_ASCII), false));
  }

  /** A native icp ({@code -F} field order, keripy serdering.py) or map body, {@code a} last. */
  private static String nativeBody(CounterTable t, CounterCode c, String anchor) {
    String list = t.named("GenericListGroup").code();
    boolean map = DomLists.baseName(c.name()).equals("MapBodyGroup");
    String[][] fields = {
        {"v", "0OKERICAACAA"}, {"t", "Xicp"}, {"d", DIGER}, {"i", PREFIXER}, {"s", "MAAA"},
        {"kt", "MAAB"}, {"k", counted(t.named("GenericListGroup"), PREFIXER)}, {"nt", "MAAB"},
        {"n", counted(t.named("GenericListGroup"), DIGER)}, {"bt", "MAAA"},
        {"b", list + "AA"}, {"c", list + "AA"}, {"a", counted(t.named("GenericListGroup"),
            anchor)}};
    StringBuilder sb = new StringBuilder();
    for (String[] f : fields) {
      if (map) {
        sb.append(f[0].length() == 1 ? "0J_" + f[0] : "0K" + f[0]);
      }
      sb.append(f[1]);
    }
    return counted(c, sb.toString());
  }

  /** The counter of {@code c} for {@code content}, counting elements (1) or quadlets. */
  private static String counted(CounterCode c, String content) {
    long count = c.unit() == CountUnit.ELEMENTS ? 1 : content.length() / 4;
    return Qb64.counter(c, count) + content;
  }

  private static String group(CounterTable t, CounterCode c) {
    if (c.layout() == Layout.PATHED) {
      return counted(c, "6AABAAA-" + "MAAB");
    }
    StringBuilder head = new StringBuilder();
    for (Slot s : c.head()) {
      head.append(item(t, s));
    }
    String element = element(t, c);
    long count = c.unit() == CountUnit.ELEMENTS ? 1 : (head.length() + element.length()) / 4;
    return Qb64.counter(c, count) + head + element;
  }

  /** One element of {@code c}: an item per slot. */
  private static String element(CounterTable t, CounterCode c) {
    if (c.layout() == Layout.NATIVE_FIELDS) {
      return "0J_x" + "MAAA";
    }
    StringBuilder sb = new StringBuilder();
    for (Slot s : c.slots()) {
      sb.append(item(t, s));
    }
    return sb.toString();
  }

  private static String item(CounterTable t, Slot s) {
    switch (s) {
      case PREFIXER:
      case VERFER:
        return PREFIXER;
      case NUMBER:
        return "MAAB";
      case DIGER:
        return DIGER;
      case CIGAR:
        return Qb64.matter(MatterCode.Ed25519_Sig, new byte[64]);
      case DATER:
        return "1AAG2020-08-22T17c50c09d988921p00c00";
      case TEXTER:
        return Qb64.variable('B', "hi!".getBytes(StandardCharsets.US_ASCII), false);
      case PATHER:
        return "6AABAAA-";
      case VERSER:
        return "YKERICAA";
      case NONCER:
        return "1AAP";
      case LABELER:
        return "Yrevoked";
      case SIGER:
        return SIGER;
      case SIGS:
        return sigs(t);
      case SIGNATURE_GROUP:
        return Qb64.counter(t.named("TransIdxSigGroups"), 1) + PREFIXER + "MAAB" + DIGER
            + sigs(t);
      case SAD_PATH_SIG_GROUP:
        return Qb64.counter(t.named("SadPathSigGroups"), 1) + "6AABAAA-"
            + item(t, Slot.SIGNATURE_GROUP);
      default:
        throw new AssertionError(s);
    }
  }

  private static String sigs(CounterTable t) {
    return counted(t.controllerIdxSigs(), SIGER);
  }

  private static byte[] filled(int n, int b) {
    byte[] out = new byte[n];
    java.util.Arrays.fill(out, (byte) b);
    return out;
  }
}
