package dev.cesrj.keri.acdc;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import dev.cesrj.ErrorKind;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.primitive.Matter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A credential schema: a JSON Schema whose {@code $id} is its own SAID (keripy {@code
 * src/keri/core/scheming.py} {@code Schemer} and {@code JSONSchema.load}: the document is loaded,
 * {@code $id} replaced by as many {@code #} as the digest code's full size, the document
 * serialized as keripy's {@code dumps} does (compact JSON, {@link PythonJson}) and digested with
 * the code of the written {@code $id}).
 *
 * <p>Validation of a credential ({@link #validate(Acdc)}; keripy {@code JSONSchema.verify_json})
 * runs the whole credential, as a JSON document, through {@code com.networknt:json-schema-validator}
 * with the schema's {@code $schema} dialect (draft 7 when it names none, as keripy's {@code
 * jsonschema} registry assumes) and without format assertions (Python's {@code
 * jsonschema.validate} checks no {@code format} unless given a format checker, and keripy gives
 * none). {@code $ref}s to other schemas by SAID are resolved through the {@link SchemaResolver}
 * given when the schema is read (keripy {@code CacheResolver}). Compiled once when read; immutable
 * and thread-safe.
 */
public final class AcdcSchema {
  private static final JsonMapper JSON = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxNestingDepth(64).maxNumberLength(1000).build())
      .build()).build();

  private final String said;
  private final String text;
  private final Schema compiled;

  private AcdcSchema(String said, String text, Schema compiled) {
    this.said = said;
    this.text = text;
    this.compiled = compiled;
  }

  /**
   * Reads a schema and checks that its {@code $id} is its SAID; {@code $ref}s to other schemas
   * are not resolved.
   *
   * @param json the schema document (UTF-8 JSON)
   * @return the schema
   * @throws KeriBodyException as {@link #parse(byte[], SchemaResolver)}
   */
  public static AcdcSchema parse(byte[] json) {
    return parse(json, said -> java.util.Optional.empty());
  }

  /**
   * Reads a schema and checks that its {@code $id} is its SAID.
   *
   * @param json the schema document (UTF-8 JSON)
   * @param refs resolves the SAIDs other schemas' {@code $ref}s name (the last {@code :}-separated
   *     part of the reference, as keripy's {@code CacheResolver} takes it)
   * @return the schema
   * @throws KeriBodyException {@link ErrorKind#MALFORMED_BODY} if the document is no JSON object
   *     (offset of the error in the document); {@link ErrorKind#MALFORMED_FIELD} (label {@code
   *     $id}) if it has no {@code $id} text of a digest code, or the validator refuses it as a
   *     schema; {@link ErrorKind#SAID_MISMATCH} (label {@code $id}) if {@code $id} is not the
   *     document's SAID
   */
  public static AcdcSchema parse(byte[] json, SchemaResolver refs) {
    Objects.requireNonNull(refs, "refs");
    JsonNode tree;
    try {
      tree = JSON.readTree(json);
    } catch (JacksonException e) {
      long at = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getByteOffset());
      throw BodyErrors.syntax(at, null, "a JSON schema document",
          e.getOriginalMessage());
    }
    if (tree == null || !tree.isObject()) {
      throw BodyErrors.syntax(0, null, "a JSON object",
          "no JSON object");
    }
    JsonNode id = tree.get("$id");
    if (id == null || !id.isString()) {
      throw BodyErrors.field(0, "$id", "a text SAID", "missing");
    }
    String written = id.stringValue();
    MatterCode code;
    try {
      code = Matter.parse(written).code();
    } catch (dev.cesrj.CesrException e) {
      code = null;
    }
    if (code == null || !Digests.isDigest(code) || written.length() != code.fs()) {
      throw BodyErrors.field(0, "$id",
          "a SAID of a digest code " + Digests.CODES, "'" + written + "'");
    }
    ObjectNode dummied = ((ObjectNode) tree).deepCopy();
    dummied.put("$id", "#".repeat(code.fs()));
    String computed = Saids.ofDummied(code, PythonJson.dumps(dummied));
    if (!computed.equals(written)) {
      throw BodyErrors.saidMismatch(0, "$id", "the SAID " + computed,
          "written " + written);
    }
    Schema compiled;
    try {
      SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7,
          b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder()
                  .formatAssertionsEnabled(false).build())
              .schemas(iri -> refs.resolve(iri.substring(iri.lastIndexOf(':') + 1))
                  .map(AcdcSchema::text).orElse(null)));
      // the validator wants $id to be an IRI: the schema is compiled without it, located at
      // urn:said:SAID, so that a $ref by SAID resolves through refs
      ObjectNode located = ((ObjectNode) tree).deepCopy();
      located.remove("$id");
      compiled = registry.getSchema(SchemaLocation.of("urn:said:" + written), located);
    } catch (RuntimeException e) {
      throw BodyErrors.field(0, "$schema",
          "a JSON Schema the validator reads", String.valueOf(e.getMessage()));
    }
    return new AcdcSchema(written, new String(json, java.nio.charset.StandardCharsets.UTF_8),
        compiled);
  }

  /** {@return the schema's SAID, its {@code $id}} */
  public String said() {
    return said;
  }

  /** {@return the schema document as read} */
  public String text() {
    return text;
  }

  /**
   * Validates a credential against this schema (keripy {@code Schemer.verify}, {@code
   * JSONSchema.verify_json}).
   *
   * @param acdc a credential
   * @return the validator's messages, each with the instance location; empty if it is valid
   */
  public List<String> validate(Acdc acdc) {
    List<Error> errors = compiled.validate(ValueJson.of(acdc.body().fields()));
    List<String> out = new ArrayList<>(errors.size());
    for (Error e : errors) {
      out.add(e.toString());
    }
    return out;
  }

  @Override
  public String toString() {
    return "AcdcSchema " + said;
  }
}
