package dev.cesrj.http.watcher;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Map;

/**
 * Writes what the watcher serves in keripy's forms (CESR 1.0 text): a KEL event with one
 * attachment group ({@code -V}) holding its controller signatures ({@code -A}), witness
 * signatures ({@code -B}), witness receipt couples ({@code -C}) and first-seen replay couple
 * ({@code -E}) (keripy {@code src/keri/db/basing.py} {@code Baser.cloneEvtMsg} and {@code
 * src/keri/core/eventing.py} {@code messagize}, as the OOBI streams of recording A carry them);
 * and a receipt {@code rct} with the witness signatures held (keripy {@code
 * src/keri/app/indirecting.py} {@code ReceiptEnd.on_get}).
 */
final class KelStreams {
  private static final char[] B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSxxx");

  private KelStreams() {}

  /** {@return keripy's {@code nowIso8601} form of {@code t}: UTC, microseconds, "+00:00"} */
  static String iso8601(Instant t) {
    return ISO.format(t.atOffset(ZoneOffset.UTC));
  }

  /** {@return a CESR 1.0 counter: {@code -} code and its count in {@code digits} Base64 digits} */
  static String counter(char code, long count) {
    if (count < 4096) {
      return "-" + code + b64(count, 2);
    }
    return "-0" + code + b64(count, 5);
  }

  private static String b64(long n, int digits) {
    if (n < 0 || n >= 1L << (6 * digits)) {
      throw new IllegalArgumentException(n + " does not fit " + digits + " Base64 digits");
    }
    char[] c = new char[digits];
    for (int i = digits - 1; i >= 0; i--) {
      c[i] = B64[(int) (n & 63)];
      n >>= 6;
    }
    return new String(c);
  }

  /** {@return {@code fn} as keripy's Number of code {@code 0A}: 16 bytes, 24 characters} */
  static String number(long fn) {
    byte[] raw = new byte[18]; // two lead bytes for the code, then 16 bytes big-endian
    for (int i = 0; i < 8; i++) {
      raw[17 - i] = (byte) (fn >>> (8 * i));
    }
    String text = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    return "0A" + text.substring(2);
  }

  /** {@return {@code dt} as keripy's Dater ({@code 1AAG} and the date with {@code :.+} coded)} */
  static String dater(String dt) {
    return "1AAG" + dt.replace(':', 'c').replace('.', 'd').replace('+', 'p');
  }

  /** Appends {@code e}, accepted and first seen as {@code fs}, in keripy's cloned form. */
  static void writeEvent(ByteArrayOutputStream out, HeldEvent e, FirstSeen fs) {
    StringBuilder g = new StringBuilder();
    if (!e.sigs.isEmpty()) {
      g.append(counter('A', e.sigs.size()));
      e.sigs.values().forEach(g::append);
    }
    if (!e.wigs.isEmpty()) {
      g.append(counter('B', e.wigs.size()));
      e.wigs.values().forEach(g::append);
    }
    if (!e.couples.isEmpty()) {
      g.append(counter('C', e.couples.size()));
      for (Map.Entry<String, String> c : e.couples.entrySet()) {
        g.append(c.getKey()).append(c.getValue());
      }
    }
    g.append(counter('E', 1)).append(number(fs.fn())).append(dater(fs.dt()));
    out.writeBytes(e.body);
    out.writeBytes((counter('V', g.length() / 4) + g).getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * {@return keripy's receipt body for {@code prefix}'s event {@code sn} with SAID {@code said},
   * JSON, version 1.0, followed by the witness signatures given}
   */
  static byte[] receipt(String prefix, BigInteger sn, String said, Iterable<String> wigs,
      int wigCount) {
    String rest = ",\"t\":\"rct\",\"d\":\"" + said + "\",\"i\":\"" + prefix + "\",\"s\":\""
        + sn.toString(16) + "\"}";
    int size = "{\"v\":\"KERI10JSON000000_\"".length() + rest.length();
    String body = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\"" + rest;
    StringBuilder b = new StringBuilder(body);
    if (wigCount > 0) {
      b.append(counter('B', wigCount));
      wigs.forEach(b::append);
    }
    return b.toString().getBytes(StandardCharsets.US_ASCII);
  }
}
