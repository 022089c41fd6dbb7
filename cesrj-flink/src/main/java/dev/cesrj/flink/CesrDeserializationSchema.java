package dev.cesrj.flink;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.Collector;

/**
 * A Flink {@link DeserializationSchema} that frames one record's bytes (any number of CESR
 * messages) into {@link CesrRecord}s: one per message, then an error record where the bytes stop
 * framing (its offset counted from the record's first byte). It never throws on bad input, so a
 * bad record never fails the job: split errors off with {@link CesrRecords#split}.
 */
public class CesrDeserializationSchema implements DeserializationSchema<CesrRecord> {
  private static final long serialVersionUID = 1L;
  /** The scope of every record. */
  private final String scope;

  /**
   * A schema whose records all get one scope.
   *
   * @param scope the scope of every record (the key of KEL validation)
   */
  public CesrDeserializationSchema(String scope) {
    this.scope = scope;
  }

  /**
   * Not used: {@link #deserialize(byte[], Collector)} gives the records.
   *
   * @param message ignored
   * @return never
   * @throws UnsupportedOperationException always: a record can hold several messages
   */
  @Override
  public CesrRecord deserialize(byte[] message) {
    throw new UnsupportedOperationException("one record can hold several messages: use the"
        + " Collector form");
  }

  /**
   * Frames {@code message} whole ({@link CesrRecords#frame}).
   *
   * @param message the record's bytes; null (a tombstone) gives nothing
   * @param out receives the records
   */
  @Override
  public void deserialize(byte[] message, Collector<CesrRecord> out) {
    if (message != null) {
      CesrRecords.frame(scope, message).forEach(out::collect);
    }
  }

  /**
   * {@return false: a CESR stream has no end marker}
   *
   * @param next ignored
   */
  @Override
  public boolean isEndOfStream(CesrRecord next) {
    return false;
  }

  /** {@return the POJO type of {@link CesrRecord}} */
  @Override
  public TypeInformation<CesrRecord> getProducedType() {
    return TypeInformation.of(CesrRecord.class);
  }
}
