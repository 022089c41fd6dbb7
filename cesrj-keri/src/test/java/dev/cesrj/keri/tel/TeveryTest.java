package dev.cesrj.keri.tel;

import static dev.cesrj.keri.tel.TelBuilder.Kel.sealOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.VerifierState;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link Tevery} alone, over a KEL the test sets ({@link TelBuilder.Kel}), on TEL messages made
 * here ({@link TelBuilder}): each rule of keripy's {@code Tevery}/{@code Tever} (keripy {@code
 * src/keri/vdr/eventing.py}) and each place cesrj does more, with the exact verdict.
 */
@ExtendWith(LeakDetectionExtension.class)
class TeveryTest {
  private final TelBuilder.Kel kel = new TelBuilder.Kel();
  private final String vcp = TelBuilder.vcp("NB", 0, List.of());
  private final String regk = TelBuilder.prefix(vcp);
  private final String cred = TelBuilder.digest("a credential");
  private final String iss = TelBuilder.iss(cred, regk);
  private final String rev = TelBuilder.rev(cred, regk, TelBuilder.said(iss), 1);

  private static TelVerdict accept(Tevery t, String message) {
    try (Messages ms = Messages.copyOf(message.getBytes(StandardCharsets.US_ASCII))) {
      TelVerdict out = null;
      for (Message m : ms) {
        out = t.accept(m);
      }
      return out;
    }
  }

  private static String brief(TelVerdict v) {
    return v.status() + v.escrow().map(e -> " " + e.keripyName()).orElse("") + " " + v.reason();
  }

