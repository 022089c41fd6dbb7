package dev.cesrj.primitive;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.Released;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.internal.Transcode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;

/**
 * A view of one indexed signature (keripy {@code Siger}), qb64 or qb2: code, index, ondex, raw
 * signature and bytes in either domain (the same values whichever domain it was read in).
 *
 * <p>Index: 0 to {@link IndexerCode#maxIndex()}. Ondex: absent for current-only codes; equal to
 * the index for "both" codes without ondex characters ({@code A C E}); explicit otherwise. The
 * view was checked when framed (code, size, soft part, pad bits, zero ondex of current-only
 * codes); {@link #raw()} decodes on each call. Does not own its bytes (see {@link Element}).
 */
public final class IndexedSignature implements Element {
  private final ByteBuf buf;
  private final int index;
  private final long offset;
  private final IndexerCode code;
  private final Domain domain;

  /**
   * The view of the indexed signature of {@code code} that a cesrj framing layer has framed and
   * checked: at buffer index {@code index} of {@code views}'s buffer, in domain {@code domain}, its
   * offset counted from {@code views}'s origin. For the framing layers, which reach it with views of
   * their own ({@link GroupViews} is not exported); nothing here is checked again.
   *
   * @param views the buffer the signature lies in, with its origin (where stream offset 0 is)
   * @param index the buffer index of the signature's first byte
   * @param code its code (its size follows from it and {@code domain})
   * @param domain qb64 or qb2
   * @return the view; it holds no reference count of its own
   */
  public static IndexedSignature framed(
      GroupViews views, int index, IndexerCode code, Domain domain) {
    return new IndexedSignature(views.buf, index, (long) index - views.origin, code, domain);
  }

  /** A view of the qb64 signature at buffer index {@code index}, already checked by the framer. */
  IndexedSignature(ByteBuf buf, int index, long offset, IndexerCode code) {
    this(buf, index, offset, code, Domain.QB64);
  }

  /**
   * A view of the signature of domain {@code domain} at buffer index {@code index}, already
   * checked by the framer.
   */
  IndexedSignature(ByteBuf buf, int index, long offset, IndexerCode code, Domain domain) {
    this.buf = buf;
    this.index = index;
    this.offset = offset;
    this.code = code;
    this.domain = domain;
  }

  /**
   * Parses one complete qb64 indexed signature from text, with every check of the framer plus
   * the value characters.
   *
   * @param qb64 exactly one qb64 indexed signature
   * @return a view of a copy of {@code qb64}
   * @throws dev.cesrj.CesrException if it is truncated, unknown, non-canonical or followed by
   *     extra characters
   */
  public static IndexedSignature parse(CharSequence qb64) {
    ByteBuf b = Unpooled.copiedBuffer(qb64, StandardCharsets.US_ASCII);
    Source s = new Source(b, 0);
    int fs = TextScan.indexer(s, 0, b.writerIndex(), 0);
    if (fs != b.writerIndex()) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          fs, null, "end of input after one signature", (b.writerIndex() - fs) + " extra characters");
    }
    IndexedSignature sig = new IndexedSignature(b, 0, 0, TextScan.indexerCode(s, 0));
    sig.raw();
    return sig;
  }

  /**
   * Parses one complete qb2 indexed signature from {@code qb2} (copied), with every check of the
   * framer.
   *
   * @param qb2 exactly one qb2 indexed signature
   * @return a view of a copy of {@code qb2}
   * @throws dev.cesrj.CesrException if it is truncated (needed: bytes), unknown, non-canonical or
   *     followed by extra bytes
   */
  public static IndexedSignature parseQb2(byte[] qb2) {
    ByteBuf b = Unpooled.copiedBuffer(qb2);
    Source s = new Source(b, 0);
    int fs = TextScan.indexer(Domain.QB2, s, 0, qb2.length, 0);
    if (fs != qb2.length) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          fs, null, "end of input after one signature", (qb2.length - fs) + " extra bytes");
    }
    return new IndexedSignature(b, 0, 0, TextScan.indexerCode(Domain.QB2, s, 0), Domain.QB2);
  }

  /** {@return the code} */
  public IndexerCode code() {
    return code;
  }

  /** {@return the main index: which key of the current key list signed, 0..{@code maxIndex}} */
  public int index() {
    return (int) softInt(code.hs(), code.ms());
  }

  /**
   * {@return the ondex: which key of the prior next-key list signed} Empty for current-only codes;
   * equal to {@link #index()} for {@code A C E}; explicit for {@code 0A 2A 2C 2E 3A}.
   */
  public OptionalInt ondex() {
    if (code.currentOnly()) {
      return OptionalInt.empty();
    }
    if (code.os() == 0) {
      return OptionalInt.of(index());
    }
    return OptionalInt.of((int) softInt(code.hs() + code.ms(), code.os()));
  }

  private long softInt(int from, int width) {
    requireLive();
    long v = 0;
    if (domain == Domain.QB2) {
      Source s = new Source(buf, 0);
      for (int i = from; i < from + width; i++) {
        v = (v << 6) | s.sextet(index, i);
      }
      return v;
    }
    for (int i = 0; i < width; i++) {
      v = (v << 6) | B64.value(buf.getByte(index + from + i));
    }
    return v;
  }

  /**
   * {@return the raw signature, {@link IndexerCode#rawSize()} bytes, decoded now (a new array each
   * call)}
   *
   * @throws dev.cesrj.MalformedException if a value character is not Base64url (its offset is
   *     that character's)
   */
  public byte[] raw() {
    requireLive();
    if (domain == Domain.QB2) {
      return Base64Values.rawQb2(buf, index, index + length(), code.cs(), code.cs() % 4, 0);
    }
    return Base64Values.raw(
        buf, index, index + code.cs(), index + code.fs(), code.cs() % 4, 0, offset, code.code());
  }

  @Override
  public long offset() {
    return offset;
  }

  /** Length in bytes of its domain: {@code fs} characters, or {@code fs * 3 / 4} qb2 bytes. */
  @Override
  public int length() {
    return (int) domain.size(code.fs());
  }

  @Override
  public Domain domain() {
    return domain;
  }

  @Override
  public ByteBuf qb64() {
    requireLive();
    return Transcode.qb64(buf.slice(index, length()), domain);
  }

  @Override
  public ByteBuf qb2() {
    requireLive();
    return Transcode.qb2(buf.slice(index, length()), domain, offset, code.code());
  }

  @Override
  public String toString() {
    return code.name() + " index " + index() + " " + qb64Text();
  }

  /**
   * @throws io.netty.util.IllegalReferenceCountException if the input was released, naming this
   *     view and the owners whose close releases it ({@link Released})
   */
  private void requireLive() {
    Released.check(buf, "IndexedSignature", code.code(), offset);
  }
}
