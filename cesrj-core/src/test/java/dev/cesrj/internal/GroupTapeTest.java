package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.GroupTape.Step;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupFramer} records on a {@link GroupTape} each item it checks, with its span, depth,
 * domain, code, count, index and ondex: the values the cursor's tokens and the group views are
 * read from (issue 17, "the grammar once"). Groups are built here from the CESR 1.0 table's
 * grammar (keripy {@code counting.py}): ControllerIdxSigs {@code -A} counts signatures,
 * TransIdxSigGroups {@code -F} counts tuples of prefix, number, digest and a nested {@code -A}.
 */
class GroupTapeTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;

  private static String sig(int index) {
    return new String(SignatureStreams.ed25519Sig(index, new byte[64]), StandardCharsets.US_ASCII);
  }

  /** An Ed448 indexed signature ({@code 0A}: index and ondex one character each, 156 chars). */
  private static final String ED448 = "0ABC" + "A".repeat(152);

  private static final String PREFIX = "E" + "A".repeat(43);
  private static final String NUMBER = "0A" + "A".repeat(22);

  /** Each entry as "STEP start+length depth domain what". */
  private static List<String> entries(GroupTape t) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      String what;
      switch (t.step(i)) {
        case MATTER:
          what = t.matterCode(i).name();
          break;
        case INDEXER:
          what = t.indexerCode(i).name() + " " + t.signatureIndex(i) + "/" + t.ondex(i);
          break;
        default:
          what = t.counterCode(i).name() + " " + t.count(i);
      }
      out.add(t.step(i) + " " + t.start(i) + "+" + t.length(i) + " " + t.depth(i) + " "
          + t.domain(i) + " " + what);
    }
    return out;
  }

  private static GroupTape frame(ByteBuf b, CounterTable table) {
    GroupFramer framer = new GroupFramer(new Source(b, 0), CesrOptions.DEFAULT);
    GroupTape tape = new GroupTape(2); // grown as needed
    assertEquals(b.writerIndex(), framer.group(0, b.writerIndex(), table, 1, tape));
    return tape;
  }

  @Test
  void aSignatureGroupIsItsStartItsSignaturesAndItsEnd() {
    byte[] text = ("-AAC" + sig(0) + sig(5)).getBytes(StandardCharsets.US_ASCII);
    List<String> expected = List.of(
        "GROUP_START 0+180 1 qb64 ControllerIdxSigs 2",
        "INDEXER 4+88 2 qb64 Ed25519_Sig 0/0",
        "INDEXER 92+88 2 qb64 Ed25519_Sig 5/5",
        "GROUP_END 0+180 1 qb64 ControllerIdxSigs 2");
    GroupTape heap = frame(Unpooled.wrappedBuffer(text), V1);
    assertEquals(expected, entries(heap));
    assertEquals(3, heap.match(0));
    assertEquals(0, heap.match(3));
    ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(text.length).writeBytes(text);
    try {
      assertEquals(expected, entries(frame(direct, V1)), "a buffer without a backing array");
    } finally {
      direct.release();
    }
  }

  /**
   * Issue 33, item 2: one signature fast path, read through {@link Source}, for every buffer kind
   * and byte order; each kind gives the heap buffer's entries (a little-endian view once hid a
   * byte-order bug in a copy of this path that read the bytes its own way).
   */
  @Test
  @SuppressWarnings("deprecation") // ByteBuf.order: the swapped view a caller may still hand in
  void theSignatureFastPathRecordsTheSameEntriesForEveryBufferKindAndByteOrder() {
    byte[] text = ("-AAD" + sig(0) + sig(5) + sig(63)).getBytes(StandardCharsets.US_ASCII);
    List<String> expected = List.of(
        "GROUP_START 0+268 1 qb64 ControllerIdxSigs 3",
        "INDEXER 4+88 2 qb64 Ed25519_Sig 0/0",
        "INDEXER 92+88 2 qb64 Ed25519_Sig 5/5",
        "INDEXER 180+88 2 qb64 Ed25519_Sig 63/63",
        "GROUP_END 0+268 1 qb64 ControllerIdxSigs 3");
    assertEquals(expected, entries(frame(Unpooled.wrappedBuffer(text), V1)), "heap");
    ByteBuf swappedHeap = Unpooled.wrappedBuffer(text).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    assertEquals(expected, entries(frame(swappedHeap, V1)), "heap, little-endian view");
    for (dev.cesrj.testing.BufferKinds kind : dev.cesrj.testing.BufferKinds.values()) {
      dev.cesrj.testing.BufferKinds.Made made = kind.make(text);
      try {
        assertEquals(expected, entries(frame(made.buf(), V1)), kind.name());
      } finally {
        made.release();
      }
    }
  }

  @Test
  void aTupleGroupRecordsEachSlotAndItsNestedGroup() {
    String nested = "-AAB" + ED448;
    String text = "-FAB" + PREFIX + NUMBER + PREFIX + nested;
    GroupTape tape = frame(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII), V1);
    assertEquals(List.of(
        "GROUP_START 0+" + text.length() + " 1 qb64 TransIdxSigGroups 1",
        "MATTER 4+44 2 qb64 Blake3_256",
        "MATTER 48+24 2 qb64 Salt_128",
        "MATTER 72+44 2 qb64 Blake3_256",
        "GROUP_START 116+160 2 qb64 ControllerIdxSigs 1",
        "INDEXER 120+156 3 qb64 Ed448_Sig 1/2",
        "GROUP_END 116+160 2 qb64 ControllerIdxSigs 1",
        "GROUP_END 0+" + text.length() + " 1 qb64 TransIdxSigGroups 1"), entries(tape));
    assertEquals(MatterCode.Blake3_256, tape.matterCode(1));
    assertEquals(IndexerCode.Ed448_Sig, tape.indexerCode(5));
    assertEquals(6, tape.match(4));
  }

  @Test
  void aQb2GroupRecordsTheSameItemsInBytesOfItsDomain() {
    String text = "-FAB" + PREFIX + NUMBER + PREFIX + "-AAB" + sig(3);
    ByteBuf qb64 = Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    ByteBuf qb2 = Transcode.toQb2(qb64, 0, "-F");
    try {
      GroupTape tape = frame(Unpooled.wrappedBuffer(ByteBufUtil.getBytes(qb2)), V1);
      int total = text.length() / 4 * 3;
      assertEquals(List.of(
          "GROUP_START 0+" + total + " 1 qb2 TransIdxSigGroups 1",
          "MATTER 3+33 2 qb2 Blake3_256",
          "MATTER 36+18 2 qb2 Salt_128",
          "MATTER 54+33 2 qb2 Blake3_256",
          "GROUP_START 87+69 2 qb2 ControllerIdxSigs 1",
          "INDEXER 90+66 3 qb2 Ed25519_Sig 3/3",
          "GROUP_END 87+69 2 qb2 ControllerIdxSigs 1",
          "GROUP_END 0+" + total + " 1 qb2 TransIdxSigGroups 1"), entries(tape));
    } finally {
      qb2.release();
    }
  }

  @Test
  void aGenusVersionCodeRecordsTheTableItSelects() {
    GroupTape tape = frame(Unpooled.copiedBuffer("-_AAACAA", StandardCharsets.US_ASCII), V1);
    assertEquals(List.of("GENUS_VERSION 0+8 1 qb64 KERIACDCGenusVersion 8192"), entries(tape));
    assertEquals(CounterTable.CESR_2_0, tape.selected(0));
  }

  /**
   * A group whose framing failed leaves a start without an end, which {@link
   * GroupTape#wholeGroupAt} passes over; a whole one is found by start, depth and code.
   */
  @Test
  void onlyWholeGroupsAreFound() {
    byte[] cut = ("-FAB" + PREFIX + NUMBER).getBytes(StandardCharsets.US_ASCII);
    GroupFramer framer = new GroupFramer(new Source(Unpooled.wrappedBuffer(cut), 0),
        CesrOptions.DEFAULT);
    GroupTape tape = new GroupTape();
    assertThrows(TruncatedException.class, () -> framer.group(0, cut.length, V1, 1, tape));
    CounterCode tsgs = V1.small('F');
    assertEquals(Step.GROUP_START, tape.step(0));
    assertEquals(-1, tape.match(0));
    assertEquals(-1, tape.wholeGroupAt(0, 0, 1, tsgs));
    int failed = tape.size();
    byte[] whole = ("-FAB" + PREFIX + NUMBER + PREFIX + "-AAB" + sig(0))
        .getBytes(StandardCharsets.US_ASCII);
    GroupFramer again = new GroupFramer(new Source(Unpooled.wrappedBuffer(whole), 0),
        CesrOptions.DEFAULT);
    again.group(0, whole.length, V1, 1, tape);
    assertEquals(failed, tape.wholeGroupAt(0, 0, 1, tsgs));
    assertEquals(-1, tape.wholeGroupAt(0, 0, 2, tsgs), "another depth");
    assertEquals(-1, tape.wholeGroupAt(0, 0, 1, CounterTable.CESR_1_0_LEGACY.small('F')),
        "another table's code");
    tape.clear();
    assertEquals(0, tape.size());
  }

  @Test
  void aGroupFromTheFastPathIsRecordedAndFoundWholeAsAnyOther() {
    // -A from the fast path, then an Ed448 -A and a -F the checked path frames (the -F's nested
    // -A too): the fast path's record has the checked path's steps and depths, and no mark (a
    // group's views derive its layout from its own facts, issue 33, item 1)
    String fast = "-AAB" + sig(7);
    String checked = "-AAB" + ED448;
    String tuple = "-FAB" + PREFIX + NUMBER + PREFIX + "-AAB" + sig(1);
    ByteBuf buf = Unpooled.copiedBuffer(fast + checked + tuple, StandardCharsets.US_ASCII);
    GroupFramer framer = new GroupFramer(new Source(buf, 0), CesrOptions.DEFAULT);
    GroupTape tape = new GroupTape(2);
    int p = 0;
    List<Integer> ends = new ArrayList<>();
    while (p < buf.writerIndex()) {
      p = framer.group(p, buf.writerIndex(), V1, 1, tape);
      ends.add(p);
    }
    int nested = fast.length() + checked.length() + tuple.length() - 92;
    assertEquals(List.of(92, 252, 252 + tuple.length()), ends);
    List<String> all = entries(tape);
    assertEquals(List.of(
        "GROUP_START 0+92 1 qb64 ControllerIdxSigs 1",
        "INDEXER 4+88 2 qb64 Ed25519_Sig 7/7",
        "GROUP_END 0+92 1 qb64 ControllerIdxSigs 1"), all.subList(0, 3));
    assertEquals(List.of(
        "GROUP_START " + nested + "+92 2 qb64 ControllerIdxSigs 1",
        "INDEXER " + (nested + 4) + "+88 3 qb64 Ed25519_Sig 1/1",
        "GROUP_END " + nested + "+92 2 qb64 ControllerIdxSigs 1"),
        all.subList(all.size() - 4, all.size() - 1), "the checked path's record of it");
    List<Integer> depths = new ArrayList<>();
    for (int i = 0; i < tape.size(); i++) {
      if (tape.step(i) == Step.GROUP_START) {
        depths.add(tape.depth(i));
      }
    }
    assertEquals(List.of(1, 1, 1, 2), depths);
    assertEquals(2, tape.depth(1), "a signature of the fast path's group");
    assertEquals(0, tape.wholeGroupAt(0, 0, 1, V1.controllerIdxSigs()));
    assertEquals(3, tape.wholeGroupAt(1, fast.length(), 1, V1.controllerIdxSigs()));
    assertEquals(-1, tape.wholeGroupAt(0, 0, 2, V1.controllerIdxSigs()));
    buf.release();
  }
}
