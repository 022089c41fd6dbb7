package dev.cesrj.testing;

import dev.cesrj.CesrException;
import dev.cesrj.MalformedException;

/**
 * How the cross-path tests (Groups, Messages, the push parser, the cursor, the Netty decoder, the
 * batch parser run on one input and compared) name an error: its type, and for a {@link
 * MalformedException}, whose type several kinds share, its {@link CesrException#kind()} too, so
 * that two paths that meet one rule must report it with one kind. Every other type has one kind
 * ({@code ErrorKind.type()}), so its name says its kind.
 */
public final class ErrorShape {
  private ErrorShape() {}

  /** {@return e.g. {@code UnknownCodeException} or {@code MalformedException(MALFORMED_SIZE)}} */
  public static String of(CesrException e) {
    String type = e.getClass().getSimpleName();
    return e instanceof MalformedException ? type + "(" + e.kind() + ")" : type;
  }
}
