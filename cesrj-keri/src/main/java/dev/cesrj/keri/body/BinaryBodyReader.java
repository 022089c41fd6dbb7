package dev.cesrj.keri.body;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What the CBOR and MessagePack readers share: a position in the body, bounds-checked reads, and
 * strict UTF-8 text. Every read past the end is a {@link KeriBodyException}, never an index error;
 * a count of items larger than the bytes left is refused before anything is allocated for it.
 * One instance reads one body on one thread.
 */
abstract class BinaryBodyReader {
  final byte[] b;
  int pos;

  BinaryBodyReader(byte[] b) {
    this.b = b;
  }

  abstract String format();

  final int u8() {
    if (pos >= b.length) {
      throw BodyErrors.syntax(pos, "more " + format() + " bytes", "the body ends inside a value");
    }
    return b[pos++] & 0xFF;
  }

  /** A big-endian unsigned integer of {@code n} (1, 2, 4 or 8) bytes; 8 bytes may exceed a long. */
  final long uint(int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = (v << 8) | u8();
    }
    return v;
  }

  /** Checks that {@code count} items of at least {@code each} bytes can still follow. */
  final int count(long count, int each, int at) {
    if (count < 0 || count > (long) (b.length - pos) / each) {
      throw BodyErrors.syntax(at, "a count the body's bytes can hold",
          "count " + Long.toUnsignedString(count) + " with " + (b.length - pos) + " bytes left");
    }
    return (int) count;
  }

  final String utf8(long len, int at) {
    int n = count(len, 1, at);
    try {
      String s = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b, pos, n))
          .toString();
      pos += n;
      return s;
    } catch (CharacterCodingException e) {
      throw BodyErrors.syntax(at, "UTF-8 text", "a text that is not UTF-8");
    }
  }

  final void end() {
    if (pos != b.length) {
      throw BodyErrors.syntax(pos, "the end of the body after its map",
          (b.length - pos) + " bytes after the body's map");
    }
  }
}
