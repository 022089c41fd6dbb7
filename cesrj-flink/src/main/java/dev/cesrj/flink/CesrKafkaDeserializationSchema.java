package dev.cesrj.flink;

import java.util.Base64;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A {@link KafkaRecordDeserializationSchema} for flink-connector-kafka: each Kafka record's value
 * is framed whole ({@link CesrRecords#frame}: several messages, then an error record where it stops
 * framing, offsets counted from the value's first byte). Producers co-partition what must be
 * validated together (a delegator and its delegates, receipt signers) by giving it one record key,
 * as Kafka partitions by key; the scope of a record's messages ({@link #scope}) is one-to-one with
 * that key:
 *
 * <ul>
 *   <li>a record with a key: {@code key:} and the key's bytes in Base64url without padding (RFC
 *       4648 section 5; {@code key:} alone for an empty key), so that keys that are not UTF-8 text
 *       (or decode to the same text, U+FFFD standing for each bad byte) stay apart;
 *   <li>a record without a key (null): {@code partition:}, the topic, {@code /} and the partition
 *       number, so that the keyless records of one partition are one scope. A topic name holds
 *       only ASCII letters and digits, {@code .}, {@code _} and {@code -} (Apache Kafka,
 *       {@code clients/src/main/java/org/apache/kafka/common/internals/Topic.java},
 *       {@code LEGAL_CHARS} and {@code containsValidPattern}), never {@code /}, so the topic and
 *       partition are read back unambiguously.
 * </ul>
 *
 * <p>The two forms start differently, so no key's scope is a keyless partition's, whatever the
 * key's bytes (the key {@code partition:kels/3} has scope {@code key:cGFydGl0aW9uOmtlbHMvMw}).
 */
public class CesrKafkaDeserializationSchema
    implements KafkaRecordDeserializationSchema<CesrRecord> {
  private static final long serialVersionUID = 1L;
  /** What starts the scope of a record with a key. */
  public static final String KEY_SCOPE = "key:";
  /** What starts the scope of a record without a key. */
  public static final String PARTITION_SCOPE = "partition:";

  /** A schema (it has no settings). */
  public CesrKafkaDeserializationSchema() {
  }

  /**
   * Frames the record's value, its messages (and error record) under {@link #scope} of its key.
   *
   * @param record the Kafka record; a null value (a tombstone) gives nothing
   * @param out receives the records
   */
  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<CesrRecord> out) {
    if (record.value() == null) {
      return;
    }
    String scope = scope(record.key(), record.topic(), record.partition());
    CesrRecords.frame(scope, record.value()).forEach(out::collect);
  }

  /**
   * {@return the scope of a Kafka record's messages: {@code key:} and the key in Base64url without
   * padding, or for a null key {@code partition:TOPIC/PARTITION}} Different keys (byte for byte),
   * and a key and a keyless partition, never share a scope; keyless records share their
   * partition's.
   *
   * @param key the record's key (not changed), or null
   * @param topic the record's topic
   * @param partition the record's partition
   */
  public static String scope(byte[] key, String topic, int partition) {
    return key != null ? KEY_SCOPE + Base64.getUrlEncoder().withoutPadding().encodeToString(key)
        : PARTITION_SCOPE + topic + "/" + partition;
  }

  /** {@return the POJO type of {@link CesrRecord}} */
  @Override
  public TypeInformation<CesrRecord> getProducedType() {
    return TypeInformation.of(CesrRecord.class);
  }
}
