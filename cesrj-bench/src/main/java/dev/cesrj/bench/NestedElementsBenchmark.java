package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Average time to read the elements of the groups of one corpus stream whose attachments are
 * wrapped in AttachmentGroups ({@code -V}: signature groups, NonTransReceiptCouples {@code -C},
 * TransIdxSigGroups {@code -F} inside), three ways, each over {@code Messages.copyOf}, every
 * message (nested ones included) visited:
 *
 * <ul>
 *   <li>{@code frameOnly}: the attachment groups touched, no element read: the floor;
 *   <li>{@code readTop}: {@code Group.elements()} of each attachment group, not of the groups
 *       it holds;
 *   <li>{@code readNested}: every element of every attachment group, recursively: each nested
 *       group's {@code elements()} and each tuple's parts (issue 33, item 1: each group framed
 *       once).
 * </ul>
 *
 * <pre>
 * java -jar cesrj-bench/target/benchmarks.jar NestedElementsBenchmark -prof gc -f 2 -wi 3 -i 5 -w 1 -r 1
 * </pre>
 *
 * <p>The forked JVM runs with Netty leak detection disabled and {@code CesrOptions.DEFAULT}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Thread)
public class NestedElementsBenchmark {
  /**
   * The corpus stream read: a witnessed KEL (receipt couples {@code -C} beside the signature
   * groups in each {@code -V}), one with transferable receipts ({@code -F} tuples), and the
   * witnessed KEL in qb2 under CESR 2.0 {@code -C} wrappers (no qb2 group is read by arithmetic).
   */
  @Param({
    "kel_witnessed.v1.grouped.txt.cesr",
    "kel_transreceipts.v1.grouped.txt.cesr",
    "kel_witnessed.v2.grouped.qb2.cesr"
  })
  public String stream;

  private byte[] bytes;
  private final CesrOptions options = CesrOptions.DEFAULT;

  /** Loads the stream; checks that the arms read it. */
  @Setup(Level.Trial)
  public void setUp() {
    bytes = Corpus.bytes(stream);
    if (frameOnly() <= 0 || readNested() <= readTop() || readTop() <= 0) {
      throw new IllegalStateException("no nested elements in " + stream);
    }
  }

  /** Every attachment group touched, no element read. */
  @Benchmark
  public long frameOnly() {
    return walk(Depth.NONE);
  }

  /** The elements of every attachment group, not of the groups it holds. */
  @Benchmark
  public long readTop() {
    return walk(Depth.TOP);
  }

  /** Every element of every attachment group, recursively. */
  @Benchmark
  public long readNested() {
    return walk(Depth.ALL);
  }

  /** How deep an arm reads elements. */
  private enum Depth {
    NONE,
    TOP,
    ALL
  }

  private long walk(Depth depth) {
    long sum = 0;
    try (Messages messages = Messages.copyOf(bytes, options)) {
      for (Message m : messages) {
        sum += message(m, depth);
      }
    }
    return sum;
  }

  private static long message(Message m, Depth depth) {
    long sum = 1;
    for (Group g : m.attachments()) {
      sum += g.count();
      if (depth != Depth.NONE) {
        sum += elements(g.elements(), depth == Depth.ALL);
      }
    }
    for (Message n : m.nested()) {
      sum += message(n, depth);
    }
    return sum;
  }

  private static long elements(List<Element> elements, boolean nested) {
    long sum = elements.size();
    for (Element e : elements) {
      sum += e.length();
      if (!nested) {
        continue;
      }
      if (e instanceof Group) {
        sum += elements(((Group) e).elements(), true);
      } else if (e instanceof Tuple) {
        sum += elements(((Tuple) e).parts(), true);
      }
    }
    return sum;
  }
}
