package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.keri.event.Fraction;
import dev.cesrj.keri.event.Threshold;
import dev.cesrj.keri.kever.KelBuilder.Sig;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link KelVerifier} on hostile and adversarial input: streams whose signatures do not decode,
 * and logs made by {@link KelBuilder} that are valid CESR and correctly signed but break a rule of
 * keripy's {@code Kever} ({@code src/keri/core/eventing.py}). Every stream is verified whole
 * ({@link KelVerifier#acceptAll(byte[])}) and through {@link CesrStreamParser} in 1-, 7- and
 * 64-byte chunks ({@link KelVerifier#accept(Framed)}), with the same verdicts and key states.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierHostileTest {
  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierHostileTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The final verdicts and key states of {@code stream}, the same whole and in chunks. */
  private record Outcome(List<Verdict> verdicts, Map<String, KeyState> states) {}

  private static Outcome verify(byte[] stream) {
    KelVerifier whole = new KelVerifier();
    List<Verdict> intake = whole.acceptAll(stream);
    Outcome w = new Outcome(whole.finish(), whole.keyStates());
    for (int n : new int[] {1, 7, 64}) {
      KelVerifier pushed = new KelVerifier();
      List<Verdict> chunkedIntake = new ArrayList<>();
      try (CesrStreamParser parser = new CesrStreamParser()) {
        for (int at = 0; at < stream.length; at += n) {
          try (Framed f = parser.feed(stream, at, Math.min(n, stream.length - at))) {
            assertFalse(f.failed(), () -> f.error().toString());
            chunkedIntake.addAll(pushed.accept(f));
          }
        }
        try (Framed f = parser.endOfInput()) {
          assertFalse(f.failed(), () -> f.error().toString());
          chunkedIntake.addAll(pushed.accept(f));
        }
      }
      assertEquals(intake, chunkedIntake, n + "-byte chunks, at intake");
      assertEquals(w.verdicts(), pushed.finish(), n + "-byte chunks, after finish");
      assertEquals(w.states(), pushed.keyStates(), n + "-byte chunks, key states");
    }
    return w;
  }

  /**
   * A controller signature whose value holds a byte that is not Base64url (the stream is framed
   * without {@code checkValueCharacters}, so only decoding finds it): the message is rejected
   * with the typed error's words and the stream offset of the byte; the verifier goes on with the
   * rest of the stream, whole and chunked, and throws nothing.
   */
  @Test
  void signatureThatDoesNotDecodeRejectsItsMessage() {
    byte[] stream = bytes("kel_single.v1.bare.txt.original.cesr");
    int sigs = new String(stream, java.nio.charset.StandardCharsets.US_ASCII).indexOf("-AAB");
    int bad = sigs + 4 + 40; // inside the signature's value
    stream[bad] = 0x08;
    Outcome o = verify(stream);
    Verdict icp = o.verdicts().get(0);
    assertEquals(Status.REJECTED, icp.status(), icp.toString());
    assertEquals(Reason.BODY_ERROR, icp.reason());
    assertEquals("at offset " + bad + ", code A: byte 0x08 in the value; expected a Base64url"
        + " value character", icp.detail());
    assertEquals(9, o.verdicts().size());
    for (Verdict v : o.verdicts().subList(1, 9)) {
      assertEquals(Optional.of(Escrow.OUT_OF_ORDER), v.escrow(), v.toString());
    }
    assertEquals(Map.of(), o.states());
  }
  private static String icp(String pre, String kt, List<String> keys, String nt,
      List<String> next) {
    return KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\"0\",\"kt\":"
        + kt + ",\"k\":" + list(keys) + ",\"nt\":" + nt + ",\"n\":" + list(next)
        + ",\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
  }

  private static String rot(String pre, int sn, String prior, String kt, List<String> keys,
      String nt, List<String> next) {
    return KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"kt\":" + kt + ",\"k\":"
        + list(keys) + ",\"nt\":" + nt + ",\"n\":" + list(next)
        + ",\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
  }

  private static String ixn(String pre, int sn, String prior) {
    return KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[]");
  }

  private static String list(List<String> items) {
    StringBuilder sb = new StringBuilder("[");
    for (String i : items) {
      sb.append(sb.length() > 1 ? "," : "").append('"').append(i).append('"');
    }
    return sb.append(']').toString();
  }

  private static void assertVerdict(Verdict v, Status status, Reason reason) {
    assertEquals(status, v.status(), v.toString());
    assertEquals(reason, v.reason(), v.toString());
  }

  /**
   * An inception whose {@code kt} needs more keys than {@code k} has (kt 2, one key; and a
   * weighted kt of three weights over two keys): keripy's {@code Kever.incept} raises
   * {@code ValidationError} ("Invalid sith ... for keys"), the event is not escrowed. It can
   * never be satisfied, so holding it partially signed would keep it for nothing.
   */
  @Test
  void thresholdAboveTheKeysIsRejected() throws Exception {
    KeyPair k0 = KelBuilder.key(10);
    KeyPair k1 = KelBuilder.key(11);
    String key0 = KelBuilder.verfer(k0, true);
    String key1 = KelBuilder.verfer(k1, true);
    String numeric = icp(KelBuilder.SELF, "\"2\"", List.of(key0), "\"1\"",
        List.of(KelBuilder.nextDigest(k1)));
    String weighted = icp(KelBuilder.SELF, "[\"1/2\",\"1/2\",\"1/2\"]", List.of(key0, key1),
        "\"1\"", List.of(KelBuilder.nextDigest(k1)));
    Outcome o = verify(KelBuilder.stream(
        KelBuilder.signed(numeric, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(weighted, List.of(Sig.of(k0, 0), Sig.of(k1, 1)))));
    assertVerdict(o.verdicts().get(0), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertVerdict(o.verdicts().get(1), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertEquals(Map.of(), o.states());
  }

  /**
   * A rotation whose {@code kt} needs more keys than its {@code k} has: keripy's
   * {@code Kever.rotate} raises {@code ValidationError}; the key state stays the inception's.
   */
  @Test
  void rotationThresholdAboveItsKeysIsRejected() throws Exception {
    KeyPair k0 = KelBuilder.key(20);
    KeyPair k1 = KelBuilder.key(21);
    String pre = KelBuilder.verfer(k0, true);
    String icp = icp(pre, "\"1\"", List.of(pre), "\"1\"", List.of(KelBuilder.nextDigest(k1)));
    String rot = rot(pre, 1, KelBuilder.said(icp), "\"2\"", List.of(KelBuilder.verfer(k1, true)),
        "\"1\"", List.of(KelBuilder.nextDigest(k0)));
    Outcome o = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(Sig.of(k1, 0)))));
    assertVerdict(o.verdicts().get(0), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(1), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertEquals(KelBuilder.said(icp), o.states().get(pre).said());
  }

  /**
   * An establishment event whose {@code nt} needs more next keys than {@code n} lists: keripy's
   * {@code eventing.py} {@code state} (called by {@code Kever.state} when the event is logged)
   * raises "Invalid nsith ... for keys", so the event is rejected, on inception (numeric nt 2 over
   * one digest; weighted nt of three weights over two) and rotation (nt 2 over one digest); nt
   * exactly the number of digests, and nt 0 over none, are accepted.
   */
  @Test
  void nextThresholdAboveTheDigestsIsRejected() throws Exception {
    KeyPair k0 = KelBuilder.key(40);
    KeyPair k1 = KelBuilder.key(41);
    KeyPair k2 = KelBuilder.key(42);
    String key0 = KelBuilder.verfer(k0, true);
    String d1 = KelBuilder.nextDigest(k1);
    String d2 = KelBuilder.nextDigest(k2);
    String numeric = icp(KelBuilder.SELF, "\"1\"", List.of(key0), "\"2\"", List.of(d1));
    String weighted = icp(KelBuilder.SELF, "\"1\"", List.of(key0), "[\"1/2\",\"1/2\",\"1/2\"]",
        List.of(d1, d2));
    String fits = icp(key0, "\"1\"", List.of(key0), "[\"1\",\"1/2\"]", List.of(d1, d2));
    String rot = rot(key0, 1, KelBuilder.said(fits), "\"1\"", List.of(KelBuilder.verfer(k1, true)),
        "\"2\"", List.of(KelBuilder.nextDigest(k0)));
    String rotFits = rot(key0, 1, KelBuilder.said(fits), "\"1\"",
        List.of(KelBuilder.verfer(k1, true)), "\"0\"", List.of());
    Outcome o = verify(KelBuilder.stream(
        KelBuilder.signed(numeric, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(weighted, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(fits, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(Sig.of(k1, 0))),
        KelBuilder.signed(rotFits, List.of(Sig.of(k1, 0)))));
    assertVerdict(o.verdicts().get(0), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertEquals("nt 2 needs more than the 1 next key digests", o.verdicts().get(0).detail());
    assertVerdict(o.verdicts().get(1), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertEquals("nt [\"1/2\",\"1/2\",\"1/2\"] needs more than the 2 next key digests",
        o.verdicts().get(1).detail());
    assertVerdict(o.verdicts().get(2), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(3), Status.REJECTED, Reason.INVALID_THRESHOLD);
    assertVerdict(o.verdicts().get(4), Status.ACCEPTED, Reason.NONE);
    assertEquals(KelBuilder.said(rotFits), o.states().get(key0).said());
  }

  /**
   * A non-transferable prefix ({@code B}) can have no event after its inception: keripy's
   * {@code Kever.update} raises "is nontransferable or abandoned state" for an interaction, and
   * so for a rotation. The interaction is correctly signed by the prefix's one key.
   */
  @Test
  void noEventAfterANonTransferableInception() throws Exception {
    KeyPair k0 = KelBuilder.key(30);
    String pre = KelBuilder.verfer(k0, false);
    String icp = icp(pre, "\"1\"", List.of(pre), "\"0\"", List.of());
    String ixn = ixn(pre, 1, KelBuilder.said(icp));
    String rot = rot(pre, 1, KelBuilder.said(icp), "\"1\"", List.of(pre), "\"0\"", List.of());
    Outcome o = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(ixn, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(Sig.of(k0, 0)))));
    assertVerdict(o.verdicts().get(0), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(1), Status.REJECTED, Reason.NOT_TRANSFERABLE);
    assertVerdict(o.verdicts().get(2), Status.REJECTED, Reason.NOT_TRANSFERABLE);
    assertEquals("icp", o.states().get(pre).et());
  }

  /**
   * A rotation to no next keys ({@code n} empty, {@code nt 0}) abandons the prefix: keripy
   * rejects every later event, an interaction signed by the current key included
   * ({@code Kever.transferable} is false once {@code ndigers} is empty; {@code Kever.rotate}:
   * "Attempted rotation for nontransferable prefix").
   */
  @Test
  void noEventAfterAnAbandoningRotation() throws Exception {
    KeyPair k0 = KelBuilder.key(40);
    KeyPair k1 = KelBuilder.key(41);
    String pre = KelBuilder.verfer(k0, true);
    String key1 = KelBuilder.verfer(k1, true);
    String icp = icp(pre, "\"1\"", List.of(pre), "\"1\"", List.of(KelBuilder.nextDigest(k1)));
    String rot = rot(pre, 1, KelBuilder.said(icp), "\"1\"", List.of(key1), "\"0\"", List.of());
    String ixn = ixn(pre, 2, KelBuilder.said(rot));
    String rot2 = rot(pre, 2, KelBuilder.said(rot), "\"1\"", List.of(key1), "\"0\"", List.of());
    Outcome o = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(Sig.of(k1, 0))),
        KelBuilder.signed(ixn, List.of(Sig.of(k1, 0))),
        KelBuilder.signed(rot2, List.of(Sig.of(k1, 0)))));
    assertVerdict(o.verdicts().get(0), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(1), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(2), Status.REJECTED, Reason.NOT_TRANSFERABLE);
    assertVerdict(o.verdicts().get(3), Status.REJECTED, Reason.NOT_TRANSFERABLE);
    assertEquals(KelBuilder.said(rot), o.states().get(pre).said());
  }

  /**
   * A rotation signed by the new key with a current-only code ({@code B}, Ed25519_Crt_Sig: no
   * ondex) exposes no prior next digest: keripy's {@code Kever.exposeds} skips a siger whose
   * ondex is None, so the prior {@code nt} is unmet and the rotation is escrowed partially signed.
   * The same rotation signed with {@code A} (ondex = index) is accepted.
   */
  @Test
  void currentOnlySignatureExposesNoPriorNextKey() throws Exception {
    KeyPair k0 = KelBuilder.key(50);
    KeyPair k1 = KelBuilder.key(51);
    String pre = KelBuilder.verfer(k0, true);
    String icp = icp(pre, "\"1\"", List.of(pre), "\"1\"", List.of(KelBuilder.nextDigest(k1)));
    String rot = rot(pre, 1, KelBuilder.said(icp), "\"1\"", List.of(KelBuilder.verfer(k1, true)),
        "\"1\"", List.of(KelBuilder.nextDigest(k0)));
    Outcome o = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(new Sig(k1, "B", 0, 0)))));
    assertVerdict(o.verdicts().get(0), Status.ACCEPTED, Reason.NONE);
    assertVerdict(o.verdicts().get(1), Status.ESCROWED, Reason.PRIOR_NEXT_UNMET);
    assertEquals(Optional.of(Escrow.PARTIALLY_SIGNED), o.verdicts().get(1).escrow());
    Outcome a = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
        KelBuilder.signed(rot, List.of(Sig.of(k1, 0)))));
    assertVerdict(a.verdicts().get(1), Status.ACCEPTED, Reason.NONE);
    assertEquals("rot", a.states().get(pre).et());
  }
  private static Threshold.Weighted weights(List<String> ws) {
    List<Threshold.Weight> clause = new ArrayList<>();
    for (String w : ws) {
      int slash = w.indexOf('/');
      clause.add(new Threshold.Weight(slash < 0
          ? new Fraction(new BigInteger(w), BigInteger.ONE)
          : new Fraction(new BigInteger(w.substring(0, slash)), new BigInteger(w.substring(slash + 1))),
          List.of()));
    }
    return new Threshold.Weighted(List.of(clause));
  }

  /**
   * Weighted thresholds at their edges, as keripy's {@code Tholder} reads them: weights summing
   * to exactly 1 are met only by all of them, a weight of 0 adds nothing, and a clause of 3,000
   * weights over distinct 64-digit denominators (the longest weight text read) plus {@code 1/2}
   * twice is exactly checked: it sums to more than 1, is met by the two halves and not by the
   * 3,000 small weights with one half (their sum is below 1/2 by far). Summed left to right, each
   * addition multiplied the product of all the denominators so far: 15,000 such weights took
   * about a minute to read (docs/performance.md).
   */
  @Test
  void weightedThresholdEdges() {
    Threshold.Weighted thirds = weights(List.of("1/3", "1/3", "1/3"));
    assertTrue(thirds.satisfiedBy(List.of(0, 1, 2)));
    assertFalse(thirds.satisfiedBy(List.of(0, 1)));
    assertFalse(thirds.satisfiedBy(List.of(0, 1, 1, 3)));
    Threshold.Weighted zero = weights(List.of("0", "1", "1/2", "1/2"));
    assertFalse(zero.satisfiedBy(List.of(0)));
    assertTrue(zero.satisfiedBy(List.of(1)));
    assertTrue(zero.satisfiedBy(List.of(2, 3)));
    assertThrows(IllegalArgumentException.class,
        () -> weights(List.of("1/3", "1/3", "333333333333333333333333333333/1000000000000000000000000000000")));
    List<String> many = new ArrayList<>();
    BigInteger d = BigInteger.TEN.pow(63);
    for (int i = 0; i < 3_000; i++) {
      many.add("1/" + d.add(BigInteger.valueOf(2L * i + 1)));
    }
    many.add("1/2");
    many.add("1/2");
    Threshold.Weighted big = weights(many);
    assertEquals(3_002, big.size());
    assertTrue(big.satisfiedBy(List.of(3_000, 3_001)));
    List<Integer> smallAndOneHalf = new ArrayList<>();
    for (int i = 0; i <= 3_000; i++) {
      smallAndOneHalf.add(i);
    }
    assertFalse(big.satisfiedBy(smallAndOneHalf));
    assertThrows(IllegalArgumentException.class, () -> weights(many.subList(0, 3_001)));
  }
  /**
   * A rotation whose prior next digests use every digest code keripy supports, one per new key
   * (keripy {@code Kever.exposeds} digests each exposed key with its digest's own code): with
   * nt 9 of 9 the rotation signed by all nine new keys (big codes {@code 2A}, ondex = index) is
   * accepted; the same rotation with one digest's code changed (SHA2-256 written where Blake3-256
   * was computed) is held partially signed, prior next unmet.
   */
  @Test
  void nextDigestsOfEveryCode() throws Exception {
    KeyPair k0 = KelBuilder.key(60);
    String pre = KelBuilder.verfer(k0, true);
    List<KeyPair> next = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<String> digests = new ArrayList<>();
    List<Sig> sigs = new ArrayList<>();
    for (int i = 0; i < dev.cesrj.keri.crypto.Digests.CODES.size(); i++) {
      dev.cesrj.code.MatterCode c = dev.cesrj.keri.crypto.Digests.CODES.get(i);
      KeyPair k = KelBuilder.key(61 + i);
      next.add(k);
      keys.add(KelBuilder.verfer(k, true));
      digests.add(KelBuilder.qb64(c.code(), dev.cesrj.keri.crypto.Digests.digest(c,
          KelBuilder.verfer(k, true).getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
      sigs.add(new Sig(k, "2A", i, i));
    }
    assertEquals(9, digests.size());
    String nt = "\"" + Integer.toHexString(digests.size()) + "\"";
    for (boolean wrongCode : new boolean[] {false, true}) {
      List<String> n = new ArrayList<>(digests);
      if (wrongCode) {
        n.set(0, "I" + n.get(0).substring(1));
      }
      String icp = icp(pre, "\"1\"", List.of(pre), nt, n);
      String rot = rot(pre, 1, KelBuilder.said(icp), nt, keys, "\"0\"", List.of());
      Outcome o = verify(KelBuilder.stream(KelBuilder.signed(icp, List.of(Sig.of(k0, 0))),
          KelBuilder.signed(rot, sigs)));
      assertVerdict(o.verdicts().get(0), Status.ACCEPTED, Reason.NONE);
      if (wrongCode) {
        assertVerdict(o.verdicts().get(1), Status.ESCROWED, Reason.PRIOR_NEXT_UNMET);
      } else {
        assertVerdict(o.verdicts().get(1), Status.ACCEPTED, Reason.NONE);
        assertEquals(keys, o.states().get(pre).keys());
      }
    }
  }
  /**
   * A delegated inception whose seal in the delegator's interaction is not written as keripy
   * writes and compares one ({@code Kever.validateDelegation}: a seal counts only if its labels
   * are exactly {@code i s d}, in that order, and its {@code s} is the event's sequence number as
   * lowercase hex, {@code Number.numh}): {@code "s":"00"}, the labels in another order, or an
   * extra field anchor nothing, and the {@code dip} stays partially delegated; the seal as keripy
   * writes it is found when the escrow is retried (no seal source couple attached).
   */
  @Test
  void delegationSealMustBeWrittenAsKeripyWritesIt() throws Exception {
    KeyPair kd = KelBuilder.key(70);
    KeyPair kdn = KelBuilder.key(71);
    KeyPair ke = KelBuilder.key(72);
    KeyPair ken = KelBuilder.key(73);
    String delegator = KelBuilder.verfer(kd, true);
    String delegatorIcp = icp(delegator, "\"1\"", List.of(delegator), "\"1\"",
        List.of(KelBuilder.nextDigest(kdn)));
    String dip = KelBuilder.body("\"t\":\"dip\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + KelBuilder.verfer(ke, true)
        + "\"],\"nt\":\"1\",\"n\":[\"" + KelBuilder.nextDigest(ken)
        + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[],\"di\":\"" + delegator + "\"");
    String delegate = KelBuilder.said(dip);
    String i = "\"i\":\"" + delegate + "\"";
    String d = "\"d\":\"" + delegate + "\"";
    Map<String, Status> seals = new java.util.LinkedHashMap<>();
    seals.put("{" + i + ",\"s\":\"0\"," + d + "}", Status.ACCEPTED);
    seals.put("{" + i + ",\"s\":\"00\"," + d + "}", Status.ESCROWED);
    seals.put("{\"s\":\"0\"," + i + "," + d + "}", Status.ESCROWED);
    seals.put("{" + i + ",\"s\":\"0\"," + d + ",\"x\":\"y\"}", Status.ESCROWED);
    for (Map.Entry<String, Status> seal : seals.entrySet()) {
      String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + delegator
          + "\",\"s\":\"1\",\"p\":\"" + KelBuilder.said(delegatorIcp) + "\",\"a\":["
          + seal.getKey() + "]");
      Outcome o = verify(KelBuilder.stream(
          KelBuilder.signed(delegatorIcp, List.of(Sig.of(kd, 0))),
          KelBuilder.signed(ixn, List.of(Sig.of(kd, 0))),
          KelBuilder.signed(dip, List.of(Sig.of(ke, 0)))));
      assertVerdict(o.verdicts().get(1), Status.ACCEPTED, Reason.NONE);
      Verdict v = o.verdicts().get(2);
      assertEquals(seal.getValue(), v.status(), seal.getKey() + ": " + v);
      if (seal.getValue() == Status.ESCROWED) {
        assertEquals(Optional.of(Escrow.PARTIALLY_DELEGATED), v.escrow(), v.toString());
      } else {
        assertEquals(Optional.of(delegator), o.states().get(delegate).delegator());
      }
    }
  }
}
