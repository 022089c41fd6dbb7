package dev.cesrj.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.CesrCursor;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.CesrToken;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Limits that bound what a hostile frame can cost: the element limit (views per message or
 * group), the frame limit on signature groups of long signatures, and genus-version codes in a
 * row at a message start. And each limit of {@link CesrOptions} walked across every path: one
 * unit over it is the same typed error, kind, offset and code through {@code Groups}, {@code
 * Messages}, the push parser and the cursor (issue 33: each limit is checked by one {@code
 * CesrOptions.validate*} method, wherever it is met).
 */
class LimitsTest {
  /** A 25-byte v1 JSON body: {"v":"KERI10JSON000019_"}. */
  private static final String BODY = "{\"v\":\"KERI10JSON000019_\"}";

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void bodyIsWhatItsVersionStringSays() {
    assertEquals(25, BODY.length());
  }

  @Test
  void attachmentGroupOfMoreEmptyGroupsThanTheElementLimitIsRefusedInMessages() {
    // -VAL: 11 quadlets = 11 empty ControllerIdxSigs groups; limit 10 groups in the message
    // (the wrapper counts as one): the 10th inner group is refused, at its own offset
    CesrOptions options = CesrOptions.builder().maxElements(10).build();
    String stream = BODY + "-VAL" + "-AAA".repeat(11);
    try (Messages messages = Messages.copyOf(ascii(stream), options)) {
      ElementLimitException e = assertThrows(ElementLimitException.class, messages::next);
      assertEquals(25 + 4 + 9 * 4, e.offset());
      assertEquals("-A", e.code());
      assertEquals(10, e.limit());
    }
    CesrOptions enough = CesrOptions.builder().maxElements(12).build();
    try (Messages messages = Messages.copyOf(ascii(stream), enough)) {
      Message m = messages.next();
      assertEquals(12, m.groups().size());
      assertEquals(1, m.attachments().size());
    }
  }

  @Test
  void attachmentGroupOfMoreEmptyGroupsThanTheElementLimitIsRefusedByElements() {
    CesrOptions options = CesrOptions.builder().maxElements(10).build();
    try (Groups groups = Groups.copyOf(ascii("-VAL" + "-AAA".repeat(11)), options)) {
      Group g = groups.next();
      assertEquals(11, g.count());
      ElementLimitException e = assertThrows(ElementLimitException.class, g::elements);
      assertEquals(4 + 10 * 4, e.offset());
      assertEquals("-A", e.code()); // the element's, met at the offset, as in Messages
      assertEquals(List.of(new EnclosingGroup(g.code(), 0)), e.path());
    }
  }

  @Test
  void nestedMessagesCountAgainstTheElementLimit() {
    // an envelope -U holding a body group then 3 nested envelopes, each a body group alone
    String body = BODY;
    String texter = bytesPrimitive(ascii(body));
    String bodyGroup = "-W" + b64(texter.length() / 4, 2) + texter;
    String nested = "-U" + b64(bodyGroup.length() / 4, 2) + bodyGroup;
    String content = bodyGroup + nested.repeat(3);
    String envelope = "-U" + b64(content.length() / 4, 2) + content;
    CesrOptions two = CesrOptions.builder().maxElements(2).build();
    try (Messages messages = Messages.copyOf(ascii(envelope), two)) {
      ElementLimitException e = assertThrows(ElementLimitException.class, messages::next);
      assertEquals(4 + bodyGroup.length() + 2L * nested.length(), e.offset());
    }
    try (Messages messages = Messages.copyOf(ascii(envelope), CesrOptions.DEFAULT)) {
      assertEquals(3, messages.next().nested().size());
    }
  }

