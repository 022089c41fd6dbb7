package dev.cesrj.keri.kever;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;

/**
 * Key events with split signatures, witness receipts and recovery rotations, made with {@link
 * KelBuilder} for the tests of pooled signatures, receipts and superseding recoveries: a
 * self-addressing prefix with three Ed25519 keys ({@code kt 2}, {@code nt 2}) and, if asked, two
 * non-transferable witnesses ({@code bt 2}); messages carry any subset of controller signatures
 * ({@code -A}), indexed witness signatures ({@code -B}) and, for receipts ({@code rct}),
 * non-transferable couples ({@code -C}).
 */
final class LivenessKel {
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  final List<KeyPair> current = new ArrayList<>();
  final List<KeyPair> next = new ArrayList<>();
  final List<KeyPair> after = new ArrayList<>();
  final List<KeyPair> witnesses = new ArrayList<>();
  final String icp;
  final String pre;
  final String delegator;

  /**
   * @param witnessed two witnesses and {@code bt 2}, else none and {@code bt 0}
   * @param seed the keys' seed (keys {@code seed} to {@code seed + 10})
   */
  LivenessKel(boolean witnessed, int seed) throws Exception {
    this(witnessed, seed, null);
  }

  /**
   * A delegated prefix ({@code dip}, rotations {@code drt}) if {@code delegator} is not null.
   *
   * @param witnessed two witnesses and {@code bt 2}, else none and {@code bt 0}
   * @param seed the keys' seed (keys {@code seed} to {@code seed + 10})
   * @param delegator the delegator's prefix, or null
   */
  LivenessKel(boolean witnessed, int seed, String delegator) throws Exception {
    this.delegator = delegator;
    for (int i = 0; i < 3; i++) {
      current.add(KelBuilder.key(seed + i));
      next.add(KelBuilder.key(seed + 3 + i));
      after.add(KelBuilder.key(seed + 6 + i));
    }
    if (witnessed) {
      witnesses.add(KelBuilder.key(seed + 9));
      witnesses.add(KelBuilder.key(seed + 10));
    }
    icp = KelBuilder.body("\"t\":\"" + (delegator == null ? "icp" : "dip")
        + "\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":" + keys(current) + ",\"nt\":\"2\",\"n\":"
        + digests(next) + ",\"bt\":\"" + witnesses.size() + "\",\"b\":" + wits()
        + ",\"c\":[],\"a\":[]" + (delegator == null ? "" : ",\"di\":\"" + delegator + "\""));
    pre = KelBuilder.said(icp);
  }

