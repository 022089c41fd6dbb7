package dev.cesrj.alloc;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.group.LegacyGroupParser;
import dev.cesrj.group.ParsedGroup;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;

/**
 * The ways of parsing one attachment stream that {@code ConcurrentParse}, the allocation
 * tests and {@code GroupsBenchmark} compare. Each parses (or copies) the whole stream once,
 * releases what it allocated, and returns a checksum that depends on every group (the sum of
 * the groups' counts; for copy-only the last byte), so the JIT cannot skip work and callers can
 * check that every arm saw the same groups.
 */
public final class GroupArms {
  private GroupArms() {}

  /**
   * copy-once: {@link Groups#copyOf(byte[], CesrOptions)} (one buffer from {@code
   * options.allocator()}) then every group, touched by summing its count.
   *
   * @return the sum of the groups' counts
   */
  public static long copyOnce(byte[] stream, CesrOptions options) {
    long sum = 0;
    try (Groups groups = Groups.copyOf(stream, options)) {
      for (Group g : groups) {
        sum += g.count();
      }
    }
    return sum;
  }

  /**
   * per-group: the {@link LegacyGroupParser#parseGroup(byte[], int, CounterTable, CesrOptions)}
   * loop, which copies the rest of the stream into a new buffer for every group; each {@link
   * ParsedGroup} is closed.
   *
   * @return the sum of the groups' counts
   */
  public static long perGroup(byte[] stream, CesrOptions options) {
    long sum = 0;
    int offset = 0;
    CounterTable table = options.defaultTable();
    while (offset < stream.length) {
      try (ParsedGroup parsed = LegacyGroupParser.parseGroup(stream, offset, table, options)) {
        sum += parsed.group().count();
        offset += parsed.consumed();
        table = parsed.nextTable();
      }
    }
    return sum;
  }

  /**
   * zero-copy: {@link Groups#over(ByteBuf, CesrOptions)} over {@code prepared}, a buffer the
   * caller filled once with the stream at index 0; its reader index is reset to 0 first.
   *
   * @return the sum of the groups' counts
   */
  public static long zeroCopy(ByteBuf prepared, CesrOptions options) {
    prepared.readerIndex(0);
    long sum = 0;
    try (Groups groups = Groups.over(prepared, options)) {
      for (Group g : groups) {
        sum += g.count();
      }
    }
    return sum;
  }

  /**
   * zero-copy-read: {@link #zeroCopy} that also reads every indexed signature's raw value ({@link
   * IndexedSignature#raw()}) in every group, through the element views ({@link Group#elements()},
   * the parts of each {@link Tuple}, nested groups), counting them in {@code tally}: the work of
   * the cursor arm ({@link CursorArms#cursor}) with views, so that the two can be compared.
   *
   * @return the sum of the groups' counts, as {@link #zeroCopy} returns it
   */
  public static long zeroCopyRead(ByteBuf prepared, CesrOptions options, RawTally tally) {
    prepared.readerIndex(0);
    long sum = 0;
    try (Groups groups = Groups.over(prepared, options)) {
      for (Group g : groups) {
        sum += g.count();
        readSignatures(g.elements(), tally);
      }
    }
    return sum;
  }

  /** Reads the raw value of every indexed signature in {@code elements}, nested ones included. */
  private static void readSignatures(List<Element> elements, RawTally tally) {
    for (int i = 0; i < elements.size(); i++) {
      Element e = elements.get(i);
      if (e instanceof IndexedSignature) {
        tally.add(((IndexedSignature) e).raw().length);
      } else if (e instanceof Tuple) {
        readSignatures(((Tuple) e).parts(), tally);
      } else if (e instanceof Group) {
        readSignatures(((Group) e).elements(), tally);
      }
    }
  }

  /**
   * copy-only: copies the stream into a new heap buffer from {@code allocator} and releases it,
   * without parsing: the floor that no parser copying its input can beat.
   *
   * @return the last byte of the copy (0 for an empty stream)
   */
  public static long copyOnly(byte[] stream, ByteBufAllocator allocator) {
    int n = stream.length;
    ByteBuf copy = allocator.heapBuffer(n, n);
    try {
      copy.writeBytes(stream);
      return n == 0 ? 0 : copy.getByte(n - 1);
    } finally {
      copy.release();
    }
  }

  /**
   * A buffer from {@code allocator} holding {@code stream} at index 0, for {@link #zeroCopy}; the
   * caller releases it.
   */
  public static ByteBuf prepare(byte[] stream, ByteBufAllocator allocator) {
    ByteBuf buf = allocator.heapBuffer(stream.length, stream.length);
    buf.writeBytes(stream);
    return buf;
  }
}
