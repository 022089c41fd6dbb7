package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.B64;
import dev.cesrj.testing.Qb64;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Framed#pendingFrameBytes()} counts every size a frame can declare as soon as the size
 * field is in, before its bytes: a caller judges a header that declares a million bytes (under the
 * frame limit) from its first few bytes, not after waiting for them. Sizes by the CESR
 * specification ("Version String field", "Count Codes"): a v1 version string's six hex digits, a
 * v2 one's four Base64 digits, and a big counter's count of quadlets after its own 8 characters.
 */
class PendingFrameBytesTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;
  private static final int DECLARED = 1_000_000;

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void everyDeclaredSizeCountsAsSoonAsItsSizeFieldIsIn() {
    String body = new String(TestStreams.jsonV1("icp", "E".repeat(44)), StandardCharsets.US_ASCII);
    Map<String, Map.Entry<String, Long>> headers = new LinkedHashMap<>();
    headers.put("v1 version string", Map.entry("{\"v\":\"KERI10JSON0f4240_\",\"t\":\"icp\"", (long) DECLARED));
    headers.put("v2 version string",
        Map.entry("{\"v\":\"KERICAACAAJSON" + B64.encodeInt(DECLARED, 4) + ".\",\"t\":\"icp\"", (long) DECLARED));
    headers.put("AttachmentGroup after a body",
        Map.entry(body + Qb64.counter(V1, 'V', DECLARED / 4, true), body.length() + 8L + DECLARED));
    headers.put("GenericGroup", Map.entry(Qb64.counter(V1, 'T', DECLARED / 4, true), 8L + DECLARED));
    headers.put("BodyWithAttachmentGroup", Map.entry(Qb64.counter(V1, 'U', DECLARED / 4, true), 8L + DECLARED));
    for (Map.Entry<String, Map.Entry<String, Long>> h : headers.entrySet()) {
      byte[] header = ascii(h.getValue().getKey());
      try (CesrStreamParser parser = new CesrStreamParser()) {
        Framed f = parser.feed(header);
        assertTrue(f.messages().isEmpty(), h.getKey());
        assertEquals(header.length, f.buffered(), h.getKey());
        assertEquals(h.getValue().getValue(), f.pendingFrameBytes(), h.getKey());
        assertEquals(f.buffered() + f.needed(), f.pendingFrameBytes(), h.getKey());
      }
    }
  }

  @Test
  void nothingBufferedOrFailedIsNothingPending() {
    try (CesrStreamParser parser = new CesrStreamParser()) {
      byte[] whole = TestStreams.kelSingleFirstMessage();
      Framed f = parser.feed(whole);
      assertTrue(f.held(), "a bare run at the end of the bytes: held for the next byte");
      assertEquals(whole.length + 1, f.pendingFrameBytes());
      Framed end = parser.endOfInput();
      assertEquals(1, end.messages().size());
      assertEquals(0, end.pendingFrameBytes(), "the input has ended");
    }
    try (CesrStreamParser parser = new CesrStreamParser()) {
      Framed f = parser.feed(ascii("####"));
      assertTrue(f.failed());
      assertEquals(4, f.buffered(), "the failed bytes stay buffered");
      assertEquals(0, f.pendingFrameBytes());
    }
    try (CesrStreamParser parser = new CesrStreamParser()) {
      assertEquals(0, parser.feed(new byte[0]).pendingFrameBytes());
    }
  }
}
