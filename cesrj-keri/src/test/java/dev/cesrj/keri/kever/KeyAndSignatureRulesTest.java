package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.crypto.Ed25519Implementation;
import dev.cesrj.keri.crypto.Ed25519Testing;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Signatures and keys by keripy's (libsodium's) rules, on KELs made here: Ed25519 torsion-R
 * signatures fail for controllers, witnesses, receipt couples and transferable receipts through
 * both Ed25519 paths; keys keripy cannot use reject the whole event ({@link Reason#INVALID_KEY}) at
 * the point where keripy meets them, for every suite and key position; a signature is verified
 * with its key's suite whatever its code names.
 */
@ExtendWith(LeakDetectionExtension.class)
class KeyAndSignatureRulesTest {
  /** A signer of one suite: its qb64 key and its raw signature of a body. */
  private interface Signer {
    String key(boolean transferable);

    byte[] sign(byte[] body);

    /** The indexed code letter of the suite (A, C, E). */
    String indexed();
  }

  private static Signer ed(int seed) {
    byte[] s = new byte[32];
    s[0] = (byte) seed;
    s[1] = (byte) (seed >> 8);
    return new Signer() {
      @Override
      public String key(boolean t) {
        return KelBuilder.qb64(t ? "D" : "B", Ed25519Testing.publicKey(s));
      }

      @Override
      public byte[] sign(byte[] body) {
        return Ed25519Testing.sign(s, body, null);
      }

      @Override
      public String indexed() {
        return "A";
      }
    };
  }

  /** An Ed25519 signer whose R carries a point of order 8: BouncyCastle accepts, libsodium not. */
  private static Signer torsion(int seed) {
    Signer honest = ed(seed);
    byte[] s = new byte[32];
    s[0] = (byte) seed;
    s[1] = (byte) (seed >> 8);
    return new Signer() {
      @Override
      public String key(boolean t) {
        return honest.key(t);
      }

      @Override
      public byte[] sign(byte[] body) {
        return Ed25519Testing.sign(s, body, Ed25519Testing.SMALL_ORDER.get(0));
      }

      @Override
      public String indexed() {
        return "A";
      }
    };
  }

  private static Signer ecdsa(String curve, int seed) {
    X9ECParameters c = CustomNamedCurves.getByName(curve);
    ECDomainParameters dom = new ECDomainParameters(c.getCurve(), c.getG(), c.getN(), c.getH());
    BigInteger d = BigInteger.valueOf(1000003L * seed + 7);
    byte[] pub = c.getG().multiply(d).normalize().getEncoded(true);
    boolean k1 = curve.equals("secp256k1");
    return new Signer() {
      @Override
      public String key(boolean t) {
        return KelBuilder.qb64(k1 ? (t ? "1AAB" : "1AAA") : (t ? "1AAJ" : "1AAI"), pub);
      }

      @Override
      public byte[] sign(byte[] body) {
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(true, new ECPrivateKeyParameters(d, dom));
        BigInteger[] rs = signer.generateSignature(sha256(body));
        byte[] out = new byte[64];
        fit(rs[0], out, 0);
        fit(rs[1], out, 32);
        return out;
      }

      @Override
      public String indexed() {
        return k1 ? "C" : "E";
      }
    };
  }

  /** A compressed point no point of either curve has (0x02, x = 1 on secp256r1; x = 5 on k1). */
  private static String offCurve(String code) {
    byte[] raw = new byte[33];
    raw[0] = 2;
    raw[32] = (byte) (code.startsWith("1AAJ") || code.startsWith("1AAI") ? 1 : 5);
    Verfer v = Verfer.of(KelBuilder.qb64(code, raw));
    assertTrue(!v.decodes(), code + " key is no point of its curve");
    return v.qb64();
  }

  private static void fit(BigInteger v, byte[] out, int off) {
    byte[] b = v.toByteArray();
    int n = Math.min(32, b.length);
    System.arraycopy(b, b.length - n, out, off + 32 - n, n);
  }

  private static byte[] sha256(byte[] in) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(in);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String digest(String qb64) {
    return KelBuilder.qb64("E", Digests.digest(MatterCode.Blake3_256,
        qb64.getBytes(StandardCharsets.US_ASCII)));
  }

  private static String list(List<String> xs) {
    return xs.isEmpty() ? "[]" : "[\"" + String.join("\",\"", xs) + "\"]";
  }

  private static String icp(List<String> keys, String kt, String next, List<String> wits,
      int bt) {
    return KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"" + kt + "\",\"k\":" + list(keys) + ",\"nt\":\"1\",\"n\":[\""
        + next + "\"],\"bt\":\"" + bt + "\",\"b\":" + list(wits) + ",\"c\":[],\"a\":[]");
  }

  private static String dip(List<String> keys, String next, String delegator) {
    return KelBuilder.body("\"t\":\"dip\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":" + list(keys) + ",\"nt\":\"1\",\"n\":[\"" + next
        + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[],\"di\":\"" + delegator + "\"");
  }

  private static String rot(String pre, String prior, List<String> keys, String next,
      List<String> adds, int bt) {
    return KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\"1\",\"p\":\""
        + prior + "\",\"kt\":\"1\",\"k\":" + list(keys) + ",\"nt\":\"1\",\"n\":[\"" + next
        + "\"],\"bt\":\"" + bt + "\",\"br\":[],\"ba\":" + list(adds) + ",\"a\":[]");
  }

  private static String pre(String body) {
    return KelBuilder.said(body);
  }

  /** One indexed signature: {@code code} letter, one index digit, the raw signature. */
  private static String siger(String code, int index, byte[] sig) {
    return KelBuilder.qb64(code + "ABCDEFGHIJ".charAt(index), sig);
  }

  /** {@code body} then a count code of {@code group} ({@code -A}, {@code -B}) and its items. */
  private static String attach(String body, String group, List<String> items) {
    return body + group + "A" + "ABCDEFGHIJ".charAt(items.size()) + String.join("", items);
  }

  private static byte[] bytes(String... messages) {
    return String.join("", messages).getBytes(StandardCharsets.US_ASCII);
  }

  private static Verdict only(String... messages) {
    List<Verdict> vs = new KelVerifier().acceptAll(bytes(messages));
    return vs.get(vs.size() - 1);
  }

  private static void assertVerdict(Status status, Reason reason, Verdict v) {
    assertEquals(status + " " + reason, v.status() + " " + v.reason(), v.detail());
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  // --- Ed25519 torsion R ---------------------------------------------------------------------

  @ParameterizedTest
  @EnumSource(Ed25519Implementation.class)
  void torsionControllerSignatureVerifiesNothing(Ed25519Implementation impl) {
    Signer bad = torsion(1);
    String body = icp(List.of(bad.key(true)), "1", digest(ed(2).key(true)), List.of(), 0);
    String msg = attach(body, "-A", List.of(siger("A", 0, bad.sign(ascii(body)))));
    Verdict v = Ed25519Testing.with(impl, () -> only(msg));
    assertVerdict(Status.REJECTED, Reason.NO_VERIFIED_SIGNATURES, v);
    Signer good = ed(1);
    String ok = attach(body, "-A", List.of(siger("A", 0, good.sign(ascii(body)))));
    assertVerdict(Status.ACCEPTED, Reason.NONE, Ed25519Testing.with(impl, () -> only(ok)));
  }

  /** A witness receipt couple ({@code rct}, non-transferable) with a torsion R counts not toward bt. */
  @ParameterizedTest
  @EnumSource(Ed25519Implementation.class)
  void torsionReceiptCoupleCountsNotTowardToad(Ed25519Implementation impl) {
    Signer ctl = ed(3);
    Signer wit = ed(4);
    String w = wit.key(false);
    String body = icp(List.of(ctl.key(true)), "1", digest(ed(5).key(true)), List.of(w), 1);
    String icp = attach(body, "-A", List.of(siger("A", 0, ctl.sign(ascii(body)))));
    String pre = pre(body);
    String rctBody = KelBuilder.body("\"t\":\"rct\",\"d\":\"" + pre + "\",\"i\":\"" + pre
        + "\",\"s\":\"0\"");
    String bad = attach(rctBody, "-C", List.of(w
        + KelBuilder.qb64("0B", torsion(4).sign(ascii(body)))));
    String good = attach(rctBody, "-C", List.of(w + KelBuilder.qb64("0B", wit.sign(ascii(body)))));
    Ed25519Testing.with(impl, () -> {
      KelVerifier v = new KelVerifier();
      v.acceptAll(bytes(icp, bad));
      v.finish();
      assertEquals(Status.ESCROWED, v.verdicts().get(0).status(), "torsion couple: no witness");
      assertTrue(v.keyStates().isEmpty());
      KelVerifier v2 = new KelVerifier();
      v2.acceptAll(bytes(icp, good));
      v2.finish();
      assertEquals(Status.ACCEPTED, v2.verdicts().get(0).status(), "honest couple: witnessed");
      return null;
    });
  }

  /**
   * A transferable receipt's ({@code vrc}, TransReceiptIdxSigGroups) torsion-R signature does not
   * verify with the validator's key (keripy {@code Kevery.processReceiptTrans} verifies each
   * with the validator's establishment keys).
   */
  @ParameterizedTest
  @EnumSource(Ed25519Implementation.class)
  void torsionTransferableReceiptSignatureDoesNotVerify(Ed25519Implementation impl) {
    Signer ctl = ed(6);
    String body = icp(List.of(ctl.key(true)), "1", digest(ed(7).key(true)), List.of(), 0);
    Signer val = ed(8);
    String valBody = icp(List.of(val.key(true)), "1", digest(ed(9).key(true)), List.of(), 0);
    String pre = pre(body);
    String vrcBody = KelBuilder.body("\"t\":\"rct\",\"d\":\"" + pre + "\",\"i\":\"" + pre
        + "\",\"s\":\"0\"");
    for (boolean honest : new boolean[] {true, false}) {
      byte[] sig = (honest ? val : torsion(8)).sign(ascii(body));
      String vrc = vrcBody + "-FAB" + pre(valBody) + "0AAAAAAAAAAAAAAAAAAAAAAA" + pre(valBody)
          + "-AAB" + siger("A", 0, sig);
      List<Integer> verified = Ed25519Testing.with(impl, () -> {
        try (Messages ms = Messages.copyOf(ascii(vrc))) {
          List<Integer> out = new ArrayList<>();
          for (SignatureGroup g : Signatures.of(ms.next()).byRole(SignatureRole.TRANSFERABLE)) {
            out.addAll(g.verify(List.of(Verfer.of(val.key(true))), ascii(body)));
          }
          return out;
        }
      });
      assertEquals(honest ? List.of(0) : List.of(), verified, honest ? "honest" : "torsion R");
    }
  }

  // --- keys keripy cannot use ----------------------------------------------------------------

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"secp256k1", "secp256r1"})
  void offCurveControllerKeyRejectsTheEventWhenASignaturePointsAtIt(String curve) {
    Signer s = ecdsa(curve, 11);
    String code = curve.equals("secp256k1") ? "1AAB" : "1AAJ";
    String body = icp(List.of(s.key(true), offCurve(code)), "1", digest(ed(12).key(true)),
        List.of(), 0);
    byte[] good = s.sign(ascii(body));
    // keripy ec-EC1: a garbage signature at the off-curve key's index raises ValueError
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY, only(attach(body, "-A",
        List.of(siger(s.indexed(), 0, good), siger(s.indexed(), 1, new byte[64])))));
    // no signature points at it: keripy never uses the key
    assertVerdict(Status.ACCEPTED, Reason.NONE,
        only(attach(body, "-A", List.of(siger(s.indexed(), 0, good)))));
  }

  /** libsodium refuses an Ed25519 key whose y is not below p; keripy answers false, no raise. */
  @Test
  void nonCanonicalEd25519KeyVerifiesNothingButRejectsNothing() {
    byte[] p = new byte[32];
    Arrays.fill(p, (byte) 0xFF);
    p[0] = (byte) 0xED;
    p[31] = 0x7F;
    Signer s = ed(13);
    String body = icp(List.of(s.key(true), KelBuilder.qb64("D", p)), "1", digest(ed(14).key(true)),
        List.of(), 0);
    byte[] sig = s.sign(ascii(body));
    assertVerdict(Status.ACCEPTED, Reason.NONE, only(attach(body, "-A",
        List.of(siger("A", 0, sig), siger("A", 1, sig)))));
    assertVerdict(Status.REJECTED, Reason.NO_VERIFIED_SIGNATURES,
        only(attach(body, "-A", List.of(siger("A", 1, sig)))));
  }

  @Test
  void witnessThatIsNoKeyRejectsTheEventWhateverBt() {
    Signer s = ed(15);
    String notAKey = digest("x"); // an E digest, as attack ec-EC4
    for (int bt : new int[] {1, 2}) {
      String body = icp(List.of(s.key(true)), "1", digest(ed(16).key(true)),
          List.of(ed(17).key(false), notAKey), bt);
      assertVerdict(Status.REJECTED, Reason.INVALID_KEY,
          only(attach(body, "-A", List.of(siger("A", 0, s.sign(ascii(body)))))));
      // keripy builds the witness verifiers only once a controller signature verifies
      assertVerdict(Status.REJECTED, Reason.NO_VERIFIED_SIGNATURES,
          only(attach(body, "-A", List.of(siger("A", 0, ed(18).sign(ascii(body)))))));
    }
    // before kt is checked: rejected, not escrowed for more signatures
    String body = icp(List.of(s.key(true), ed(19).key(true)), "2", digest(ed(16).key(true)),
        List.of(notAKey), 1);
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY,
        only(attach(body, "-A", List.of(siger("A", 0, s.sign(ascii(body)))))));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"1AAA", "1AAI"})
  void offCurveWitnessKeyRejectsTheEventWhenAWitnessSignaturePointsAtIt(String code) {
    Signer s = ed(20);
    String body = icp(List.of(s.key(true)), "1", digest(ed(21).key(true)),
        List.of(offCurve(code)), 1);
    String signed = attach(body, "-A", List.of(siger("A", 0, s.sign(ascii(body)))));
    // no witness signature points at it: waits for one (keripy escrows it partially witnessed)
    assertVerdict(Status.ESCROWED, Reason.WITNESS_THRESHOLD_UNMET, only(signed));
    String letter = code.equals("1AAA") ? "C" : "E";
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY,
        only(attach(signed, "-B", List.of(siger(letter, 0, new byte[64])))));
  }

  @Test
  void rotationKeysAndAddsAreChecked() {
    Signer s0 = ed(22);
    Signer s1 = ecdsa("secp256r1", 23);
    String icpBody = icp(List.of(s0.key(true)), "1", digest(s1.key(true)), List.of(), 0);
    String icp = attach(icpBody, "-A", List.of(siger("A", 0, s0.sign(ascii(icpBody)))));
    String pre = pre(icpBody);
    // ba adds a witness that is no key
    String r1 = rot(pre, pre, List.of(s1.key(true)), digest(ed(24).key(true)),
        List.of(digest("y")), 1);
    List<Verdict> vs = new KelVerifier().acceptAll(bytes(icp,
        attach(r1, "-A", List.of(siger("E", 0, s1.sign(ascii(r1)))))));
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY, vs.get(1));
    // the same rotation adding a real witness waits for its receipt
    String r2 = rot(pre, pre, List.of(s1.key(true)), digest(ed(24).key(true)),
        List.of(ed(25).key(false)), 1);
    vs = new KelVerifier().acceptAll(bytes(icp,
        attach(r2, "-A", List.of(siger("E", 0, s1.sign(ascii(r2)))))));
    assertVerdict(Status.ESCROWED, Reason.WITNESS_THRESHOLD_UNMET, vs.get(1));
    // a new key off its curve that a signature points at
    String r3 = rot(pre, pre, List.of(s1.key(true), offCurve("1AAJ")), digest(ed(24).key(true)),
        List.of(), 0);
    vs = new KelVerifier().acceptAll(bytes(icp, attach(r3, "-A",
        List.of(siger("E", 0, s1.sign(ascii(r3))), siger("E", 1, new byte[64])))));
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY, vs.get(1));
  }

  @Test
  void delegatedInceptionKeysAreChecked() {
    Signer s = ecdsa("secp256k1", 26);
    String body = dip(List.of(s.key(true), offCurve("1AAB")), digest(ed(27).key(true)),
        ed(28).key(true).replace('D', 'E'));
    assertVerdict(Status.REJECTED, Reason.INVALID_KEY, only(attach(body, "-A",
        List.of(siger("C", 0, s.sign(ascii(body))), siger("C", 1, new byte[64])))));
  }

  // --- the key's suite, whatever the code ------------------------------------------------------

  @Test
  void signatureVerifiedWithTheKeysSuiteWhateverItsCode() {
    for (Signer s : List.of(ed(29), ecdsa("secp256k1", 30), ecdsa("secp256r1", 31))) {
      for (String code : List.of("A", "C", "E")) {
        String body = icp(List.of(s.key(true)), "1", digest(ed(32).key(true)), List.of(), 0);
        assertVerdict(Status.ACCEPTED, Reason.NONE,
            only(attach(body, "-A", List.of(siger(code, 0, s.sign(ascii(body)))))));
      }
    }
  }
}
