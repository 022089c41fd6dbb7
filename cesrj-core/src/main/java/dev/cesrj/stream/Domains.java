package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Transcode;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Objects;

/**
 * Converts CESR between its two domains, qb64 (text) and qb2 (binary): a primitive, a group, a
 * run of attachment groups, or a whole stream of messages (CESR specification, "Concatenation
 * composability property": {@code qb2 = b64decode(qb64)} item by item, with the JDK's Base64url
 * coder). Message bodies in JSON, CBOR or MessagePack are not CESR and are copied as they are;
 * everything else converts, a group always whole with its content (inside a group everything has
 * the group's domain).
 *
 * <p>Input is parsed first, with every check of the framer ({@link Groups}, {@link Messages},
 * {@link Matter#parse}), and must be exactly what the method converts; input that is already in
 * the target domain (or a group of it, in a run that switches domains) is copied. Converting a
 * result back gives the input again: {@code qb64 -> qb2 -> qb64} is the identity on accepted
 * qb64, and likewise from qb2.
 *
 * <p>A GenericGroup ({@code -T} in CESR 1.0, {@code -A} in 2.0) holds a sub-stream of messages,
 * which may have JSON, CBOR or MessagePack bodies; such a body has no form in the other domain,
 * so a GenericGroup that holds one converts only to its own domain (where it is copied) and is an
 * {@link UnsupportedException} at the body's offset otherwise. A GenericGroup or
 * BodyWithAttachmentGroup given to {@link #group} or {@link #attachments}, or nested in an
 * AttachmentGroup given to them, is read as messages for that (its content, not just its size),
 * as {@link #messages} reads it.
 *
 * <p>A CESR-native body (a FixBodyGroup or MapBodyGroup, CESR 2.0 {@code -F}, {@code -G}) is
 * framed in qb64 only, by cesrj as by keripy (which turns such a body into qb64 before it reads
 * its fields): converting a message that has one, or holds a message that has one (in an
 * envelope, an attachment run or a GenericGroup), to qb2 is an {@link UnsupportedException} at
 * the body group, where its qb2 form could not be read back.
 *
 * <p>Every qb64 character of a CESR part is checked, whichever the target: a qb64 value character
 * that is not Base64url is a {@link MalformedException} at that character's offset, also when the
 * part is already qb64 and only copied (the framer itself checks codes, sizes and counts, not
 * every value character).
 *
 * <p>Limits ({@link CesrOptions#maxFrameBytes()}) count bytes of the domain read: a qb2 frame
 * takes 4/3 as many bytes in qb64, so converting a result back may need a limit 4/3 as large.
 *
 * <p>Results are new arrays or Strings; nothing is retained. Errors: bad input is a {@link
 * CesrException} with the byte offset in the input, never anything else; a {@code null} argument
 * is a {@link NullPointerException}. Thread-safe (no state).
 */
public final class Domains {
  private Domains() {}

  /**
   * {@return the qb2 bytes of one qb64 Matter primitive ({@code fs * 3 / 4} bytes for {@code fs}
   * characters)}
   *
   * @param qb64 exactly one qb64 Matter primitive
   * @throws CesrException if {@code qb64} is not exactly one valid Matter primitive
   */
  public static byte[] matterToQb2(CharSequence qb64) {
    return bytes(Matter.parse(qb64).qb2());
  }

  /**
   * {@return the qb64 text of one qb2 Matter primitive ({@code fs} characters for {@code fs * 3 /
   * 4} bytes)}
   *
   * @param qb2 exactly one qb2 Matter primitive
   * @throws CesrException if {@code qb2} is not exactly one valid Matter primitive
   */
  public static String matterToQb64(byte[] qb2) {
    return Matter.parseQb2(qb2).qb64Text();
  }

  /**
   * {@return the qb2 bytes of one qb64 indexed signature}
   *
   * @param qb64 exactly one qb64 indexed signature
   * @throws CesrException if {@code qb64} is not exactly one valid indexed signature
   */
  public static byte[] signatureToQb2(CharSequence qb64) {
    return bytes(IndexedSignature.parse(qb64).qb2());
  }

  /**
   * {@return the qb64 text of one qb2 indexed signature}
   *
   * @param qb2 exactly one qb2 indexed signature
   * @throws CesrException if {@code qb2} is not exactly one valid indexed signature
   */
  public static String signatureToQb64(byte[] qb2) {
    return IndexedSignature.parseQb2(qb2).qb64Text();
  }

