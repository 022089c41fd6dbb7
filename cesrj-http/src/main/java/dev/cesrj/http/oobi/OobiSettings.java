package dev.cesrj.http.oobi;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits of an {@link OobiResolver}. Every one bounds what a hostile or broken server can
 * make the resolver wait for or hold.
 *
 * @param maxBodyBytes the most body bytes taken from one response, counted as they arrive
 *     (chunked or not); one more is {@link OobiFailure#TOO_LARGE}, and a {@code Content-Length}
 *     above it fails before the body is read. Default {@value #DEFAULT_MAX_BODY_BYTES} (8 MiB).
 *     The push parser's frame limit is the lesser of this and its own default (16 MiB), so the
 *     parser never buffers more than this plus one read
 * @param connectTimeout how long a connection may take ({@link OobiFailure#CONNECT_TIMEOUT});
 *     default 5 s
 * @param readTimeout how long the server may send nothing while a response is due ({@link
 *     OobiFailure#READ_TIMEOUT}); default 10 s
 * @param totalTimeout how long one GET may take, from connecting to the body's end, redirects
 *     each counted anew ({@link OobiFailure#TOTAL_TIMEOUT}); default 30 s
 * @param maxRedirects the most redirects followed per URL (301, 302, 303, 307, 308; same scheme
 *     only); default 3, 0 for none
 * @param maxHeaderBytes the most bytes of the status line (its own limit) and of all headers
 *     together ({@link OobiFailure#HEADERS_TOO_LARGE}); default 16 KiB
 */
public record OobiSettings(long maxBodyBytes, Duration connectTimeout, Duration readTimeout,
    Duration totalTimeout, int maxRedirects, int maxHeaderBytes) {

  /** The default {@link #maxBodyBytes()}: {@value} bytes (8 MiB). */
  public static final long DEFAULT_MAX_BODY_BYTES = 8L * 1024 * 1024;

  /** The defaults: 8 MiB, 5 s connect, 10 s per read, 30 s in all, 3 redirects, 16 KiB headers. */
  public static final OobiSettings DEFAULT = new OobiSettings(DEFAULT_MAX_BODY_BYTES,
      Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), 3, 16 * 1024);

  /**
   * Checks the values.
   *
   * @param maxBodyBytes see the record description
   * @param connectTimeout see the record description
   * @param readTimeout see the record description
   * @param totalTimeout see the record description
   * @param maxRedirects see the record description
   * @param maxHeaderBytes see the record description
   * @throws IllegalArgumentException if a limit is not positive (redirects: negative), or a
   *     timeout is not between 1 ms and one day
   */
  public OobiSettings {
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException("maxBodyBytes " + maxBodyBytes);
    }
    check("connectTimeout", connectTimeout);
    check("readTimeout", readTimeout);
    check("totalTimeout", totalTimeout);
    if (maxRedirects < 0) {
      throw new IllegalArgumentException("maxRedirects " + maxRedirects);
    }
    if (maxHeaderBytes < 256) {
      throw new IllegalArgumentException("maxHeaderBytes " + maxHeaderBytes + " (least 256)");
    }
  }

  private static void check(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.toMillis() < 1 || d.compareTo(Duration.ofDays(1)) > 0) {
      throw new IllegalArgumentException(name + " " + d);
    }
  }

  /**
   * {@return these settings with {@code maxBodyBytes}}
   *
   * @param v the new value
   */
  public OobiSettings withMaxBodyBytes(long v) {
    return new OobiSettings(v, connectTimeout, readTimeout, totalTimeout, maxRedirects,
        maxHeaderBytes);
  }

  /**
   * {@return these settings with {@code connectTimeout}}
   *
   * @param v the new value
   */
  public OobiSettings withConnectTimeout(Duration v) {
    return new OobiSettings(maxBodyBytes, v, readTimeout, totalTimeout, maxRedirects,
        maxHeaderBytes);
  }

  /**
   * {@return these settings with {@code readTimeout}}
   *
   * @param v the new value
   */
  public OobiSettings withReadTimeout(Duration v) {
    return new OobiSettings(maxBodyBytes, connectTimeout, v, totalTimeout, maxRedirects,
        maxHeaderBytes);
  }

  /**
   * {@return these settings with {@code totalTimeout}}
   *
   * @param v the new value
   */
  public OobiSettings withTotalTimeout(Duration v) {
    return new OobiSettings(maxBodyBytes, connectTimeout, readTimeout, v, maxRedirects,
        maxHeaderBytes);
  }

  /**
   * {@return these settings with {@code maxRedirects}}
   *
   * @param v the new value
   */
  public OobiSettings withMaxRedirects(int v) {
    return new OobiSettings(maxBodyBytes, connectTimeout, readTimeout, totalTimeout, v,
        maxHeaderBytes);
  }

  /**
   * {@return these settings with {@code maxHeaderBytes}}
   *
   * @param v the new value
   */
  public OobiSettings withMaxHeaderBytes(int v) {
    return new OobiSettings(maxBodyBytes, connectTimeout, readTimeout, totalTimeout, maxRedirects,
        v);
  }
}
