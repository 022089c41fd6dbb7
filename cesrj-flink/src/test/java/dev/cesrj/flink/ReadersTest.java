package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.local.LocalDataInputStream;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three readers without a cluster: {@link CesrStreamFormat} over a file many times its
 * {@value CesrStreamFormat#CHUNK}-byte chunk (messages cut by chunk ends) gives the records of the
 * whole file framed at once, and a truncated file ends with one error record; the deserialization
 * schemas frame one record's several messages, give an error record (kind and offset) for bad
 * bytes, and take the Kafka record's key as the scope.
 */
@ExtendWith(LeakDetectionExtension.class)
class ReadersTest {
  private static final String FILE = "kel_witnessed.v1.bare.txt.original.cesr";

  static List<CesrRecord> readAll(Path file, String scope) throws Exception {
    List<CesrRecord> out = new ArrayList<>();
    try (StreamFormat.Reader<CesrRecord> r = new CesrStreamFormat(scope)
        .createReader(new Configuration(), new LocalDataInputStream(file.toFile()))) {
      for (CesrRecord x = r.read(); x != null; x = r.read()) {
        out.add(x);
      }
    }
    return out;
  }

  @Test
  void aFileOfManyChunksStreamsAsTheWholeFileFrames(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream big = new ByteArrayOutputStream();
    byte[] one = Corpus.bytes(FILE);
    while (big.size() < 20 * CesrStreamFormat.CHUNK) {
      big.write(one);
    }
    Path file = dir.resolve("big.cesr");
    Files.write(file, big.toByteArray());
    List<CesrRecord> streamed = readAll(file, "big");
    List<CesrRecord> whole = CesrRecords.frame("big", big.toByteArray());
    assertTrue(streamed.size() > 500, "records: " + streamed.size());
    assertEquals(whole, streamed);
    assertFalse(streamed.stream().anyMatch(CesrRecord::isError));

    Path cut = dir.resolve("cut.cesr");
    Files.write(cut, Arrays.copyOf(big.toByteArray(), big.size() - 7));
    List<CesrRecord> truncated = readAll(cut, "cut");
    CesrRecord last = truncated.get(truncated.size() - 1);
    assertTrue(last.isError(), last.toString());
    assertEquals(ErrorKind.TRUNCATED.name(), last.errorKind);
    // the error is where the parser saw the input end, inside the cut message
    assertTrue(last.offset >= streamed.get(streamed.size() - 1).offset
        && last.offset <= big.size() - 7, last.toString());
    assertEquals(streamed.size(), truncated.size());
  }

  @Test
  void aRecordOfSeveralMessagesAndABadRecord() {
    List<CesrRecord> out = new ArrayList<>();
    Collector<CesrRecord> c = collector(out);
    CesrDeserializationSchema schema = new CesrDeserializationSchema("s");
    byte[] one = Corpus.bytes(FILE);
    schema.deserialize(one, c);
    assertEquals(CesrRecords.frame("s", one), out);
    assertTrue(out.size() > 5);
    assertThrows(UnsupportedOperationException.class, () -> schema.deserialize(one));
    assertFalse(schema.isEndOfStream(out.get(0)));
    assertEquals(CesrRecord.class, schema.getProducedType().getTypeClass());

    out.clear();
    byte[] bad = "{\"v\":\"KERI10JSON00002a_\"".getBytes(StandardCharsets.US_ASCII);
    schema.deserialize(bad, c);
    assertEquals(1, out.size());
    assertTrue(out.get(0).isError());
    assertEquals(0, out.get(0).offset);
    schema.deserialize(null, c);
    assertEquals(1, out.size(), "a tombstone gives nothing");
  }

  @Test
  void theKafkaSchemaScopesByRecordKey() throws Exception {
    List<CesrRecord> out = new ArrayList<>();
    CesrKafkaDeserializationSchema schema = new CesrKafkaDeserializationSchema();
    byte[] one = Corpus.bytes(FILE);
    schema.deserialize(new ConsumerRecord<>("kels", 3, 7L,
        "family-1".getBytes(StandardCharsets.UTF_8), one), collector(out));
    assertEquals(CesrRecords.frame("family-1", one), out);
    out.clear();
    schema.deserialize(new ConsumerRecord<>("kels", 3, 8L, null, one), collector(out));
    assertEquals("kels/3", out.get(0).scope);
    out.clear();
    schema.deserialize(new ConsumerRecord<byte[], byte[]>("kels", 3, 9L, null, null),
        collector(out));
    assertTrue(out.isEmpty());
    assertNull(schema.getProducedType().getTypeClass().getAnnotation(Deprecated.class));
  }

  private static Collector<CesrRecord> collector(List<CesrRecord> out) {
    return new Collector<>() {
      @Override
      public void collect(CesrRecord r) {
        out.add(r);
      }

      @Override
      public void close() {
      }
    };
  }
}
