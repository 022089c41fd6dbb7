package dev.cesrj.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.group.Group;
import dev.cesrj.keri.acdc.Edge;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.tel.RegistryState;
import dev.cesrj.stream.Message;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code inspect --verify --json}: one JSON object in the form of the KEL mutant set's {@code
 * .verdict.json} files, with a status where those have {@code accepted}:
 *
 * <ul>
 *   <li>{@code "messages"}: per top-level message {@code i, ilk, pre, sn, said, offset, length}
 *       ({@code ilk pre sn said} from the body, for a receipt the receipted event's; null when the
 *       body has none or does not decode; {@code sn} a number; {@code offset length} in bytes of
 *       the input), {@code "status"} {@code accepted}, {@code escrowed} or {@code rejected}, the
 *       final status after every escrow was retried; for an escrowed one {@code "escrow"}
 *       (keripy's database name, {@code ooes pses pwes pdes ures uwes vres}); for the other two
 *       {@code "reason"} (the {@link dev.cesrj.keri.kever.Reason} in lower case) and {@code
 *       "detail"} (human-readable);
 *   <li>{@code "keyStates"}: per prefix with an accepted inception, {@code sn said et k kt n nt b
 *       bt} and {@code di} when delegated: {@code sn} and {@code bt} numbers, {@code kt} and
 *       {@code nt} as keripy's {@code Kever.state()} gives them (lowercase hex text, or the
 *       weights as lists of strings);
 *   <li>{@code "credentials"} and {@code "registries"}: in the form of set A's {@code
 *       .verdict.json} files (see {@link #credentials}, {@link #registries});
 *   <li>{@code "error"}: when framing stopped, as in {@link JsonRenderer} ({@code type, offset,
 *       message, kind, path}); the messages framed before it are verified.
 * </ul>
 *
 * <p>Strings are printable ASCII (everything else escaped), as with {@link JsonRenderer}.
 */
final class VerdictJsonRenderer implements Renderer {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private final OutputStream out;
  private final Verification verification;

  VerdictJsonRenderer(OutputStream out, Verification verification) {
    this.out = out;
    this.verification = verification;
  }

  @Override
  public void message(Message m, long base, int ordinal) {
    verification.accept(m, base);
  }

  @Override
  public void flush() {
    verification.flush();
  }

  @Override
  public void attachment(Group g, int ordinal) {
    // not a message: nothing to verify
  }

  @Override
  public void end(long framedTo, Failure failure) throws IOException {
    JsonGenerator json = JsonRenderer.generator(out);
    json.writeStartObject();
    json.writeArrayFieldStart("messages");
    for (VerdictRow v : verification.rows()) {
      json.writeStartObject();
      json.writeNumberField("i", v.index());
      text(json, "ilk", v.ilk());
      text(json, "pre", v.prefix());
      json.writeFieldName("sn");
      if (v.sn().isPresent()) {
        json.writeNumber(v.sn().get());
      } else {
        json.writeNull();
      }
      text(json, "said", v.said());
      json.writeNumberField("offset", v.offset());
      json.writeNumberField("length", v.length());
      json.writeStringField("status", Verification.status(v.status()));
      if (v.escrow().isPresent()) {
        json.writeStringField("escrow", v.escrow().get());
      }
      if (v.status() != Status.ACCEPTED) {
        json.writeStringField("reason", v.reason());
        json.writeStringField("detail", v.detail());
      }
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeObjectFieldStart("keyStates");
    for (Map.Entry<String, KeyState> e : verification.keyStates().entrySet()) {
      json.writeFieldName(e.getKey());
      keyState(json, e.getValue());
    }
    json.writeEndObject();
    credentials(json);
    registries(json);
    if (failure != null) {
      JsonRenderer.error(json, failure);
    }
    json.writeEndObject();
    json.writeRaw('\n');
    json.flush();
  }

  /**
   * {@code "credentials"}: per ACDC SAID as set A's verdict files write them: {@code issuer,
   * issuee, schema, registry, edges {label: {n, s[, o]}}, tel {sn, et, said}} (tel only once the
   * issuance is accepted), {@code status} and, when not accepted, {@code reason} ({@code
   * escrowed:ESCROW (REASON)} or {@code rejected (REASON)}).
   */
  private void credentials(JsonGenerator json) throws IOException {
    json.writeObjectFieldStart("credentials");
    for (Map.Entry<String, CredentialVerdict> e : verification.credentials().entrySet()) {
      CredentialVerdict c = e.getValue();
      json.writeObjectFieldStart(e.getKey());
      json.writeStringField("issuer", c.acdc().issuer());
      if (c.acdc().issuee().isPresent()) {
        json.writeStringField("issuee", c.acdc().issuee().get());
      }
      json.writeStringField("schema", c.acdc().schema().said().orElse(""));
      json.writeStringField("registry", c.acdc().registry().orElse(""));
      json.writeObjectFieldStart("edges");
      for (Edge edge : c.acdc().edgeBlocks()) {
        json.writeObjectFieldStart(edge.label());
        json.writeStringField("n", edge.node());
        if (edge.schema().isPresent()) {
          json.writeStringField("s", edge.schema().get());
        }
        if (!edge.operators().isEmpty()) {
          json.writeStringField("o", edge.operators().get(0).name());
        }
        json.writeEndObject();
      }
      json.writeEndObject();
      if (c.tel().isPresent()) {
        json.writeObjectFieldStart("tel");
        json.writeFieldName("sn");
        json.writeNumber(c.tel().get().sn());
        json.writeStringField("et", c.tel().get().ilk().code());
        json.writeStringField("said", c.tel().get().said());
        json.writeEndObject();
      }
      json.writeStringField("status", c.status().keripyName());
      if (!c.accepted()) {
        json.writeStringField("reason", (c.escrow().isPresent()
            ? "escrowed:" + c.escrow().get().keripyName() : "rejected")
            + " (" + c.reason().name().toLowerCase(Locale.ROOT) + ")");
        json.writeStringField("detail", c.detail());
      }
      json.writeEndObject();
    }
    json.writeEndObject();
  }

  /** {@code "registries"}: per accepted registry {@code issuer, sn, said, noBackers, backers, toad}. */
  private void registries(JsonGenerator json) throws IOException {
    json.writeObjectFieldStart("registries");
    for (Map.Entry<String, RegistryState> e : verification.registries().entrySet()) {
      RegistryState r = e.getValue();
      json.writeObjectFieldStart(e.getKey());
      json.writeStringField("issuer", r.issuer());
      json.writeFieldName("sn");
      json.writeNumber(r.sn());
      json.writeStringField("said", r.said());
      json.writeBooleanField("noBackers", r.noBackers());
      list(json, "backers", r.backers());
      json.writeNumberField("toad", r.toad());
      json.writeEndObject();
    }
    json.writeEndObject();
  }

  /**
   * Writes one key state as an object, as keripy's verdict files and {@code keystate.json} write
   * it: {@code sn said et k kt n nt b bt} and {@code di} for a delegated prefix.
   */
  static void keyState(JsonGenerator json, KeyState s) throws IOException {
    json.writeStartObject();
    json.writeFieldName("sn");
    json.writeNumber(s.sn());
    json.writeStringField("said", s.said());
    json.writeStringField("et", s.et());
    list(json, "k", s.keys());
    threshold(json, "kt", s.signingThreshold());
    list(json, "n", s.nextKeyDigests());
    threshold(json, "nt", s.nextThreshold());
    list(json, "b", s.witnesses());
    json.writeFieldName("bt");
    json.writeNumber(BigInteger.valueOf(s.toad()));
    if (s.delegator().isPresent()) {
      json.writeStringField("di", s.delegator().get());
    }
    json.writeEndObject();
  }

  private static void text(JsonGenerator json, String field, Optional<String> value)
      throws IOException {
    json.writeFieldName(field);
    if (value.isPresent()) {
      json.writeString(value.get());
    } else {
      json.writeNull();
    }
  }

  private static void list(JsonGenerator json, String field, List<String> values)
      throws IOException {
    json.writeArrayFieldStart(field);
    for (String v : values) {
      json.writeString(v);
    }
    json.writeEndArray();
  }

  /**
   * A threshold as {@link KeyState} writes it: lowercase hex as a string, or weights (their
   * JSON text, {@link dev.cesrj.keri.event.Threshold.Weighted#toString()}) as lists of strings.
   */
  private static void threshold(JsonGenerator json, String field, String sith)
      throws IOException {
    json.writeFieldName(field);
    if (sith.startsWith("[")) {
      MAPPER.writeTree(json, MAPPER.readTree(sith));
    } else {
      json.writeString(sith);
    }
  }
}
