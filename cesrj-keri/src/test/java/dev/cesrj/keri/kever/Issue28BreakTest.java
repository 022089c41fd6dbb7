package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28's promises attacked after they were built: each case an input an adversary (or a new
 * user) can send, with keripy's verdict (reasoned from keripy {@code src/keri/core/eventing.py})
 * or the documented stricter one.
 */
@ExtendWith(LeakDetectionExtension.class)
class Issue28BreakTest {

  private static String prefixOf(byte[] icp) {
    String s = new String(icp, StandardCharsets.US_ASCII);
    int at = s.indexOf("\"i\":\"") + 5;
    return s.substring(at, at + 44);
  }

  /**
   * A victim's KEL sent last event first from one source, with a flood of forged interactions
   * (good SAIDs, random priors, a stranger's signature: anyone can make them) at the victim's
   * prefix from another source between its events. keripy keeps every out-of-order event
   * ({@code Kevery.escrowOOEvent}, no bound) and ends at the KEL's last event; a bounded escrow
   * must too: the flood's own messages, held by the source that holds most of the prefix, go
   * first, not the victim's.
   */
  @Test
  void forgedOutOfOrderEventsFromAnotherSourceDoNotEvictAVictimsKel() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(20);
    String pre = prefixOf(kel.get(0));
    KeyPair stranger = KelBuilder.key(99);
    List<byte[]> junk = Floods.junkEvents(pre, 100, 210, stranger, 28);
    // per prefix 50 messages: the KEL's 20 out-of-order events fit, the flood does not
    KelVerifier v = new KelVerifier(new EscrowLimits(10_000, 1L << 30, 50, 1L << 30, 10_000,
        1L << 30));
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    int j = 0;
    for (int i = 0; i < reversed.size(); i++) {
      v.acceptMessage(reversed.get(i), 0, "victim");
      for (int k = 0; k < 10; k++) {
        v.acceptMessage(junk.get(j++), 0, "attacker");
      }
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(20), v.keyState(pre).orElseThrow().sn());
  }

  /**
   * Inceptions signed by keys they name themselves, each partially signed ({@code kt} 2, one
   * signature): anyone can mint them, so they prove no more than an event out of order. Flooded
   * from one source until the escrow is full, they must not shut out a victim's log sent last
   * event first from another source: keripy keeps every escrowed event and ends at its last.
   */
  @Test
  void selfSignedInceptionsDoNotShutTheEscrowToAnOutOfOrderLog() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(5);
    String pre = prefixOf(kel.get(0));
    KeyPair a = KelBuilder.key(7);
    KeyPair b = KelBuilder.key(8);
    KelVerifier v = new KelVerifier(new EscrowLimits(40, 1L << 30));
    for (int i = 0; i < 40; i++) {
      assertEquals(Status.ESCROWED,
          v.acceptMessage(Floods.partiallySigned(a, b, i), 0, "attacker").status());
    }
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    for (byte[] m : reversed) {
      v.acceptMessage(m, 0, "victim");
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(5), v.keyState(pre).orElseThrow().sn());
    assertEquals(40 - 5, v.escrowedCount());
  }

  /**
   * The same flood with events that are controller-signed in earnest: the attacker incepts its
   * own prefixes (accepted) and sends interactions of them, each partially signed ({@code kt} 2,
   * one signature), from one source until the escrow is full. A victim's log sent last event
   * first from another source must still get in (keripy ends at its last event): the source
   * holding the most, when it is not the newcomer's, gives up its oldest messages whatever their
   * standing.
   */
  @Test
  void partiallySignedInteractionsOfTheAttackersOwnLogsDoNotShutTheEscrow() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(5);
    String pre = prefixOf(kel.get(0));
    KelVerifier v = new KelVerifier(new EscrowLimits(40, 1L << 30));
    for (int i = 0; i < 4; i++) {
      LivenessKel own = new LivenessKel(false, 200 + i);
      v.acceptMessage(own.message(own.icp, own.current, LivenessKel.at(0, 1), LivenessKel.at(),
          LivenessKel.at()), 0, "attacker");
      assertEquals(BigInteger.ZERO, v.keyState(own.pre).orElseThrow().sn());
      for (int j = 0; j < 10; j++) {
        assertEquals(Status.ESCROWED, v.acceptMessage(own.message(own.ixn(1, own.pre, "t" + j),
            own.current, LivenessKel.at(0), LivenessKel.at(), LivenessKel.at()), 0,
            "attacker").status());
      }
    }
    assertEquals(40, v.escrowedCount());
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    for (byte[] m : reversed) {
      v.acceptMessage(m, 0, "victim");
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(5), v.keyState(pre).orElseThrow().sn());
  }

  private static final int PER_STREAM = Integer.getInteger("cesrj.break28.mutants", 12);

  private static final String[] ATTACK = {"CB-CBOR-long-text-header", "D6-split-sigs-same-event",
      "D9-wigs-in-rct", "F8a-kt2-one-key-two-codes", "NT1-icp-nt2-one-digest", "P1-json-spaces",
      "P3b-version-minor-1", "P5-kt-0x1", "P7b-keripy-intive-icp",
      "R1-recovery-rot-supersedes-ixn", "ec-EC1-offcurve-key-garbage-sig",
      "ec-EC3-cross-suite-code", "ec-EC4-witness-digest-prefix", "ed-E1-icp-torsionR",
      "ed-E7-witness-torsionR"};

  private static byte[] attack(String name) {
    try (java.io.InputStream in =
        Issue28BreakTest.class.getResourceAsStream("/attack/A/" + name + ".cesr")) {
      return in.readAllBytes();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Final verdicts and key states of {@code in}, whole ({@code acceptAll}). */
  private static String whole(byte[] in) {
    KelVerifier v = new KelVerifier();
    String error = "";
    try {
      v.acceptAll(in);
    } catch (dev.cesrj.CesrException e) {
      error = e.kind() + " at " + e.offset();
    }
    return v.finish() + " " + AttackStreamsTest.states(v.keyStates()) + " " + error;
  }

  /** The same through the push parser in {@code n}-byte chunks ({@code accept(Framed)}). */
  private static String chunked(byte[] in, int n) {
    KelVerifier v = new KelVerifier();
    String error = "";
    try (dev.cesrj.stream.CesrStreamParser parser = new dev.cesrj.stream.CesrStreamParser()) {
      for (int at = 0; at < in.length + n && error.isEmpty(); at += n) {
        try (dev.cesrj.stream.Framed f = at < in.length
            ? parser.feed(in, at, Math.min(n, in.length - at)) : parser.endOfInput()) {
          v.accept(f);
          if (f.failed()) {
            dev.cesrj.CesrException e = f.error().orElseThrow();
            error = e.kind() + " at " + (f.offsetBase() + e.offset());
          }
        }
      }
    }
    return v.finish() + " " + AttackStreamsTest.states(v.keyStates()) + " " + error;
  }

  /**
   * The attack streams (CBOR and MessagePack bodies, torsion and cross-suite signatures, off-curve
   * keys, witness digests, recovery, pooled signatures) mutated byte-wise, seeded: a byte flipped
   * in one bit, set to a Base64url character, a byte deleted, or the stream cut; every result is
   * a typed verdict or a framing error, never another exception, and the same whole and in 7-byte
   * chunks ({@code -Dcesrj.seed=N} replays another seed).
   */
  @Test
  void mutatedAttackStreamsGiveTypedVerdictsWholeAndChunked() {
    long seed = Long.getLong("cesrj.seed", 28L);
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    String b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int cases = 0;
    for (String name : ATTACK) {
      for (int c = 0; c < PER_STREAM; c++, cases++) {
        byte[] in = attack(name);
        StringBuilder what = new StringBuilder("seed " + seed + " " + name + " case " + c + ":");
        for (int k = 1 + r.nextInt(2); k > 0 && in.length > 1; k--) {
          int at = r.nextInt(in.length);
          switch (r.nextInt(4)) {
            case 0:
              in[at] ^= (byte) (1 << r.nextInt(8));
              what.append(" flip ").append(at);
              break;
            case 1:
              in[at] = (byte) b64.charAt(r.nextInt(64));
              what.append(" b64 ").append(at);
              break;
            case 2:
              byte[] out = new byte[in.length - 1];
              System.arraycopy(in, 0, out, 0, at);
              System.arraycopy(in, at + 1, out, at, in.length - at - 1);
              in = out;
              what.append(" deleted ").append(at);
              break;
            default:
              in = java.util.Arrays.copyOf(in, at + 1);
              what.append(" cut ").append(at + 1);
          }
        }
        String w = whole(in);
        assertEquals(w, chunked(in, 7), what.toString());
      }
    }
    assertEquals(15 * PER_STREAM, cases);
  }

  /**
   * A rotation whose new key 0 signs twice, first current-only (code {@code B}, no ondex), then
   * with both indexes (code {@code A}, ondex 0), key 1 with both: keripy's {@code verifySigs} keeps
   * both of key 0's signatures (unique by qb64) and {@code Kever.exposeds} reads the ondex of
   * every one, so the prior {@code nt} 2 is met by ondexes 0 and 1 and the rotation is accepted.
   * Key 0 still counts once toward {@code kt}.
   */
  @Test
  void aKeysSecondSignatureStillExposesItsPriorNextKey() throws Exception {
    KeyPair k0 = KelBuilder.key(40);
    KeyPair k1 = KelBuilder.key(41);
    KeyPair n0 = KelBuilder.key(42);
    KeyPair n1 = KelBuilder.key(43);
    KeyPair m0 = KelBuilder.key(44);
    String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":[\"" + KelBuilder.verfer(k0, true) + "\",\""
        + KelBuilder.verfer(k1, true) + "\"],\"nt\":\"2\",\"n\":[\"" + KelBuilder.nextDigest(n0)
        + "\",\"" + KelBuilder.nextDigest(n1) + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    String pre = KelBuilder.said(icp);
    String rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"1\",\"p\":\"" + pre + "\",\"kt\":\"2\",\"k\":[\""
        + KelBuilder.verfer(n0, true) + "\",\"" + KelBuilder.verfer(n1, true)
        + "\"],\"nt\":\"1\",\"n\":[\"" + KelBuilder.nextDigest(m0)
        + "\"],\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
    KelVerifier v = new KelVerifier();
    assertEquals(Status.ACCEPTED, v.acceptMessage(KelBuilder.signed(icp,
        List.of(KelBuilder.Sig.of(k0, 0), KelBuilder.Sig.of(k1, 1))), 0).status());
    Verdict r = v.acceptMessage(KelBuilder.signed(rot, List.of(
        new KelBuilder.Sig(n0, "B", 0, 0), new KelBuilder.Sig(n0, "A", 0, 0),
        KelBuilder.Sig.of(n1, 1))), 0);
    assertEquals(Status.ACCEPTED + " " + Reason.NONE, r.status() + " " + r.reason());
    assertEquals(BigInteger.ONE, v.keyState(pre).orElseThrow().sn());
    // key 0 twice and key 1 not at all: kt 2 stays unmet (one key counts once)
    KelVerifier once = new KelVerifier();
    once.acceptMessage(KelBuilder.signed(icp,
        List.of(KelBuilder.Sig.of(k0, 0), KelBuilder.Sig.of(k1, 1))), 0);
    Verdict twice = once.acceptMessage(KelBuilder.signed(rot, List.of(
        new KelBuilder.Sig(n0, "B", 0, 0), new KelBuilder.Sig(n0, "A", 0, 0))), 0);
    assertEquals(Reason.SIGNING_THRESHOLD_UNMET, twice.reason());
  }

  /**
   * Receipt couples are kept once per event however many receipts bring them, by the receipt
   * that brought them first. An attacker who relays a witness's receipt before the honest copy
   * and then floods its own source until its copy is evicted takes the couples with it; the
   * honest copy, escrowed with nothing new, must bring them back when the event arrives (keripy
   * keeps every receipt in {@code ures} with no bound, and accepts the event once witnessed).
   */
  @Test
  void anEvictedRelayOfAReceiptDoesNotTakeTheHonestCopysCouples() throws Exception {
    LivenessKel k = new LivenessKel(true, 300);
    byte[] receipt = k.receipt(k.icp, LivenessKel.at(), LivenessKel.at(0, 1));
    KelVerifier v = new KelVerifier(new EscrowLimits(1_000, 1L << 30, 1_000, 1L << 30, 3,
        1L << 30));
    assertEquals(Status.ESCROWED, v.acceptMessage(receipt, 0, "attacker").status());
    assertEquals(Status.ESCROWED, v.acceptMessage(receipt, 0, "honest").status());
    for (byte[] junk : Floods.junkReceipts(prefixOf(SyntheticKel.messages(0).get(0)), 3, 5)) {
      v.acceptMessage(junk, 0, "attacker");
    }
    v.retryEscrows();
    assertEquals(Reason.ESCROW_EVICTED, v.verdicts().get(0).reason());
    Verdict icp = v.acceptMessage(k.message(k.icp, k.current, LivenessKel.at(0, 1),
        LivenessKel.at(), LivenessKel.at()), 0, "honest");
    v.retryEscrows();
    v.finish();
    assertEquals(BigInteger.ZERO, v.keyState(k.pre).map(KeyState::sn).orElse(BigInteger.ONE
        .negate()), "icp " + icp.status() + " " + icp.reason());
  }

  /**
   * The sequence number of a rotation and of an interaction written as keripy's {@code Number}
   * reads it ({@code int(s, 16)}: {@code 0x1}, {@code 01}, {@code 0X2}): keripy accepts them
   * ({@code docs/guide/kel.md}, "Bodies, numbers and thresholds"), and the key state's sn is the number.
   */
  @Test
  void sequenceNumbersOfRotationsAndInteractionsInKeripysForms() throws Exception {
    for (String[] forms : new String[][] {{"0x1", "0X2"}, {"01", "002"}, {"1", "0x02"}}) {
      KeyPair k0 = KelBuilder.key(50);
      KeyPair n0 = KelBuilder.key(51);
      KeyPair m0 = KelBuilder.key(52);
      String pre = KelBuilder.verfer(k0, true);
      String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + pre
          + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + pre + "\"],\"nt\":\"1\",\"n\":[\""
          + KelBuilder.nextDigest(n0) + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
      String rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
          + forms[0] + "\",\"p\":\"" + KelBuilder.said(icp) + "\",\"kt\":\"1\",\"k\":[\""
          + KelBuilder.verfer(n0, true) + "\"],\"nt\":\"1\",\"n\":[\""
          + KelBuilder.nextDigest(m0) + "\"],\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
      String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
          + forms[1] + "\",\"p\":\"" + KelBuilder.said(rot) + "\",\"a\":[]");
      KelVerifier v = new KelVerifier();
      // last first: the escrow indexes them by the number, not the text
      v.acceptMessage(KelBuilder.signed(ixn, List.of(KelBuilder.Sig.of(n0, 0))), 0);
      v.acceptMessage(KelBuilder.signed(rot, List.of(KelBuilder.Sig.of(n0, 0))), 0);
      v.acceptMessage(KelBuilder.signed(icp, List.of(KelBuilder.Sig.of(k0, 0))), 0);
      v.finish();
      assertEquals(BigInteger.TWO, v.keyState(pre).orElseThrow().sn(), String.join(",", forms));
      assertEquals(KelBuilder.said(ixn), v.keyState(pre).orElseThrow().said());
    }
  }

  /**
   * Junk couples (a listed witness's key, a random signature) aimed at a partially witnessed
   * event, each retried after (as cesrj-flink does): each wakes the event once and is verified
   * once. Staying partially witnessed woke every receipt of the event again, and every retry
   * verified every couple, so 2,000 of them cost 2,003,000 retries (29 s); counted here, not
   * timed. keripy's verdict: the event stays partially witnessed, the junk unverified.
   */
  @Test
  void junkCouplesForAPartiallyWitnessedEventCostLinearWork() throws Exception {
    LivenessKel k = new LivenessKel(true, 300);
    String w0 = KelBuilder.verfer(k.witnesses.get(0), false);
    String rct = LivenessKel.rct(k.icp);
    for (int n : new int[] {150, 600}) {
      KelVerifier v = new KelVerifier();
      assertEquals(Reason.WITNESS_THRESHOLD_UNMET, v.acceptMessage(k.message(k.icp, k.current,
          LivenessKel.at(0, 1), LivenessKel.at(), LivenessKel.at()), 0).reason());
      java.util.SplittableRandom r = new java.util.SplittableRandom(n);
      for (int i = 0; i < n; i++) {
        byte[] sig = new byte[64];
        r.nextBytes(sig);
        v.acceptMessage((rct + "-CAB" + w0 + KelBuilder.qb64("0B", sig))
            .getBytes(StandardCharsets.US_ASCII), 0, "attacker");
        v.retryEscrows();
      }
      assertEquals(2L * n, v.retries(), n + " couples: retries");
      assertEquals(n, v.coupleChecks(), n + " couples: verifications");
      assertEquals(n + 1, v.escrowedCount());
      // the witnesses' own couples still complete it
      v.acceptMessage(k.receipt(k.icp, LivenessKel.at(), LivenessKel.at(0, 1)), 0, "honest");
      v.retryEscrows();
      assertEquals(BigInteger.ZERO, v.keyState(k.pre).orElseThrow().sn());
    }
  }

  /**
   * As above, but the event is already partially witnessed when the relay is evicted: the honest
   * copy holds the couple too, so it stays, and the other witness's couple completes the event
   * (keripy: accepted once both witnesses' receipts are in, whatever was relayed).
   */
  @Test
  void aCoupleStaysWhileAnyReceiptHoldsIt() throws Exception {
    LivenessKel k = new LivenessKel(true, 310);
    KelVerifier v = new KelVerifier(new EscrowLimits(1_000, 1L << 30, 1_000, 1L << 30, 3,
        1L << 30));
    assertEquals(Reason.WITNESS_THRESHOLD_UNMET, v.acceptMessage(k.message(k.icp, k.current,
        LivenessKel.at(0, 1), LivenessKel.at(), LivenessKel.at()), 0, "honest").reason());
    byte[] first = k.receipt(k.icp, LivenessKel.at(), LivenessKel.at(0));
    v.acceptMessage(first, 0, "attacker");
    v.acceptMessage(first, 0, "honest");
    v.retryEscrows();
    for (byte[] junk : Floods.junkReceipts(prefixOf(SyntheticKel.messages(0).get(0)), 3, 6)) {
      v.acceptMessage(junk, 0, "attacker");
    }
    v.retryEscrows();
    assertEquals(Reason.ESCROW_EVICTED, v.verdicts().get(1).reason());
    v.acceptMessage(k.receipt(k.icp, LivenessKel.at(), LivenessKel.at(1)), 0, "honest");
    v.retryEscrows();
    assertEquals(BigInteger.ZERO, v.keyState(k.pre).map(KeyState::sn).orElse(BigInteger.ONE
        .negate()));
  }
}
