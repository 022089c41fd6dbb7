package dev.cesrj.flink;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A {@link KafkaRecordDeserializationSchema} for flink-connector-kafka: each Kafka record's value
 * is framed whole ({@link CesrRecords#frame}: several messages, then an error record where it stops
 * framing, offsets counted from the value's first byte). The scope of its records is the Kafka
 * record's key (UTF-8), or {@code topic/partition} when the record has none: producers co-partition
 * what must be validated together (a delegator and its delegates, receipt signers) by giving it
 * one key, as Kafka partitions by key.
 */
public class CesrKafkaDeserializationSchema
    implements KafkaRecordDeserializationSchema<CesrRecord> {
  private static final long serialVersionUID = 1L;

  /** A schema (it has no settings). */
  public CesrKafkaDeserializationSchema() {
  }

  /**
   * Frames the record's value.
   *
   * @param record the Kafka record; a null value (a tombstone) gives nothing
   * @param out receives the records
   */
  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<CesrRecord> out) {
    if (record.value() == null) {
      return;
    }
    String scope = record.key() != null ? new String(record.key(), StandardCharsets.UTF_8)
        : record.topic() + "/" + record.partition();
    CesrRecords.frame(scope, record.value()).forEach(out::collect);
  }

  /** {@return the POJO type of {@link CesrRecord}} */
  @Override
  public TypeInformation<CesrRecord> getProducedType() {
    return TypeInformation.of(CesrRecord.class);
  }
}
