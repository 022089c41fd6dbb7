package dev.cesrj.http.oobi;

/** What went wrong resolving an OOBI: the kind of an {@link OobiException}. */
public enum OobiFailure {
  /** The URL is not an absolute {@code http} URL with a host (or its path is no OOBI form). */
  BAD_URL,
  /** The scheme is not supported ({@code https} and {@code tcp} are not, yet). */
  UNSUPPORTED_SCHEME,
  /** The connection could not be made (refused, unreachable, unknown host). */
  CONNECT_FAILED,
  /** The connection was not made within {@link OobiSettings#connectTimeout()}. */
  CONNECT_TIMEOUT,
  /** No byte arrived for {@link OobiSettings#readTimeout()}. */
  READ_TIMEOUT,
  /** The exchange took longer than {@link OobiSettings#totalTimeout()} (e.g. a trickling server). */
  TOTAL_TIMEOUT,
  /**
   * The status is not 2xx or a followed redirect; {@link OobiException#status()} says which (404:
   * keripy's answer for an unknown AID or an unrouted path).
   */
  STATUS,
  /** The body is longer than {@link OobiSettings#maxBodyBytes()} (announced or received). */
  TOO_LARGE,
  /** The status line or headers are longer than the decoder's limits. */
  HEADERS_TOO_LARGE,
  /** The response is not HTTP/1.x as RFC 9112 frames it (bad status line, header, chunk size). */
  MALFORMED_HTTP,
  /** The connection closed before the body's announced end. */
  TRUNCATED,
  /**
   * The body is not CESR: a content type other than {@code application/cesr}, {@code
   * application/json} or {@code text/event-stream}, or bytes the push parser refuses (the
   * exception's offset says where).
   */
  NOT_CESR,
  /** A redirect leads back to a URL already visited. */
  REDIRECT_LOOP,
  /** More redirects than {@link OobiSettings#maxRedirects()}. */
  REDIRECT_LIMIT,
  /** A redirect to another scheme (e.g. {@code http} to {@code https} or {@code file}). */
  REDIRECT_SCHEME,
  /** A redirect without a usable {@code Location}. */
  REDIRECT_INVALID,
  /** The calling thread was interrupted while waiting, or the resolver was closed. */
  INTERRUPTED
}
