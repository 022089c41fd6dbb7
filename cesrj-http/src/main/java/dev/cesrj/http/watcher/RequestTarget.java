package dev.cesrj.http.watcher;

import java.util.Locale;
import java.util.Optional;

/**
 * A request target as the watcher takes it: the origin form ({@code /path?query}), or the
 * absolute form ({@code http://host/path?query}), which a server must accept (RFC 9112 section
 * 3.2.2) and which is served as its origin form; {@code *} (the asterisk form, for {@code
 * OPTIONS}) is kept as written. Every byte must be a visible US-ASCII character (RFC 3986's
 * characters are a subset of 0x21 to 0x7E; RFC 9112 section 3.2): a NUL, a control byte, a space
 * or a non-ASCII byte makes the request malformed (answered 400 by {@link RequestLimits}).
 */
final class RequestTarget {
  private RequestTarget() {}

  /**
   * {@return the origin form of {@code target}, or empty if it is not a valid request target}
   *
   * @param target the request line's target, as decoded by Netty (ISO-8859-1, one char a byte)
   */
  static Optional<String> originForm(String target) {
    if (target.isEmpty()) {
      return Optional.empty();
    }
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c < 0x21 || c > 0x7E) {
        return Optional.empty();
      }
    }
    if (target.charAt(0) == '/' || target.equals("*")) {
      return Optional.of(target);
    }
    String lower = target.toLowerCase(Locale.ROOT);
    int start = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
    if (start < 0) {
      return Optional.empty();
    }
    int end = start;
    while (end < target.length() && target.charAt(end) != '/' && target.charAt(end) != '?') {
      end++;
    }
    if (end == start) {
      return Optional.empty(); // no authority
    }
    String rest = target.substring(end);
    return Optional.of(rest.isEmpty() || rest.charAt(0) == '?' ? "/" + rest : rest);
  }
}
