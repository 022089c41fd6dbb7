package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.keri.exchange.ExchangeReason;
import dev.cesrj.keri.exchange.ExchangeVerdict;
import dev.cesrj.keri.exchange.Exchanger;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Exchanger}: {@code exn} messages verified as keripy's {@code src/keri/peer/exchanging.py}
 * {@code Exchanger.processEvent} verifies them, on the keripy-made exchanges of corpus A and on
 * exchanges made here ({@link KelBuilder}): a sender with three keys and {@code kt} 2 that
 * rotates at sn 1 and interacts at sn 2, and non-transferable senders.
 */
class ExchangerTest {
  private static final String DT = "2024-03-11T09:32:14.040178+00:00";
  static KeyPair[] keys;
  static String pre;
  static String icp;
  static String rot;
  private static String ixn;
  static byte[] kel;

  @BeforeAll
  static void kel() throws Exception {
    keys = new KeyPair[9];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = KelBuilder.key(7100 + i);
    }
    icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":" + keyList(0) + ",\"nt\":\"2\",\"n\":"
        + digestList(3) + ",\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    pre = KelBuilder.said(icp);
    rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\"1\",\"p\":\""
        + KelBuilder.said(icp) + "\",\"kt\":\"2\",\"k\":" + keyList(3) + ",\"nt\":\"2\",\"n\":"
        + digestList(6) + ",\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
    ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\"2\",\"p\":\""
        + KelBuilder.said(rot) + "\",\"a\":[]");
    kel = KelBuilder.stream(
        KelBuilder.signed(icp, sigs(0, 0, 1, 2)),
        KelBuilder.signed(rot, sigs(3, 0, 1, 2)),
        KelBuilder.signed(ixn, sigs(3, 0, 1)));
  }

  private static String keyList(int from) {
    return "[" + java.util.stream.IntStream.range(from, from + 3)
        .mapToObj(i -> "\"" + KelBuilder.verfer(keys[i], true) + "\"")
        .collect(Collectors.joining(",")) + "]";
  }

  private static String digestList(int from) {
    return "[" + java.util.stream.IntStream.range(from, from + 3)
        .mapToObj(i -> "\"" + KelBuilder.nextDigest(keys[i]) + "\"")
        .collect(Collectors.joining(",")) + "]";
  }

  /** Signatures by keys[from + i] at index i, for each i given. */
  static List<KelBuilder.Sig> sigs(int from, int... indices) {
    List<KelBuilder.Sig> out = new ArrayList<>();
    for (int i : indices) {
      out.add(KelBuilder.Sig.of(keys[from + i], i));
    }
    return out;
  }

  static String exn(String sender, String route, String prior, String words) {
    return KelBuilder.body("\"t\":\"exn\",\"d\":\"\",\"i\":\"" + sender + "\",\"rp\":\"\",\"p\":\""
        + prior + "\",\"dt\":\"" + DT + "\",\"r\":\"" + route + "\",\"q\":{},\"a\":{\"w\":\""
        + words + "\"},\"e\":{}");
  }

  /** {@return the sequence number as keripy's Seqner writes it: 0A and 16 bytes} */
  private static String seqner(int sn) {
    return KelBuilder.qb64("0A", BigInteger.valueOf(sn).toByteArray().length > 16 ? null
        : pad16(BigInteger.valueOf(sn).toByteArray()));
  }

  private static byte[] pad16(byte[] b) {
    byte[] out = new byte[16];
    System.arraycopy(b, 0, out, 16 - b.length, b.length);
    return out;
  }

  /** {@code body} with a TransIdxSigGroup ({@code -F}) of {@code signer} at (sn, said). */
  static byte[] group(String body, String signer, int sn, String estSaid,
      List<KelBuilder.Sig> sigs) throws Exception {
    String signed = new String(KelBuilder.signed(body, sigs), StandardCharsets.US_ASCII);
    return (body + "-FAB" + signer + seqner(sn) + estSaid + signed.substring(body.length()))
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** {@code body} with one non-transferable couple ({@code -C}) of {@code key}'s qb64. */
  static byte[] couple(String body, KeyPair key, String verfer, boolean corrupt)
      throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initSign(key.getPrivate());
    s.update(body.getBytes(StandardCharsets.US_ASCII));
    byte[] sig = s.sign();
    if (corrupt) {
      sig[5] ^= 1;
    }
    return (body + "-CAB" + verfer + KelBuilder.qb64("0B", sig))
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** A KEL verifier and an exchanger over it, fed each message of a stream by its ilk. */
  static final class Pair {
    final KelVerifier kevers = new KelVerifier();
    final Exchanger exchanger;

    Pair(int escrowLimit) {
      exchanger = new Exchanger(kevers, escrowLimit);
    }

    Pair() {
      this(Exchanger.DEFAULT_ESCROW_LIMIT);
    }

    Pair feed(byte[]... messages) {
      try (Messages ms = Messages.copyOf(KelBuilder.stream(messages))) {
        for (Message m : ms) {
          give(m, 0);
        }
      }
      return this;
    }

    void give(Message m, long base) {
      if (Exchanger.isExchange(m)) {
        exchanger.accept(m, base);
      } else {
        kevers.accept(m);
      }
    }

    Pair chunked(byte[] input, int chunk) {
      try (CesrStreamParser parser = new CesrStreamParser()) {
        for (int i = 0; i < input.length + chunk; i += chunk) {
          try (Framed f = i < input.length
              ? parser.feed(input, i, Math.min(chunk, input.length - i)) : parser.endOfInput()) {
            for (Message m : f.messages()) {
              give(m, f.offsetBase());
            }
          }
        }
      }
      return finish();
    }

    Pair finish() {
      kevers.finish();
      exchanger.retryEscrows();
      return this;
    }

    ExchangeVerdict last() {
      List<ExchangeVerdict> vs = exchanger.verdicts();
      return vs.get(vs.size() - 1);
    }

    List<String> described() {
      return exchanger.verdicts().stream()
          .map(v -> v.status() + ":" + v.reason() + "@" + v.offset())
          .collect(Collectors.toList());
    }
  }

  private static void is(Status s, ExchangeReason r, ExchangeVerdict v) {
    assertEquals(s + ":" + r, v.status() + ":" + v.reason(), v.toString());
  }

  // --- keripy-made exchanges ------------------------------------------------------------------

  /**
   * The exchanges {@code kli} sent in corpus A (keripy 2.0.0-dev6; versions 1 and 2, bare and
   * grouped attachments, text and binary): each signed one is accepted (its {@code -F} group at
   * the sender's rotation, or a witness's couple), the unsigned {@code /oobis/notify} waits for
   * signatures as keripy escrows it; offsets and SAIDs are those of the corpus's expected
   * frames; whole and through the push parser in 7-byte chunks, the same verdicts.
   */
  @ParameterizedTest
  @ValueSource(strings = {"exchange.v1.bare.txt.cesr", "exchange.v1.grouped.txt.cesr",
      "exchange.v2.bare.txt.cesr", "exchange.v2.grouped.txt.cesr", "exchange.v1.bare.qb2.cesr",
      "exchange.v2.grouped.qb2.cesr", "exchange_big.v1.bare.txt.cesr"})
  void keripyMadeExchanges(String file) {
    byte[] input = Corpus.bytes(file);
    Pair whole = new Pair();
    try (Messages ms = Messages.copyOf(input)) {
      for (Message m : ms) {
        whole.give(m, 0);
      }
    }
    whole.finish();
    List<String> saids = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    for (JsonNode e : Corpus.expected(file)) {
      if (e.get("ilk").asText().equals("exn")) {
        saids.add(e.get("said").asText());
        offsets.add(e.get("offset").asLong());
      }
    }
    List<ExchangeVerdict> vs = whole.exchanger.verdicts();
    assertEquals(saids, vs.stream().map(v -> v.exchange().get().said()).toList(), file);
    assertEquals(offsets, vs.stream().map(ExchangeVerdict::offset).toList(), file);
    for (ExchangeVerdict v : vs) {
      if (v.exchange().get().route().equals("/oobis/notify")) {
        is(Status.ESCROWED, ExchangeReason.MISSING_SIGNATURES, v);
      } else {
        is(Status.ACCEPTED, ExchangeReason.NONE, v);
      }
    }
    assertTrue(vs.size() >= 2, file);
    assertEquals(whole.described(), new Pair().chunked(input, 7).described(), file);
  }

  // --- transferable senders ---------------------------------------------------------------------

  @Test
  void keyStateAtEachAcceptedEvent() {
    Pair p = new Pair().feed(kel).finish();
    KeyState at0 = p.kevers.keyStateAt(pre, BigInteger.ZERO).orElseThrow();
    KeyState at1 = p.kevers.keyStateAt(pre, BigInteger.ONE).orElseThrow();
    KeyState at2 = p.kevers.keyStateAt(pre, BigInteger.TWO).orElseThrow();
    assertEquals(List.of(KelBuilder.verfer(keys[0], true), KelBuilder.verfer(keys[1], true),
        KelBuilder.verfer(keys[2], true)), at0.keys());
    assertEquals(List.of(KelBuilder.verfer(keys[3], true), KelBuilder.verfer(keys[4], true),
        KelBuilder.verfer(keys[5], true)), at2.keys());
    assertEquals(at1.verfers(), at2.verfers());
    assertEquals(new dev.cesrj.keri.event.Threshold.Numeric(2), at0.kt());
    assertEquals("2", at0.signingThreshold());
    assertEquals(KelBuilder.nextDigest(keys[6]), at2.nextDigests().get(0).qb64());
    assertTrue(at2.nextDigests().get(0).commitsTo(at2.verfers().get(0)) == false);
    assertTrue(at1.nextDigests().get(0).commitsTo(
        dev.cesrj.keri.crypto.Verfer.of(KelBuilder.verfer(keys[6], true))));
    assertEquals("icp", at0.et());
    assertEquals("rot", at1.et());
    assertEquals("ixn", at2.et());
    assertEquals(KelBuilder.said(ixn), at2.said());
    assertEquals(BigInteger.ONE, at2.establishmentSn());
    assertEquals(KelBuilder.said(rot), at2.establishmentSaid());
    assertTrue(at1.atEstablishment());
    assertFalse(at2.atEstablishment());
    assertEquals(p.kevers.keyState(pre).orElseThrow(), at2);
    assertEquals(Optional.empty(), p.kevers.keyStateAt(pre, BigInteger.valueOf(3)));
    assertEquals(Optional.empty(), p.kevers.keyStateAt("Enope", BigInteger.ZERO));
    // restored from a state: its record keeps the last establishment event only
    KelVerifier whole = new KelVerifier();
    whole.acceptAll(kel);
    whole.finish();
    KelVerifier back = KelVerifier.restore(whole.state(), EscrowLimits.DEFAULT);
    assertEquals(Optional.of(at2), back.keyStateAt(pre, BigInteger.TWO));
    assertEquals(Optional.of(at1), back.keyStateAt(pre, BigInteger.ONE));
    assertEquals(Optional.empty(), back.keyStateAt(pre, BigInteger.ZERO));
  }

  /** A recovery rotation at sn 2 supersedes the interaction: the key state at 2 is its. */
  @Test
  void keyStateAtFollowsARecovery() throws Exception {
    String recovery = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"2\",\"p\":\"" + KelBuilder.said(rot) + "\",\"kt\":\"2\",\"k\":"
        + keyList(6) + ",\"nt\":\"0\",\"n\":[],\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
    Pair p = new Pair().feed(kel, KelBuilder.signed(recovery, sigs(6, 0, 1, 2))).finish();
    KeyState at2 = p.kevers.keyStateAt(pre, BigInteger.TWO).orElseThrow();
    assertEquals("rot", at2.et());
    assertEquals(KelBuilder.said(recovery), at2.said());
    assertEquals(KelBuilder.verfer(keys[6], true), at2.keys().get(0));
    assertEquals(new dev.cesrj.keri.event.Threshold.Numeric(0), at2.nt());
    assertEquals(KelBuilder.said(rot),
        p.kevers.keyStateAt(pre, BigInteger.ONE).orElseThrow().said());
  }

  @Test
  void signedAtTheRotationAccepted() throws Exception {
    String body = exn(pre, "/challenge/response", "", "alpha");
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 2)))
        .finish();
    is(Status.ACCEPTED, ExchangeReason.NONE, p.last());
    assertEquals(KelBuilder.said(body), p.last().exchange().get().said());
    assertEquals(pre, p.last().exchange().get().sender());
    assertEquals(Optional.of("/challenge/response"),
        p.exchanger.acceptedRoute(KelBuilder.said(body)));
    assertEquals(kel.length, p.last().offset());
  }

  /** Signed with the inception's keys, named at the inception: the keys then in force. */
  @Test
  void signedAtAnEarlierEstablishmentEventAccepted() throws Exception {
    String body = exn(pre, "/x", "", "old");
    Pair p = new Pair().feed(kel, group(body, pre, 0, KelBuilder.said(icp), sigs(0, 1, 2)))
        .finish();
    is(Status.ACCEPTED, ExchangeReason.NONE, p.last());
  }

  /** The rotation's keys named at the inception: they verify nothing there; keripy escrows. */
  @Test
  void keysOfAnotherEstablishmentEventWait() throws Exception {
    String body = exn(pre, "/x", "", "mixed");
    Pair p = new Pair().feed(kel, group(body, pre, 0, KelBuilder.said(icp), sigs(3, 0, 1)))
        .finish();
    is(Status.ESCROWED, ExchangeReason.SIGNING_THRESHOLD_UNMET, p.last());
    assertEquals(1, p.exchanger.escrowedCount());
  }

  @Test
  void oneSignatureOfTwoWaits() throws Exception {
    String body = exn(pre, "/x", "", "one");
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 1))).finish();
    is(Status.ESCROWED, ExchangeReason.SIGNING_THRESHOLD_UNMET, p.last());
    assertTrue(p.last().detail().startsWith("1 verified signatures do not satisfy kt 2"),
        p.last().detail());
  }

  /** Two copies, each with one signature of the two kt needs: pooled, both accepted. */
  @Test
  void copiesPoolTheirSignatures() throws Exception {
    String body = exn(pre, "/multisig/icp", "", "pool");
    byte[] first = group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0));
    byte[] second = group(body, pre, 1, KelBuilder.said(rot), sigs(3, 2));
    Pair p = new Pair().feed(kel, first);
    is(Status.ESCROWED, ExchangeReason.SIGNING_THRESHOLD_UNMET, p.last());
    p.feed(second).finish();
    // the second copy is fed as a stream of its own: offset 0
    assertEquals(List.of("ACCEPTED:NONE@" + kel.length, "ACCEPTED:NONE@0"), p.described());
    assertEquals(0, p.exchanger.escrowedCount());
    // the same signature twice is one key: still waiting
    Pair q = new Pair().feed(kel, first, first).finish();
    assertEquals(List.of(Status.ESCROWED, Status.ESCROWED),
        q.exchanger.verdicts().stream().map(ExchangeVerdict::status).toList());
  }

  /**
   * A transferable receipt quadruple ({@code -D}) signs no {@code exn}: keripy's parser hands
   * {@code Exchanger.processEvent} the TransIdxSigGroups only, so it waits for signatures.
   */
  @Test
  void receiptQuadrupleSignsNoExchange() throws Exception {
    String body = exn(pre, "/x", "", "quad");
    String one = new String(KelBuilder.signed(body, sigs(3, 0)), StandardCharsets.US_ASCII)
        .substring(body.length() + 4);
    byte[] m = (body + "-DAB" + pre + seqner(1) + KelBuilder.said(rot) + one)
        .getBytes(StandardCharsets.US_ASCII);
    Pair p = new Pair().feed(kel, m).finish();
    is(Status.ESCROWED, ExchangeReason.MISSING_SIGNATURES, p.last());
  }

  @Test
  void groupNamingAnInteractionRejected() throws Exception {
    String body = exn(pre, "/x", "", "ixn");
    Pair p = new Pair().feed(kel, group(body, pre, 2, KelBuilder.said(ixn), sigs(3, 0, 1)))
        .finish();
    is(Status.REJECTED, ExchangeReason.ESTABLISHMENT_MISMATCH, p.last());
  }

  @Test
  void groupNamingAnotherSaidRejected() throws Exception {
    String body = exn(pre, "/x", "", "said");
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(ixn), sigs(3, 0, 1)))
        .finish();
    is(Status.REJECTED, ExchangeReason.ESTABLISHMENT_MISMATCH, p.last());
  }

  @Test
  void groupOfAnotherPrefixRejected() throws Exception {
    String other = KelBuilder.said(ixn);
    String body = exn(other, "/x", "", "other");
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1)))
        .finish();
    is(Status.REJECTED, ExchangeReason.SIGNER_NOT_SENDER, p.last());
  }

  /** The exchange before its sender's KEL: waits, then accepted once the KEL is. */
  @Test
  void senderNotYetAcceptedWaits() throws Exception {
    String body = exn(pre, "/x", "", "early");
    byte[] m = group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1));
    Pair p = new Pair().feed(m);
    is(Status.ESCROWED, ExchangeReason.SENDER_NOT_ACCEPTED, p.last());
    assertEquals(List.of(), p.exchanger.retryEscrows());
    p.feed(kel);
    p.kevers.finish();
    List<ExchangeVerdict> changed = p.exchanger.retryEscrows();
    assertEquals(1, changed.size());
    is(Status.ACCEPTED, ExchangeReason.NONE, changed.get(0));
    assertEquals(0L, changed.get(0).offset());
    // the same stream, exchange first, whole and in 7-byte chunks
    byte[] stream = KelBuilder.stream(m, kel);
    assertEquals(List.of("ACCEPTED:NONE@0"), new Pair().chunked(stream, 7).described());
  }

  @Test
  void saidMismatchRejected() throws Exception {
    String body = exn(pre, "/x", "", "said").replace("\"w\":\"said\"", "\"w\":\"sadi\"");
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1)))
        .finish();
    is(Status.REJECTED, ExchangeReason.SAID_MISMATCH, p.last());
    assertTrue(p.last().exchange().isPresent());
  }

  /** keripy escrows an exn with neither groups nor couples; it waits, bounded. */
  @Test
  void unsignedWaitsAndTheEscrowIsBounded() {
    Pair p = new Pair(2);
    byte[][] ms = new byte[3][];
    for (int i = 0; i < 3; i++) {
      ms[i] = exn(pre, "/x", "", "u" + i).getBytes(StandardCharsets.US_ASCII);
    }
    p.feed(ms[0], ms[1]);
    assertEquals(List.of(Status.ESCROWED, Status.ESCROWED),
        p.exchanger.verdicts().stream().map(ExchangeVerdict::status).toList());
    is(Status.ESCROWED, ExchangeReason.MISSING_SIGNATURES, p.last());
    p.feed(ms[2]);
    assertEquals(2, p.exchanger.escrowedCount());
    List<ExchangeVerdict> changed = p.exchanger.retryEscrows();
    assertEquals(1, changed.size());
    is(Status.REJECTED, ExchangeReason.ESCROW_EVICTED, changed.get(0));
    assertEquals(0, changed.get(0).index());
    List<ExchangeVerdict> expired = p.exchanger.expire(2);
    assertEquals(List.of(1), expired.stream().map(ExchangeVerdict::index).toList());
    assertEquals(1, p.exchanger.escrowedCount());
    Pair none = new Pair(0).feed(ms[0]);
    is(Status.REJECTED, ExchangeReason.ESCROW_EVICTED, none.last());
    assertThrows(IllegalArgumentException.class, () -> new Exchanger(new KelVerifier(), -1));
  }

  @Test
  void keyEventGivenToTheExchangerIsNoExchange() throws Exception {
    Exchanger x = new Exchanger(new KelVerifier());
    try (Messages ms = Messages.copyOf(KelBuilder.signed(icp, sigs(0, 0, 1)))) {
      for (Message m : ms) {
        assertFalse(Exchanger.isExchange(m));
        ExchangeVerdict v = x.accept(m);
        is(Status.REJECTED, ExchangeReason.NOT_AN_EXCHANGE, v);
        assertEquals(Optional.empty(), v.exchange());
      }
    }
  }

  /**
   * Bad input is normal input: 300 copies of a signed exchange, each with one byte changed at a
   * seeded random place to a seeded random Base64 or JSON character, never throw from the
   * exchanger and are never accepted (a framing error before the exchange ends the stream, as
   * for the key events).
   */
  @Test
  void mutatedExchangesAreNeverAccepted() throws Exception {
    String body = exn(pre, "/challenge/response", "", "mutant");
    byte[] good = group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1));
    is(Status.ACCEPTED, ExchangeReason.NONE, new Pair().feed(kel, good).finish().last());
    java.util.SplittableRandom r = new java.util.SplittableRandom(30_4);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_{}\":,[]";
    int judged = 0;
    for (int n = 0; n < 300; n++) {
      byte[] bad = good.clone();
      int at = r.nextInt(bad.length);
      byte was = bad[at];
      while (bad[at] == was) {
        bad[at] = (byte) alphabet.charAt(r.nextInt(alphabet.length()));
      }
      Pair p = new Pair();
      p.feed(kel);
      try (Messages ms = Messages.copyOf(bad)) {
        for (Message m : ms) {
          p.give(m, 0);
        }
      } catch (dev.cesrj.CesrException e) {
        continue; // the stream does not frame: nothing after the error is given
      }
      p.finish();
      for (ExchangeVerdict v : p.exchanger.verdicts()) {
        judged++;
        assertFalse(v.status() == Status.ACCEPTED, "byte " + at + ": " + v);
      }
    }
    assertTrue(judged > 150, "only " + judged + " mutants framed");
  }

  // --- non-transferable senders ---------------------------------------------------------------

  @Test
  void nonTransferableSenders() throws Exception {
    String b = KelBuilder.verfer(keys[8], false);
    Pair ok = new Pair().feed(couple(exn(b, "/ping", "", "p"), keys[8], b, false));
    is(Status.ACCEPTED, ExchangeReason.NONE, ok.last());
    Pair bad = new Pair().feed(couple(exn(b, "/ping", "", "p"), keys[8], b, true));
    is(Status.REJECTED, ExchangeReason.INVALID_SIGNATURE, bad.last());
    String other = KelBuilder.verfer(keys[7], false);
    Pair wrong = new Pair().feed(couple(exn(b, "/ping", "", "p"), keys[7], other, false));
    is(Status.REJECTED, ExchangeReason.SIGNER_NOT_SENDER, wrong.last());
    // a transferable key as the sender: keripy accepts the couple, the protocol does not
    String d = KelBuilder.verfer(keys[8], true);
    Pair trans = new Pair().feed(couple(exn(d, "/ping", "", "p"), keys[8], d, false));
    is(Status.REJECTED, ExchangeReason.TRANSFERABLE_COUPLE, trans.last());
  }

  // --- IPEX's chain ------------------------------------------------------------------------------

  @Test
  void ipexChain() throws Exception {
    String b = KelBuilder.verfer(keys[8], false);
    String apply = exn(b, "/ipex/apply", "", "a");
    String offer = exn(b, "/ipex/offer", KelBuilder.said(apply), "o");
    String agree = exn(b, "/ipex/agree", KelBuilder.said(offer), "g");
    String agree2 = exn(b, "/ipex/agree", KelBuilder.said(offer), "g2");
    String admitNoPrior = exn(b, "/ipex/admit", "", "d");
    String grantAfterOffer = exn(b, "/ipex/grant", KelBuilder.said(offer), "x");
    String offerOfUnknown = exn(b, "/ipex/offer", KelBuilder.said(icp), "u");
    String applyWithPrior = exn(b, "/ipex/apply", KelBuilder.said(apply), "w");
    String otherRoute = exn(b, "/my/route", KelBuilder.said(icp), "z");
    String grantStarts = exn(b, "/ipex/grant", "", "s");
    List<String> bodies = List.of(apply, offer, agree, agree2, admitNoPrior, grantAfterOffer,
        offerOfUnknown, applyWithPrior, otherRoute, grantStarts);
    byte[][] ms = new byte[bodies.size()][];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = couple(bodies.get(i), keys[8], b, false);
    }
    Pair p = new Pair().feed(ms).finish();
    assertEquals(List.of("ACCEPTED:NONE", "ACCEPTED:NONE", "ACCEPTED:NONE",
        "REJECTED:IPEX_CHAIN", "REJECTED:IPEX_CHAIN", "REJECTED:IPEX_CHAIN",
        "REJECTED:IPEX_CHAIN", "REJECTED:IPEX_CHAIN", "ACCEPTED:NONE", "ACCEPTED:NONE"),
        p.exchanger.verdicts().stream().map(v -> v.status() + ":" + v.reason()).toList());
    assertTrue(p.exchanger.verdicts().get(3).detail().contains("already answered"));
    assertTrue(p.exchanger.verdicts().get(5).detail().contains("may not precede"));
    assertTrue(p.exchanger.verdicts().get(6).detail().contains("no accepted exchange"));
  }

  @Test
  void verdictReasonFitsItsStatus() {
    assertThrows(IllegalArgumentException.class, () -> new ExchangeVerdict(0, 0,
        Optional.empty(), Status.REJECTED, ExchangeReason.NONE, ""));
    assertThrows(IllegalArgumentException.class, () -> new ExchangeVerdict(0, 0,
        Optional.empty(), Status.ACCEPTED, ExchangeReason.SAID_MISMATCH, ""));
    assertEquals("epse", ExchangeVerdict.ESCROW_KERIPY_NAME);
  }
}
