package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.testing.LeakDetectionExtension;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link CesrDeserializationSchema} on hostile records: empty, binary garbage, a header that
 * declares more than the frame limit or the most a version string can (16,777,215 bytes, just
 * under the 16 MiB default limit), truncated and corrupted kel/A streams.
 * None throws; each gives its whole messages, then at most one error record, last, with an
 * {@link ErrorKind}, a message and an offset inside the record; a declared size is refused
 * without its bytes being awaited.
 */
@ExtendWith(LeakDetectionExtension.class)
class HostileRecordsTest {
  private static List<CesrRecord> read(byte[] record) {
    List<CesrRecord> out = new ArrayList<>();
    new CesrDeserializationSchema("s").deserialize(record, new Collector<>() {
      @Override
      public void collect(CesrRecord r) {
        out.add(r);
      }

      @Override
      public void close() {
      }
    });
    return out;
  }

  private static void assertWellFormed(byte[] record, List<CesrRecord> out, String where) {
    for (int i = 0; i < out.size(); i++) {
      CesrRecord r = out.get(i);
      assertEquals("s", r.scope, where);
      assertTrue(r.offset >= 0 && r.offset <= record.length, where + ": " + r);
      if (r.isError()) {
        assertEquals(out.size() - 1, i, where + ": the error is last");
        assertNotNull(ErrorKind.valueOf(r.errorKind), where);
        assertTrue(r.errorMessage.startsWith("at offset " + r.offset), where + ": " + r);
      } else {
        assertTrue(r.bytes.length > 0 && r.offset + r.bytes.length <= record.length, where);
      }
    }
  }

  @Test
  void noRecordThrowsAndEachErrorIsTypedAndPlaced() {
    assertEquals(List.of(), read(new byte[0]), "an empty record holds no message");

    byte[] tooLarge = "{\"v\":\"KERI10JSONffffff_\",\"t\":\"icp\"".getBytes(StandardCharsets.US_ASCII);
    List<CesrRecord> big = read(tooLarge);
    assertEquals(1, big.size());
    assertEquals(ErrorKind.TRUNCATED.name(), big.get(0).errorKind,
        "16,777,215 bytes declared: within the 16 MiB default frame limit, cut");
    // a GenericGroup (CESR 1.0 big form) declaring 64^5 - 1 quadlets: past the limit at once
    byte[] generic = "--T_____".getBytes(StandardCharsets.US_ASCII);
    List<CesrRecord> huge = read(generic);
    assertEquals(1, huge.size(), huge.toString());
    assertEquals(ErrorKind.FRAME_TOO_LARGE.name(), huge.get(0).errorKind, huge.toString());
    assertEquals(0, huge.get(0).offset);

    SplittableRandom random = new SplittableRandom(25);
    for (int i = 0; i < 300; i++) {
      byte[] garbage = new byte[random.nextInt(1, 2000)];
      random.nextBytes(garbage);
      List<CesrRecord> out = read(garbage);
      assertWellFormed(garbage, out, "garbage " + i);
    }
    List<String> files = Corpus.files();
    for (int i = 0; i < 300; i++) {
      byte[] stream = Corpus.bytes(files.get(random.nextInt(files.size())));
      byte[] record = random.nextBoolean()
          ? Arrays.copyOf(stream, random.nextInt(1, stream.length))
          : corrupt(stream, random);
      List<CesrRecord> out = read(record);
      assertWellFormed(record, out, "record " + i);
    }
  }

  private static byte[] corrupt(byte[] stream, SplittableRandom random) {
    byte[] b = stream.clone();
    for (int k = 0, n = random.nextInt(1, 4); k < n; k++) {
      b[random.nextInt(b.length)] = (byte) random.nextInt(256);
    }
    return b;
  }
}