  /** {@return an interaction at {@code sn} after {@code prior}, anchoring {@code tag}} */
  String ixn(int sn, String prior, String tag) {
    return KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[{\"x\":\"" + tag + "\"}]");
  }

  /** {@return a rotation at {@code sn} after {@code prior} to the next keys, n: after} */
  String rot(int sn, String prior) {
    return rot(sn, prior, next, after, "");
  }

  /** {@return a rotation at {@code sn} after {@code prior} to {@code keys}, committing to n} */
  String rot(int sn, String prior, List<KeyPair> keys, List<KeyPair> n, String tag) {
    return KelBuilder.body("\"t\":\"" + (delegator == null ? "rot" : "drt")
        + "\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"kt\":\"2\",\"k\":" + keys(keys)
        + ",\"nt\":\"2\",\"n\":" + digests(n) + ",\"bt\":\"" + witnesses.size()
        + "\",\"br\":[],\"ba\":[],\"a\":[" + (tag.isEmpty() ? "" : "{\"x\":\"" + tag + "\"}")
        + "]");
  }

  /** {@return an interaction at {@code sn} after {@code prior} anchoring the seals of events} */
  String ixnSealing(int sn, String prior, String... events) {
    List<String> seals = new ArrayList<>();
    for (String e : events) {
      seals.add("{\"i\":\"" + field(e, "i") + "\",\"s\":\"" + field(e, "s") + "\",\"d\":\""
          + KelBuilder.said(e) + "\"}");
    }
    return KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[" + String.join(",", seals)
        + "]");
  }

  /** {@return a receipt body for the event {@code body}} */
  static String rct(String body) {
    String pre = field(body, "i");
    String sn = field(body, "s");
    String d = KelBuilder.said(body);
    String t = "{\"v\":\"KERI10JSON000000_\",\"t\":\"rct\",\"d\":\"" + d + "\",\"i\":\"" + pre
        + "\",\"s\":\"" + sn + "\"}";
    return t.replace("KERI10JSON000000_", String.format("KERI10JSON%06x_", t.length()));
  }

  private static String field(String body, String label) {
    int at = body.indexOf("\"" + label + "\":\"") + label.length() + 4;
    return body.substring(at, body.indexOf('"', at));
  }

  /**
   * {@return {@code body} with the controller signatures of {@code keys} at {@code ctrl}'s
   * indexes (index = ondex), the witness signatures at {@code wigs}' indexes, and the
   * non-transferable couples of the witnesses at {@code couples}' indexes}
   */
  byte[] message(String body, List<KeyPair> keys, int[] ctrl, int[] wigs, int[] couples)
      throws Exception {
    StringBuilder sb = new StringBuilder(body);
    byte[] ser = body.getBytes(StandardCharsets.US_ASCII);
    if (ctrl.length > 0) {
      sb.append("-A").append(b64(ctrl.length, 2));
      for (int i : ctrl) {
        sb.append(KelBuilder.qb64("A" + b64(i, 1), sign(keys.get(i), ser)));
      }
    }
    if (wigs.length > 0) {
      sb.append("-B").append(b64(wigs.length, 2));
      for (int i : wigs) {
        sb.append(KelBuilder.qb64("A" + b64(i, 1), sign(witnesses.get(i), ser)));
      }
    }
    if (couples.length > 0) {
      sb.append("-C").append(b64(couples.length, 2));
      for (int i : couples) {
        sb.append(KelBuilder.verfer(witnesses.get(i), false))
            .append(KelBuilder.qb64("0B", sign(witnesses.get(i), ser)));
      }
    }
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** {@return a receipt of {@code event} with witness signatures and couples over its body} */
  byte[] receipt(String event, int[] wigs, int[] couples) throws Exception {
    String rct = rct(event);
    byte[] withSigs = message(event, current, new int[0], wigs, couples);
    String attachments = new String(withSigs, StandardCharsets.US_ASCII).substring(event.length());
    return (rct + attachments).getBytes(StandardCharsets.US_ASCII);
  }

  static int[] at(int... indexes) {
    return indexes;
  }

  private static byte[] sign(KeyPair kp, byte[] ser) throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initSign(kp.getPrivate());
    s.update(ser);
    return s.sign();
  }

  private String wits() {
    List<String> out = new ArrayList<>();
    for (KeyPair w : witnesses) {
      out.add("\"" + KelBuilder.verfer(w, false) + "\"");
    }
    return "[" + String.join(",", out) + "]";
  }

  private static String keys(List<KeyPair> kps) {
    List<String> out = new ArrayList<>();
    for (KeyPair k : kps) {
      out.add("\"" + KelBuilder.verfer(k, true) + "\"");
    }
    return "[" + String.join(",", out) + "]";
  }

  private static String digests(List<KeyPair> kps) {
    List<String> out = new ArrayList<>();
    for (KeyPair k : kps) {
      out.add("\"" + KelBuilder.nextDigest(k) + "\"");
    }
    return "[" + String.join(",", out) + "]";
  }

  private static String b64(int n, int digits) {
    StringBuilder sb = new StringBuilder();
    for (int i = digits - 1; i >= 0; i--) {
      sb.append(B64.charAt((n >> (6 * i)) & 63));
    }
    return sb.toString();
  }
}
