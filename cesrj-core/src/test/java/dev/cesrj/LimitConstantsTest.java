package dev.cesrj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.code.CounterTable;
import dev.cesrj.stream.VersionString;
import org.junit.jupiter.api.Test;

/** The limits and bounds named once: the builder's ranges, a version string's size, a version. */
class LimitConstantsTest {

  @Test
  void theBuilderAcceptsExactlyItsNamedRanges() {
    assertEquals(4, CesrOptions.MIN_FRAME_BYTES);
    assertEquals(2_147_483_647L, CesrOptions.MAX_FRAME_BYTES);
    assertEquals(64, CesrOptions.MAX_DEPTH);
    CesrOptions.Builder b = CesrOptions.builder();
    assertEquals(4, b.maxFrameBytes(CesrOptions.MIN_FRAME_BYTES).build().maxFrameBytes());
    assertEquals(
        Integer.MAX_VALUE, b.maxFrameBytes(CesrOptions.MAX_FRAME_BYTES).build().maxFrameBytes());
    assertEquals(64, b.maxDepth(CesrOptions.MAX_DEPTH).build().maxDepth());
    assertEquals(
        "maxFrameBytes must be in [4, 2147483647]: 3",
        assertThrows(IllegalArgumentException.class, () -> b.maxFrameBytes(3)).getMessage());
    assertEquals(
        "maxFrameBytes must be in [4, 2147483647]: 2147483648",
        assertThrows(IllegalArgumentException.class, () -> b.maxFrameBytes(1L << 31))
            .getMessage());
    assertEquals(
        "maxDepth must be in [1, 64]: 65",
        assertThrows(IllegalArgumentException.class, () -> b.maxDepth(65)).getMessage());
  }

  @Test
  void aVersionStringStatesAtMostSixHexDigitsOrFourBase64Characters() {
    assertEquals((1L << 24) - 1, VersionString.MAX_SIZE);
    assertEquals(16_777_215L, VersionString.MAX_SIZE);
  }

  @Test
  void aGenusVersionCountCarriesMajorThenMinor() {
    // -_AAACAA: soft part CAA, count 2 * 4096
    assertEquals(2, CounterTable.genusMajor(2 * 4096));
    assertEquals(0, CounterTable.genusMinor(2 * 4096));
    // soft part BAB: version 1.1
    assertEquals(1, CounterTable.genusMajor(4096 + 1));
    assertEquals(1, CounterTable.genusMinor(4096 + 1));
    assertEquals(63, CounterTable.genusMajor(262_143));
    assertEquals(4095, CounterTable.genusMinor(262_143));
  }
}
