package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.keri.reply.EndRole;
import dev.cesrj.keri.reply.LocScheme;
import dev.cesrj.keri.reply.ReplyReason;
import dev.cesrj.keri.reply.ReplyVerdict;
import dev.cesrj.keri.reply.Revery;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link Revery} on replies made here ({@link KelBuilder}): a transferable controller with three
 * keys and {@code kt} 2 that rotates at sn 1 and interacts at sn 2 signs end roles with {@code -F}
 * and {@code -H} groups, a non-transferable endpoint signs its location with a couple; keripy's
 * rules ({@code src/keri/core/routing.py} {@code Revery.acceptReply}, {@code escrowReply},
 * {@code processEscrowReply}; {@code src/keri/core/eventing.py} {@code processReplyEndRole},
 * {@code processReplyLocScheme}) give each verdict asserted.
 */
@ExtendWith(LeakDetectionExtension.class)
class ReveryTest {
  private static final String DT = "2024-03-11T09:32:14.040178+00:00";
  private static final String LATER = "2024-03-11T09:33:00.000000+00:00";
  private static final Clock NEAR = Clock.fixed(Instant.parse("2024-03-11T09:40:00Z"),
      ZoneOffset.UTC);
  private static KeyPair[] keys;
  private static KeyPair wit;
  private static String witness;
  private static String pre;
  private static String icp;
  private static String rot;
  private static byte[] kel;

