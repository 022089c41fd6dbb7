package dev.cesrj.keri.vlei;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.crypto.Digests;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;

/**
 * Credential streams made here, in the shape of {@code kli vc export --full} (set A's streams):
 * single-key Ed25519 AIDs (seeded JDK keys) with their {@code icp} or delegated {@code dip}
 * (after the {@code ixn} of the delegator that anchors it, with a SealSourceCouples
 * {@code -G} naming that event), registries
 * ({@code vcp}, no backers), issuances and revocations ({@code iss}, {@code rev}) each anchored by
 * an {@code ixn} of its issuer and carrying {@code -G}, and version 1 ACDCs whose SAIDs ({@code d}
 * of the credential, of {@code a} and of {@code e}) are Blake3-256 digests of their JSON with
 * {@code d} dummied (keripy {@code Saider}), and whose rules section is compact. Every message is
 * kept in making order with the kind it is ({@link Kind}), so that a test picks the ones a stream
 * holds.
 */
final class CredentialForge {
  enum Kind { KEL, TEL, ACDC }

  /** One message made: its kind, whose it is (a prefix, registry or credential SAID), its bytes. */
  record Made(Kind kind, String id, String ilk, byte[] bytes) {}

  /** An AID: its keys, prefix, and the last event of its KEL. */
  static final class Aid {
    final KeyPair key;
    final String prefix;
    int sn;
    String last;

    Aid(KeyPair key, String prefix) {
      this.key = key;
      this.prefix = prefix;
      this.last = prefix;
    }
  }

  record Registry(Aid issuer, String prefix) {}

  record Cred(String said, Registry registry, String iss) {}

  static final String DT = "2024-05-02T11:12:23.345678+00:00";
  private static final String DUMMY = "#".repeat(44);
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  final List<Made> made = new ArrayList<>();
  private int nonces;

  /** {@return a new AID with an {@code icp} of one key} */
  Aid incept(int seed) throws Exception {
    return inception(seed, null);
  }

  /** {@return a new AID with a {@code dip} delegated by {@code delegator}, who anchors it} */
  Aid delegate(int seed, Aid delegator) throws Exception {
    return inception(seed, delegator);
  }

  private Aid inception(int seed, Aid delegator) throws Exception {
    KeyPair key = key(seed);
    KeyPair next = key(seed + 10_000);
    String fields = "\"t\":\"" + (delegator == null ? "icp" : "dip")
        + "\",\"d\":\"\",\"i\":\"#SELF#\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + qb64("D", raw(key))
        + "\"],\"nt\":\"1\",\"n\":[\"" + qb64("E", digest(qb64("D", raw(next)))) + "\"],\"bt\":\"0\","
        + "\"b\":[],\"c\":[],\"a\":[]" + (delegator == null ? "" : ",\"di\":\"" + delegator.prefix
        + "\"");
    String body = body("KERI", fields);
    Aid a = new Aid(key, said(body));
    String msg = signed(body, key);
    if (delegator != null) {
      String[] at = anchor(delegator, a.prefix, "0", a.prefix);
      msg += "-GAB" + seqner(Integer.parseInt(at[0])) + at[1];
    }
    made.add(new Made(Kind.KEL, a.prefix, delegator == null ? "icp" : "dip", ascii(msg)));
    return a;
  }

  /** Appends an {@code ixn} of {@code a} anchoring the seal {i, s, d}; {@return its sn and SAID} */
  String[] anchor(Aid a, String i, String s, String d) throws Exception {
    a.sn++;
    String body = body("KERI", "\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + a.prefix + "\",\"s\":\""
        + Integer.toHexString(a.sn) + "\",\"p\":\"" + a.last + "\",\"a\":[{\"i\":\"" + i
        + "\",\"s\":\"" + s + "\",\"d\":\"" + d + "\"}]");
    a.last = said(body);
    made.add(new Made(Kind.KEL, a.prefix, "ixn", ascii(signed(body, a.key))));
    return new String[] {String.valueOf(a.sn), a.last};
  }

  /** {@return a registry of {@code issuer}, its {@code vcp} anchored} */
  Registry registry(Aid issuer) throws Exception {
    byte[] nonce = new byte[16];
    nonce[15] = (byte) ++nonces;
    String body = body("KERI", "\"t\":\"vcp\",\"d\":\"\",\"i\":\"#SELF#\",\"ii\":\""
        + issuer.prefix + "\",\"s\":\"0\",\"c\":[\"NB\"],\"bt\":\"0\",\"b\":[],\"n\":\""
        + qb64("0A", nonce) + "\"");
    String prefix = said(body);
    String[] at = anchor(issuer, prefix, "0", prefix);
    made.add(new Made(Kind.TEL, prefix, "vcp", ascii(body + "-GAB"
        + seqner(Integer.parseInt(at[0])) + at[1])));
    return new Registry(issuer, prefix);
  }