  /** A registry anchored in the issuer's ixn 1, its iss in ixn 2, its rev in ixn 3. */
  private Tevery issuedAndRevoked() {
    Tevery t = new Tevery(kel);
    String k1 = kel.add(1, sealOf(vcp));
    String k2 = kel.add(2, sealOf(iss));
    String k3 = kel.add(3, sealOf(rev));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.anchored(vcp, 1, k1))));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.anchored(iss, 2, k2))));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.anchored(rev, 3, k3))));
    return t;
  }

  @Test
  void aRegistryIssuesAndRevokes() {
    Tevery t = issuedAndRevoked();
    RegistryState r = t.registry(regk).orElseThrow();
    assertEquals(TelBuilder.ISSUER, r.issuer());
    assertEquals(BigInteger.ZERO, r.sn());
    assertEquals(regk, r.said());
    assertTrue(r.noBackers());
    assertEquals(new TelAnchor(BigInteger.ONE, kel.acceptedEvent(TelBuilder.ISSUER,
        BigInteger.ONE).orElseThrow().said()), r.anchor());
    CredentialState c = t.credential(cred).orElseThrow();
    assertEquals(BigInteger.ONE, c.sn());
    assertEquals(Ilk.REV, c.ilk());
    assertEquals(TelBuilder.said(rev), c.said());
    assertEquals(TelBuilder.said(iss), c.issuance().said());
    assertEquals(BigInteger.TWO, c.issuance().anchor().sn());
    assertEquals(TelBuilder.DT, c.revocation().orElseThrow().datetime());
    assertTrue(c.revoked());
    assertEquals(regk, c.registry());
  }

  @Test
  void outOfOrderWaitsForItsRegistryThenItsIssuance() {
    Tevery t = new Tevery(kel);
    String k1 = kel.add(1, sealOf(vcp));
    String k2 = kel.add(2, sealOf(iss));
    String k3 = kel.add(3, sealOf(rev));
    assertEquals("ESCROWED oots OUT_OF_ORDER", brief(accept(t, TelBuilder.anchored(rev, 3, k3))));
    assertEquals("ESCROWED oots OUT_OF_ORDER", brief(accept(t, TelBuilder.anchored(iss, 2, k2))));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.anchored(vcp, 1, k1))));
    List<TelVerdict> moved = t.processEscrows();
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"), moved.stream().map(TeveryTest::brief)
        .toList());
    assertEquals(List.of(0, 1), moved.stream().map(TelVerdict::index).toList());
    assertEquals(Ilk.REV, t.credential(cred).orElseThrow().ilk());
    assertEquals(0, t.escrowedCount());
  }

  /**
   * An event whose anchoring KEL event is not accepted yet waits anchorless, is not retried while
   * nothing it waits for arrives (the count of processings stays), and is accepted once the
   * issuer's KEL holds its seal.
   */
  @Test
  void anchorlessUntilTheAnchorArrives() {
    Tevery t = new Tevery(kel);
    String k1 = TelBuilder.digest("kel event 1 " + List.of(sealOf(vcp)));
    TelVerdict v = accept(t, TelBuilder.anchored(vcp, 1, k1));
    assertEquals("ESCROWED taes MISSING_ANCHOR", brief(v));
    assertEquals("no accepted event of issuer " + TelBuilder.ISSUER + " at sn 1", v.detail());
    assertEquals(1, t.processings());
    assertEquals(List.of(), t.processEscrows()); // first retry: tried once more
    assertEquals(2, t.processings());
    assertEquals(List.of(), t.processEscrows());
    assertEquals(List.of(), t.processEscrows());
    assertEquals(2, t.processings(), "nothing arrived: not retried");
    kel.add(0);
    assertEquals(List.of(), t.processEscrows());
    assertEquals(3, t.processings(), "the issuer's KEL grew: retried");
    assertEquals(k1, kel.add(1, sealOf(vcp)));
    List<TelVerdict> moved = t.processEscrows();
    assertEquals("ACCEPTED NONE", brief(moved.get(0)));
    assertEquals(Optional.of(new TelAnchor(BigInteger.ONE, k1)), moved.get(0).anchor());
    assertTrue(t.registry(regk).isPresent());
  }

  /** keripy's {@code Tever.verifyAnchor} takes only an event with one seal; any number here. */
  @Test
  void theSealIsFoundAmongMany() {
    Tevery t = new Tevery(kel);
    VerifierState.EventSeal other = new VerifierState.EventSeal(TelBuilder.digest("x"), "0",
        TelBuilder.digest("y"));
    String k1 = kel.add(1, other, other, sealOf(vcp), other);
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.anchored(vcp, 1, k1))));
  }

  /**
   * A KEL event holding a digest seal (no {@code i s}) holds no event seal of the TEL event: the
   * TEL event is not anchored, and waits (keripy drops it on a {@code KeyError}); the KEL keeps
   * event seals only, so the digest seal is an event without seals here.
   */
  @Test
  void aDigestSealAnchorsNothing() {
    Tevery t = new Tevery(kel);
    String k1 = kel.add(1);
    TelVerdict v = accept(t, TelBuilder.anchored(vcp, 1, k1));
    assertEquals("ESCROWED taes MISSING_ANCHOR", brief(v));
    assertEquals("issuer " + TelBuilder.ISSUER + "'s event at sn 1 holds no event seal of "
        + regk, v.detail());
  }

  @Test
  void theCouplesSaidMustBeTheAcceptedEvents() {
    Tevery t = new Tevery(kel);
    String k1 = kel.add(1, sealOf(vcp));
    String wrong = TelBuilder.digest("another event");
    TelVerdict v = accept(t, TelBuilder.anchored(vcp, 1, wrong));
    assertEquals("ESCROWED taes MISSING_ANCHOR", brief(v));
    assertEquals("issuer " + TelBuilder.ISSUER + "'s event at sn 1 is " + k1 + ", not " + wrong,
        v.detail());
  }

  /** Without a couple, the issuer's accepted events are searched for the seal. */
  @Test
  void withoutACoupleTheKelIsSearched() {
    Tevery t = new Tevery(kel);
    kel.add(0);
    kel.add(1);
    String k2 = kel.add(2, sealOf(vcp));
    TelVerdict v = accept(t, vcp);
    assertEquals("ACCEPTED NONE", brief(v));
    assertEquals(Optional.of(new TelAnchor(BigInteger.TWO, k2)), v.anchor());
    assertEquals("ESCROWED taes MISSING_ANCHOR", brief(accept(t, iss)));
  }

  @Test
  void escrowsAreBoundedInMessagesAndBytes() {
    Tevery byCount = new Tevery(kel, new EscrowLimits(1, 1 << 20));
    assertEquals("ESCROWED oots OUT_OF_ORDER", brief(accept(byCount, iss)));
    TelVerdict full = accept(byCount, rev);
    assertEquals("REJECTED ESCROW_FULL", brief(full));
    assertEquals(1, byCount.escrowedCount());
    Tevery byBytes = new Tevery(kel, new EscrowLimits(100, iss.length()));
    assertEquals("ESCROWED oots OUT_OF_ORDER", brief(accept(byBytes, iss)));
    assertEquals("REJECTED ESCROW_FULL", brief(accept(byBytes, rev)));
    Tevery none = new Tevery(kel, new EscrowLimits(100, iss.length() - 1));
    assertEquals("REJECTED ESCROW_FULL", brief(accept(none, iss)));
    assertEquals(0, none.escrowedCount());
  }

  @Test
  void duplicatesAndDuplicityAreRejected() {
    Tevery t = issuedAndRevoked();
    String k = kel.acceptedEvent(TelBuilder.ISSUER, BigInteger.ONE).orElseThrow().said();
    assertEquals("REJECTED DUPLICATE", brief(accept(t, TelBuilder.anchored(vcp, 1, k))));
    assertEquals("REJECTED DUPLICATE", brief(accept(t, iss)));
    String other = TelBuilder.body("\"t\":\"iss\",\"d\":\"\",\"i\":\"" + cred
        + "\",\"s\":\"0\",\"ri\":\"" + regk + "\",\"dt\":\"2025-01-01T00:00:00.000000+00:00\"");
    assertEquals("REJECTED DUPLICITOUS", brief(accept(t, other)));
    assertEquals("REJECTED DUPLICATE", brief(accept(t, rev)));
  }

  @Test
  void sequenceNumbersArePerIlk() {
    Tevery t = new Tevery(kel);
    String iss1 = TelBuilder.body("\"t\":\"iss\",\"d\":\"\",\"i\":\"" + cred
        + "\",\"s\":\"1\",\"ri\":\"" + regk + "\",\"dt\":\"" + TelBuilder.DT + "\"");
    assertEquals("REJECTED INVALID_SEQUENCE", brief(accept(t, iss1)));
    assertEquals("REJECTED INVALID_SEQUENCE",
        brief(accept(t, TelBuilder.rev(cred, regk, TelBuilder.said(iss), 2))));
    assertEquals("REJECTED INVALID_SEQUENCE",
        brief(accept(t, TelBuilder.rev(cred, regk, TelBuilder.said(iss), 0))));
  }

  @Test
  void aRevocationNamesItsIssuanceAndItsRegistry() {
    Tevery t = new Tevery(kel);
    kel.add(1, sealOf(vcp));
    kel.add(2, sealOf(iss));
    accept(t, vcp);
    accept(t, iss);
    TelVerdict badPrior = accept(t, TelBuilder.rev(cred, regk, TelBuilder.digest("p"), 1));
    assertEquals("REJECTED PRIOR_MISMATCH", brief(badPrior));
    String vcp2 = TelBuilder.vcp("NB,EO", 0, List.of());
    kel.add(3, sealOf(vcp2));
    assertEquals("ACCEPTED NONE", brief(accept(t, vcp2)));
    TelVerdict elsewhere = accept(t, TelBuilder.rev(cred, TelBuilder.prefix(vcp2),
        TelBuilder.said(iss), 1));
    assertEquals("REJECTED REGISTRY_MISMATCH", brief(elsewhere));
    assertEquals(Ilk.ISS, t.credential(cred).orElseThrow().ilk());
  }

  @Test
  void aNoBackersRegistryTakesNoBackedEvents() {
    Tevery t = new Tevery(kel);
    kel.add(1, sealOf(vcp));
    accept(t, vcp);
    String vrt = TelBuilder.vrt(regk, regk, 1, 0, List.of(), List.of());
    assertEquals("REJECTED BACKERS_NOT_ALLOWED", brief(accept(t, vrt)));
    assertEquals("REJECTED BACKERS_NOT_ALLOWED", brief(accept(t, TelBuilder.bis(cred, regk,
        regk))));
  }

  /**
   * A registry with backers (keripy {@code Tever.valAnchorBigs}): its events need backer
   * signatures reaching {@code bt}, counted once per backer; a simple iss is refused; a {@code
   * bis} takes the backers of the registry event {@code ra} names; a {@code vrt} cuts and adds.
   */
  @Test
  void backersSignToTheirThreshold() throws Exception {
    KeyPair b0 = TelBuilder.key(1);
    KeyPair b1 = TelBuilder.key(2);
    KeyPair b2 = TelBuilder.key(3);
    List<String> baks = List.of(TelBuilder.backer(b0), TelBuilder.backer(b1));
    String bvcp = TelBuilder.vcp("", 2, baks);
    String breg = TelBuilder.prefix(bvcp);
    Tevery t = new Tevery(kel);
    String k1 = kel.add(1, sealOf(bvcp));
    String once = TelBuilder.backed(TelBuilder.anchored(bvcp, 1, k1), bvcp, List.of(b0, b0),
        List.of(0, 0));
    TelVerdict v = accept(t, once);
    assertEquals("ESCROWED tpwe BACKER_THRESHOLD_UNMET", brief(v));
    assertEquals("1 backer signatures below bt 2", v.detail());
    String wrongKey = TelBuilder.backed(TelBuilder.anchored(bvcp, 1, k1), bvcp, List.of(b0, b2),
        List.of(0, 1));
    assertEquals("ESCROWED tpwe BACKER_THRESHOLD_UNMET", brief(accept(t, wrongKey)));
    String both = TelBuilder.backed(TelBuilder.anchored(bvcp, 1, k1), bvcp, List.of(b1, b0),
        List.of(1, 0));
    assertEquals("ACCEPTED NONE", brief(accept(t, both)));
    RegistryState r = t.registry(breg).orElseThrow();
    assertEquals(baks, r.backers());
    assertEquals(2, r.toad());
    assertTrue(!r.noBackers());

    assertEquals("REJECTED BACKERS_REQUIRED", brief(accept(t, TelBuilder.iss(cred, breg))));
    assertEquals("REJECTED UNKNOWN_REGISTRY_EVENT",
        brief(accept(t, TelBuilder.bis(cred, breg, TelBuilder.digest("no such")))));
    // cesrj checks ra.s and bis's ii, which keripy does not read
    String raAtOne = TelBuilder.bis(cred, breg, breg).replace("\"s\":\"0\",\"d\"",
        "\"s\":\"1\",\"d\"");
    assertEquals("REJECTED UNKNOWN_REGISTRY_EVENT",
        brief(accept(t, TelBuilder.resaid(raAtOne))));
    String otherIssuer = TelBuilder.bis(cred, breg, breg).replace(
        "\"ii\":\"" + TelBuilder.ISSUER, "\"ii\":\"" + TelBuilder.digest("another issuer"));
    assertEquals("REJECTED ISSUER_MISMATCH", brief(accept(t, TelBuilder.resaid(otherIssuer))));
    String bis = TelBuilder.bis(cred, breg, breg);
    String k2 = kel.add(2, sealOf(bis));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.backed(
        TelBuilder.anchored(bis, 2, k2), bis, List.of(b0, b1), List.of(0, 1)))));
    assertEquals(Ilk.BIS, t.credential(cred).orElseThrow().ilk());

    String vrt = TelBuilder.vrt(breg, breg, 1, 1, List.of(TelBuilder.backer(b0)),
        List.of(TelBuilder.backer(b2)));
    String k3 = kel.add(3, sealOf(vrt));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.backed(
        TelBuilder.anchored(vrt, 3, k3), vrt, List.of(b2), List.of(1)))));
    r = t.registry(breg).orElseThrow();
    assertEquals(List.of(TelBuilder.backer(b1), TelBuilder.backer(b2)), r.backers());
    assertEquals(1, r.toad());
    assertEquals(BigInteger.ONE, r.sn());
    assertEquals(Ilk.VRT, r.ilk());

    // the brv names the inception: its backers (b0, b1) and bt 2 apply, not the rotation's
    String brv = TelBuilder.brv(cred, breg, breg, TelBuilder.said(bis));
    String k4 = kel.add(4, sealOf(brv));
    assertEquals("ESCROWED tpwe BACKER_THRESHOLD_UNMET", brief(accept(t, TelBuilder.backed(
        TelBuilder.anchored(brv, 4, k4), brv, List.of(b2), List.of(1)))));
    assertEquals("ACCEPTED NONE", brief(accept(t, TelBuilder.backed(
        TelBuilder.anchored(brv, 4, k4), brv, List.of(b0, b1), List.of(0, 1)))));
    assertEquals(Ilk.BRV, t.credential(cred).orElseThrow().ilk());
  }

  @Test
  void backersAndTheirThresholdMustFit() {
    Tevery t = new Tevery(kel);
    String b = TelBuilder.digest("not a key");
    assertEquals("REJECTED INVALID_BACKERS", brief(accept(t, TelBuilder.vcp("", 0, List.of(b)))));
    assertEquals("REJECTED INVALID_BACKERS", brief(accept(t, TelBuilder.vcp("", 2, List.of(b)))));
    assertEquals("REJECTED INVALID_BACKERS", brief(accept(t, TelBuilder.vcp("NB", 1, List.of()))));
    assertEquals("REJECTED INVALID_BACKERS",
        brief(accept(t, TelBuilder.vcp("", 1, List.of(b, b)))));
  }

  @Test
  void otherMessagesAndBadBodiesAreRejected() {
    Tevery t = new Tevery(kel);
    String ixn = TelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + TelBuilder.ISSUER
        + "\",\"s\":\"1\",\"p\":\"" + TelBuilder.ISSUER + "\",\"a\":[]");
    TelVerdict v = accept(t, ixn);
    assertEquals("REJECTED NOT_A_TEL_EVENT", brief(v));
    assertEquals(Optional.empty(), v.ilk());
    String badToad = TelBuilder.body("\"t\":\"vcp\",\"d\":\"\",\"i\":\"" + TelBuilder.SELF
        + "\",\"ii\":\"" + TelBuilder.ISSUER + "\",\"s\":\"0\",\"c\":[],\"bt\":\"x1\",\"b\":[],"
        + "\"n\":\"0AAxyHwW6htOZ_rANOaZb2N2\"");
    TelVerdict bt = accept(t, badToad);
    assertEquals("REJECTED BODY_ERROR", brief(bt));
    assertTrue(bt.detail().endsWith("field 'bt': 'x1'; expected a threshold in hex (at most 15"
        + " digits)"), bt.detail());
    String tampered = iss.replace(TelBuilder.DT, TelBuilder.DT.replace('4', '5'));
    assertEquals("REJECTED SAID_MISMATCH", brief(accept(t, tampered)));
    assertEquals(List.of(0, 1, 2), t.verdicts().stream().map(TelVerdict::index).toList());
  }

  /** Through the push parser in 5-byte chunks: the same verdicts, each at its stream offset. */
  @Test
  void framedResultsOfThePushParser() {
    String k1 = kel.add(1, sealOf(vcp));
    String k2 = kel.add(2, sealOf(iss));
    String first = TelBuilder.anchored(vcp, 1, k1);
    byte[] stream = (first + TelBuilder.anchored(iss, 2, k2))
        .getBytes(StandardCharsets.US_ASCII);
    Tevery t = new Tevery(kel);
    List<TelVerdict> out = new java.util.ArrayList<>();
    try (dev.cesrj.stream.CesrStreamParser p = new dev.cesrj.stream.CesrStreamParser()) {
      for (int i = 0; i < stream.length + 5; i += 5) {
        try (dev.cesrj.stream.Framed f = i < stream.length
            ? p.feed(stream, i, Math.min(5, stream.length - i)) : p.endOfInput()) {
          out.addAll(t.accept(f));
        }
      }
    }
    assertEquals(List.of("ACCEPTED NONE", "ACCEPTED NONE"),
        out.stream().map(TeveryTest::brief).toList());
    assertEquals(List.of(0L, (long) first.length()), out.stream().map(TelVerdict::offset)
        .toList());
    assertEquals(Ilk.ISS, t.credential(cred).orElseThrow().ilk());
  }

  @Test
  void escrowedMessagesExpireAtTheCallersMark() {
    Tevery t = new Tevery(kel);
    accept(t, iss);
    int mark = t.nextIndex();
    accept(t, rev);
    assertEquals(2, t.escrowedCount());
    List<TelVerdict> expired = t.expire(mark);
    assertEquals(List.of("REJECTED ESCROW_EXPIRED"), expired.stream().map(TeveryTest::brief)
        .toList());
    assertEquals("escrowed too long: OUT_OF_ORDER, registry " + regk + " not incepted",
        expired.get(0).detail());
    assertEquals(Optional.of(Ilk.ISS), expired.get(0).ilk());
    assertEquals(1, t.escrowedCount());
    assertEquals(List.of(), t.expire(mark));
  }
}
