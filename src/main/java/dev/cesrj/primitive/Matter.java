package dev.cesrj.primitive;

import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * A view of one Matter primitive (text domain): its code, soft part, raw value and qb64 bytes.
 *
 * <p>The view was checked when it was framed (code, size, soft part, canonical pad bits and lead
 * bytes); the raw value is decoded on each call to {@link #raw()} with the JDK's Base64url
 * decoder. Does not own its bytes (see {@link Element}).
 */
public final class Matter implements Element {
  private final ByteBuf buf;
  private final int index;
  private final int length;
  private final long offset;
  private final MatterCode code;

  /**
   * A view of the primitive at buffer index {@code index}, already checked by {@link
   * TextScan#matter}; {@code length} is its full size in characters.
   */
  public Matter(ByteBuf buf, int index, int length, long offset, MatterCode code) {
    this.buf = buf;
    this.index = index;
    this.length = length;
    this.offset = offset;
    this.code = code;
  }

  /**
   * Parses one complete qb64 Matter primitive from text, with every check of the framer plus the
   * value characters.
   *
   * @throws dev.cesrj.CesrException if it is truncated, unknown, non-canonical or followed by
   *     extra characters
   */
  public static Matter parse(CharSequence qb64) {
    ByteBuf b = Unpooled.copiedBuffer(qb64, StandardCharsets.US_ASCII);
    Source s = new Source(b, 0);
    int fs = TextScan.matter(s, 0, b.writerIndex(), null, Integer.MAX_VALUE, 0);
    if (fs != b.writerIndex()) {
      throw new dev.cesrj.MalformedException(
          fs, null, "end of input after one primitive", (b.writerIndex() - fs) + " extra characters");
    }
    Matter m = new Matter(b, 0, fs, 0, TextScan.matterCode(s, 0));
    m.raw();
    return m;
  }

  /** The code. */
  public MatterCode code() {
    return code;
  }

  /**
   * The soft value as keripy's {@code Matter.soft} gives it: the {@code ss - xs} characters after
   * the hard part and the {@code xs} pre-pad {@code _} characters. It is the size in quadlets of
   * a variable-size code (e.g. {@code "AB"} for {@code 5BAB...}) and the value of a tag code
   * (e.g. {@code "icp"} for {@code Xicp}, {@code "a"} for {@code 0J_a}); empty when
   * {@code ss == 0}.
   */
  public String soft() {
    return buf.toString(
        index + code.hs() + code.xs(), code.ss() - code.xs(), StandardCharsets.US_ASCII);
  }

  /**
   * The raw value in bytes, decoded now (a new array on each call): {@code rawSize} bytes for a
   * fixed code, {@code 3 * size - ls} for a variable one, none for tag codes.
   *
   * @throws dev.cesrj.MalformedException if a value character is not Base64url (its offset is
   *     that character's)
   */
  public byte[] raw() {
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
  public ByteBuf qb64() {
    return buf.slice(index, length);
  }

  @Override
  public String toString() {
    return code.name() + " " + qb64Text();
  }
}
