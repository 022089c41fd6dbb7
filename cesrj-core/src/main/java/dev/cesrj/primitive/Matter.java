package dev.cesrj.primitive;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.Released;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.internal.Transcode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * A view of one Matter primitive, qb64 or qb2: its code, soft part, raw value and bytes in either
 * domain (the same values whichever domain it was read in).
 *
 * <p>The view was checked when it was framed (code, size, soft part, canonical pad bits and lead
 * bytes); the raw value is decoded on each call to {@link #raw()} (qb64: with the JDK's Base64url
 * decoder; qb2: copied after the code and lead bytes). Does not own its bytes (see {@link
 * Element}).
 */
public final class Matter implements Element {
  private final ByteBuf buf;
  private final int index;
  private final int length;
  private final long offset;
  private final MatterCode code;
  private final Domain domain;

  /**
   * The view of the Matter primitive of {@code code} that a cesrj framing layer has framed and
   * checked: {@code length} bytes of domain {@code domain} at buffer index {@code index} of {@code
   * views}'s buffer, its offset counted from {@code views}'s origin. For the framing layers (the
   * group and message views), which reach it with views of their own ({@link GroupViews} is not
   * exported); nothing here is checked again.
   *
   * @param views the buffer the primitive lies in, with its origin (where stream offset 0 is)
   * @param index the buffer index of the primitive's first byte
   * @param length its size in bytes of {@code domain}
   * @param code its code
   * @param domain qb64 or qb2
   * @return the view; it holds no reference count of its own
   */
  public static Matter framed(
      GroupViews views, int index, int length, MatterCode code, Domain domain) {
    return new Matter(views.buf, index, length, (long) index - views.origin, code, domain);
  }

  /**
   * A view of the qb64 primitive at buffer index {@code index}, already checked by {@link
   * TextScan#matter}; {@code length} is its full size in characters.
   */
  Matter(ByteBuf buf, int index, int length, long offset, MatterCode code) {
    this(buf, index, length, offset, code, Domain.QB64);
  }

  /**
   * A view of the primitive of domain {@code domain} at buffer index {@code index}, already
   * checked by {@link TextScan#matter(Domain, Source, int, int, dev.cesrj.code.Slot, long,
   * long)}; {@code length} is its full size in bytes of that domain.
   */
  Matter(ByteBuf buf, int index, int length, long offset, MatterCode code, Domain domain) {
    this.buf = buf;
    this.index = index;
    this.length = length;
    this.offset = offset;
    this.code = code;
    this.domain = domain;
  }

  /**
   * Parses one complete qb64 Matter primitive from text, with every check of the framer plus the
   * value characters.
   *
   * @param qb64 exactly one qb64 Matter primitive
   * @return a view of a copy of {@code qb64}
   * @throws dev.cesrj.CesrException if it is truncated, unknown, non-canonical or followed by
   *     extra characters
   */
  public static Matter parse(CharSequence qb64) {
    ByteBuf b = Unpooled.copiedBuffer(qb64, StandardCharsets.US_ASCII);
    Source s = new Source(b, 0);
    int fs = TextScan.matter(s, 0, b.writerIndex(), null, Integer.MAX_VALUE, 0);
    if (fs != b.writerIndex()) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          fs, null, "end of input after one primitive", (b.writerIndex() - fs) + " extra characters");
    }
    Matter m = new Matter(b, 0, fs, 0, TextScan.matterCode(s, 0));
    m.raw();
    return m;
  }

  /**
   * Parses one complete qb2 Matter primitive from {@code qb2} (copied), with every check of the
   * framer.
   *
   * @param qb2 exactly one qb2 Matter primitive
   * @return a view of a copy of {@code qb2}
   * @throws dev.cesrj.CesrException if it is truncated (needed: bytes), unknown, non-canonical or
   *     followed by extra bytes
   */
  public static Matter parseQb2(byte[] qb2) {
    ByteBuf b = Unpooled.copiedBuffer(qb2);
    Source s = new Source(b, 0);
    int fs = TextScan.matter(Domain.QB2, s, 0, qb2.length, null, Integer.MAX_VALUE, 0);
    if (fs != qb2.length) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          fs, null, "end of input after one primitive", (qb2.length - fs) + " extra bytes");
    }
    return new Matter(b, 0, fs, 0, TextScan.matterCode(Domain.QB2, s, 0), Domain.QB2);
  }

  /** {@return the code} */
  public MatterCode code() {
    return code;
  }

  /**
   * {@return the soft value as keripy's {@code Matter.soft} gives it: the {@code ss - xs}
   * characters after the hard part and the {@code xs} pre-pad {@code _} characters} It is the size
   * in quadlets of a variable-size code (e.g. {@code "AB"} for {@code 5BAB...}) and the value of a
   * tag code (e.g. {@code "icp"} for {@code Xicp}, {@code "a"} for {@code 0J_a}); empty when
   * {@code ss == 0}.
   */
  public String soft() {
    requireLive();
    if (domain == Domain.QB64) {
      return buf.toString(
          index + code.hs() + code.xs(), code.ss() - code.xs(), StandardCharsets.US_ASCII);
    }
    return new Source(buf, 0).text(domain, index, code.hs() + code.xs(), code.ss() - code.xs());
  }

  /**
   * {@return the raw value in bytes, decoded now (a new array on each call): {@code rawSize} bytes
   * for a fixed code, {@code 3 * size - ls} for a variable one, none for tag codes}
   *
   * @throws dev.cesrj.MalformedException if a value character is not Base64url (its offset is
   *     that character's)
   */
  public byte[] raw() {
    requireLive();
    if (domain == Domain.QB2) {
      return Base64Values.rawQb2(buf, index, index + length, code.cs(), code.ps(), code.ls());
    }
    return Base64Values.raw(
        buf, index, index + code.cs(), index + length, code.ps(), code.ls(), offset, code.code());
  }

  @Override
  public long offset() {
    return offset;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public Domain domain() {
    return domain;
  }

  @Override
  public ByteBuf qb64() {
    requireLive();
    return Transcode.qb64(buf.slice(index, length), domain);
  }

  @Override
  public ByteBuf qb2() {
    requireLive();
    return Transcode.qb2(buf.slice(index, length), domain, offset, code.code());
  }

  @Override
  public String toString() {
    return code.name() + " " + qb64Text();
  }

  /**
   * @throws io.netty.util.IllegalReferenceCountException if the input was released, naming this
   *     view and the owners whose close releases it ({@link Released})
   */
  private void requireLive() {
    Released.check(buf, "Matter", code.code(), offset);
  }
}
