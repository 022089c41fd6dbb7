package dev.cesrj.http;

/**
 * The names keripy's HTTP form of CESR uses (keripy {@code src/keri/app/httping.py}: {@code
 * CESR_CONTENT_TYPE}, {@code CESR_ATTACHMENT_HEADER}, {@code CESR_DESTINATION_HEADER}). A
 * message travels one per request: its body (the serialized event, with its version string) is
 * the request body, its attachments (qb64 text) the value of {@link #ATTACHMENT_HEADER}, and the
 * AID it is meant for the value of {@link #DESTINATION_HEADER}. HTTP header names are
 * case-insensitive (RFC 9110 section 5.1): keripy's server writes them title-cased
 * ({@code Cesr-Attachment}), so compare them ignoring case.
 */
public final class CesrHttp {

  /** The media type of a CESR request or response body: {@value}. */
  public static final String CONTENT_TYPE = "application/cesr";

  /** The header that carries a message's attachments as qb64 text: {@value}. */
  public static final String ATTACHMENT_HEADER = "CESR-ATTACHMENT";

  /** The header that names the AID a message is meant for: {@value}. */
  public static final String DESTINATION_HEADER = "CESR-DESTINATION";

  private CesrHttp() {}
}