  @Test
  void signatureGroupOfLongSignaturesOverTheFrameLimitIsTooLarge() {
    // 11 Ed448 indexed signatures (0A, 156 chars) in -A: 4 + 11 * 156 = 1720 bytes; the least
    // size (11 * 88 + 4 = 972) fits a 1000-byte limit, the real size does not
    String sig = "0AAA" + "A".repeat(152);
    String group = "-AAL" + sig.repeat(11);
    CesrOptions limit = CesrOptions.builder().maxFrameBytes(1000).build();
    try (Groups groups = Groups.copyOf(ascii(group), limit)) {
      FrameTooLargeException e = assertThrows(FrameTooLargeException.class, groups::next);
      assertEquals(0, e.offset());
      assertEquals(1720, e.declared());
    }
    try (Groups groups = Groups.copyOf(ascii(group), CesrOptions.DEFAULT)) {
      assertEquals(1720, groups.next().length());
    }
  }

  @Test
  void genusVersionCodesInARowAtAMessageStartTheLastWins() {
    String stream = "-_AAACAA-_AAABAA" + BODY + "-AAA";
    try (Messages messages = Messages.copyOf(ascii(stream))) {
      Message m = messages.next();
      assertEquals(0, m.offset());
      assertEquals(16 + 25 + 4, m.length());
      assertEquals("-_AAABAA", m.genusVersion().orElseThrow().counterText());
      assertEquals(CounterTable.CESR_1_0, m.table());
      assertEquals("ControllerIdxSigs", m.groups().get(0).name());
      assertTrue(!messages.hasNext());
      assertEquals(CounterTable.CESR_1_0, messages.streamTable());
    }
  }

  /** One indexed Ed25519 signature: 88 characters. */
  private static final String SIG = "AA" + "A".repeat(86);

