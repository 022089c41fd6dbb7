package dev.cesrj.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.body.Body;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.msgpack.value.Value;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading a MessagePack KERI body (the first inception of corpus A's {@code kel_mgpk}, 2 keys,
 * 2 witnesses) into a tree: cesrj's own reader ({@link Body#parse}, which also checks the version
 * string), msgpack-core's {@code unpackValue} and jackson-dataformat-msgpack's {@code readTree}.
 *
 * <p>{@code ./mvnw -q test-compile exec:exec@jmh -Djmh.args="MgpkBodyBenchmark"}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MgpkBodyBenchmark {
  private byte[] body;
  private ObjectMapper jackson;

  @Setup
  public void setup() throws Exception {
    byte[] stream;
    try (InputStream in = getClass().getResourceAsStream("/corpus/A/kel_mgpk.v1.bare.txt.cesr")) {
      stream = in.readAllBytes();
    }
    String head = new String(stream, 0, 40, StandardCharsets.ISO_8859_1);
    int v = head.indexOf("KERI10MGPK");
    int size = Integer.parseInt(head.substring(v + 10, v + 16), 16);
    body = java.util.Arrays.copyOf(stream, size);
    jackson = new ObjectMapper(new MessagePackFactory());
  }

  @Benchmark
  public Object cesrj() {
    return Body.parse(body).fields();
  }

  @Benchmark
  public Value msgpackCore() throws Exception {
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(body)) {
      return u.unpackValue();
    }
  }

  @Benchmark
  public Object jacksonMsgpack() throws Exception {
    return jackson.readTree(body);
  }
}
