package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MGPK field reader on hand-made maps (every corpus MGPK body is read through it by
 * {@link InspectCorpusTest}): nested values of every format family are skipped; malformed or cut
 * input gives {@code null}, never an exception.
 */
class MessagePackMapTest {
  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  @Test
  void readsTextEntriesAndSkipsTheRest() {
    byte[] map = bytes(
        0x85, // fixmap, 5 entries
        0xA1, 't', 0xA3, 'i', 'c', 'p', // "t": "icp"
        0xA1, 'k', 0x92, 0xCD, 0x01, 0x00, 0x81, 0xA1, 'x', 0xC4, 0x02, 9, 9, // "k": [256, {"x": bin}]
        0xA1, 'n', 0xCB, 0, 0, 0, 0, 0, 0, 0, 0, // "n": float64
        0xD9, 0x01, 's', 0xD9, 0x01, '0', // str8 "s": str8 "0"
        0xA1, 'e', 0xD6, 1, 2, 3, 4, 5); // "e": fixext4
    assertEquals(Map.of("t", "icp", "s", "0"), MessagePackMap.topLevelText(map));
    assertEquals(Map.of("a", "b"),
        MessagePackMap.topLevelText(bytes(0xDE, 0, 1, 0xA1, 'a', 0xA1, 'b')));
  }

  @Test
  void malformedOrCutGivesNull() {
    assertNull(MessagePackMap.topLevelText(bytes()));
    assertNull(MessagePackMap.topLevelText(bytes(0x92, 1, 2))); // an array, not a map
    assertNull(MessagePackMap.topLevelText(bytes(0x81, 0xA1, 't'))); // value missing
    assertNull(MessagePackMap.topLevelText(bytes(0x81, 0xA1, 't', 0xA5, 'x'))); // string cut
    assertNull(MessagePackMap.topLevelText(bytes(0x81, 0xA1, 't', 0xC1))); // never-used byte
    assertNull(MessagePackMap.topLevelText(bytes(0x81, 0xA1, 't', 0xDD, 0x7F, 0xFF, 0xFF, 0xFF)));
  }
}