  /**
   * Issues a credential: its ACDC and its {@code iss}, anchored.
   *
   * @param attributes the members of {@code a} after {@code d} (with {@code i} and {@code dt})
   * @param edges the members of {@code e} after {@code d}, or null for none
   * @param uuid a top-level {@code u}, or null
   */
  Cred issue(Registry reg, String schema, String attributes, String edges, String uuid)
      throws Exception {
    String a = section("{\"d\":\"\"," + attributes + "}");
    String e = edges == null ? null : section("{\"d\":\"\"," + edges + "}");
    String fields = "\"d\":\"\"," + (uuid == null ? "" : "\"u\":\"" + uuid + "\",") + "\"i\":\""
        + reg.issuer().prefix + "\",\"ri\":\"" + reg.prefix() + "\",\"s\":\"" + schema
        + "\",\"a\":" + a + (e == null ? "" : ",\"e\":" + e) + ",\"r\":\""
        + qb64("E", digest("rules of " + schema)) + "\"";
    String acdc = body("ACDC", fields);
    String said = said(acdc);
    String iss = body("KERI", "\"t\":\"iss\",\"d\":\"\",\"i\":\"" + said
        + "\",\"s\":\"0\",\"ri\":\"" + reg.prefix() + "\",\"dt\":\"" + DT + "\"");
    String[] at = anchor(reg.issuer(), said, "0", said(iss));
    made.add(new Made(Kind.TEL, said, "iss", ascii(iss + "-GAB"
        + seqner(Integer.parseInt(at[0])) + at[1])));
    made.add(new Made(Kind.ACDC, said, "acdc", ascii(acdc)));
    return new Cred(said, reg, said(iss));
  }

  /** Revokes a credential: its {@code rev}, anchored. */
  void revoke(Cred c) throws Exception {
    String rev = body("KERI", "\"t\":\"rev\",\"d\":\"\",\"i\":\"" + c.said()
        + "\",\"s\":\"1\",\"ri\":\"" + c.registry().prefix() + "\",\"p\":\"" + c.iss()
        + "\",\"dt\":\"" + DT + "\"");
    String[] at = anchor(c.registry().issuer(), c.said(), "1", said(rev));
    made.add(new Made(Kind.TEL, c.said(), "rev", ascii(rev + "-GAB"
        + seqner(Integer.parseInt(at[0])) + at[1])));
  }

  /** {@return the messages made that {@code keep} keeps, joined in making order} */
  byte[] stream(Predicate<Made> keep) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Made m : made) {
      if (keep.test(m)) {
        out.writeBytes(m.bytes());
      }
    }
    return out.toByteArray();
  }

  /** {@return every message made, kinds in the order KEL, TEL, ACDC} */
  byte[] export(Predicate<Made> keep) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Kind k : Kind.values()) {
      out.writeBytes(stream(m -> m.kind() == k && keep.test(m)));
    }
    return out.toByteArray();
  }

  // --- encoding ---------------------------------------------------------------------------

  /** A section with its {@code d} the digest of the section with {@code d} dummied. */
  private static String section(String json) {
    String dummied = json.replaceFirst("\"d\":\"\"", "\"d\":\"" + DUMMY + "\"");
    return json.replaceFirst("\"d\":\"\"", "\"d\":\"" + qb64("E", digest(dummied)) + "\"");
  }

  /** A version 1 JSON body of {@code fields}: version sized, {@code d} (and #SELF#) its SAID. */
  private static String body(String proto, String fields) {
    String template = "{\"v\":\"%1$s\"," + fields.replaceFirst("\"d\":\"\"", "\"d\":\"%2\\$s\"")
        .replace("#SELF#", "%2$s") + "}";
    String zero = proto + "10JSON000000_";
    int size = String.format(template, zero, DUMMY).length();
    String version = String.format(proto + "10JSON%06x_", size);
    String said = qb64("E", digest(String.format(template, version, DUMMY)));
    return String.format(template, version, said);
  }

  static String said(String body) {
    int at = body.indexOf("\"d\":\"") + 5;
    return body.substring(at, at + 44);
  }

  private static String signed(String body, KeyPair key) throws Exception {
    Signature signer = Signature.getInstance("Ed25519");
    signer.initSign(key.getPrivate());
    signer.update(ascii(body));
    return body + "-AAB" + qb64("AA", signer.sign());
  }

  static byte[] digest(String text) {
    return Digests.digest(MatterCode.Blake3_256, ascii(text));
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static String seqner(int sn) {
    byte[] raw = new byte[16];
    byte[] b = BigInteger.valueOf(sn).toByteArray();
    System.arraycopy(b, 0, raw, 16 - b.length, b.length);
    return qb64("0A", raw);
  }

  private static KeyPair key(int seed) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
    SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
    r.setSeed(seed);
    g.initialize(255, r);
    return g.generateKeyPair();
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

  /** {@return CESR qb64: {@code code}, then the raw bytes in Base64url behind lead zero bytes} */
  static String qb64(String code, byte[] raw) {
    int lead = code.length() % 4;
    byte[] padded = new byte[lead + raw.length];
    System.arraycopy(raw, 0, padded, lead, raw.length);
    String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    return code + b64.substring(lead);
  }

  /** The base64 digit string of {@code n} in {@code digits} characters. */
  static String b64(int n, int digits) {
    StringBuilder sb = new StringBuilder();
    for (int i = digits - 1; i >= 0; i--) {
      sb.append(B64.charAt((n >> (6 * i)) & 63));
    }
    return sb.toString();
  }
}
