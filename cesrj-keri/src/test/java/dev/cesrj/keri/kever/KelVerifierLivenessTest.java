package dev.cesrj.keri.kever;

import static dev.cesrj.keri.kever.LivenessKel.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Property;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Signatures pooled across an event's copies and receipts ({@link SignaturePool}), witness
 * receipts that complete the escrowed event they receipt, and recovery rotations that supersede
 * interactions ({@link Recovery}): hand-built logs ({@link LivenessKel}), keripy's attack streams
 * D6, D9 and R1 message by message, and the final key states over every order of a small log and
 * seeded shuffles of a larger one, whole and through the push parser in 7-byte chunks.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierLivenessTest {

  private static String v(Verdict x) {
    return x.status() + x.escrow().map(e -> ":" + e).orElse("") + " " + x.reason();
  }

  private static List<String> all(List<Verdict> vs) {
    List<String> out = new ArrayList<>();
    for (Verdict x : vs) {
      out.add(v(x));
    }
    return out;
  }

  private static List<String> feed(KelVerifier ver, byte[]... messages) {
    List<String> out = new ArrayList<>();
    for (byte[] m : messages) {
      out.add(v(ver.acceptMessage(m, 0)));
    }
    return out;
  }

  // --- 1. signatures pooled across copies -------------------------------------------------------

  @Test
  void inceptionSignaturesSplitAcrossTwoCopiesArePooled() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET", "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0), at(), at()),
            k.message(k.icp, k.current, at(2), at(), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), all(ver.finish()));
    assertEquals(k.pre, ver.keyState(k.pre).orElseThrow().said());
    assertEquals(0, ver.escrowedCount());
  }

  @Test
  void oneKeySignedInTwoCopiesCountsOnce() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(1), at(), at()),
        k.message(k.icp, k.current, at(1), at(), at()));
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
        "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET"), all(ver.finish()));
    assertTrue(ver.keyState(k.pre).isEmpty());
  }

  @Test
  void aCorruptCopyEvictsNothing() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier();
    // key 1's signature under index 2: it verifies against no key at its index
    byte[] corrupt = k.message(k.icp,
        List.of(k.current.get(0), k.current.get(2), k.current.get(1)), at(2), at(), at());
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "REJECTED NO_VERIFIED_SIGNATURES", "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0), at(), at()), corrupt,
            k.message(k.icp, k.current, at(1), at(), at())));
    assertEquals(List.of("ACCEPTED NONE", "REJECTED NO_VERIFIED_SIGNATURES", "ACCEPTED NONE"),
        all(ver.finish()));
  }

  @Test
  void thePoolHoldsOnlyWhatIsEscrowed() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(0), at(), at()));
    assertEquals("REJECTED ESCROW_EXPIRED", v(ver.expire(1).get(0)));
    // the expired copy's signature is gone with it: the second copy alone is below kt
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET"),
        feed(ver, k.message(k.icp, k.current, at(2), at(), at())));
    ver.finish();
    assertTrue(ver.keyState(k.pre).isEmpty());
  }

  @Test
  void aCopyEvictedForRoomTakesNothingWithItButItsPlace() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier(new EscrowLimits(1, 1 << 20));
    // the second copy evicts the first (same standing, older); the third meets kt with the
    // second's signature and its own
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET", "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0), at(), at()),
            k.message(k.icp, k.current, at(0), at(), at()),
            k.message(k.icp, k.current, at(2), at(), at())));
    assertEquals(List.of("REJECTED ESCROW_EVICTED", "ACCEPTED NONE", "ACCEPTED NONE"),
        all(ver.finish()));
  }

  @Test
  void anEvictedCopysSignaturesLeaveThePool() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    LivenessKel other = new LivenessKel(false, 300);
    KelVerifier ver = new KelVerifier(new EscrowLimits(1, 1 << 20));
    // k's copy with signature 0 is evicted by other's partially signed inception; k's copy with
    // signature 1 then finds no signature 0 in the pool (it would meet kt 2 if it did)
    assertEquals(List.of("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET"),
        feed(ver, k.message(k.icp, k.current, at(0), at(), at()),
            other.message(other.icp, other.current, at(0), at(), at()),
            k.message(k.icp, k.current, at(1), at(), at())));
    assertEquals(List.of("REJECTED ESCROW_EVICTED", "REJECTED ESCROW_EVICTED",
        "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET"), all(ver.finish()));
    assertTrue(ver.keyState(k.pre).isEmpty());
  }

  @Test
  void rotationSignaturesSplitAcrossCopiesSatisfyKtAndThePriorNt() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    String rot = k.rot(1, k.pre);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ACCEPTED NONE", "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
            k.message(rot, k.next, at(2), at(), at()), k.message(rot, k.next, at(0), at(), at())));
    ver.finish();
    assertEquals(KelBuilder.said(rot), ver.keyState(k.pre).orElseThrow().said());
  }

  @Test
  void aCopyThatArrivesAfterItsEventIsAcceptedIsADuplicate() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ACCEPTED NONE", "REJECTED DUPLICATE"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
            k.message(k.icp, k.current, at(2), at(), at())));
  }

  /**
   * 40 copies of one interaction, each with the same valid signature of key 0 and a different bad
   * one for key 2, the escrows retried after each copy: each signature is checked about once, 47
   * checks in all, not once per copy per retry (23,822 without {@link SignaturePool#verifies}
   * remembering them). The 47: the inception's 2; the first copy's 2 at intake and 2 again on its
   * first retry (alone in the pool, which is empty while it is retried, so nothing is
   * remembered); the second copy's 2 and, on the retry after it, the first copy's bad one again
   * (now remembered); then 1 per copy, its new bad signature (38).
   */
  @Test
  void eachPooledSignatureIsCheckedOnce() throws Exception {
    LivenessKel k = new LivenessKel(false, 100);
    String ixn = k.ixn(1, k.pre, "a");
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()));
    List<KeyPair> wrong = List.of(k.current.get(0), k.current.get(1), k.current.get(1));
    for (int i = 0; i < 40; i++) {
      String other = k.ixn(1, k.pre, "other " + i);
      String bad = new String(k.message(other, wrong, at(2), at(), at()),
          StandardCharsets.US_ASCII).substring(other.length() + 4);
      String good = new String(k.message(ixn, k.current, at(0), at(), at()),
          StandardCharsets.US_ASCII).substring(ixn.length() + 4);
      byte[] copy = (ixn + "-AAC" + good + bad).getBytes(StandardCharsets.US_ASCII);
      assertEquals("ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
          v(ver.acceptMessage(copy, 0)));
      ver.processEscrows();
    }
    assertEquals(40, ver.escrowedCount());
    assertEquals(2 + 4 + 3 + 38, ver.signatureChecks());
  }

  // --- 2. receipts that complete escrowed events ------------------------------------------------

  @Test
  void aWitnessSignatureInAReceiptCompletesThePartiallyWitnessedEvent() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ESCROWED:PARTIALLY_WITNESSED WITNESS_THRESHOLD_UNMET",
            "ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(0), at()),
            k.receipt(k.icp, at(1), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), all(ver.finish()));
    assertEquals(0, ver.escrowedCount());
  }

  @Test
  void aReceiptBeforeItsEventCountsWhenTheEventArrives() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT",
            "ACCEPTED NONE"),
        feed(ver, k.receipt(k.icp, at(1), at()),
            k.message(k.icp, k.current, at(0, 1), at(0), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), all(ver.finish()));
  }

  @Test
  void witnessSignaturesSplitAcrossCopiesArePooled() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ESCROWED:PARTIALLY_WITNESSED WITNESS_THRESHOLD_UNMET", "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(0), at()),
            k.message(k.icp, k.current, at(0, 1), at(1), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), all(ver.finish()));
  }

  @Test
  void aCoupleReceiptForAPartiallyWitnessedEventWaitsForIt() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ESCROWED:PARTIALLY_WITNESSED WITNESS_THRESHOLD_UNMET",
            "ESCROWED:UNVERIFIED_RECEIPT UNVERIFIED_RECEIPT"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(0), at()),
            k.receipt(k.icp, at(), at(1))));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), all(ver.finish()));
  }

  @Test
  void aReceiptSignedOverAnotherBodyCountsForNothing() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    String other = k.ixn(1, k.pre, "other");
    String signedOther = new String(k.message(other, k.current, at(), at(1), at()),
        StandardCharsets.US_ASCII).substring(other.length());
    byte[] forged = (LivenessKel.rct(k.icp) + signedOther).getBytes(StandardCharsets.US_ASCII);
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(0, 1), at(0), at()), forged);
    assertEquals(List.of("ESCROWED:PARTIALLY_WITNESSED WITNESS_THRESHOLD_UNMET",
        "ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT"), all(ver.finish()));
    assertTrue(ver.keyState(k.pre).isEmpty());
  }

  @Test
  void aReceiptWhoseEventNeverArrivesStaysBoundedAndExpires() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier(new EscrowLimits(1, 1 << 20));
    // the second receipt evicts the first (both unverifiable, the first older)
    assertEquals(List.of("ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT",
            "ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT"),
        feed(ver, k.receipt(k.icp, at(0), at()), k.receipt(k.icp, at(1), at())));
    assertEquals(List.of("REJECTED ESCROW_EVICTED",
        "ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT"), all(ver.finish()));
    assertEquals(1, ver.escrowedCount());
    assertEquals("REJECTED ESCROW_EXPIRED", v(ver.expire(ver.nextIndex()).get(0)));
    assertEquals(0, ver.escrowedCount());
  }

  // --- 3. superseding recovery rotations --------------------------------------------------------

  @Test
  void aRecoveryRotationSupersedesTheCompromisedInteraction() throws Exception {
    LivenessKel k = new LivenessKel(false, 300);
    String ixn1 = k.ixn(1, k.pre, "compromised");
    String rot1 = k.rot(1, k.pre);
    String ixn2 = k.ixn(2, KelBuilder.said(ixn1), "compromised again");
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE",
            "REJECTED INVALID_SEQUENCE", "REJECTED DUPLICITOUS"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
            k.message(ixn1, k.current, at(0, 1), at(), at()),
            k.message(rot1, k.next, at(0, 1), at(), at()),
            k.message(ixn2, k.current, at(0, 1), at(), at()),
            k.message(ixn1, k.current, at(0, 2), at(), at())));
    KeyState s = ver.keyState(k.pre).orElseThrow();
    assertEquals(BigInteger.ONE, s.sn());
    assertEquals(KelBuilder.said(rot1), s.said());
    assertEquals("rot", s.et());
    assertEquals(KelBuilder.verfer(k.next.get(0), true), s.keys().get(0));
    assertEquals(List.of(new SupersededEvent(k.pre, BigInteger.ONE, KelBuilder.said(ixn1))),
        ver.superseded(k.pre));
  }

  @Test
  void aRecoveryRotationSupersedesEveryInteractionFromItsSequenceNumber() throws Exception {
    LivenessKel k = new LivenessKel(false, 300);
    String ixn1 = k.ixn(1, k.pre, "a");
    String ixn2 = k.ixn(2, KelBuilder.said(ixn1), "b");
    String ixn3 = k.ixn(3, KelBuilder.said(ixn2), "c");
    String rot2 = k.rot(2, KelBuilder.said(ixn1));
    String after = k.ixn(3, KelBuilder.said(rot2), "recovered");
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE",
            "ACCEPTED NONE", "ACCEPTED NONE"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
            k.message(ixn1, k.current, at(0, 1), at(), at()),
            k.message(ixn2, k.current, at(0, 1), at(), at()),
            k.message(ixn3, k.current, at(0, 1), at(), at()),
            k.message(rot2, k.next, at(0, 1), at(), at()),
            k.message(after, k.next, at(1, 2), at(), at())));
    assertEquals(KelBuilder.said(after), ver.keyState(k.pre).orElseThrow().said());
    assertEquals(List.of(new SupersededEvent(k.pre, BigInteger.TWO, KelBuilder.said(ixn2)),
            new SupersededEvent(k.pre, BigInteger.valueOf(3), KelBuilder.said(ixn3))),
        ver.superseded(k.pre));
  }

  @Test
  void aRotationDoesNotSupersedeARotationNorAnInteractionAnything() throws Exception {
    LivenessKel k = new LivenessKel(false, 300);
    String rot1 = k.rot(1, k.pre);
    String rival = k.rot(1, k.pre, k.next, k.after, "rival");
    String ixn2 = k.ixn(2, KelBuilder.said(rot1), "a");
    String ixn2b = k.ixn(2, KelBuilder.said(rot1), "b");
    KelVerifier ver = new KelVerifier();
    List<String> got = feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
        k.message(rot1, k.next, at(0, 1), at(), at()),
        k.message(rival, k.next, at(0, 1), at(), at()),
        k.message(ixn2, k.next, at(0, 1), at(), at()),
        k.message(ixn2b, k.next, at(0, 1), at(), at()));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "REJECTED DUPLICITOUS",
        "ACCEPTED NONE", "REJECTED DUPLICITOUS"), got);
    assertTrue(ver.verdicts().get(2).detail().contains("only interactions after the last"));
    assertTrue(ver.verdicts().get(4).detail().contains("ixn supersedes nothing"));
    assertEquals(KelBuilder.said(ixn2), ver.keyState(k.pre).orElseThrow().said());
    assertEquals(List.of(), ver.superseded(k.pre));
  }

  @Test
  void aRecoveryRotationMustFollowTheTrunkAndBeSignedByTheNextKeys() throws Exception {
    LivenessKel k = new LivenessKel(false, 300);
    String ixn1 = k.ixn(1, k.pre, "a");
    String ixn2 = k.ixn(2, KelBuilder.said(ixn1), "b");
    String wrongPrior = k.rot(2, k.pre);
    String rot2 = k.rot(2, KelBuilder.said(ixn1));
    KelVerifier ver = new KelVerifier();
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE",
            "REJECTED INVALID_SEQUENCE", "REJECTED NO_VERIFIED_SIGNATURES"),
        feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
            k.message(ixn1, k.current, at(0, 1), at(), at()),
            k.message(ixn2, k.current, at(0, 1), at(), at()),
            k.message(wrongPrior, k.next, at(0, 1), at(), at()),
            k.message(rot2, k.current, at(0, 1), at(), at())));
    assertEquals(KelBuilder.said(ixn2), ver.keyState(k.pre).orElseThrow().said());
  }

  @Test
  void aRestoredVerifierKnowsItsLastEstablishmentEvent() throws Exception {
    LivenessKel k = new LivenessKel(false, 300);
    String ixn1 = k.ixn(1, k.pre, "a");
    String rot1 = k.rot(1, k.pre);
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(0, 1), at(), at()),
        k.message(ixn1, k.current, at(0, 1), at(), at()));
    KelVerifier back = KelVerifier.restore(ver.state(), EscrowLimits.DEFAULT);
    assertEquals(List.of("ACCEPTED NONE"),
        feed(back, k.message(rot1, k.next, at(0, 1), at(), at())));
    assertEquals(KelBuilder.said(rot1), back.keyState(k.pre).orElseThrow().said());
  }

  @Test
  void escrowedCopiesArePooledAgainAfterRestore() throws Exception {
    LivenessKel k = new LivenessKel(true, 200);
    KelVerifier ver = new KelVerifier();
    feed(ver, k.message(k.icp, k.current, at(0), at(0), at()), k.receipt(k.icp, at(1), at()));
    KelVerifier back = KelVerifier.restore(ver.state(), EscrowLimits.DEFAULT);
    assertEquals(List.of("ACCEPTED NONE"),
        feed(back, k.message(k.icp, k.current, at(1), at(), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE"), all(back.finish()));
  }

  /**
   * A delegator {@code D} and its delegate {@code E}: {@code D}'s inception, then its
   * interaction 1 anchoring {@code E}'s {@code dip}.
   */
  private static final class Delegation {
    final LivenessKel d;
    final LivenessKel e;
    final String dIxn1;

    Delegation() throws Exception {
      d = new LivenessKel(false, 700);
      e = new LivenessKel(false, 720, d.pre);
      dIxn1 = d.ixnSealing(1, d.pre, e.icp);
    }

    /** {@return D's icp and ixn 1, E's dip, signed} */
    List<byte[]> start() throws Exception {
      return List.of(d.message(d.icp, d.current, at(0, 1), at(), at()),
          d.message(dIxn1, d.current, at(0, 1), at(), at()),
          e.message(e.icp, e.current, at(0, 1), at(), at()));
    }

    /** {@return the final verdicts of {@link #start()} then {@code more}, and the verifier} */
    KelVerifier run(List<byte[]> more) throws Exception {
      KelVerifier ver = new KelVerifier();
      for (byte[] m : start()) {
        ver.acceptMessage(m, 0);
      }
      for (byte[] m : more) {
        ver.acceptMessage(m, 0);
      }
      ver.finish();
      return ver;
    }
  }

  @Test
  void aDelegatedRecoveryRotationSupersedesAnInteraction() throws Exception {
    Delegation g = new Delegation();
    String eIxn1 = g.e.ixn(1, g.e.pre, "compromised");
    String drt1 = g.e.rot(1, g.e.pre);
    String dIxn2 = g.d.ixnSealing(2, KelBuilder.said(g.dIxn1), drt1);
    KelVerifier ver = g.run(List.of(g.e.message(eIxn1, g.e.current, at(0, 1), at(), at()),
        g.d.message(dIxn2, g.d.current, at(0, 1), at(), at()),
        g.e.message(drt1, g.e.next, at(0, 1), at(), at())));
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE",
        "ACCEPTED NONE", "ACCEPTED NONE"), all(ver.verdicts()));
    assertEquals(KelBuilder.said(drt1), ver.keyState(g.e.pre).orElseThrow().said());
    assertEquals(List.of(new SupersededEvent(g.e.pre, BigInteger.ONE, KelBuilder.said(eIxn1))),
        ver.superseded(g.e.pre));
  }

  /**
   * A drt superseding a drt at the same sn: keripy checks it against the key state the
   * superseded drt made (its keys must expose that drt's next digests), and its delegation must
   * be later: B1 (a later delegator event) and B2 (the same event, a later seal) supersede,
   * an earlier seal does not.
   */
  @Test
  void aDelegatedRotationSupersedesADelegatedRotationOnlyWithALaterDelegation() throws Exception {
    Delegation g = new Delegation();
    String drtA = g.e.rot(1, g.e.pre);
    String drtB = g.e.rot(1, g.e.pre, g.e.after, g.e.current, "recovery");
    byte[] a = g.e.message(drtA, g.e.next, at(0, 1), at(), at());
    byte[] b = g.e.message(drtB, g.e.after, at(0, 1), at(), at());
    String p1 = KelBuilder.said(g.dIxn1);

    // B1: drtB's anchor in a later delegator event
    String dIxn2 = g.d.ixnSealing(2, p1, drtA);
    String dIxn3 = g.d.ixnSealing(3, KelBuilder.said(dIxn2), drtB);
    KelVerifier b1 = g.run(List.of(g.d.message(dIxn2, g.d.current, at(0, 1), at(), at()), a,
        g.d.message(dIxn3, g.d.current, at(0, 1), at(), at()), b));
    assertEquals(KelBuilder.said(drtB), b1.keyState(g.e.pre).orElseThrow().said());
    assertEquals(List.of(new SupersededEvent(g.e.pre, BigInteger.ONE, KelBuilder.said(drtA))),
        b1.superseded(g.e.pre));

    // B2: the same delegator event, drtB's seal after drtA's
    String later = g.d.ixnSealing(2, p1, drtA, drtB);
    KelVerifier b2 = g.run(List.of(g.d.message(later, g.d.current, at(0, 1), at(), at()), a, b));
    assertEquals(KelBuilder.said(drtB), b2.keyState(g.e.pre).orElseThrow().said());

    // drtB's seal before drtA's: not later, refused
    String earlier = g.d.ixnSealing(2, p1, drtB, drtA);
    KelVerifier no = g.run(List.of(g.d.message(earlier, g.d.current, at(0, 1), at(), at()), a, b));
    assertEquals(KelBuilder.said(drtA), no.keyState(g.e.pre).orElseThrow().said());
    Verdict last = no.verdicts().get(5);
    assertEquals("REJECTED DUPLICITOUS", v(last));
    assertTrue(last.detail().contains("is not later"), last.detail());
  }

  // --- keripy's attack streams, message by message ----------------------------------------------

  private static List<String> attack(String name) {
    KelVerifier ver = new KelVerifier();
    List<String> intake = all(ver.acceptAll(AttackStreamsTest.bytes(name + ".cesr")));
    List<String> out = new ArrayList<>(intake);
    out.addAll(all(ver.finish()));
    return out;
  }

  /**
   * D6: keripy escrows both copies in {@code pses} at intake and accepts both; cesrj escrows the
   * first and accepts the second at intake (its signature and the first's together satisfy
   * {@code kt 2}), then the first on retry.
   */
  @Test
  void d6SplitSignatures() {
    assertEquals(List.of("ACCEPTED NONE", "ESCROWED:PARTIALLY_SIGNED SIGNING_THRESHOLD_UNMET",
            "ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE"),
        attack("D6-split-sigs-same-event"));
  }

  /**
   * D9: the inception waits partially witnessed, the receipt in {@code uwes}; the receipt's
   * witness signature completes the inception. keripy leaves the receipt in {@code uwes}; cesrj
   * accepts it once its event is accepted.
   */
  @Test
  void d9WitnessSignatureInAReceipt() {
    assertEquals(List.of("ESCROWED:PARTIALLY_WITNESSED WITNESS_THRESHOLD_UNMET",
            "ESCROWED:UNVERIFIED_WITNESS_RECEIPT UNVERIFIED_RECEIPT",
            "ACCEPTED NONE", "ACCEPTED NONE"),
        attack("D9-wigs-in-rct"));
  }

  /** R1: keripy accepts all three; the rotation supersedes the interaction. */
  @Test
  void r1RecoveryRotation() {
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE",
        "ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE"),
        attack("R1-recovery-rot-supersedes-ixn"));
  }

  // --- order does not matter ------------------------------------------------------------------

  /**
   * A witnessed log: the inception in two copies (controller signatures 0 and 1, the first with
   * witness signature 0) and a receipt with witness signature 1; a compromised interaction at
   * sn 1; the recovery rotation at sn 1 in two copies (next keys 0 and 1, both witness signatures
   * in the first).
   */
  private static List<byte[]> smallLog(LivenessKel k) throws Exception {
    String ixn1 = k.ixn(1, k.pre, "compromised");
    String rot1 = k.rot(1, k.pre);
    return List.of(
        k.message(k.icp, k.current, at(0), at(0), at()),
        k.message(k.icp, k.current, at(1), at(), at()),
        k.receipt(k.icp, at(1), at()),
        k.message(ixn1, k.current, at(0, 1), at(0, 1), at()),
        k.message(rot1, k.next, at(0), at(0, 1), at()),
        k.message(rot1, k.next, at(1), at(), at()));
  }

  @Test
  void everyOrderOfASmallLogEndsInTheSameKeyState() throws Exception {
    LivenessKel k = new LivenessKel(true, 400);
    List<byte[]> log = smallLog(k);
    Map<String, String> want = AttackStreamsTest.states(wholeStates(log));
    assertEquals(KelBuilder.said(k.rot(1, k.pre)), wholeStates(log).get(k.pre).said());
    List<int[]> orders = new ArrayList<>();
    permutations(new int[log.size()], new boolean[log.size()], 0, orders);
    assertEquals(720, orders.size());
    int n = 0;
    // all 720 in every build; under PIT an even sample (Property.spread)
    for (int[] order : Property.spread(orders)) {
      List<byte[]> shuffled = new ArrayList<>();
      for (int i : order) {
        shuffled.add(log.get(i));
      }
      String label = java.util.Arrays.toString(order);
      assertEquals(want, AttackStreamsTest.states(wholeStates(shuffled)), label);
      if (n++ % 12 == 0) {
        assertEquals(want, AttackStreamsTest.states(
            AttackStreamsTest.chunked(KelBuilder.stream(shuffled.toArray(new byte[0][])), 7)),
            label + " in 7-byte chunks");
      }
    }
  }

  /**
   * A longer witnessed log: the inception split as in {@link #smallLog}, interactions 1 to 6
   * each with witness signature 0 and a receipt with witness signature 1, and a recovery rotation
   * at sn 4 (superseding interactions 4 to 6) in two copies; 200 seeded shuffles, whole and every
   * tenth in 7-byte chunks, end with the rotation's key state.
   */
  @Test
  void seededShufflesOfALongerLogEndInTheSameKeyState() throws Exception {
    LivenessKel k = new LivenessKel(true, 500);
    List<byte[]> log = new ArrayList<>();
    log.add(k.message(k.icp, k.current, at(0), at(0), at()));
    log.add(k.message(k.icp, k.current, at(1), at(), at()));
    log.add(k.receipt(k.icp, at(1), at()));
    String prior = k.pre;
    String rot = null;
    for (int sn = 1; sn <= 6; sn++) {
      if (sn == 4) {
        rot = k.rot(4, prior);
      }
      String ixn = k.ixn(sn, prior, "e" + sn);
      log.add(k.message(ixn, k.current, at(0, 2), at(0), at()));
      log.add(k.receipt(ixn, at(1), at()));
      prior = KelBuilder.said(ixn);
    }
    log.add(k.message(rot, k.next, at(2), at(0, 1), at()));
    log.add(k.message(rot, k.next, at(0), at(), at()));
    Map<String, String> want = AttackStreamsTest.states(wholeStates(log));
    assertEquals(KelBuilder.said(rot), wholeStates(log).get(k.pre).said());
    long seed = new SplittableRandom().nextLong();
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < Property.cases(200); round++) {
      List<byte[]> shuffled = new ArrayList<>(log);
      for (int i = shuffled.size() - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        shuffled.set(i, shuffled.set(j, shuffled.get(i)));
      }
      String label = "seed " + seed + " round " + round;
      assertEquals(want, AttackStreamsTest.states(wholeStates(shuffled)), label);
      if (round % 10 == 0) {
        assertEquals(want, AttackStreamsTest.states(
            AttackStreamsTest.chunked(KelBuilder.stream(shuffled.toArray(new byte[0][])), 7)),
            label + " in 7-byte chunks");
      }
    }
  }

  private static Map<String, KeyState> wholeStates(List<byte[]> messages) {
    KelVerifier ver = new KelVerifier();
    ver.acceptAll(KelBuilder.stream(messages.toArray(new byte[0][])));
    ver.finish();
    return ver.keyStates();
  }

  private static void permutations(int[] order, boolean[] used, int at, List<int[]> out) {
    if (at == order.length) {
      out.add(order.clone());
      return;
    }
    for (int i = 0; i < order.length; i++) {
      if (!used[i]) {
        used[i] = true;
        order[at] = i;
        permutations(order, used, at + 1, out);
        used[i] = false;
      }
    }
  }

}
