package dev.cesrj.keri;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Span;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Kind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Computes and checks the SAIDs of a body (keripy {@code src/keri/core/serdering.py}
 * {@code Serder._validate}, {@code _compute}, {@code makify}).
 *
 * <p>The SAID fields of an ilk are {@code d}, and for an inception ({@code icp}, {@code dip},
 * and the TEL {@code vcp}) also {@code i} when the prefix has a digest code (a self-addressing
 * prefix); a receipt ({@code rct}) has none: its {@code d} is the receipted event's. To check:
 * each SAID field's value is replaced by as many {@code #} as it has characters (the dummy
 * character), the body so dummied is digested with the code of each field's value, and each
 * digest's qb64 must be the field's value. The size in the version string is unchanged because
 * the dummy has the value's length; for a new code of another length ({@link #compute}) the
 * dummy has the code's full size and the version string's size is rewritten to the new size
 * (JSON only: in CBOR and MessagePack the string's length header would change too).
 *
 * <p>The body is dummied where its bytes are, not serialized again: for a body keripy wrote this
 * is the same; keripy would also refuse a body that is not in its own serialization (whitespace
 * in JSON, say), which is checked here only for the dummied value (it must be written plainly,
 * with no escape). CESR-native bodies are digested as their qb64 text. Stateless and thread-safe.
 */
public final class Saids {
  private Saids() {}

  /**
   * The outcome of checking one SAID field.
   *
   * @param label the field, {@code d} or {@code i}
   * @param written the field's value in the body
   * @param computed the digest of the dummied body, with the code of {@code written}
   */
  public record Check(String label, String written, String computed) {
    /** {@return true if the written SAID is the computed one} */
    public boolean ok() {
      return written.equals(computed);
    }
  }

  /**
   * {@return the SAID fields of the body: {@code d}, and {@code i} for a self-addressing
   * inception; none for a receipt or a body without {@code d}}
   *
   * @param body a body
   */
  public static List<String> labels(Body body) {
    FieldMap f = body.fields();
    String ilk = body.ilk().orElse("");
    List<String> out = new ArrayList<>();
    if (ilk.equals("rct") || !f.has("d")) {
      return out;
    }
    out.add("d");
    if ((ilk.equals("icp") || ilk.equals("dip") || ilk.equals("vcp")) && f.text("i").isPresent()) {
      MatterCode c = code(f.text("i").get());
      if (Digests.isDigest(c)) {
        out.add("i");
      }
    }
    return out;
  }

  /**
   * Checks every SAID field of {@code body}.
   *
   * @param body a body
   * @return one check per SAID field ({@link #labels}), in that order
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}) if a SAID field is not a text
   *     of a digest code, or not written plainly in the body
   */
  public static List<Check> check(Body body) {
    List<String> labels = labels(body);
    List<Check> out = new ArrayList<>();
    if (labels.isEmpty()) {
      return out;
    }
    byte[] dummied = body.bytes();
    FieldMap f = body.fields();
    List<MatterCode> codes = new ArrayList<>();
    for (String l : labels) {
      String v = f.text(l).orElseThrow(() -> bad(f, l, "a text SAID", "not a text"));
      MatterCode c = code(v);
      if (!Digests.isDigest(c)) {
        throw bad(f, l, "a digest code " + Digests.CODES, "'" + v + "'");
      }
      codes.add(c);
      dummy(dummied, f, l, v.length(), v, body.kind());
    }
    for (int i = 0; i < labels.size(); i++) {
      String l = labels.get(i);
      out.add(new Check(l, f.text(l).get(), qb64(codes.get(i), Digests.digest(codes.get(i), dummied))));
    }
    return out;
  }

  /**
   * {@return true if every SAID field of {@code body} checks}
   *
   * @param body a body
   * @throws KeriBodyException as {@link #check} does
   */
  public static boolean verify(Body body) {
    return check(body).stream().allMatch(Check::ok);
  }

  /**
   * Checks every SAID field and throws on the first that fails.
   *
   * @param body a body
   * @throws KeriBodyException ({@link ErrorKind#SAID_MISMATCH}, at the field's value) if a SAID
   *     does not check; as {@link #check} otherwise
   */
  public static void require(Body body) {
    for (Check c : check(body)) {
      if (!c.ok()) {
        throw BodyErrors.saidMismatch(FieldRules.offset(body.fields(), c.label()),
            c.label(), "the SAID " + c.computed(), "written " + c.written());
      }
    }
  }

  /**
   * Computes the SAID of {@code body} with digest code {@code code} (keripy {@code makify}): the
   * SAID fields are filled with {@code code.fs()} dummy characters, the version string's size
   * set to the dummied body's, and the result digested.
   *
   * @param body a body
   * @param code one of {@link Digests#CODES}
   * @return the SAID's qb64 ({@code code.fs()} characters)
   * @throws UnsupportedException if {@code code} is no digest code, or a SAID field's value is not
   *     {@code code.fs()} characters long in a body that is not JSON
   * @throws KeriBodyException if a SAID field is not written plainly
   */
  public static String compute(Body body, MatterCode code) {
    if (!Digests.isDigest(code)) {
      Digests.digest(code, new byte[0]); // throws the UnsupportedException
    }
    FieldMap f = body.fields();
    byte[] b = body.bytes();
    List<String> labels = labels(body);
    if (labels.isEmpty()) {
      labels = List.of("d");
    }
    // right to left, so that each span's offset holds while the ones after it change length
    List<String> ordered = new ArrayList<>(labels);
    ordered.sort((x, y) -> Integer.compare(span(f, y).offset(), span(f, x).offset()));
    for (String l : ordered) {
      String v = f.text(l).orElseThrow(() -> bad(f, l, "a text SAID", "not a text"));
      if (v.length() == code.fs()) {
        dummy(b, f, l, code.fs(), v, body.kind());
      } else if (body.kind() == Kind.JSON) {
        b = splice(b, span(f, l), "#".repeat(code.fs()).getBytes(StandardCharsets.US_ASCII));
      } else {
        throw BodyErrors.unsupported(FieldRules.offset(f, l), code.code(),
            "a SAID field of " + code.fs() + " characters in a " + body.kind() + " body",
            "field '" + l + "' has " + v.length());
      }
    }
    if (b.length != body.size()) {
      resize(b, body.fields().span("v").orElseThrow(), body.version().format());
    }
    return qb64(code, Digests.digest(code, b));
  }

  /**
   * Checks the SAID field {@code label} of a map nested in {@code body} (an ACDC section or edge
   * block; keripy {@code src/keri/core/coring.py} {@code Saider.verify} of the section as
   * {@code Saider.saidify} made it): the map's own bytes (its whole encoding, {@code map}) are
   * copied, the field's value dummied with {@code #}, and the copy digested with the code of the
   * written SAID. For a body keripy wrote (JSON without whitespace) the map's bytes are what
   * keripy's {@code dumps} of the section gives, so nothing is serialized again.
   *
   * @param body the body holding the map
   * @param map where the map's whole encoding is in the body's bytes
   * @param fields the map's fields (their spans in the body's bytes)
   * @param label the SAID field, e.g. {@code d}
   * @return the check
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}) if the field is missing, not a
   *     text of a digest code, not written plainly, or outside {@code map}
   */
  public static Check checkNested(Body body, Span map, FieldMap fields, String label) {
    String v = fields.text(label).orElseThrow(() -> bad(fields, label, "a text SAID", "missing or not a text"));
    MatterCode c = code(v);
    if (!Digests.isDigest(c)) {
      throw bad(fields, label, "a digest code " + Digests.CODES, "'" + v + "'");
    }
    Span s = span(fields, label);
    if (map.end() > body.size() || s.offset() < map.offset() || s.end() > map.end()) {
      throw bad(fields, label, "a SAID inside its map", "a value outside it");
    }
    byte[] b = new byte[map.length()];
    body.buffer().position(map.offset()).get(b);
    int at = s.offset() - map.offset();
    if (s.length() != v.length()) {
      throw bad(fields, label, "a SAID written plainly", "a value of " + s.length() + " bytes for " + v.length() + " characters");
    }
    java.util.Arrays.fill(b, at, at + s.length(), (byte) '#');
    return new Check(label, v, qb64(c, Digests.digest(c, b)));
  }

  /**
   * {@return the SAID (qb64) of a serialization whose SAID field is already dummied (keripy
   * {@code Saider._derive} after the dummy is in place)}
   *
   * @param code one of {@link Digests#CODES}
   * @param dummied the serialization, its SAID field filled with {@code code.fs()} {@code #}
   * @throws UnsupportedException if {@code code} is no digest code
   */
  public static String ofDummied(MatterCode code, byte[] dummied) {
    return qb64(code, Digests.digest(code, dummied));
  }

  private static Span span(FieldMap f, String l) {
    return f.span(l).orElseThrow(() -> bad(f, l, "the field", "missing"));
  }

  private static void dummy(byte[] b, FieldMap f, String l, int n, String v, Kind kind) {
    Span s = span(f, l);
    byte[] written = v.getBytes(StandardCharsets.US_ASCII);
    // a span as long as the value's characters holds them plainly: a JSON escape is longer than
    // its character, a non-ASCII character longer in UTF-8, and CBOR, MGPK and native texts have
    // no escapes
    if (s.length() != written.length || s.end() > b.length) {
      throw bad(f, l, "a SAID written plainly", "a value of " + s.length() + " bytes for " + v.length() + " characters");
    }
    java.util.Arrays.fill(b, s.offset(), s.offset() + n, (byte) '#');
  }

  private static byte[] splice(byte[] b, Span s, byte[] with) {
    byte[] out = new byte[b.length - s.length() + with.length];
    System.arraycopy(b, 0, out, 0, s.offset());
    System.arraycopy(with, 0, out, s.offset(), with.length);
    System.arraycopy(b, s.end(), out, s.offset() + with.length, b.length - s.end());
    return out;
  }

  /** Rewrites the size in the version string at {@code v} (keripy {@code versify}). */
  private static void resize(byte[] b, Span v, int format) {
    String size;
    int at;
    if (format == 1) {
      size = String.format("%06x", b.length);
      at = v.offset() + 10;
    } else {
      String a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      StringBuilder sb = new StringBuilder();
      for (int i = 3; i >= 0; i--) {
        sb.append(a.charAt((b.length >> (6 * i)) & 63));
      }
      size = sb.toString();
      at = v.offset() + 14;
    }
    byte[] s = size.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(s, 0, b, at, s.length);
  }

  private static MatterCode code(String qb64) {
    try {
      return Matter.parse(qb64).code();
    } catch (CesrException e) {
      return null;
    }
  }

  /** The qb64 of a digest: its code, then the Base64url of the raw digest behind its pad. */
  static String qb64(MatterCode code, byte[] raw) {
    int ps = code.ps();
    byte[] padded = new byte[ps + raw.length];
    System.arraycopy(raw, 0, padded, ps, raw.length);
    String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    return code.code() + b64.substring(ps);
  }

  private static KeriBodyException bad(FieldMap f, String l, String expected, String detail) {
    return BodyErrors.field(FieldRules.offset(f, l), l, expected, detail);
  }

  /** {@return Optional of a field's text} */
  static Optional<String> text(FieldMap f, String l) {
    return f.text(l);
  }
}
