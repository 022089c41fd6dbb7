package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.util.IllegalReferenceCountException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a caller is told when {@link Messages} is used as it cannot be: a second loop over it is an
 * {@link IllegalStateException} that says why (it used to yield nothing), and a view read after
 * the owner's {@code close()} is still an {@link IllegalReferenceCountException}, the type Netty
 * throws, now with a message that names the view and the owners (it used to be Netty's bare
 * "refCnt: 0").
 */
@ExtendWith(LeakDetectionExtension.class)
class MessagesUseAfterTest {
  @Test
  void aSecondLoopIsAnIllegalStateThatSaysWhy() {
    byte[] stream = TestStreams.concat(TestStreams.kelSingleFirstMessage(),
        TestStreams.kelSingleFirstMessage());
    try (Messages ms = Messages.copyOf(stream)) {
      List<Long> offsets = new ArrayList<>();
      for (Message m : ms) {
        offsets.add(m.offset());
      }
      assertEquals(List.of(0L, 391L), offsets);
      IllegalStateException e = assertThrows(IllegalStateException.class, ms::iterator);
      assertEquals("Messages is one pass over its input and was iterated already: it moves past"
          + " each message it returns, so a second loop would see none; frame the input again"
          + " (Messages.copyOf or Messages.over) to read it again", e.getMessage());
      assertFalse(ms.hasNext());
    }
  }

  @Test
  void aSignatureReadAfterCloseNamesItselfAndTheOwners() {
    IndexedSignature sig;
    try (Messages ms = Messages.copyOf(TestStreams.kelSingleFirstMessage())) {
      Message m = ms.next();
      sig = (IndexedSignature) m.attachments().get(0).elements().get(0);
      assertEquals(0, sig.index());
    }
    String expected = "IndexedSignature A at offset 303 used after its input was released: close"
        + " the Messages, Groups or CesrStreamParser that read it (or release the Framed, or the"
        + " buffer given to over) only after its last view is used";
    IndexedSignature s = sig;
    assertEquals(expected, assertThrows(IllegalReferenceCountException.class, s::qb64).getMessage());
    assertEquals(expected, assertThrows(IllegalReferenceCountException.class, s::qb2).getMessage());
    assertEquals(expected, assertThrows(IllegalReferenceCountException.class, s::raw).getMessage());
    assertEquals(expected, assertThrows(IllegalReferenceCountException.class, s::index).getMessage());
  }

  /** A Matter (a receipt couple's verfer) read after its {@code Groups} closed: the same message. */
  @Test
  void aMatterReadAfterCloseNamesItselfAndTheOwners() {
    String verfer = "B" + "A".repeat(43);
    String cigar = "0B" + "A".repeat(86);
    byte[] couples = ("-CAB" + verfer + cigar).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    dev.cesrj.CesrOptions v1 =
        dev.cesrj.CesrOptions.builder().defaultTable(dev.cesrj.code.CounterTable.CESR_1_0).build();
    dev.cesrj.primitive.Matter m;
    try (dev.cesrj.group.Groups groups = dev.cesrj.group.Groups.copyOf(couples, v1)) {
      m = ((dev.cesrj.group.Tuple) groups.next().elements().get(0)).matter(0);
      assertEquals(verfer, m.qb64Text());
    }
    dev.cesrj.primitive.Matter closed = m;
    String expected = "Matter B at offset 4 used after its input was released: close the Messages,"
        + " Groups or CesrStreamParser that read it (or release the Framed, or the buffer given to"
        + " over) only after its last view is used";
    assertEquals(expected,
        assertThrows(IllegalReferenceCountException.class, closed::qb64).getMessage());
    assertEquals(expected,
        assertThrows(IllegalReferenceCountException.class, closed::raw).getMessage());
    assertEquals(expected,
        assertThrows(IllegalReferenceCountException.class, closed::soft).getMessage());
  }
}
