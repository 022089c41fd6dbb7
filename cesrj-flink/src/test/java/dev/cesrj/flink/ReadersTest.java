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
 * bytes, and take the Kafka record's key (Base64url) or keyless partition as the scope, one to
 * one.
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
    assertEquals(CesrRecords.frame("key:ZmFtaWx5LTE", one), out, "key: and Base64url");
    out.clear();
    schema.deserialize(new ConsumerRecord<>("kels", 3, 8L, null, one), collector(out));
    assertEquals("partition:kels/3", out.get(0).scope);
    out.clear();
    schema.deserialize(new ConsumerRecord<byte[], byte[]>("kels", 3, 9L, null, null),
        collector(out));
    assertTrue(out.isEmpty());
    assertNull(schema.getProducedType().getTypeClass().getAnnotation(Deprecated.class));
  }

  /**
   * The Kafka schema's scope is one-to-one with the record key: two keys that are not UTF-8 and
   * decode to the same text (U+FFFD) get two scopes, the keyless records of two partitions (and
   * of two topics) get theirs, a key whose text is a keyless partition's scope (new form and old)
   * or whose bytes are empty gets none of those, and the keyless records of one partition share
   * one. Kafka's own topic check refuses a '/' in a topic name, which keeps
   * {@code partition:TOPIC/N} unambiguous.
   */
  @Test
  void theKafkaSchemasScopesDoNotCollide() {
    CesrKafkaDeserializationSchema schema = new CesrKafkaDeserializationSchema();
    byte[] one = Corpus.bytes(FILE);
    byte[] ff = {(byte) 0xff};
    byte[] fe = {(byte) 0xfe};
    assertEquals(new String(ff, StandardCharsets.UTF_8), new String(fe, StandardCharsets.UTF_8),
        "both decode to U+FFFD");
    List<String> scopes = new ArrayList<>();
    Object[][] records = {{"kels", 0, ff}, {"kels", 0, fe}, {"kels", 0, null}, {"kels", 1, null},
        {"kelz", 0, null}, {"kels", 0, "partition:kels/0".getBytes(StandardCharsets.UTF_8)},
        {"kels", 0, "kels/0".getBytes(StandardCharsets.UTF_8)}, {"kels", 0, new byte[0]},
        {"kels", 0, "key:".getBytes(StandardCharsets.UTF_8)}};
    for (Object[] r : records) {
      List<CesrRecord> out = new ArrayList<>();
      schema.deserialize(new ConsumerRecord<>((String) r[0], (Integer) r[1], 0L, (byte[]) r[2],
          one), collector(out));
      assertTrue(out.size() > 1);
      assertTrue(out.stream().allMatch(x -> x.scope.equals(out.get(0).scope)));
      scopes.add(out.get(0).scope);
    }
    assertEquals(List.of("key:_w", "key:_g", "partition:kels/0", "partition:kels/1",
        "partition:kelz/0", "key:cGFydGl0aW9uOmtlbHMvMA", "key:a2Vscy8w", "key:", "key:a2V5Og"),
        scopes);
    assertEquals(scopes.size(), new java.util.HashSet<>(scopes).size(), "all different");
    List<CesrRecord> again = new ArrayList<>();
    schema.deserialize(new ConsumerRecord<>("kels", 0, 5L, null, one), collector(again));
    assertEquals("partition:kels/0", again.get(0).scope, "one partition's keyless records");
    assertFalse(org.apache.kafka.common.internals.Topic.isValid("kels/0"));
    assertTrue(org.apache.kafka.common.internals.Topic.isValid("kels.v1_a-b"));
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
