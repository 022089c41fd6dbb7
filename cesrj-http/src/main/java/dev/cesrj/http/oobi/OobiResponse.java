package dev.cesrj.http.oobi;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One response an {@link OobiResolver} took whole.
 *
 * @param requested the URL asked for
 * @param url the URL that answered (after redirects; {@code requested} if none)
 * @param redirects the URLs redirected through, in order (empty if none)
 * @param status the HTTP status (2xx)
 * @param contentType the {@code Content-Type}, or empty text if none was sent
 * @param keriAid the {@code Keri-Aid} header keripy's OOBI endpoint sends, if any
 * @param bodyBytes the body's length in bytes (de-chunked)
 * @param messages the CESR messages framed from it
 * @param peakBuffered the most bytes the push parser held at once (its cumulation), at most
 *     {@link OobiSettings#maxBodyBytes()} plus one read
 */
public record OobiResponse(URI requested, URI url, List<URI> redirects, int status,
    String contentType, Optional<String> keriAid, long bodyBytes, int messages,
    long peakBuffered) {
  /**
   * Copies the list.
   *
   * @param requested see the record description
   * @param url see the record description
   * @param redirects see the record description
   * @param status see the record description
   * @param contentType see the record description
   * @param keriAid see the record description
   * @param bodyBytes see the record description
   * @param messages see the record description
   * @param peakBuffered see the record description
   */
  public OobiResponse {
    Objects.requireNonNull(requested, "requested");
    Objects.requireNonNull(url, "url");
    redirects = List.copyOf(redirects);
    Objects.requireNonNull(contentType, "contentType");
    Objects.requireNonNull(keriAid, "keriAid");
  }
}
