package dev.cesrj.internal;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.code.Domain;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.Base64;

/**
 * Converts whole CESR items between the domains with the JDK's Base64url coder (CESR
 * specification, "Concatenation composability property": {@code qb2 = b64decode(qb64)}, {@code qb64
 * = b64encode(qb2)}, never padded). The input is a whole number of quadlets (text) or triplets
 * (binary), as every framed primitive, counter and group is. The result is a new unpooled heap
 * buffer that the caller owns (releasing it is optional: it holds no pooled memory).
 */
public final class Transcode {
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private Transcode() {}

  /**
   * The qb64 form of an item read in domain {@code d}: {@code bytes} itself in qb64, else its
   * encoding ({@link #toQb64}).
   */
  public static ByteBuf qb64(ByteBuf bytes, Domain d) {
    return d == Domain.QB64 ? bytes : toQb64(bytes);
  }

  /**
   * The qb2 form of an item read in domain {@code d}: {@code bytes} itself in qb2, else its
   * decoding ({@link #toQb2}; errors as there).
   */
  public static ByteBuf qb2(ByteBuf bytes, Domain d, long offset, String code) {
    return d == Domain.QB2 ? bytes : toQb2(bytes, offset, code);
  }

  /** The qb64 text of the qb2 bytes readable in {@code qb2} (whose reader index is not moved). */
  public static ByteBuf toQb64(ByteBuf qb2) {
    return Unpooled.wrappedBuffer(ENCODER.encode(ByteBufUtil.getBytes(qb2)));
  }

  /**
   * The qb2 bytes of the qb64 text readable in {@code qb64} (whose reader index is not moved).
   * Every character is checked first: the JDK decoder would take a trailing {@code =} as padding.
   *
   * @param offset the input offset of the text's first byte, for errors
   * @param code the code of the item, for errors
   * @throws MalformedException at the offset of the first character that is not Base64url, or if
   *     the text is not a whole number of quadlets
   */
  public static ByteBuf toQb2(ByteBuf qb64, long offset, String code) {
    requireBase64(qb64, offset, code);
    byte[] text = ByteBufUtil.getBytes(qb64);
    if (text.length % 4 != 0) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          offset, code, "whole quadlets of qb64 text", text.length + " characters");
    }
    return Unpooled.wrappedBuffer(DECODER.decode(text));
  }

  /**
   * Checks that every readable byte of {@code qb64} (whose reader index is not moved) is a
   * Base64url character.
   *
   * @param offset the input offset of the text's first byte, for errors
   * @param code the code of the item, for errors
   * @throws MalformedException at the offset of the first byte that is not
   */
  public static void requireBase64(ByteBuf qb64, long offset, String code) {
    int from = qb64.readerIndex();
    int i = qb64.forEachByte(from, qb64.readableBytes(), b -> B64.value(b & 0xFF) >= 0);
    if (i >= 0) {
      throw Errors.malformed(ErrorKind.MALFORMED_CHARACTER,
          offset + (i - from),
          code,
          "a Base64url character",
          "byte " + Errors.hexByte(qb64.getByte(i)) + " in qb64 text");
    }
  }
}
