package dev.cesrj.keri.tel;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.kever.VerifierState;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * TEL messages made here with whatever fields a test needs, for tests of {@link Tevery} on cases
 * set A does not hold: version 1 JSON bodies in keripy's compact form whose {@code d} (and a
 * {@code vcp}'s {@code i}, written {@link #SELF}) is the Blake3-256 SAID of the body with those
 * fields dummied (keripy {@code Saider}), a SealSourceCouples attachment ({@code -G}, CESR 1.0)
 * and backer signatures (WitnessIdxSigs {@code -B}) by seeded JDK Ed25519 keys; and {@link Kel},
 * a {@link KelAnchors} whose accepted events a test sets (the same construction as the kever
 * tests' {@code KelBuilder}, which is package-private there).
 */
final class TelBuilder {
  static final String SELF = "#SELF#";
  static final String ISSUER = "EMC5Xyi3W_kniimpQqNaNyBQnV_I3jnw9MdQJtXVN0Gf";
  static final String DT = "2024-01-02T03:04:05.000000+00:00";
  private static final String DUMMY = "#".repeat(44);
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private TelBuilder() {}

  /** {@return the body of {@code fields} (after {@code v}; {@code "d":""} where d goes)} */
  static String body(String fields) {
    String template = "{\"v\":\"%1$s\"," + fields.replace("\"d\":\"\"", "\"d\":\"%2$s\"")
        .replace(SELF, "%2$s") + "}";
    int size = String.format(template, "KERI10JSON000000_", DUMMY).length();
    String version = String.format("KERI10JSON%06x_", size);
    String said = qb64("E", Digests.digest(MatterCode.Blake3_256,
        String.format(template, version, DUMMY).getBytes(StandardCharsets.US_ASCII)));
    return String.format(template, version, said);
  }

  /** {@return a body made by {@link #body}, changed, with its SAID made right again} */
  static String resaid(String changed) {
    return body(changed.substring(changed.indexOf("\"t\""), changed.length() - 1)
        .replace(said(changed), ""));
  }

  /** {@return the {@code d} of a body made by {@link #body}} */
  static String said(String body) {
    int at = body.indexOf("\"d\":\"") + 5;
    return body.substring(at, at + 44);
  }

  static String vcp(String config, int toad, List<String> backers) {
    return body("\"t\":\"vcp\",\"d\":\"\",\"i\":\"" + SELF + "\",\"ii\":\"" + ISSUER
        + "\",\"s\":\"0\",\"c\":[" + quoted(List.of(config.split(",")).stream()
            .filter(c -> !c.isEmpty()).toList()) + "],\"bt\":\"" + Integer.toHexString(toad)
        + "\",\"b\":[" + quoted(backers) + "],\"n\":\"0AAxyHwW6htOZ_rANOaZb2N2\"");
  }

  static String vrt(String registry, String prior, int sn, int toad, List<String> cuts,
      List<String> adds) {
    return body("\"t\":\"vrt\",\"d\":\"\",\"i\":\"" + registry + "\",\"p\":\"" + prior
        + "\",\"s\":\"" + Integer.toHexString(sn) + "\",\"bt\":\"" + Integer.toHexString(toad)
        + "\",\"br\":[" + quoted(cuts) + "],\"ba\":[" + quoted(adds) + "]");
  }

  static String iss(String credential, String registry) {
    return body("\"t\":\"iss\",\"d\":\"\",\"i\":\"" + credential + "\",\"s\":\"0\",\"ri\":\""
        + registry + "\",\"dt\":\"" + DT + "\"");
  }

  static String rev(String credential, String registry, String prior, int sn) {
    return body("\"t\":\"rev\",\"d\":\"\",\"i\":\"" + credential + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"ri\":\"" + registry + "\",\"p\":\"" + prior
        + "\",\"dt\":\"" + DT + "\"");
  }

  static String bis(String credential, String registry, String registryEvent) {
    return body("\"t\":\"bis\",\"d\":\"\",\"i\":\"" + credential + "\",\"ii\":\"" + ISSUER
        + "\",\"s\":\"0\",\"ra\":{\"i\":\"" + registry + "\",\"s\":\"0\",\"d\":\""
        + registryEvent + "\"},\"dt\":\"" + DT + "\"");
  }

  static String brv(String credential, String registry, String registryEvent, String prior) {
    return body("\"t\":\"brv\",\"d\":\"\",\"i\":\"" + credential + "\",\"s\":\"1\",\"p\":\""
        + prior + "\",\"ra\":{\"i\":\"" + registry + "\",\"s\":\"0\",\"d\":\"" + registryEvent
        + "\"},\"dt\":\"" + DT + "\"");
  }

  /** {@return the {@code i} of a body} */
  static String prefix(String body) {
    int at = body.indexOf("\"i\":\"") + 5;
    return body.substring(at, at + 44);
  }

  /** {@return {@code body} with a SealSourceCouples couple (KEL sn, SAID) attached} */
  static String anchored(String body, int kelSn, String kelSaid) {
    return body + "-GAB" + seqner(kelSn) + kelSaid;
  }

  /** {@return {@code message} with backer signatures (WitnessIdxSigs) on {@code body}} */
  static String backed(String message, String body, List<KeyPair> keys, List<Integer> indexes)
      throws Exception {
    StringBuilder sb = new StringBuilder(message).append("-B").append(b64(keys.size(), 2));
    for (int k = 0; k < keys.size(); k++) {
      Signature signer = Signature.getInstance("Ed25519");
      signer.initSign(keys.get(k).getPrivate());
      signer.update(body.getBytes(StandardCharsets.US_ASCII));
      sb.append(qb64("A" + b64(indexes.get(k), 1), signer.sign()));
    }
    return sb.toString();
  }

  /** {@return the qb64 of a Seqner ({@code 0A}, 16 bytes) of {@code sn}} */
  static String seqner(int sn) {
    byte[] raw = new byte[16];
    byte[] b = BigInteger.valueOf(sn).toByteArray();
    System.arraycopy(b, 0, raw, 16 - b.length, b.length);
    return qb64("0A", raw);
  }

  /** {@return an Ed25519 key pair, the same for the same seed} */
  static KeyPair key(int seed) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
    SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
    r.setSeed(seed);
    g.initialize(255, r);
    return g.generateKeyPair();
  }

  /** {@return the key's non-transferable prefix ({@code B})} */
  static String backer(KeyPair kp) {
    EdECPublicKey pub = (EdECPublicKey) kp.getPublic();
    byte[] y = pub.getPoint().getY().toByteArray();
    byte[] raw = new byte[32];
    for (int i = 0; i < y.length && i < 32; i++) {
      raw[i] = y[y.length - 1 - i];
    }
    if (pub.getPoint().isXOdd()) {
      raw[31] |= (byte) 0x80;
    }
    return qb64("B", raw);
  }

  /** A digest (qb64) that names nothing: a credential's SAID or a KEL event's, as a test needs. */
  static String digest(String seed) {
    return qb64("E", Digests.digest(MatterCode.Blake3_256,
        seed.getBytes(StandardCharsets.US_ASCII)));
  }

  private static String quoted(List<String> items) {
    List<String> q = new ArrayList<>();
    items.forEach(i -> q.add("\"" + i + "\""));
    return String.join(",", q);
  }

  private static String b64(int n, int digits) {
    StringBuilder sb = new StringBuilder();
    for (int i = digits - 1; i >= 0; i--) {
      sb.append(B64.charAt((n >> (6 * i)) & 63));
    }
    return sb.toString();
  }

  static String qb64(String code, byte[] raw) {
    int lead = code.length() % 4;
    byte[] padded = new byte[lead + raw.length];
    System.arraycopy(raw, 0, padded, lead, raw.length);
    String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    return code + b64.substring(lead);
  }

  /** The issuer's KEL as a test sets it: accepted events with their event seals. */
  static final class Kel implements KelAnchors {
    private final Map<String, Map<BigInteger, VerifierState.AcceptedEvent>> events =
        new HashMap<>();

    /**
     * Accepts an event of {@link #ISSUER} at {@code sn} whose anchors are {@code seals}.
     *
     * @return its SAID
     */
    String add(int sn, VerifierState.EventSeal... seals) {
      String said = digest("kel event " + sn + " " + List.of(seals));
      events.computeIfAbsent(ISSUER, k -> new HashMap<>()).put(BigInteger.valueOf(sn),
          new VerifierState.AcceptedEvent(BigInteger.valueOf(sn), said, List.of(seals)));
      return said;
    }

    /** {@return the event seal of a TEL body: its {@code i}, {@code s}, {@code d}} */
    static VerifierState.EventSeal sealOf(String body) {
      int at = body.indexOf("\"s\":\"") + 5;
      return new VerifierState.EventSeal(prefix(body), body.substring(at, body.indexOf('"', at)),
          said(body));
    }

    @Override
    public Optional<VerifierState.AcceptedEvent> acceptedEvent(String prefix, BigInteger sn) {
      return Optional.ofNullable(events.getOrDefault(prefix, Map.of()).get(sn));
    }

    @Override
    public Optional<BigInteger> lastSn(String prefix) {
      return events.getOrDefault(prefix, Map.of()).keySet().stream().max(BigInteger::compareTo);
    }
  }
}
