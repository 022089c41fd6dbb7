/**
 * CESR on Apache Flink: reading. {@link dev.cesrj.flink.CesrRecord} is what Flink carries (a POJO
 * holding one message's bytes, or a framing error with its kind and offset; never a Netty buffer);
 * {@link dev.cesrj.flink.CesrDeserializationSchema} (any byte-record source),
 * {@link dev.cesrj.flink.CesrKafkaDeserializationSchema} (flink-connector-kafka) and
 * {@link dev.cesrj.flink.CesrStreamFormat} (FileSource, a file streamed through the push parser)
 * produce them through {@link dev.cesrj.flink.CesrRecords}, which also splits errors to a side
 * output.
 *
 * <p>Depends on cesrj-core's exported packages ({@code dev.cesrj}, {@code dev.cesrj.stream}) and on
 * Flink's APIs; not on {@code dev.cesrj.flink.kel} or {@code dev.cesrj.flink.job}.
 */
package dev.cesrj.flink;