  /**
   * Each limit one unit over, with the error every path must give: attachments alone (read by
   * {@code Groups}, every group's elements read at every level, and the groups cursor whole and
   * byte by byte, which must agree) and the same attachments after {@link #BODY} (read by {@code
   * Messages}, the push parser and the messages cursor, each whole and byte by byte, which must
   * agree), where the offset
   * is 25 bytes later. Each error is its type, offset, code, kind and enclosing groups. At the
   * limit (the message's, where the message is longer than the group over its limit), no path
   * fails.
   */
  @Test
  void eachLimitOneUnitOverIsTheSameErrorOnEveryPath() {
    // maxFrameBytes: a 92-byte signature group (-AAB and one 88-char signature), limit 91
    assertLimit("frame", "-AAB" + SIG,
        b -> b.maxFrameBytes(91), b -> b.maxFrameBytes(25 + 92), // the message's 117 bytes
        "FrameTooLargeException@0 -A FRAME_TOO_LARGE []",
        "FrameTooLargeException@25 -A FRAME_TOO_LARGE []");
    // two such groups, each within the limit, in a message one byte over it: the frame limit of
    // the whole frame (body and run) is met at the group boundary past it, at the frame's start
    assertLimit("frame of a message", ("-AAB" + SIG).repeat(2),
        b -> b.maxFrameBytes(25 + 2 * 92 - 1), b -> b.maxFrameBytes(25 + 2 * 92),
        "none", "FrameTooLargeException@0 null FRAME_TOO_LARGE []");
    // maxDepth: a ControllerIdxSigs inside an AttachmentGroup is at depth 2, limit 1
    assertLimit("depth", "-VAB-AAA",
        b -> b.maxDepth(1), b -> b.maxDepth(2),
        "NestingTooDeepException@4 -A NESTING_TOO_DEEP [-V@0]",
        "NestingTooDeepException@29 -A NESTING_TOO_DEEP [-V@25]");
    // a body longer than the limit: its version string is the code met at the message's start
    assertLimit("frame of a body", "-AAB" + SIG,
        b -> b.maxFrameBytes(24), b -> b.maxFrameBytes(25 + 92),
        "FrameTooLargeException@0 -A FRAME_TOO_LARGE []",
        "FrameTooLargeException@0 KERI10JSON000019_ FRAME_TOO_LARGE []");
    // a signature group in an AttachmentGroup (96 bytes), limit 95: the AttachmentGroup first
    String inner = "-AAB" + SIG;
    String wrapped = "-V" + b64(inner.length() / 4, 2) + inner;
    assertLimit("frame of an AttachmentGroup", wrapped,
        b -> b.maxFrameBytes(95), b -> b.maxFrameBytes(25 + 96),
        "FrameTooLargeException@0 -V FRAME_TOO_LARGE []",
        "FrameTooLargeException@25 -V FRAME_TOO_LARGE []");
    // a TransIdxSigGroups couple (prefix, sequence number, digest, then a signature group at
    // depth 2): depth limit 1, and a frame limit below the whole tuple group
    String trans = "-FAB" + "B" + "A".repeat(43) + "0A" + "A".repeat(22) + "E" + "A".repeat(43)
        + "-AAB" + SIG;
    assertLimit("depth in a tuple", trans, b -> b.maxDepth(1), b -> b.maxDepth(2),
        "NestingTooDeepException@116 -A NESTING_TOO_DEEP [-F@0]",
        "NestingTooDeepException@141 -A NESTING_TOO_DEEP [-F@25]");
    // a tuple group's size is known only once its tuples are read: alone, it is over the limit
    // at its last byte; in a message, the message (body and run) is over it 25 bytes sooner, and
    // that is the error met first
    assertLimit("frame of a tuple group", trans,
        b -> b.maxFrameBytes(trans.length() - 1), b -> b.maxFrameBytes(25 + trans.length()),
        "FrameTooLargeException@0 -F FRAME_TOO_LARGE []",
        "FrameTooLargeException@0 null FRAME_TOO_LARGE []");
    // three levels: -V in -V holding -A, depth limit 2
    assertLimit("depth 3", "-VAC-VAB-AAA", b -> b.maxDepth(2), b -> b.maxDepth(3),
        "NestingTooDeepException@8 -A NESTING_TOO_DEEP [-V@0, -V@4]",
        "NestingTooDeepException@33 -A NESTING_TOO_DEEP [-V@25, -V@29]");
    // a nested message (envelope -U around a body group -W) in an AttachmentGroup
    String texter = bytesPrimitive(ascii(BODY));
    String bodyGroup = "-W" + b64(texter.length() / 4, 2) + texter;
    String envelope = "-U" + b64(bodyGroup.length() / 4, 2) + bodyGroup;
    String inAttachments = "-V" + b64(envelope.length() / 4, 2) + envelope;
    // its body group is at depth 3, limit 2: the message paths read the nested message; groups
    // mode does not read into a BodyWithAttachmentGroup (Group.elements() holds none), so nothing
    // there is that deep
    assertLimit("depth of a nested message", inAttachments, b -> b.maxDepth(2),
        b -> b.maxDepth(3), "none", "NestingTooDeepException@33 -W NESTING_TOO_DEEP [-V@25, -U@29]");
    // maxElements: two groups in an AttachmentGroup, limit 1: the AttachmentGroup's elements are
    // one too many at the second (Group.elements(), and the groups cursor before its first
    // token); in a message the AttachmentGroup is one of the message's groups, so the first one
    // inside is one too many. The code is the one met at the offset, the element's; the group
    // that holds it is the last of the path
    assertLimit("elements", "-VAC-AAA-AAA",
        b -> b.maxElements(1), b -> b.maxElements(3),
        "ElementLimitException@8 -A ELEMENT_LIMIT [-V@0]",
        "ElementLimitException@29 -A ELEMENT_LIMIT [-V@25]");
    // maxElements in a tuple group: three signatures in -A, limit 2; the third signature
    // (indexer code A) is one too many. Messages count groups, not a group's elements: a message
    // of one group is within the limit
    assertLimit("elements of a tuple group", "-AAD" + SIG.repeat(3),
        b -> b.maxElements(2), b -> b.maxElements(3),
        "ElementLimitException@180 A ELEMENT_LIMIT [-A@0]", "none");
    // a tuple of two parts is one element, met at its first part's code: two NonTransReceiptCouples
    // (an Ed25519N verfer, 44 chars, and an Ed25519 cigar, 88), limit 1: the second couple
    String couple = "B" + "A".repeat(43) + "0B" + "A".repeat(86);
    assertLimit("elements of a tuple group of couples", "-CAC" + couple.repeat(2),
        b -> b.maxElements(1), b -> b.maxElements(2),
        "ElementLimitException@136 B ELEMENT_LIMIT [-C@0]", "none");
  }

