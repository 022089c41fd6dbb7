package dev.cesrj.keri.kever;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Junk that anyone can send, made here for the escrow flood tests (issue 28): receipts ({@code
 * rct}) of events nobody sent, each with one non-transferable couple that verifies nothing (about
 * 280 bytes: 10,000 of them are the 2.8 MB of the attack), and out-of-order interactions with a
 * signature by a key the prefix never had. Seeded, so the same each run.
 */
final class Floods {
  private Floods() {}

  /** {@return the qb64 of {@code code} over {@code n} random bytes} */
  private static String random(SplittableRandom r, String code, int n) {
    byte[] raw = new byte[n];
    r.nextBytes(raw);
    return KelBuilder.qb64(code, raw);
  }

  /**
   * {@return {@code n} receipts of random SAIDs at sequence numbers 0 to 2 of {@code prefix}, each
   * with one couple: a random {@code B} key and {@code 0B} signature (CESR 1.0 {@code -C})}
   */
  static List<byte[]> junkReceipts(String prefix, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<byte[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String body = KelBuilder.body("\"t\":\"rct\",\"d\":\"" + random(r, "E", 32) + "\",\"i\":\""
          + prefix + "\",\"s\":\"" + Integer.toHexString(r.nextInt(3)) + "\"");
      String couple = "-CAB" + random(r, "B", 32) + random(r, "0B", 64);
      out.add((body + couple).getBytes(StandardCharsets.US_ASCII));
    }
    return out;
  }

  /**
   * {@return {@code n} interactions of {@code prefix} at sequence numbers {@code from} on, each
   * with a good SAID, a random prior and a signature by {@code stranger}}
   */
  static List<byte[]> junkEvents(String prefix, int from, int n, KeyPair stranger, long seed)
      throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    List<byte[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + prefix + "\",\"s\":\""
          + Integer.toHexString(from + i) + "\",\"p\":\"" + random(r, "E", 32) + "\",\"a\":[]");
      out.add(KelBuilder.signed(ixn, List.of(KelBuilder.Sig.of(stranger, 0))));
    }
    return out;
  }

  /**
   * {@return an inception of a self-addressing prefix with two keys and {@code kt} 2, signed by
   * the first only: held partially signed (a controller-signed event), the prefix differing with
   * {@code seed}}
   */
  static byte[] partiallySigned(KeyPair a, KeyPair b, int seed) throws Exception {
    String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":[\"" + KelBuilder.verfer(a, true) + "\",\""
        + KelBuilder.verfer(b, true) + "\"],\"nt\":\"1\",\"n\":[\""
        + random(new SplittableRandom(seed), "E", 32)
        + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    return KelBuilder.signed(icp, List.of(KelBuilder.Sig.of(a, 0)));
  }
}
