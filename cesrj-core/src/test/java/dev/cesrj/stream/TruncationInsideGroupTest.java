package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Groups;
import dev.cesrj.testing.Qb64;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Content cut by the count of the group that encloses it is malformed, not truncated, and is
 * reported in one wording wherever it is met: {@code content ends inside its <group> at offset
 * <counter offset>}, with the offset, code and expectation of the cut item.
 */
class TruncationInsideGroupTest {
  private static final CesrOptions V2 =
      CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();

  private static String sig(int index) {
    byte[] raw = new byte[64];
    Arrays.fill(raw, (byte) (index + 1));
    return Qb64.indexer(IndexerCode.Ed25519_Sig, index, 0, raw);
  }

  private static String counter(CounterTable t, char letter, long count) {
    return Qb64.counter(t, letter, count, false);
  }

  private static MalformedException messages(byte[] input, CesrOptions options) {
    return assertThrows(
        MalformedException.class,
        () -> {
          try (Messages messages = Messages.copyOf(input, options)) {
            while (messages.hasNext()) {
              messages.next();
            }
          }
        });
  }

  private static MalformedException groups(String input, CesrOptions options) {
    return assertThrows(
        MalformedException.class,
        () -> {
          try (Groups groups = Groups.copyOf(TestStreams.ascii(input), options)) {
            while (groups.hasNext()) {
              groups.next();
            }
          }
        });
  }

  private static void assertCut(CesrException e, long offset, String code, String detail) {
    assertEquals(offset, e.offset(), e.getMessage());
    assertEquals(code, e.code(), e.getMessage());
    assertEquals(detail, e.detail(), e.getMessage());
  }

  @Test
  void aQuadletCountedGroupCutsItsSignature() {
    // 21 quadlets = 84 chars for an 88-char signature
    MalformedException e = groups(counter(CounterTable.CESR_2_0, 'K', 21) + sig(0) + "AAAA", V2);
    assertCut(e, 4, "A", "content ends inside its ControllerIdxSigs at offset 0");
    assertEquals("the rest of Ed25519_Sig", e.expected());
  }

  @Test
  void aNestedControllerIdxSigsCutsItsSignature() {
    String tuple =
        Qb64.matter(MatterCode.Ed25519, new byte[32])
            + Qb64.matter(MatterCode.Salt_128, new byte[16])
            + Qb64.matter(MatterCode.Blake3_256, new byte[32]);
    String input =
        counter(CounterTable.CESR_2_0, 'X', (112 + 88) / 4)
            + tuple
            + counter(CounterTable.CESR_2_0, 'K', 21)
            + sig(0);
    assertCut(
        groups(input, V2), 4 + 112 + 4, "A",
        "content ends inside its ControllerIdxSigs at offset " + (4 + 112));
  }

  @Test
  void aGenericGroupCutsItsLastMessage() {
    byte[] inner = TestStreams.kelSingleFirstMessage(); // 391 bytes
    byte[] input =
        TestStreams.concat(counter(CounterTable.CESR_1_0, 'T', inner.length / 4 - 1), inner);
    MalformedException e = messages(input, CesrOptions.DEFAULT);
    assertEquals("content ends inside its GenericGroup at offset 0", e.detail(), e.getMessage());
  }

  @Test
  void anAttachmentGroupCutsItsSignature() {
    String atts = TestStreams.kelSingleFirstAttachments(); // -AAB + signature, 92 chars
    byte[] input =
        TestStreams.concat(
            TestStreams.kelSingleFirstBody(),
            counter(CounterTable.CESR_1_0, 'V', atts.length() / 4 - 1),
            atts);
    assertCut(
        messages(input, CesrOptions.DEFAULT), 299 + 4 + 4, "A",
        "content ends inside its AttachmentGroup at offset 299");
  }

  @Test
  void aNativeBodyCutsItsField() {
    // a FixBodyGroup of 1 quadlet whose Verser (Tag10, 12 chars) runs past it
    byte[] input =
        TestStreams.ascii(counter(CounterTable.CESR_2_0, 'F', 1) + "0OKERICAACAA" + "AAAA");
    MalformedException e = messages(input, V2);
    assertCut(e, 4, "0O", "content ends inside its FixBodyGroup at offset 0");
  }

  @Test
  void aBodyWithAttachmentGroupCutsItsAttachments() {
    String body = counter(CounterTable.CESR_2_0, 'F', 3) + "0OKERICAACAA";
    String cut = counter(CounterTable.CESR_2_0, 'K', 1);
    byte[] input =
        TestStreams.ascii(
            counter(CounterTable.CESR_2_0, 'B', (body.length() + cut.length()) / 4)
                + body + cut + sig(0));
    MalformedException e = messages(input, V2);
    assertCut(e, 20, "-K", "content ends inside its BodyWithAttachmentGroup at offset 0");
  }
}
