package dev.cesrj.flink;

import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.SimpleStreamFormat;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;

/**
 * A FileSource format that reads a {@code .cesr} file as a stream of {@link CesrRecord}s with
 * cesrj's push parser ({@link CesrStreamParser}), {@value #CHUNK} bytes at a time: memory is the
 * parser's buffer (the longest message plus one chunk) and the messages of one chunk, never the
 * whole file, so files of any size stream through. A framing error ends the file with one error
 * record (kind and offset); the job goes on with the next file.
 *
 * <p>Not splittable (a CESR stream has no sync marker): one reader per file. On restore from a
 * checkpoint Flink re-reads the file from its start and skips the records already emitted
 * ({@link SimpleStreamFormat}), so no record is lost or repeated.
 */
public class CesrStreamFormat extends SimpleStreamFormat<CesrRecord> {
  private static final long serialVersionUID = 1L;
  /** The bytes read from the file per parser call. */
  public static final int CHUNK = 64 * 1024;
  /** The scope of every record. */
  private final String scope;

  /**
   * A format whose records all get one scope (use one source per file to keep files apart).
   *
   * @param scope the scope of every record
   */
  public CesrStreamFormat(String scope) {
    this.scope = scope;
  }

  /**
   * {@return a reader of one file}
   *
   * @param config ignored
   * @param stream the file, owned and closed by the reader
   */
  @Override
  public StreamFormat.Reader<CesrRecord> createReader(Configuration config,
      FSDataInputStream stream) {
    return new Reader(scope, stream);
  }

  /** {@return the POJO type of {@link CesrRecord}} */
  @Override
  public TypeInformation<CesrRecord> getProducedType() {
    return TypeInformation.of(CesrRecord.class);
  }

  private static final class Reader implements StreamFormat.Reader<CesrRecord> {
    private final String scope;
    private final FSDataInputStream in;
    private final CesrStreamParser parser = new CesrStreamParser();
    private final ArrayDeque<CesrRecord> ready = new ArrayDeque<>();
    private final byte[] chunk = new byte[CHUNK];
    private boolean done;

    Reader(String scope, FSDataInputStream in) {
      this.scope = scope;
      this.in = in;
    }

    @Override
    public CesrRecord read() throws IOException {
      while (ready.isEmpty() && !done) {
        int n = in.read(chunk);
        List<CesrRecord> out = new ArrayList<>();
        try (Framed f = n < 0 ? parser.endOfInput() : parser.feed(chunk, 0, n)) {
          CesrRecords.copy(scope, f, out);
          done = n < 0 || f.failed();
        }
        ready.addAll(out);
      }
      return ready.poll();
    }

    @Override
    public void close() throws IOException {
      parser.close();
      in.close();
    }
  }
}
