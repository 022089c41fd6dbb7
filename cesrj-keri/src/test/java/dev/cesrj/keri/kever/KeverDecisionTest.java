package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outcome values of {@link Kever}'s rules ({@link Decision}), called directly on events made
 * by {@link KelBuilder}: what each rule decided and why, and that an accepted event is the shared
 * constant {@link Decision#LOGGED} (no value made per accepted event). The verdicts these
 * decisions become are pinned by the stream tests ({@link KelVerifierTest}, {@link
 * AttackStreamsTest}, {@link KelVerifierCorpusTest}).
 */
@ExtendWith(LeakDetectionExtension.class)
class KeverDecisionTest {
  /** A one- or two-key inception, {@code kt} as given, next keys {@code n} with {@code nt}. */
  private static String icp(List<KeyPair> keys, String kt, String nt, List<KeyPair> next) {
    StringBuilder k = new StringBuilder();
    for (KeyPair kp : keys) {
      k.append(k.length() == 0 ? "" : ",").append('"').append(KelBuilder.verfer(kp, true))
          .append('"');
    }
    StringBuilder n = new StringBuilder();
    for (KeyPair kp : next) {
      n.append(n.length() == 0 ? "" : ",").append('"').append(KelBuilder.nextDigest(kp))
          .append('"');
    }
    return KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"" + kt + "\",\"k\":[" + k + "],\"nt\":\"" + nt + "\",\"n\":["
        + n + "],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
  }

  /** An interaction of {@code prefix} at {@code sn} after {@code prior}. */
  private static String ixn(String prefix, int sn, String prior) {
    return KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + prefix + "\",\"s\":\""
        + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[]");
  }

  /** {@return the entry of one message, as {@link Kevery} makes it (index 0)} */
  private static Entry entry(byte[] message) {
    ByteBuf buf = Unpooled.wrappedBuffer(message);
    try (Messages ms = Messages.over(buf)) {
      Message m = ms.iterator().next();
      Intake in = Intake.of(m, 0, message);
      Entry x = new Entry(0, in.offset(), in.event(), in.sigs(), in.seals(), in.length());
      x.raw = message;
      return x;
    } finally {
      buf.release();
    }
  }

  @Test
  void acceptedInceptionIsTheSharedConstantAndMakesTheKever() throws Exception {
    KeyPair a = KelBuilder.key(1);
    KeyPair next = KelBuilder.key(2);
    String body = icp(List.of(a), "1", "1", List.of(next));
    Entry x = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(a, 0))));
    Kevery kvy = new Kevery(EscrowLimits.DEFAULT);

    Decision d = Kever.incept(x, (InceptionEvent) x.event, kvy);

    assertSame(Decision.LOGGED, d);
    Kever k = Kever.incepted((InceptionEvent) x.event, x.raw, 0);
    assertEquals(KelBuilder.said(body), k.prefix);
    assertEquals(BigInteger.ZERO, k.sn);
    assertEquals(List.of(KelBuilder.verfer(a, true)), k.keys);
    assertEquals(List.of(KelBuilder.nextDigest(next)), k.nextDigests);
    assertEquals(KelBuilder.said(body), k.state().said());
  }

  @Test
  void inceptionWithTooFewSignaturesIsHeldAsPartiallySigned() throws Exception {
    KeyPair a = KelBuilder.key(1);
    KeyPair b = KelBuilder.key(3);
    String body = icp(List.of(a, b), "2", "0", List.of());
    Entry x = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(a, 0))));

    Decision d = Kever.incept(x, (InceptionEvent) x.event, new Kevery(EscrowLimits.DEFAULT));

    Decision.Hold h = (Decision.Hold) d;
    assertEquals(Escrow.PARTIALLY_SIGNED, h.escrow());
    assertEquals(Reason.SIGNING_THRESHOLD_UNMET, h.reason());
    assertEquals("1 verified signatures do not satisfy kt 2", h.detail());
    assertEquals(0, h.extraBytes());
  }

  @Test
  void inceptionWhoseKtNeedsMoreKeysThanListedIsRejected() throws Exception {
    KeyPair a = KelBuilder.key(1);
    String body = icp(List.of(a), "2", "0", List.of());
    Entry x = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(a, 0))));

    Decision d = Kever.incept(x, (InceptionEvent) x.event, new Kevery(EscrowLimits.DEFAULT));

    assertEquals(new Decision.Reject(Reason.INVALID_THRESHOLD,
        "kt 2 needs more than the 1 keys"), d);
  }

  @Test
  void inceptionWithNoControllerSignatureIsRejected() throws Exception {
    KeyPair a = KelBuilder.key(1);
    String body = icp(List.of(a), "1", "0", List.of());
    Entry x = entry(body.getBytes(StandardCharsets.US_ASCII)); // no attachment at all

    Decision d = Kever.incept(x, (InceptionEvent) x.event, new Kevery(EscrowLimits.DEFAULT));

    assertEquals(new Decision.Reject(Reason.MISSING_SIGNATURES, "no controller signatures"), d);
  }

  @Test
  void inceptionSignedByAnotherKeyIsRejected() throws Exception {
    KeyPair a = KelBuilder.key(1);
    KeyPair other = KelBuilder.key(9);
    String body = icp(List.of(a), "1", "0", List.of());
    Entry x = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(other, 0))));

    Decision d = Kever.incept(x, (InceptionEvent) x.event, new Kevery(EscrowLimits.DEFAULT));

    assertEquals(new Decision.Reject(Reason.NO_VERIFIED_SIGNATURES,
        "no controller signature verifies"), d);
  }

  @Test
  void updateOfANonTransferablePrefixIsRejectedAndLeavesItsKeyState() throws Exception {
    KeyPair a = KelBuilder.key(1);
    String body = icp(List.of(a), "1", "0", List.of());
    Entry icpx = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(a, 0))));
    Kevery kvy = new Kevery(EscrowLimits.DEFAULT);
    assertSame(Decision.LOGGED, Kever.incept(icpx, (InceptionEvent) icpx.event, kvy));
    Kever k = Kever.incepted((InceptionEvent) icpx.event, icpx.raw, 0);
    String prefix = KelBuilder.said(body);
    Entry x = entry(KelBuilder.signed(ixn(prefix, 1, prefix), List.of(KelBuilder.Sig.of(a, 0))));

    Decision d = k.update(x, (KeyEvent) x.event, kvy);

    assertEquals(new Decision.Reject(Reason.NOT_TRANSFERABLE,
        "no next keys: " + prefix + " is non-transferable or abandoned"), d);
    assertEquals(BigInteger.ZERO, k.sn);
    assertNull(k.stateAt(BigInteger.ONE));
  }

  @Test
  void interactionIsLoggedAndMovesTheKeyStateOn() throws Exception {
    KeyPair a = KelBuilder.key(1);
    KeyPair next = KelBuilder.key(2);
    String body = icp(List.of(a), "1", "1", List.of(next));
    Entry icpx = entry(KelBuilder.signed(body, List.of(KelBuilder.Sig.of(a, 0))));
    Kevery kvy = new Kevery(EscrowLimits.DEFAULT);
    Kever k = Kever.incepted((InceptionEvent) icpx.event, icpx.raw, 0);
    String prefix = KelBuilder.said(body);
    String ixn = ixn(prefix, 1, prefix);
    Entry x = entry(KelBuilder.signed(ixn, List.of(KelBuilder.Sig.of(a, 0))));
    Entry wrongPrior = entry(KelBuilder.signed(ixn(prefix, 1, KelBuilder.said(ixn)),
        List.of(KelBuilder.Sig.of(a, 0))));

    assertEquals(new Decision.Reject(Reason.INVALID_SEQUENCE,
        "p " + KelBuilder.said(ixn) + " is not " + prefix),
        k.update(wrongPrior, (KeyEvent) wrongPrior.event, kvy));
    assertSame(Decision.LOGGED, k.update(x, (KeyEvent) x.event, kvy));
    assertEquals(BigInteger.ONE, k.sn);
    assertEquals(KelBuilder.said(ixn), k.said);
    assertNotNull(k.stateAt(BigInteger.ONE));
  }

  @Test
  void decisionsRefuseParts() {
    assertThrows(IllegalArgumentException.class, () -> new Decision.Reject(Reason.NONE, ""));
    assertThrows(IllegalArgumentException.class,
        () -> new Decision.Hold(Escrow.OUT_OF_ORDER, Reason.OUT_OF_ORDER, "", -1));
    assertThrows(NullPointerException.class, () -> new Decision.Accept(true, null));
    assertEquals(new Decision.Accept(false, ""), Decision.STORED);
    assertEquals(new Decision.Accept(true, ""), Decision.LOGGED);
  }
}
