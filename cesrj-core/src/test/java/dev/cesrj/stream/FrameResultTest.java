package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.Truncations;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The message layer reports "need more" with the framing layers' one result, a {@link Fit}
 * (issue 33, item 2): {@link MessageFramer#frame} is {@link Fit.Verdict#CUT} needing 1 byte when
 * only genus-version codes were left before the end (it returned -1), and {@link Fit.Verdict#CUT}
 * with the facts of the truncation when a message is cut by the end of the bytes (it threw it),
 * and {@link
 * HeldRunFramer#resume} leaves the end or the bytes lacked in the parser's fit (it kept them in a
 * field of its own and in {@code HeldRun.needed}).
 */
class FrameResultTest {
  private static final byte[] MESSAGE = TestStreams.kelSingleFirstMessage(); // 391 bytes

  private static Fit.Verdict frame(byte[] b, List<Message> out, Fit fit, MessageFramer[] kept) {
    MessageFramer f = new MessageFramer(Unpooled.wrappedBuffer(b), 0, CesrOptions.DEFAULT);
    kept[0] = f;
    return f.frame(0, b.length, out, fit);
  }

  @Test
  void onlyGenusVersionCodesBeforeTheEndNeedOneMoreByte() {
    List<Message> out = new ArrayList<>();
    Fit fit = new Fit();
    MessageFramer[] f = new MessageFramer[1];
    assertEquals(Fit.Verdict.CUT, frame(concat("-_AAACAA", "-_AAABAA"), out, fit, f));
    assertEquals(1, fit.needed());
    assertThrows(IllegalStateException.class, fit::end);
    assertTrue(out.isEmpty());
    assertEquals(CounterTable.CESR_1_0, f[0].streamTable()); // the last code's switch is kept

    // the same codes before a message: whole, the codes its genus-version code
    byte[] b = concat("-_AAACAA", "-_AAABAA", MESSAGE);
    assertEquals(Fit.Verdict.WHOLE, frame(b, out, fit, f));
    assertEquals(b.length, fit.end());
    assertEquals(1, out.size());
    assertEquals(0, out.get(0).offset()); // a message's genus-version codes are its own
    assertEquals(b.length, out.get(0).length());
    assertEquals("-_AAABAA", out.get(0).genusVersion().orElseThrow().qb64Text());
  }

  @Test
  void aGenericGroupWhoseContentEndsInGenusVersionCodesIsWhole() {
    byte[] inner = GenericGroupTest.alignedV1Messages();
    byte[] b = GenericGroupTest.generic("-T", concat(inner, "-_AAABAA"));
    List<Message> out = new ArrayList<>();
    Fit fit = new Fit();
    assertEquals(Fit.Verdict.WHOLE, frame(b, out, fit, new MessageFramer[1]));
    assertEquals(b.length, fit.end());
    assertEquals(3, out.size());
    try (Messages messages = Messages.copyOf(b)) {
      int n = 0;
      while (messages.hasNext()) {
        messages.next();
        n++;
      }
      assertEquals(3, n);
    }
  }

  @Test
  void aCutMessageIsRecordedInTheFitWithTheTruncationItStandsFor() {
    List<Message> out = new ArrayList<>();
    Fit fit = new Fit();
    byte[] cut = java.util.Arrays.copyOf(MESSAGE, 300); // the body and 1 byte of the counter
    assertEquals(Fit.Verdict.CUT, frame(cut, out, fit, new MessageFramer[1]));
    assertTrue(fit.isTruncation());
    assertEquals(3, fit.needed());
    assertTrue(out.isEmpty());
    // the counter at 299, of which only '-' is at hand: what GroupFramer throws for it
    TruncatedException e = fit.error();
    assertEquals(
        Truncations.describe(new TruncatedException(299, null, "a counter", 3)),
        Truncations.describe(e));
    // and what Messages, at the end of the input, throws
    try (Messages messages = Messages.copyOf(cut)) {
      TruncatedException m = assertThrows(TruncatedException.class, messages::hasNext);
      assertEquals(Truncations.describe(e), Truncations.describe(m));
    }

    // the body itself cut: its version string read, its size not at hand
    byte[] body = java.util.Arrays.copyOf(MESSAGE, 100);
    assertEquals(Fit.Verdict.CUT, frame(body, out, fit, new MessageFramer[1]));
    VersionString vs = VersionSniffer.read(
        new dev.cesrj.internal.Source(Unpooled.wrappedBuffer(MESSAGE), 0), 0, MESSAGE.length,
        false, 0);
    assertEquals(
        Truncations.describe(
            new TruncatedException(0, vs.text(), "the rest of the message body", vs.size() - 100)),
        Truncations.describe(fit.error()));
    // before its version string
    byte[] head = java.util.Arrays.copyOf(MESSAGE, 10);
    assertEquals(Fit.Verdict.CUT, frame(head, out, fit, new MessageFramer[1]));
    assertEquals(
        Truncations.describe(new TruncatedException(
            0, null, "a version string within the first 27 bytes of the body", 17)),
        Truncations.describe(fit.error()));
  }

  @Test
  void messagesEndAtTrailingGenusVersionCodes() {
    try (Messages messages = Messages.copyOf(concat(MESSAGE, "-_AAABAA"))) {
      assertTrue(messages.hasNext());
      assertEquals(391, messages.next().length());
      assertFalse(messages.hasNext());
      assertEquals(391 + 8, messages.position());
    }
  }

  @Test
  void theParserWaitsForTheMessageOfTrailingGenusVersionCodes() {
    try (CesrStreamParser parser = new CesrStreamParser(CesrOptions.DEFAULT)) {
      Framed f = parser.feed(concat(MESSAGE, "-_AAABAA"));
      assertEquals(1, f.messages().size());
      assertEquals(1, f.needed());
      assertFalse(f.held());
    }
  }

  @Test
  void theResumeProtocolHoldsNoStateOfItsOwn() {
    for (Field field : HeldRunFramer.class.getDeclaredFields()) {
      assertTrue(Modifier.isStatic(field.getModifiers()), "HeldRunFramer." + field.getName());
    }
    for (Field field : HeldRun.class.getDeclaredFields()) {
      assertFalse(field.getType() == Fit.class, "HeldRun." + field.getName());
    }
  }
}
