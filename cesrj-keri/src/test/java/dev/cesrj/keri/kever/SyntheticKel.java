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
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;

/**
 * Long key event logs made here, for tests that need more events than the keripy-made corpus
 * holds: one Ed25519 controller (the JDK's signer, basic transferable prefix {@code D}, keripy
 * {@code MtrDex.Ed25519}), an inception with {@code kt 1}, {@code nt 1}, no witnesses, then
 * interactions with empty anchors, each a version 1 JSON body (keripy's compact field order and
 * version string {@code KERI10JSONhhhhhh_}) whose {@code d} is its Blake3-256 SAID (the 44
 * {@code #} dummy rule of keripy {@code Saider}), followed by {@code -AAB} and the controller's
 * indexed signature at index 0 ({@code A} code). Built by this test code, checked by the
 * verifier like any stream.
 */
final class SyntheticKel {
  private static final String DUMMY = "#".repeat(44);

  private SyntheticKel() {}

  /** {@return the messages: inception, then {@code interactions} interactions, each signed} */
  static List<byte[]> messages(int interactions) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
    SecureRandom seed = SecureRandom.getInstance("SHA1PRNG");
    seed.setSeed(1);
    g.initialize(255, seed);
    KeyPair current = g.generateKeyPair();
    KeyPair next = g.generateKeyPair();
    String pre = qb64("D", raw(current));
    String nextDigest = qb64("E",
        Digests.digest(MatterCode.Blake3_256, qb64("D", raw(next)).getBytes(StandardCharsets.US_ASCII)));
    List<byte[]> out = new ArrayList<>();
    String icp = saidified("{\"v\":\"%s\",\"t\":\"icp\",\"d\":\"%s\",\"i\":\"" + pre
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + pre + "\"],\"nt\":\"1\",\"n\":[\"" + nextDigest
        + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]}");
    out.add(signed(icp, current));
    String prior = said(icp);
    for (int sn = 1; sn <= interactions; sn++) {
      String ixn = saidified("{\"v\":\"%s\",\"t\":\"ixn\",\"d\":\"%s\",\"i\":\"" + pre
          + "\",\"s\":\"" + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[]}");
      out.add(signed(ixn, current));
      prior = said(ixn);
    }
    return out;
  }

  /** {@return the messages joined, last first if {@code reversed}} */
  static byte[] stream(List<byte[]> messages, boolean reversed) {
    List<byte[]> order = new ArrayList<>(messages);
    if (reversed) {
      Collections.reverse(order);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : order) {
      out.writeBytes(m);
    }
    return out.toByteArray();
  }

  /** The body template with its version string's size and its SAID filled in. */
  private static String saidified(String template) {
    int size = String.format(template, "KERI10JSON000000_", DUMMY).length();
    String version = String.format("KERI10JSON%06x_", size);
    String dummied = String.format(template, version, DUMMY);
    String said = qb64("E",
        Digests.digest(MatterCode.Blake3_256, dummied.getBytes(StandardCharsets.US_ASCII)));
    return String.format(template, version, said);
  }

  private static String said(String body) {
    int at = body.indexOf("\"d\":\"") + 5;
    return body.substring(at, at + 44);
  }

  private static byte[] signed(String body, KeyPair key) throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initSign(key.getPrivate());
    byte[] ser = body.getBytes(StandardCharsets.US_ASCII);
    s.update(ser);
    String sig = qb64("AA", s.sign());
    return (body + "-AAB" + sig).getBytes(StandardCharsets.US_ASCII);
  }

  /** The raw 32 bytes of an Ed25519 public key (RFC 8032: y little-endian, x's parity on top). */
  private static byte[] raw(KeyPair kp) {
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
   * {@return {@code code} then the raw bytes in Base64url, lead bytes of zeros making the whole a
   * multiple of 3 bytes, their characters replaced by the code (CESR's qb64 rule, keripy
   * {@code Matter._infil}); the code takes as many characters as the lead bytes, as both codes
   * used here do}
   */
  private static String qb64(String code, byte[] raw) {
    int lead = (3 - raw.length % 3) % 3;
    byte[] padded = new byte[lead + raw.length];
    System.arraycopy(raw, 0, padded, lead, raw.length);
    String b64 = Base64.getUrlEncoder().encodeToString(padded);
    return code + b64.substring(code.length());
  }
}
