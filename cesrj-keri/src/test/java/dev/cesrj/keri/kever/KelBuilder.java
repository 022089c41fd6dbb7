package dev.cesrj.keri.kever;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.crypto.Digests;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.util.Base64;
import java.util.List;

/**
 * Signed key events made here with whatever fields a test needs, valid or not, for tests of
 * {@link KelVerifier} on logs the keripy-made corpus does not hold: Ed25519 keys from the JDK
 * (seeded, so the same each run), version 1 JSON bodies in keripy's compact form whose {@code d}
 * (and {@code i}, written {@link #SELF}, for a self-addressing prefix) is the Blake3-256 SAID of
 * the body with those fields dummied ({@code #}, keripy {@code Saider}), and indexed controller
 * signatures ({@code -AAB...}) of any code, index and ondex (keripy {@code Siger}: code, then the
 * index, then for the big codes the ondex, in Base64 digits, then the raw signature).
 */
final class KelBuilder {
  /** Written for {@code i} in a template: the prefix is the body's SAID (self-addressing). */
  static final String SELF = "#SELF#";
  private static final String DUMMY = "#".repeat(44);
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private KelBuilder() {}

  /** {@return an Ed25519 key pair, the same for the same seed} */
  static KeyPair key(int seed) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
    SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
    r.setSeed(seed);
    g.initialize(255, r);
    return g.generateKeyPair();
  }

  /** {@return the key's qb64: {@code D} transferable, {@code B} non-transferable} */
  static String verfer(KeyPair kp, boolean transferable) {
    return qb64(transferable ? "D" : "B", raw(kp));
  }

  /** {@return the Blake3-256 digest (qb64, {@code E}) of the key's transferable qb64} */
  static String nextDigest(KeyPair kp) {
    return qb64("E", Digests.digest(MatterCode.Blake3_256,
        verfer(kp, true).getBytes(StandardCharsets.US_ASCII)));
  }

  /**
   * {@return the body of {@code fields}, JSON members after {@code "v"} and {@code "d"} (e.g.
   * {@code "t":"ixn","i":"...","s":"1","p":"...","a":[]}, with {@code "d":""} where {@code d}
   * goes), its version string sized and its SAIDs filled in}
   */
  static String body(String fields) {
    String template = "{\"v\":\"%1$s\"," + fields.replace("\"d\":\"\"", "\"d\":\"%2$s\"")
        .replace(SELF, "%2$s") + "}";
    int size = String.format(template, "KERI10JSON000000_", DUMMY).length();
    String version = String.format("KERI10JSON%06x_", size);
    String said = qb64("E", Digests.digest(MatterCode.Blake3_256,
        String.format(template, version, DUMMY).getBytes(StandardCharsets.US_ASCII)));
    return String.format(template, version, said);
  }

  /** {@return the {@code d} of a body made by {@link #body}} */
  static String said(String body) {
    int at = body.indexOf("\"d\":\"") + 5;
    return body.substring(at, at + 44);
  }

  /**
   * One indexed signature.
   *
   * @param key the signing key
   * @param code the Indexer code: {@code A} (both), {@code B} (current only), {@code 2A},
   *     {@code 2B} (big: index and ondex of two digits each)
   * @param index the index
   * @param ondex the ondex (big codes only)
   */
  record Sig(KeyPair key, String code, int index, int ondex) {
    static Sig of(KeyPair key, int index) {
      return new Sig(key, "A", index, index);
    }
  }

  /** {@return {@code body} followed by its ControllerIdxSigs (CESR 1.0 {@code -A})} */
  static byte[] signed(String body, List<Sig> sigs) throws Exception {
    StringBuilder sb = new StringBuilder(body).append("-A").append(b64(sigs.size(), 2));
    for (Sig s : sigs) {
      Signature signer = Signature.getInstance("Ed25519");
      signer.initSign(s.key().getPrivate());
      signer.update(body.getBytes(StandardCharsets.US_ASCII));
      String code = s.code().length() == 1
          ? s.code() + b64(s.index(), 1)
          : s.code() + b64(s.index(), 2) + b64(s.ondex(), 2);
      sb.append(qb64(code, signer.sign()));
    }
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** {@return the messages joined} */
  static byte[] stream(byte[]... messages) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      out.writeBytes(m);
    }
    return out.toByteArray();
  }

  private static String b64(int n, int digits) {
    StringBuilder sb = new StringBuilder();
    for (int i = digits - 1; i >= 0; i--) {
      sb.append(B64.charAt((n >> (6 * i)) & 63));
    }
    return sb.toString();
  }

  /** The raw 32 bytes of an Ed25519 public key (RFC 8032: y little-endian, x's parity on top). */
  static byte[] raw(KeyPair kp) {
    EdECPublicKey pub = (EdECPublicKey) kp.getPublic();
    byte[] y = pub.getPoint().getY().toByteArray();
    byte[] raw = new byte[32];
    for (int i = 0; i < y.length && i < 32; i++) {
      raw[i] = y[y.length - 1 - i];
    }
    if (pub.getPoint().isXOdd()) {
      raw[31] |= (byte) 0x80;
    }
    return raw;
  }

  /**
   * {@return {@code code} then the raw bytes in Base64url behind lead bytes of zeros (as many as
   * the code's characters modulo 4), the lead characters replaced by the code (CESR's qb64 rule)}
   */
  static String qb64(String code, byte[] raw) {
    int lead = code.length() % 4;
    byte[] padded = new byte[lead + raw.length];
    System.arraycopy(raw, 0, padded, lead, raw.length);
    String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    return code + b64.substring(lead);
  }
}
