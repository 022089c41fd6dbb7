package dev.cesrj.keri.kever;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.KeriEvent;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * An estimate of the heap an escrowed message retains while it is held decoded: {@value
 * #PER_BYTE} bytes per byte of the message, plus {@value #PER_VALUE} per value of its body's
 * decoded tree (each text, number, list, map and field), plus {@value #PER_MESSAGE} for the
 * verifier's own records of it. The per-value term is what keeps the estimate honest for bodies of
 * many tiny values (a CBOR list of one-byte integers decodes to a record per byte), which a
 * factor on the length alone undercounts by 5 to 10 times.
 *
 * <p>Measured (JDK 17, compressed pointers, heap used after GC, 10,000 messages escrowed out of
 * order, kel/A's originals without their inceptions): JSON events 11.6 bytes per byte (4.8 KB per
 * message), CBOR 8.9, MessagePack 8.6, junk JSON receipts of 281 bytes 11.8 (3.3 KB each); 100
 * interactions whose anchors are 10,000 JSON zeros each ({@code [0,0,...]}, 2 bytes a value) 34.6
 * per byte, where this estimate counts 59. The estimate is above each of these ({@link
 * EscrowLimits}).
 */
final class RetainedSize {
  /** Heap bytes counted per byte of the message (its raw body copy, attachments, typed forms). */
  static final int PER_BYTE = 12;
  /** Heap bytes counted per decoded body value (record, its string or list, map entries). */
  static final int PER_VALUE = 96;
  /** Heap bytes counted per message beside its decoded forms (entry, verdict, indexes). */
  static final int PER_MESSAGE = 1_024;

  private RetainedSize() {}

  /**
   * {@return the heap bytes counted for a message of {@code length} bytes whose decoded body is
   * that of {@code event}}
   *
   * @param event the decoded event (its body's values are counted)
   * @param length the message's length (body and attachments, as framed)
   */
  static long of(KeriEvent event, long length) {
    return length * PER_BYTE + values(event.body().fields()) * (long) PER_VALUE + PER_MESSAGE;
  }

  /** {@return the number of values and fields in {@code fields}, all levels, without recursion} */
  static long values(FieldMap fields) {
    long n = 0;
    Deque<Object> todo = new ArrayDeque<>();
    todo.push(fields);
    while (!todo.isEmpty()) {
      Object o = todo.pop();
      n++;
      if (o instanceof FieldMap) {
        FieldMap f = (FieldMap) o;
        for (String label : f.labels()) {
          f.get(label).ifPresent(todo::push);
        }
      } else if (o instanceof Value.MapValue) {
        todo.push(((Value.MapValue) o).fields());
      } else if (o instanceof Value.ListValue) {
        for (Value v : ((Value.ListValue) o).items()) {
          todo.push(v);
        }
      }
    }
    return n;
  }
}