  /**
   * A group over the element limit inside an AttachmentGroup: the groups cursor and {@code
   * Group.elements()} of the inner group refuse the same element with the same error; the cursor
   * names both groups around it, a view only its own group (it knows none around itself).
   */
  @Test
  void nestedGroupOverTheElementLimitIsRefusedAtTheSameElement() {
    String inner = "-AAD" + SIG.repeat(3);
    String attachments = "-V" + b64(inner.length() / 4, 2) + inner;
    CesrOptions two = CesrOptions.builder().maxElements(2).build();
    byte[] alone = ascii(attachments);
    String cursor = caught(() -> drain(CesrCursor.groups(two), alone));
    assertEquals("ElementLimitException@184 A ELEMENT_LIMIT [-V@0, -A@4]", cursor);
    try (Groups groups = Groups.copyOf(alone, two)) {
      Group outer = groups.next();
      assertEquals(1, outer.elements().size());
      Group signatures = (Group) outer.elements().get(0);
      ElementLimitException e = assertThrows(ElementLimitException.class, signatures::elements);
      assertEquals("ElementLimitException@184 A ELEMENT_LIMIT [-A@4]", shape(e, 0));
      assertEquals("at offset 184, code A: one element more than the limit; expected at most 2"
          + " elements in one message or group", e.getMessage());
    }
    CesrOptions three = CesrOptions.builder().maxElements(3).build();
    assertEquals("none", caught(() -> drain(CesrCursor.groups(three), alone)));
  }

  /**
   * Runs {@code attachments} through every path under the options {@code over} makes (each path
   * that reads them alone must give {@code groupsError}, each that reads them after the body
   * {@code messagesError}; "none": no error) and under those {@code under} makes (no error
   * anywhere).
   */
  private static void assertLimit(String limit, String attachments,
      java.util.function.UnaryOperator<CesrOptions.Builder> over,
      java.util.function.UnaryOperator<CesrOptions.Builder> under,
      String groupsError, String messagesError) {
    CesrOptions o = over.apply(CesrOptions.builder()).build();
    CesrOptions u = under.apply(CesrOptions.builder()).build();
    byte[] alone = ascii(attachments);
    byte[] message = ascii(BODY + attachments);
    Map<String, String> expected = new LinkedHashMap<>();
    Map<String, String> met = new LinkedHashMap<>();
    for (Map.Entry<String, String> path : errors(alone, message, o).entrySet()) {
      String key = path.getKey();
      expected.put(key, key.startsWith(MESSAGES) ? messagesError : groupsError);
      met.put(path.getKey(), path.getValue());
    }
    assertEquals(expected, met, limit + ", one unit over");
    for (Map.Entry<String, String> path : errors(alone, message, u).entrySet()) {
      assertEquals("none", path.getValue(), limit + ", at the limit: " + path.getKey());
    }
  }

  private static final String MESSAGES = "messages: ";

