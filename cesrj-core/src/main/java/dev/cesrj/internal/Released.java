package dev.cesrj.internal;

import io.netty.buffer.ByteBuf;
import io.netty.util.IllegalReferenceCountException;

/**
 * The check a view makes before it reads its bytes: that the buffer it views was not released.
 * A view does not own its bytes (see {@code Groups}): the input of {@code Messages.copyOf},
 * {@code Groups.copyOf} and {@code CesrStreamParser} is released when that owner is closed (a
 * {@code Framed} when it is released), and the caller's buffer of {@code over(ByteBuf)} when the
 * caller releases it. Netty would then throw a bare {@link IllegalReferenceCountException}
 * ("refCnt: 0"), or, for a pooled heap buffer read through its array, read memory given to
 * another buffer; this check throws the same exception type, with a message that names the view
 * and the owners whose close released its bytes.
 */
public final class Released {
  private Released() {}

  /**
   * Checks that {@code buf} was not released.
   *
   * @param buf the buffer the view reads
   * @param type the view's type, e.g. {@code "Matter"}
   * @param code the view's code, e.g. {@code "B"}
   * @param offset the view's stream offset
   * @throws IllegalReferenceCountException if {@code buf.refCnt() == 0}, with the message of
   *     {@link #message(String, long)} for {@code type + " " + code}
   */
  public static void check(ByteBuf buf, String type, String code, long offset) {
    if (buf.refCnt() == 0) {
      throw new IllegalReferenceCountException(message(type + " " + code, offset));
    }
  }

  /**
   * {@return {@code "<view> at offset <offset> used after its input was released: close the
   * Messages, Groups or CesrStreamParser that read it (or release the Framed, or the buffer given
   * to over) only after its last view is used"}}
   *
   * @param view the view, e.g. {@code "Matter B"}
   * @param offset the view's stream offset
   */
  public static String message(String view, long offset) {
    return view + " at offset " + offset + " used after its input was released: close the"
        + " Messages, Groups or CesrStreamParser that read it (or release the Framed, or the"
        + " buffer given to over) only after its last view is used";
  }
}
