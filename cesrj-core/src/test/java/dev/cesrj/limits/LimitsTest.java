package dev.cesrj.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Limits that bound what a hostile frame can cost: the element limit (views per message or
 * group), the frame limit on signature groups of long signatures, and genus-version codes in a
 * row at a message start.
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
