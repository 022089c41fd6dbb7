package dev.cesrj.flink;

import dev.cesrj.CesrException;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * The one place where framed CESR becomes {@link CesrRecord}s (used by
 * {@link CesrDeserializationSchema}, {@link CesrKafkaDeserializationSchema} and
 * {@link CesrStreamFormat}), and the split of a record stream into messages and errors.
 */
public final class CesrRecords {
  /** The side output of {@link #split(DataStream)}: the framing errors, with kind and offset. */
  public static final OutputTag<CesrRecord> ERRORS = new OutputTag<>("cesr-errors") { };

  private CesrRecords() {
  }

  /**
   * Copies each message of {@code framed} out of the parser's buffer into a record. The caller
   * keeps owning (and closes) {@code framed}; nothing here keeps a reference to its buffer.
   *
   * @param scope the records' scope
   * @param framed a result of the push parser, not yet closed
   * @param out receives one record per message, then one error record if {@code framed} failed
   *     (its offset, and the one its message names, the error's stream offset, also past the
   *     parser's first GiB: {@link Framed#offsetBase()} added)
   */
  public static void copy(String scope, Framed framed, List<CesrRecord> out) {
    List<Message> ms = framed.messages();
    if (!ms.isEmpty()) {
      ByteBuf buf = framed.buffer();
      for (int i = 0; i < ms.size(); i++) {
        byte[] bytes = new byte[ms.get(i).length()];
        buf.getBytes(framed.bufferIndex(i), bytes);
        out.add(CesrRecord.message(scope, framed.offsetBase() + ms.get(i).offset(), bytes));
      }
    }
    if (framed.error().isPresent()) {
      // the parser's offsets count from its offset base: moved to stream offsets, past 1 GiB too
      CesrException e = framed.error().get().shiftedBy(framed.offsetBase());
      out.add(CesrRecord.error(scope, e.offset(), e.kind().name(),
          String.valueOf(e.getMessage())));
    }
  }

  /**
   * Frames one record's bytes whole (several messages, or none): its messages, then an error
   * record if the bytes end inside a message or do not frame.
   *
   * @param scope the records' scope
   * @param bytes the bytes (not kept)
   * @return the records, in order
   */
  public static List<CesrRecord> frame(String scope, byte[] bytes) {
    List<CesrRecord> out = new ArrayList<>();
    try (CesrStreamParser parser = new CesrStreamParser()) {
      try (Framed f = parser.feed(bytes)) {
        copy(scope, f, out);
        if (f.failed()) {
          return out;
        }
      }
      try (Framed f = parser.endOfInput()) {
        copy(scope, f, out);
      }
    }
    return out;
  }

  /**
   * Splits a stream of records: messages in the main output, errors in {@link #ERRORS}
   * ({@code getSideOutput(CesrRecords.ERRORS)}); the job never fails on bad input. It runs at the
   * parallelism of {@code records}, chained to it, so that each stream's records keep their order
   * on the way to their key.
   *
   * @param records the records
   * @return the messages, with the errors as side output
   */
  public static SingleOutputStreamOperator<CesrRecord> split(DataStream<CesrRecord> records) {
    return records.process(new ProcessFunction<CesrRecord, CesrRecord>() {
      @Override
      public void processElement(CesrRecord r, Context ctx, Collector<CesrRecord> out) {
        if (r.isError()) {
          ctx.output(ERRORS, r);
        } else {
          out.collect(r);
        }
      }
    }).name("cesr-split").uid("cesr-split").setParallelism(records.getParallelism());
  }
}