  /** The first error of each path over the input, as {@code Type@offset code kind path}, or "none". */
  private static Map<String, String> errors(byte[] alone, byte[] message, CesrOptions options) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("Groups, elements read", caught(() -> {
      try (Groups groups = Groups.copyOf(alone, options)) {
        while (groups.hasNext()) {
          readElements(groups.next());
        }
      }
    }));
    out.put("cursor over groups", caught(() -> drain(CesrCursor.groups(options), alone)));
    out.put("cursor over groups, byte by byte",
        caught(() -> drainByteByByte(CesrCursor.groups(options), alone)));
    out.put(MESSAGES + "Messages", caught(() -> {
      try (Messages messages = Messages.copyOf(message, options)) {
        while (messages.hasNext()) {
          messages.next();
        }
      }
    }));
    out.put(MESSAGES + "cursor", caught(() -> drain(CesrCursor.messages(options), message)));
    out.put(MESSAGES + "cursor, byte by byte",
        caught(() -> drainByteByByte(CesrCursor.messages(options), message)));
    out.put(MESSAGES + "push parser, whole", pushed(message, message.length, options));
    out.put(MESSAGES + "push parser, byte by byte", pushed(message, 1, options));
    return out;
  }

  /**
   * Reads the elements of {@code g} and of every group among them (or among a tuple's parts), at
   * every level.
   */
  private static void readElements(Group g) {
    for (dev.cesrj.primitive.Element e : g.elements()) {
      if (e instanceof Group inner) {
        readElements(inner);
      } else if (e instanceof dev.cesrj.group.Tuple t) {
        for (dev.cesrj.primitive.Element part : t.parts()) {
          if (part instanceof Group inner) {
            readElements(inner);
          }
        }
      }
    }
  }

  private static void drain(CesrCursor cursor, byte[] input) {
    cursor.reset(Unpooled.wrappedBuffer(input)).endOfInput();
    while (cursor.next() != CesrToken.END) {
      // every token
    }
  }

  /** Reads {@code input} with {@code cursor}, appending one byte at each {@code NEED_MORE}. */
  private static void drainByteByByte(CesrCursor cursor, byte[] input) {
    io.netty.buffer.ByteBuf buf = Unpooled.buffer(input.length);
    try {
      cursor.reset(buf);
      int fed = 0;
      for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
        if (t == CesrToken.NEED_MORE) {
          if (fed < input.length) {
            buf.writeByte(input[fed++]);
          } else {
            cursor.endOfInput();
          }
        }
      }
      assertEquals(input.length, fed);
    } finally {
      buf.release();
    }
  }

  private static String caught(Runnable run) {
    try {
      run.run();
      return "none";
    } catch (CesrException e) {
      return shape(e, 0);
    }
  }

  private static String shape(CesrException e, long base) {
    StringBuilder path = new StringBuilder();
    for (dev.cesrj.EnclosingGroup g : e.path()) {
      path.append(path.length() == 0 ? "" : ", ").append(g.code().code()).append('@')
          .append(base + g.offset());
    }
    return e.getClass().getSimpleName() + "@" + (base + e.offset()) + " " + e.code() + " "
        + e.kind() + " [" + path + "]";
  }

  private static String pushed(byte[] stream, int chunk, CesrOptions options) {
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      Framed f = null;
      for (int i = 0; i < stream.length && (f == null || !f.failed()); i += chunk) {
        f = parser.feed(stream, i, Math.min(chunk, stream.length - i));
      }
      Framed last = f.failed() ? f : parser.endOfInput();
      return last.error().map(e -> shape(e, last.offsetBase())).orElse("none");
    }
  }

  /** A Bytes primitive (4B/5B/6B) holding {@code raw}, encoded as keripy {@code Matter} does. */
  private static String bytesPrimitive(byte[] raw) {
    int ls = (3 - raw.length % 3) % 3;
    int size = (raw.length + ls) / 3;
    byte[] lead = new byte[ls + raw.length];
    System.arraycopy(raw, 0, lead, ls, raw.length);
    String value = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(lead);
    return (char) ('4' + ls) + "B" + b64(size, 2) + value;
  }

  private static String b64(long v, int width) {
    return dev.cesrj.internal.B64.encodeInt(v, width);
  }
}
