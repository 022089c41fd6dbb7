package dev.cesrj.keri.body;

import dev.cesrj.ErrorKind;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Kind;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.VersionString;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * A message body decoded: its bytes (a copy, independent of the buffer it was read from), its
 * version string and its top-level fields as keripy's Serder loads them ({@code Serder.sad};
 * keripy {@code src/keri/core/serdering.py} {@code loads}, {@code _loads}).
 *
 * <p>Kinds: JSON (Jackson), CBOR and MessagePack (cesrj's own readers), and CESR-native bodies in
 * qb64 (the FixBodyGroup or MapBodyGroup's text, counter included: what keripy signs and
 * digests). Decoding checks syntax only, not the fields an ilk requires (that is
 * {@code dev.cesrj.keri.event}'s): the top level must be a map with unique labels, nesting at most
 * {@link #MAX_DEPTH} deep, the first field {@code v} the version string, and the body exactly as
 * long as that says. Immutable and thread-safe.
 */
public final class Body {
  /** The deepest nesting of maps and lists accepted, the top-level map being 1. */
  public static final int MAX_DEPTH = 64;

  private final Kind kind;
  private final VersionString version;
  private final byte[] bytes;
  private final FieldMap fields;

  private Body(Kind kind, VersionString version, byte[] bytes, FieldMap fields) {
    this.kind = kind;
    this.version = version;
    this.bytes = bytes;
    this.fields = fields;
  }

  /**
   * Decodes the body of a framed message (its bytes are copied now; the message's buffer may be
   * released afterwards).
   *
   * @param m a message whose buffer is still valid
   * @return the body
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_BODY}, offset in the body) if the body
   *     does not decode, its first field is not {@code v}, or {@code v} is not the message's
   *     version string
   */
  public static Body of(Message m) {
    Objects.requireNonNull(m, "m");
    ByteBuf b = m.body();
    byte[] bytes = ByteBufUtil.getBytes(b);
    VersionString vs = m.version();
    Optional<Group> g = m.bodyGroup();
    // a CESR-native body: a body group whose content is fields
    if (vs.kind() == Kind.CESR && g.isPresent()
        && g.get().code().layout().content() == Layout.Content.FIELDS) {
      return new Body(Kind.CESR, vs, bytes, NativeBodyReader.read(g.get(), vs.text()));
    }
    Body body = decode(vs.kind(), bytes);
    if (!body.version.text().equals(vs.text())) {
      throw BodyErrors.syntax(body.fields.span("v").map(Span::offset).orElse(0), "v",
          "the message's version string " + vs.text(), "version field " + body.version.text());
    }
    return body;
  }

  /**
   * Decodes a standalone JSON, CBOR or MessagePack body, whose kind its version string names.
   *
   * @param bytes the whole body (copied)
   * @return the body
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_BODY}) if no version string is found in
   *     the first 30 bytes, the body does not decode as the kind it names, {@code v} is not its
   *     first field or its size is not {@code bytes.length}
   */
  public static Body parse(byte[] bytes) {
    byte[] copy = bytes.clone();
    Kind kind = sniff(copy);
    Body body = decode(kind, copy);
    if (body.version.size() != copy.length) {
      throw BodyErrors.syntax(body.fields.span("v").map(Span::offset).orElse(0), "v",
          "a size of " + copy.length + " bytes", "version string size " + body.version.size());
    }
    return body;
  }

  /** The kind named by the first version string in the first bytes (as keripy's smell). */
  private static Kind sniff(byte[] b) {
    String head = new String(b, 0, Math.min(b.length, 40), StandardCharsets.ISO_8859_1);
    for (int i = 0; i <= Math.min(head.length() - VersionString.V1_LENGTH, VersionString.MAX_OFFSET); i++) {
      VersionString vs = VersionString.match(head.substring(i), i);
      if (vs != null && vs.kind() != Kind.CESR) {
        return vs.kind();
      }
    }
    throw BodyErrors.syntax(0, "a JSON, CBOR or MGPK version string in the first bytes",
        "no version string");
  }

  private static Body decode(Kind kind, byte[] bytes) {
    FieldMap f;
    switch (kind) {
      case JSON:
        f = JsonBodyReader.read(bytes);
        CanonicalJson.check(bytes, f);
        break;
      case CBOR:
        f = CborBodyReader.read(bytes);
        break;
      case MGPK:
        f = MgpkBodyReader.read(bytes);
        break;
      default:
        throw BodyErrors.syntax(0, "a JSON, CBOR or MGPK body", "a " + kind + " body outside a body group");
    }
    if (f.size() == 0 || !f.labels().get(0).equals("v") || f.text("v").isEmpty()) {
      throw BodyErrors.syntax(0, "v", "the version string as the first field",
          f.size() == 0 ? "an empty map" : "first field '" + f.labels().get(0) + "'");
    }
    Span s = f.span("v").orElseThrow();
    VersionString vs = VersionString.match(f.text("v").get(), s.offset());
    if (vs == null || vs.text().length() != f.text("v").get().length() || vs.kind() != kind) {
      throw BodyErrors.syntax(s.offset(), "v", "a " + kind + " version string",
          "version field '" + f.text("v").get() + "'");
    }
    return new Body(kind, vs, bytes, f);
  }

  /** {@return the serialization kind} */
  public Kind kind() {
    return kind;
  }

  /** {@return the version string (for a CESR-native body, the one keripy would write for it)} */
  public VersionString version() {
    return version;
  }

  /** {@return the protocol, {@code KERI} or {@code ACDC}} */
  public String protocol() {
    return version.proto();
  }

  /** {@return the top-level fields} */
  public FieldMap fields() {
    return fields;
  }

  /** {@return the ilk: the {@code t} field's text, if the body has one} */
  public Optional<String> ilk() {
    return fields.text("t");
  }

  /** {@return the body's size in bytes} */
  public int size() {
    return bytes.length;
  }

  /** {@return the body's bytes, a copy: what the controller signs} */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** {@return the body's bytes as a read-only buffer (no copy), position 0, limit the size} */
  public ByteBuffer buffer() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  @Override
  public String toString() {
    return "Body " + version + " " + fields;
  }
}
