package dev.cesrj.http.oobi;

import java.net.URI;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A failed OOBI resolution or fetch: what failed ({@link #kind()}), at which URL, with the
 * status and the body bytes received when it did. Unchecked; never wraps a bare {@link
 * java.io.IOException} without a kind.
 */
public final class OobiException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  /** What failed. */
  private final OobiFailure kind;
  private final transient URI url;
  /** Whether an HTTP status line was received before the failure. */
  private final boolean statusReceived;
  /** The HTTP status received, meaningful only if {@link #statusReceived}. */
  private final int status;
  /** The body bytes received before the failure. */
  private final long offset;

  /**
   * A failure.
   *
   * @param kind what failed
   * @param url the URL being fetched when it failed (after redirects)
   * @param status the HTTP status received, or empty if the failure came before a status line
   * @param offset the body bytes received before the failure (for {@link OobiFailure#NOT_CESR}
   *     the stream offset of the refused bytes), 0 if none
   * @param message what was expected and what came
   * @param cause the underlying exception, or null
   */
  public OobiException(OobiFailure kind, URI url, OptionalInt status, long offset,
      String message, Throwable cause) {
    super(kind + " " + url + (status.isPresent() ? " (status " + status.getAsInt() + ")" : "")
        + ": " + message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.url = url;
    this.statusReceived = status.isPresent();
    this.status = status.orElse(0);
    this.offset = offset;
  }

  /** {@return what failed} */
  public OobiFailure kind() {
    return kind;
  }

  /** {@return the URL being fetched when it failed, possibly null for a URL that did not parse} */
  public URI url() {
    return url;
  }

  /** {@return the HTTP status received, if one was} */
  public OptionalInt status() {
    return statusReceived ? OptionalInt.of(status) : OptionalInt.empty();
  }

  /**
   * {@return the body bytes received before the failure, or for {@link OobiFailure#NOT_CESR} the
   * stream offset of the bytes the parser refused}
   */
  public long offset() {
    return offset;
  }
}