  @BeforeAll
  static void kel() throws Exception {
    keys = new KeyPair[9];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = KelBuilder.key(7300 + i);
    }
    wit = KelBuilder.key(7399);
    witness = KelBuilder.verfer(wit, false);
    icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":" + keyList(0) + ",\"nt\":\"2\",\"n\":"
        + digestList(3) + ",\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    pre = KelBuilder.said(icp);
    rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\"1\",\"p\":\""
        + KelBuilder.said(icp) + "\",\"kt\":\"2\",\"k\":" + keyList(3) + ",\"nt\":\"2\",\"n\":"
        + digestList(6) + ",\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
    String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"2\",\"p\":\"" + KelBuilder.said(rot) + "\",\"a\":[]");
    kel = KelBuilder.stream(KelBuilder.signed(icp, sigs(0, 0, 1, 2)),
        KelBuilder.signed(rot, sigs(3, 0, 1, 2)), KelBuilder.signed(ixn, sigs(3, 0, 1)));
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

  private static List<KelBuilder.Sig> sigs(int from, int... indices) {
    List<KelBuilder.Sig> out = new ArrayList<>();
    for (int i : indices) {
      out.add(KelBuilder.Sig.of(keys[from + i], i));
    }
    return out;
  }

  static String rpy(String dt, String route, String a) {
    return KelBuilder.body("\"t\":\"rpy\",\"d\":\"\",\"dt\":\"" + dt + "\",\"r\":\"" + route
        + "\",\"a\":{" + a + "}");
  }

  static String endRole(String dt, String route, String cid, String role, String eid) {
    return rpy(dt, route, "\"cid\":\"" + cid + "\",\"role\":\"" + role + "\",\"eid\":\"" + eid
        + "\"");
  }

  static String loc(String dt, String eid, String scheme, String url) {
    return rpy(dt, "/loc/scheme", "\"eid\":\"" + eid + "\",\"scheme\":\"" + scheme
        + "\",\"url\":\"" + url + "\"");
  }

  private static String seqner(int sn) {
    byte[] b = BigInteger.valueOf(sn).toByteArray();
    byte[] out = new byte[16];
    System.arraycopy(b, 0, out, 16 - b.length, b.length);
    return KelBuilder.qb64("0A", out);
  }

  /** {@code body} with a TransIdxSigGroup ({@code -F}) of {@code signer} at (sn, said). */
  static byte[] group(String body, String signer, int sn, String estSaid,
      List<KelBuilder.Sig> sigs) throws Exception {
    String signed = new String(KelBuilder.signed(body, sigs), StandardCharsets.US_ASCII);
    return (body + "-FAB" + signer + seqner(sn) + estSaid + signed.substring(body.length()))
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** {@code body} with a TransLastIdxSigGroup ({@code -H}) of {@code signer}. */
  static byte[] lastGroup(String body, String signer, List<KelBuilder.Sig> sigs)
      throws Exception {
    String signed = new String(KelBuilder.signed(body, sigs), StandardCharsets.US_ASCII);
    return (body + "-HAB" + signer + signed.substring(body.length()))
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** A KEL verifier and a revery over it, fed each message of a stream by its ilk. */
  static final class Pair {
    final KelVerifier kevers = new KelVerifier();
    final Revery revery;
    final List<ReplyVerdict> out = new ArrayList<>();

    Pair() {
      this(Revery.DEFAULT_ESCROW_LIMIT, NEAR);
    }

    Pair(int limit, Clock clock) {
      revery = new Revery(kevers, limit, clock);
    }

    Pair feed(byte[]... messages) {
      try (Messages ms = Messages.copyOf(KelBuilder.stream(messages))) {
        for (Message m : ms) {
          if (Revery.isReply(m)) {
            out.add(revery.accept(m));
          } else {
            kevers.accept(m);
          }
        }
      }
      kevers.processEscrows();
      return this;
    }

    ReplyVerdict last() {
      return out.get(out.size() - 1);
    }
  }

  @Test
  void transferableGroupAtTheRotationAccepted() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "witness", witness);
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 2)));
    assertEquals(Status.ACCEPTED, p.last().status(), p.last().toString());
    assertEquals(List.of(new EndRole(pre, "witness", witness, true, KelBuilder.said(body))),
        p.revery.endRoles());
    assertTrue(p.revery.stored(KelBuilder.said(body)));
  }

  @Test
  void signerNotYetKnownWaitsThenAccepted() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "watcher", witness);
    Pair p = new Pair().feed(group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1)));
    assertEquals(Status.ESCROWED, p.last().status());
    assertEquals(ReplyReason.SIGNER_NOT_ACCEPTED, p.last().reason());
    assertTrue(p.revery.stored(KelBuilder.said(body)), "keripy's escrowReply stores it in rpys");
    assertTrue(p.revery.endRoles().isEmpty());
    assertTrue(p.revery.retryEscrows().isEmpty(), "nothing changed yet");
    p.feed(kel);
    List<ReplyVerdict> changed = p.revery.retryEscrows();
    assertEquals(1, changed.size());
    assertEquals(Status.ACCEPTED, changed.get(0).status());
    assertEquals(1, p.revery.endRoles().size());
    assertEquals(0, p.revery.escrowedCount());
  }

  @Test
  void aWaitingReplyPastKeripysTimeoutIsDropped() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "watcher", witness);
    Clock late = Clock.fixed(Instant.parse("2024-03-11T10:32:15Z"), ZoneOffset.UTC);
    Pair p = new Pair(8, late).feed(group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1)));
    assertEquals(Status.ESCROWED, p.last().status());
    p.feed(kel);
    List<ReplyVerdict> changed = p.revery.retryEscrows();
    assertEquals(ReplyReason.ESCROW_STALE, changed.get(0).reason());
    assertFalse(p.revery.stored(KelBuilder.said(body)));
    assertTrue(p.revery.endRoles().isEmpty());
  }

  @Test
  void oneSignatureOfTwoWaitsAndTwoCopiesTogetherAreAccepted() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "mailbox", witness);
    String said = KelBuilder.said(rot);
    Pair p = new Pair().feed(kel, group(body, pre, 1, said, sigs(3, 0)));
    assertEquals(ReplyReason.SIGNING_THRESHOLD_UNMET, p.last().reason());
    p.feed(group(body, pre, 1, said, sigs(3, 0)));
    assertEquals(ReplyReason.SIGNING_THRESHOLD_UNMET, p.last().reason(),
        "the same key twice counts once");
    p.feed(group(body, pre, 1, said, sigs(3, 2)));
    assertEquals(Status.ACCEPTED, p.last().status());
    for (ReplyVerdict v : p.revery.verdicts()) {
      assertEquals(Status.ACCEPTED, v.status(), v.toString());
    }
  }

  @Test
  void groupNamingAnotherEventRejected() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "witness", witness);
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(icp), sigs(3, 0, 1)));
    assertEquals(ReplyReason.ESTABLISHMENT_MISMATCH, p.last().reason());
    p.feed(group(body, pre, 2, KelBuilder.said(rot), sigs(3, 0, 1)));
    assertEquals(ReplyReason.ESTABLISHMENT_MISMATCH, p.last().reason(), "sn 2 is an ixn");
    p.feed(group(body, pre, 1, KelBuilder.said(rot), sigs(0, 0, 1)));
    assertEquals(ReplyReason.NO_VERIFIED_SIGNATURES, p.last().reason(), "the prior keys");
    assertFalse(p.revery.stored(KelBuilder.said(body)));
  }

  @Test
  void signedByAnotherThanTheControllerUnverified() throws Exception {
    String other = KelBuilder.said(icp).substring(0, 43) + "A";
    String body = endRole(DT, "/end/role/add", other, "witness", witness);
    Pair p = new Pair().feed(kel, group(body, pre, 1, KelBuilder.said(rot), sigs(3, 0, 1)));
    assertEquals(Status.REJECTED, p.last().status());
    assertEquals(ReplyReason.UNVERIFIED, p.last().reason());
  }

  @Test
  void cutAfterAddDisallowsAndAnOlderAddIsStale() throws Exception {
    String said = KelBuilder.said(rot);
    String add = endRole(DT, "/end/role/add", pre, "witness", witness);
    String cut = endRole(LATER, "/end/role/cut", pre, "witness", witness);
    Pair p = new Pair().feed(kel, group(add, pre, 1, said, sigs(3, 0, 1)),
        group(cut, pre, 1, said, sigs(3, 0, 1)));
    assertEquals(Status.ACCEPTED, p.last().status());
    assertEquals(List.of(new EndRole(pre, "witness", witness, false, KelBuilder.said(cut))),
        p.revery.endRoles());
    assertFalse(p.revery.stored(KelBuilder.said(add)), "removeReply of the replaced reply");
    String older = endRole("2024-03-11T09:30:00.000000+00:00", "/end/role/add", pre, "witness",
        witness);
    p.feed(group(older, pre, 1, said, sigs(3, 0, 1)));
    assertEquals(ReplyReason.STALE, p.last().reason());
    p.feed(group(cut, pre, 1, said, sigs(3, 1, 2)));
    assertEquals(Status.ACCEPTED, p.last().status(), "the same end-role reply again");
  }

  @Test
  void lastGroupSignsWithTheLatestKeys() throws Exception {
    String body = endRole(DT, "/end/role/add", pre, "agent", witness);
    Pair p = new Pair().feed(lastGroup(body, pre, sigs(3, 0, 1)));
    assertEquals(ReplyReason.SIGNER_NOT_ACCEPTED, p.last().reason());
    p.feed(kel);
    assertEquals(Status.ACCEPTED, p.revery.retryEscrows().get(0).status());
    Pair q = new Pair().feed(kel, lastGroup(body, pre, sigs(0, 0, 1)));
    assertEquals(ReplyReason.NO_VERIFIED_SIGNATURES, q.last().reason(), "the inception's keys");
  }

  @Test
  void coupleSignsALocationOnceAndKeripyCallsACopyStale() throws Exception {
    String body = loc(DT, witness, "http", "http://127.0.0.1:5642/");
    byte[] signed = ExchangerTest.couple(body, wit, witness, false);
    Pair p = new Pair().feed(signed);
    assertEquals(Status.ACCEPTED, p.last().status(), p.last().toString());
    assertEquals(List.of(new LocScheme(witness, "http", "http://127.0.0.1:5642/",
        KelBuilder.said(body))), p.revery.locSchemes());
    p.feed(signed);
    assertEquals(ReplyReason.STALE, p.last().reason());
    String later = loc(LATER, witness, "http", "http://127.0.0.1:6642/");
    p.feed(ExchangerTest.couple(later, wit, witness, false));
    assertEquals("http://127.0.0.1:6642/", p.revery.locSchemes().get(0).url());
    assertFalse(p.revery.stored(KelBuilder.said(body)));
  }

  @Test
  void badCouplesUnverified() throws Exception {
    String body = loc(DT, witness, "tcp", "tcp://127.0.0.1:5632/");
    Pair p = new Pair().feed(ExchangerTest.couple(body, wit, witness, true));
    assertEquals(ReplyReason.UNVERIFIED, p.last().reason());
    assertTrue(p.last().detail().contains("does not verify"), p.last().detail());
    p.feed(ExchangerTest.couple(body, keys[0], KelBuilder.verfer(keys[0], false), false));
    assertTrue(p.last().detail().contains("not of " + witness), p.last().detail());
    String trans = KelBuilder.verfer(wit, true);
    String tbody = loc(DT, trans, "tcp", "tcp://127.0.0.1:5632/");
    p.feed(ExchangerTest.couple(tbody, wit, trans, false));
    assertTrue(p.last().detail().contains("transferable key"), p.last().detail());
    assertTrue(p.revery.locSchemes().isEmpty());
  }

  @Test
  void fieldsCheckedAsKeripyChecksThem() throws Exception {
    record Case(String body, ReplyReason reason) {
    }
    List<Case> cases = List.of(
        new Case(rpy(DT, "/ksn/" + witness, "\"eid\":\"" + witness + "\""),
            ReplyReason.UNSUPPORTED_ROUTE),
        new Case(endRole(DT, "/end/role/add", witness, "boss", witness), ReplyReason.INVALID_ROLE),
        new Case(endRole(DT, "/end/role/add", "notaprefix", "witness", witness),
            ReplyReason.INVALID_PREFIX),
        new Case(loc(DT, witness, "ftp", "ftp://x/"), ReplyReason.INVALID_SCHEME),
        new Case(loc(DT, witness, "http", "https://127.0.0.1/"), ReplyReason.URL_SCHEME_MISMATCH),
        new Case(rpy(DT, "/loc/scheme", "\"eid\":\"" + witness + "\",\"scheme\":\"http\""),
            ReplyReason.MISSING_FIELD),
        new Case(loc("yesterday", witness, "http", "http://x/"), ReplyReason.INVALID_DATETIME));
    for (Case c : cases) {
      Pair p = new Pair().feed(ExchangerTest.couple(c.body, wit, witness, false));
      assertEquals(c.reason, p.last().reason(), c.body);
      assertEquals(Status.REJECTED, p.last().status());
    }
    String ok = loc(DT, witness, "http", "127.0.0.1:5642");
    Pair p = new Pair().feed(ExchangerTest.couple(ok, wit, witness, false));
    assertEquals(Status.ACCEPTED, p.last().status(), "urlsplit reads the scheme 127.0.0.1 as none");
    Pair q = new Pair().feed(ok.getBytes(StandardCharsets.US_ASCII));
    assertEquals(ReplyReason.MISSING_SIGNATURES, q.last().reason());
    String tampered = ok.replace("5642", "5643");
    Pair r = new Pair().feed(ExchangerTest.couple(tampered, wit, witness, false));
    assertEquals(ReplyReason.SAID_MISMATCH, r.last().reason());
  }

  @Test
  void theEscrowIsBounded() throws Exception {
    Pair p = new Pair(2, NEAR);
    String said = KelBuilder.said(rot);
    List<String> saids = new ArrayList<>();
    for (String role : List.of("watcher", "agent", "mailbox")) {
      String body = endRole(DT, "/end/role/add", pre, role, witness);
      saids.add(KelBuilder.said(body));
      p.feed(group(body, pre, 1, said, sigs(3, 0, 1)));
    }
    assertEquals(2, p.revery.escrowedCount());
    assertFalse(p.revery.stored(saids.get(0)), "the evicted one is forgotten");
    List<ReplyVerdict> changed = p.revery.retryEscrows();
    assertEquals(ReplyReason.ESCROW_EVICTED, changed.get(0).reason());
    assertEquals(0, changed.get(0).index());
    p.feed(kel);
    assertEquals(2, p.revery.retryEscrows().size());
    assertEquals(2, p.revery.endRoles().size());
    Pair none = new Pair(0, NEAR).feed(group(endRole(DT, "/end/role/add", pre, "peer", witness),
        pre, 1, said, sigs(3, 0, 1)));
    assertEquals(ReplyReason.ESCROW_EVICTED, none.last().reason());
    assertEquals(0, none.revery.expire(1).size(), "nothing left to expire");
  }

  @Test
  void expireDropsTheRepliesWaitingSinceBefore() throws Exception {
    Pair p = new Pair();
    String said = KelBuilder.said(rot);
    String first = endRole(DT, "/end/role/add", pre, "watcher", witness);
    String second = endRole(DT, "/end/role/add", pre, "agent", witness);
    p.feed(group(first, pre, 1, said, sigs(3, 0, 1)), group(second, pre, 1, said, sigs(3, 0, 1)));
    List<ReplyVerdict> expired = p.revery.expire(1);
    assertEquals(1, expired.size());
    assertEquals(0, expired.get(0).index());
    assertEquals(ReplyReason.ESCROW_EVICTED, expired.get(0).reason());
    assertFalse(p.revery.stored(KelBuilder.said(first)));
    assertTrue(p.revery.stored(KelBuilder.said(second)));
    assertEquals(1, p.revery.escrowedCount());
    p.feed(kel);
    assertEquals(1, p.revery.retryEscrows().size());
    assertEquals(List.of("agent"), p.revery.endRoles().stream().map(EndRole::role).toList());
  }

  @Test
  void anythingElseIsNotAReply() throws Exception {
    Revery revery = new Revery(new KelVerifier());
    try (Messages ms = Messages.copyOf(kel)) {
      for (Message m : ms) {
        assertFalse(Revery.isReply(m));
        assertEquals(ReplyReason.NOT_A_REPLY, revery.accept(m).reason());
      }
    }
    assertEquals(3, revery.verdicts().size());
  }
}
