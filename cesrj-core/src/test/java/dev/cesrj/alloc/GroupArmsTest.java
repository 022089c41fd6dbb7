package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.CesrOptions;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The benchmark arms do the same work: every parsing arm sees every group (same checksum), and
 * every arm releases what it allocates (the leak detector fails the test otherwise).
 */
class GroupArmsTest {

  @ParameterizedTest
  @CsvSource({"1, 1", "1, 2", "16, 2", "32, 2", "7, 64", "256, 2", "0, 2"})
  void everyParsingArmSeesEveryGroup(int groups, int sigs) {
    byte[] stream = SignatureStreams.controllerIdxSigs(groups, sigs);
    CountingAllocator allocator = new CountingAllocator();
    CesrOptions options = CesrOptions.builder().allocator(allocator).build();
    long expected = (long) groups * sigs;
    assertEquals(expected, GroupArms.copyOnce(stream, options));
    assertEquals(1, allocator.buffers());
    assertEquals(expected, GroupArms.perGroup(stream, options));
    assertEquals(1 + groups, allocator.buffers());
    ByteBuf prepared = GroupArms.prepare(stream, PooledByteBufAllocator.DEFAULT);
    try {
      assertEquals(expected, GroupArms.zeroCopy(prepared, options));
      assertEquals(stream.length, prepared.readerIndex());
      assertEquals(expected, GroupArms.zeroCopy(prepared, options), "reader index reset");
    } finally {
      prepared.release();
    }
    assertEquals(1 + groups, allocator.buffers());
    long last = stream.length == 0 ? 0 : stream[stream.length - 1];
    assertEquals(last, GroupArms.copyOnly(stream, allocator));
    assertEquals(2 + groups, allocator.buffers());
  }

  @ParameterizedTest
  // v1: 16 groups counting 2 signatures; v2: -_AAACAA (count 8192 = version 2.0) then 16 groups
  // counting 44 quadlets (-KAs)
  @CsvSource({"sigs_v1_K16_S2.qb64, 32", "sigs_v2_K16_S2.qb64, 8896"})
  void theCorpusAttachmentStreamsGiveTheSameChecksumEveryWay(String file, long expected) {
    byte[] stream = Corpus.bytes(file);
    long copyOnce = GroupArms.copyOnce(stream, CesrOptions.DEFAULT);
    assertEquals(expected, copyOnce);
    // v2: a genus-version code switches the table, which the per-group loop must carry along
    assertEquals(copyOnce, GroupArms.perGroup(stream, CesrOptions.DEFAULT));
    ByteBuf prepared = GroupArms.prepare(stream, PooledByteBufAllocator.DEFAULT);
    try {
      assertEquals(copyOnce, GroupArms.zeroCopy(prepared, CesrOptions.DEFAULT));
    } finally {
      prepared.release();
    }
  }
}