  /**
   * {@return one group (counter and content) in the {@code target} domain; its own domain is its
   * first byte's ({@code -} or tritet 111)} Read with {@code options.defaultTable()}, as {@link
   * Groups} reads it.
   *
   * @param group exactly one group
   * @param target the domain to convert to
   * @param options the allocator, limits and default table
   * @throws CesrException if {@code group} is not exactly one valid group (a genus-version code
   *     counts as one); an error in the messages of a GenericGroup or BodyWithAttachmentGroup
   *     nested in it is an {@link UnsupportedException} at its offset in {@code group}, as
   *     {@link #attachments} gives it
   */
  public static byte[] group(byte[] group, Domain target, CesrOptions options) {
    Objects.requireNonNull(target, "target");
    try (Groups groups = Groups.copyOf(group, options)) {
      if (!groups.hasNext()) {
        throw Errors.malformed(ErrorKind.MALFORMED_SIZE, 0, null, "one group", "no bytes");
      }
      Group g = groups.next();
      if (groups.hasNext()) {
        throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
            groups.position(), null, "end of input after one group",
            (group.length - groups.position()) + " more bytes");
      }
      if (isSubStream(g)) {
        return messages(group, target, options); // its content read as messages
      }
      return bytes(convertFramed(group, g, target, options));
    }
  }

  /**
   * {@return a run of attachment groups (as {@link Groups} reads it: groups one after another, each
   * in its own domain; a genus-version code switches the table for the groups after it) with every
   * group in the {@code target} domain}
   *
   * @param run the attachment groups
   * @param target the domain to convert to
   * @param options the allocator, limits and default table
   * @throws CesrException if the run is bad anywhere (nothing is returned); an error in the
   *     messages of a GenericGroup or BodyWithAttachmentGroup of the run, or nested in one of
   *     its AttachmentGroups (read as {@link #messages} reads them), is an {@link
   *     UnsupportedException} at its offset in {@code run}, whose cause is that error as the
   *     group alone gives it
   */
  public static byte[] attachments(byte[] run, Domain target, CesrOptions options) {
    Objects.requireNonNull(target, "target");
    ByteArrayOutputStream out = new ByteArrayOutputStream(run.length);
    try (Groups groups = Groups.copyOf(run, options)) {
      for (Group g : groups) {
        if (isSubStream(g)) {
          write(out, subStream(run, g, target, options));
        } else {
          write(out, convertFramed(run, g, target, options));
        }
      }
    }
    return out.toByteArray();
  }

  /**
   * {@return a stream of messages (as {@link Messages} reads it) with every CESR part in the {@code
   * target} domain: genus-version codes, envelopes, body groups and attachment groups convert; a
   * JSON, CBOR or MessagePack body is copied} A qb64 stream with bare bodies becomes what the
   * corpus calls {@code qb2-atc}; one of envelopes becomes all qb2. A GenericGroup converts whole
   * (its content must then be CESR throughout: a JSON, CBOR or MessagePack body in it is an
   * {@link UnsupportedException} at the body's offset, unless the group is in {@code target}
   * already and copied).
   *
   * @param stream the messages with their attachments
   * @param target the domain to convert to
   * @param options the allocator, limits and default table
   * @throws CesrException if the stream is bad anywhere (nothing is returned); an {@link
   *     UnsupportedException} if part of it has no form in {@code target} (see the class comment)
   */
  public static byte[] messages(byte[] stream, Domain target, CesrOptions options) {
    Objects.requireNonNull(target, "target");
    ByteArrayOutputStream out = new ByteArrayOutputStream(stream.length);
    int done = 0;
    int p;
    // a GenericGroup converts whole, once all its messages have been checked (checkInSubStream)
    Group pending = null;
    try (Messages messages = Messages.copyOf(stream, options)) {
      while (messages.hasNext()) {
        Message m = messages.next();
        if (!m.genericGroups().isEmpty()) {
          Group g = m.genericGroups().get(0);
          checkInSubStream(m, g, target);
          if (g.offset() >= done) {
            flush(out, pending, target);
            genusVersionCodes(stream, done, (int) g.offset(), target, out);
            pending = g;
            done = (int) g.offset() + g.length();
          }
          continue;
        }
        flush(out, pending, target);
        pending = null;
        refuseNativeBodies(m, target);
        int start = (int) m.offset();
        int end = start + m.length();
        int first = firstPart(m, end);
        genusVersionCodes(stream, done, first, target, out);
        p = first;
        if (m.envelope().isPresent()) {
          p = part(out, m.envelope().get(), p, target);
        } else {
          if (m.bodyGroup().isPresent()) {
            p = part(out, m.bodyGroup().get(), p, target);
          } else {
            int size = (int) m.version().size();
            out.write(stream, p, size);
            p += size;
          }
          for (Group g : m.attachments()) {
            p = part(out, g, p, target);
          }
        }
        if (p != end) {
          throw new IllegalStateException("message parts end at " + p + ", the message at " + end);
        }
        done = end;
      }
      flush(out, pending, target);
      // genus-version codes after the last message (kept by Messages for a message to come)
      genusVersionCodes(stream, done, (int) messages.position(), target, out);
    }
    return out.toByteArray();
  }

  /** Where the message's body, body group or envelope starts (after its genus-version codes). */
  private static int firstPart(Message m, int end) {
    if (m.envelope().isPresent()) {
      return (int) m.envelope().get().offset();
    }
    if (m.bodyGroup().isPresent()) {
      return (int) m.bodyGroup().get().offset();
    }
    List<Group> a = m.attachments();
    int bodyEnd = a.isEmpty() ? end : (int) a.get(0).offset();
    return bodyEnd - (int) m.version().size();
  }

  /** Converts the group {@code g}, which must start at {@code p}; returns its end. */
  private static int part(ByteArrayOutputStream out, Group g, int p, Domain target) {
    if (g.offset() != p) {
      throw new IllegalStateException("a gap before the group at " + g.offset() + ": " + p);
    }
    write(out, convert(g, target));
    return p + g.length();
  }

  /**
   * Writes the GenericGroup {@code g} (if not null) whose messages have all been checked: copied
   * in its own domain, else converted whole.
   */
  private static void flush(ByteArrayOutputStream out, Group g, Domain target) {
    if (g != null) {
      write(out, g.domain() == target ? copy(g) : convert(g, target));
    }
  }

  /**
   * True for a group whose content is a sub-stream of messages (GenericGroup) or a message
   * (BodyWithAttachmentGroup): {@link Groups} finds its end by its count only.
   */
  private static boolean isSubStream(Group g) {
    return g.code().layout().content() == Layout.Content.MESSAGES;
  }

  /**
   * Checks, for a conversion to {@code target}, a message of the sub-stream of the GenericGroup
   * {@code g} (outermost): a JSON, CBOR or MessagePack body cannot change domain; in qb64 every
   * character of its CESR parts must be Base64url (the group is copied whole or converted whole,
   * so its parts are checked here). The message's nested messages are inside its parts.
   */
  private static void checkInSubStream(Message m, Group g, Domain target) {
    boolean bare = m.envelope().isEmpty() && m.bodyGroup().isEmpty();
    if (bare && g.domain() != target) {
      int end = (int) m.offset() + m.length();
      throw Errors.unsupported(
          firstPart(m, end),
          g.code().code(),
          "CESR content in a " + g.name() + " converted to " + target,
          "a " + m.version().kind() + " body, which has no " + target + " form");
    }
    if (g.domain() != target) {
      refuseNativeBodies(m, target);
    }
    if (g.domain() == Domain.QB64) {
      MessageFramer.checkValueCharacters(m);
    }
  }

  /**
   * Refuses, for a conversion to qb2, a CESR-native body (FixBodyGroup or MapBodyGroup) of {@code
   * m} or of a message nested in it: cesrj, like keripy, frames native bodies in qb64 only, so
   * their qb2 form could not be read back.
   *
   * @throws UnsupportedException at the first such body group
   */
  private static void refuseNativeBodies(Message m, Domain target) {
    if (target != Domain.QB2) {
      return;
    }
    Group body = m.bodyGroup().orElse(null);
    if (body != null && body.code().layout().content() == Layout.Content.FIELDS) {
      throw Errors.unsupported(
          body.offset(),
          body.code().code(),
          "a body with a qb2 form: JSON, CBOR or MessagePack, bare or in a NonNativeBodyGroup",
          "a CESR-native body, which has no qb2 form here (cesrj, like keripy, frames native"
              + " bodies in qb64 only)");
    }
    for (Message n : m.nested()) {
      refuseNativeBodies(n, target);
    }
  }

  /**
   * Converts a group that {@link Groups} framed in {@code input} and that is not itself a
   * sub-stream: a GenericGroup or BodyWithAttachmentGroup nested in it (in an AttachmentGroup,
   * at any depth), which {@code Groups} measures by its count only, is first read as messages, as
   * {@link #messages} reads it (its content checked, a CESR-native body refused to qb2); the group
   * then converts whole.
   */
  private static ByteBuf convertFramed(
      byte[] input, Group g, Domain target, CesrOptions options) {
    checkNestedSubStreams(input, g, target, options);
    return convert(g, target);
  }

  private static void checkNestedSubStreams(
      byte[] input, Group g, Domain target, CesrOptions options) {
    if (g.code().layout().content() != Layout.Content.GROUPS) {
      return; // not an AttachmentGroup
    }
    for (Group n : g.groups()) {
      if (isSubStream(n)) {
        subStream(input, n, target, options); // read for its errors: n converts with g
      } else {
        checkNestedSubStreams(input, n, target, options);
      }
    }
  }

  /**
   * Converts the sub-stream group {@code g} of {@code run} by reading it as messages, as {@link
   * #messages} does, with the counter table {@code g} was framed with; an error in it is an
   * {@link UnsupportedException} at its offset in {@code run}, with the error's words and the
   * error as its cause.
   */
  private static ByteBuf subStream(byte[] run, Group g, Domain target, CesrOptions options) {
    int from = (int) g.offset();
    byte[] bytes = java.util.Arrays.copyOfRange(run, from, from + g.length());
    // read in the table the group was framed with (a genus-version code before it may have
    // switched from the default)
    CesrOptions inTable = g.table() == options.defaultTable()
        ? options
        : options.toBuilder().defaultTable(g.table()).build();
    try {
      return Unpooled.wrappedBuffer(messages(bytes, target, inTable));
    } catch (CesrException e) {
      UnsupportedException u =
          Errors.unsupported(from + e.offset(), e.code(), e.expected(), e.detail());
      u.initCause(e);
      throw u;
    }
  }

  /**
   * Converts the counters without content {@code [from, to)} of {@code stream} (already framed):
   * genus-version codes (8 characters or 6 bytes) and empty GenericGroups (a small or big
   * counter: 4 or 8 characters), the domain of each by its first byte.
   */
  private static void genusVersionCodes(
      byte[] stream, int from, int to, Domain target, ByteArrayOutputStream out) {
    int p = from;
    while (p < to) {
      Domain d = Domain.ofCounterByte(stream[p]);
      int c1 = d == Domain.QB2
          ? B64.charOf((stream[p] & 0x03) << 4 | (stream[p + 1] & 0xFF) >>> 4)
          : stream[p + 1];
      // hard size 2 (a letter: 4 characters) or more ("-", "_", "0": 8 characters)
      int n = (int) d.size(c1 == '-' || c1 == '_' || c1 == '0' ? 8 : 4);
      ByteBuf code = Unpooled.wrappedBuffer(stream, p, n);
      write(out, d == target ? code : d == Domain.QB2 ? Transcode.toQb64(code)
          : Transcode.toQb2(code, p, null));
      p += n;
    }
  }

  /**
   * The element in {@code target}: converted, or its own bytes if it is already in it (qb64 ones
   * checked first, {@link ValueCharacters}).
   */
  private static ByteBuf convert(Element e, Domain target) {
    if (target == Domain.QB64) {
      ValueCharacters.check(e);
    }
    return target == Domain.QB2 ? e.qb2() : e.qb64();
  }

  /** The element's bytes in its own domain, unchecked (a sub-stream checked message by message). */
  private static ByteBuf copy(Element e) {
    return e.domain() == Domain.QB2 ? e.qb2() : e.qb64();
  }

  private static void write(ByteArrayOutputStream out, ByteBuf bytes) {
    out.write(ByteBufUtil.getBytes(bytes), 0, bytes.readableBytes());
  }

  private static byte[] bytes(ByteBuf b) {
    return ByteBufUtil.getBytes(b);
  }
}
