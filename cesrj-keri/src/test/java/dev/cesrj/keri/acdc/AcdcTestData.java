package dev.cesrj.keri.acdc;

import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test resources of {@code src/test/resources/acdc} (see the README there) and helpers. */
final class AcdcTestData {
  static final String SIMPLE = "EOxYENanf5JllLILOZFwoT0q64i8iPDnmlY1z8nmJdqh";
  static final String QVI = "EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqao";
  static final String LE = "ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY";

  private AcdcTestData() {}

  static byte[] resource(String path) {
    try (InputStream in = AcdcTestData.class.getResourceAsStream("/acdc/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource acdc/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The three schemas keripy's verifier held for set A ({@code acdc/schemas}). */
  static InMemorySchemaResolver setASchemas() {
    InMemorySchemaResolver r = new InMemorySchemaResolver();
    for (String f : List.of("simple-attestation.json", "qualified-vLEI-issuer-vLEI-credential.json",
        "legal-entity-vLEI-credential.json")) {
      r.add(resource("schemas/" + f));
    }
    return r;
  }

  /** The ACDCs of a stream, each with its message index. */
  record Indexed(int index, Acdc acdc) {}

  static List<Indexed> acdcs(byte[] stream) {
    List<Indexed> out = new ArrayList<>();
    try (Messages messages = Messages.copyOf(stream)) {
      int i = 0;
      for (Message m : messages) {
        KeriEvent e = KeriEvents.of(m);
        if (e instanceof AcdcMessage) {
          out.add(new Indexed(i, Acdc.of((AcdcMessage) e)));
        }
        i++;
      }
    }
    return out;
  }

  /** The first ACDC of a set A stream. */
  static Acdc first(String file) {
    return acdcs(resource("A/" + file)).get(0).acdc();
  }

  /** The last ACDC of a set A stream. */
  static Acdc last(String file) {
    List<Indexed> all = acdcs(resource("A/" + file));
    return all.get(all.size() - 1).acdc();
  }

  static String json(Acdc a) {
    return new String(a.body().bytes(), StandardCharsets.UTF_8);
  }

  /**
   * A credential from JSON text whose SAIDs are made right (as keripy's {@code Saider.saidify}
   * and {@code SerderACDC(makify=True)} would): the version string's size set, then each failing
   * SAID, innermost first, replaced by its computed value until all check.
   */
  static Acdc saidified(String json) {
    String s = json;
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    s = s.replaceFirst("ACDC10JSON[0-9a-f]{6}_", String.format("ACDC10JSON%06x_", b.length));
    for (int round = 0; round < 20; round++) {
      Acdc a = read(s);
      SaidCheck bad = AcdcSaids.check(a).stream().filter(c -> !c.ok()).findFirst().orElse(null);
      if (bad == null) {
        return a;
      }
      s = s.substring(0, (int) bad.offset()) + bad.computed().orElseThrow()
          + s.substring((int) bad.offset() + bad.written().length());
    }
    throw new IllegalStateException("SAIDs do not settle");
  }

  /**
   * A schema from JSON text whose {@code $id} is made its SAID (keripy {@code
   * Saider.saidify(label='$id')}): {@code $id} dummied, serialized as keripy does, digested.
   */
  static byte[] saidifiedSchema(String json) {
    tools.jackson.databind.node.ObjectNode tree =
        (tools.jackson.databind.node.ObjectNode) tools.jackson.databind.json.JsonMapper.shared()
            .readTree(json);
    tree.put("$id", "#".repeat(44));
    String said = dev.cesrj.keri.Saids.ofDummied(dev.cesrj.code.MatterCode.Blake3_256,
        PythonJson.dumps(tree));
    tree.put("$id", said);
    return PythonJson.dumps(tree);
  }

  static Acdc read(String json) {
    return Acdc.of((AcdcMessage) KeriEvents.of(Body.parse(json.getBytes(StandardCharsets.UTF_8))));
  }
}
