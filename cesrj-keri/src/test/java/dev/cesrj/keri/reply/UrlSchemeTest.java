package dev.cesrj.keri.reply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@link Revery#urlScheme}: the scheme Python 3.11's {@code urllib.parse.urlsplit} reads (keripy
 * {@code processReplyLocScheme} compares it with {@code scheme}); {@link Revery#instant}: keripy's
 * {@code Dater} reading of {@code dt}.
 */
class UrlSchemeTest {
  @Test
  void schemesAsUrlsplitReadsThem() {
    assertEquals("http", Revery.urlScheme("http://127.0.0.1:5642/"));
    assertEquals("https", Revery.urlScheme("HTTPS://example.com"), "lower-cased");
    assertEquals("tcp", Revery.urlScheme("tcp://127.0.0.1:5632/"));
    assertEquals("localhost", Revery.urlScheme("localhost:8080"), "urlsplit's own reading");
    assertEquals("", Revery.urlScheme("127.0.0.1:5642"), "a scheme starts with a letter");
    assertEquals("", Revery.urlScheme("/path/only"));
    assertEquals("", Revery.urlScheme(""));
    assertEquals("", Revery.urlScheme(":8080"));
    assertEquals("", Revery.urlScheme("ht_tp://x"), "_ is no scheme character");
    assertEquals("a+b-c.d", Revery.urlScheme("a+b-c.d://x"));
    assertEquals("", Revery.urlScheme("é://x"), "ASCII letters only");
  }

  @Test
  void datesAsDaterReadsThem() {
    assertEquals(Instant.parse("2022-01-20T12:57:59.823350Z"),
        Revery.instant("2022-01-20T12:57:59.823350+00:00").orElseThrow());
    assertTrue(Revery.instant("2022-01-20").isEmpty());
    assertTrue(Revery.instant("").isEmpty());
    assertTrue(Revery.instant("2022-01-20T12:57:59").isEmpty(), "no offset");
  }
}
