package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.Body;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Inceptions signed here with the secret keys of RFC 8032's first two Ed25519 test vectors (the
 * controller's key, and a witness's): keripy's witness rules ({@code Kever.validateWitnesses},
 * {@code validateSigsDelWigs}): no duplicate witness, {@code bt} 0 without witnesses and from 1 to
 * their number with them, and {@code bt} witness signatures before acceptance; a signature whose
 * index names no key verifies nothing.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierWitnessTest {
  private static final byte[] SK1 =
      HexFormat.of().parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  private static final byte[] SK2 =
      HexFormat.of().parseHex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  private static final String DUMMY = "#".repeat(44);

  private static String qb64(String code, byte[] raw) {
    int pad = (3 - raw.length % 3) % 3;
    byte[] padded = new byte[pad + raw.length];
    System.arraycopy(raw, 0, padded, pad, raw.length);
    return code + Base64.getUrlEncoder().withoutPadding().encodeToString(padded).substring(pad);
  }

  private static String key(byte[] sk) {
    byte[] pk = new byte[32];
    Ed25519.generatePublicKey(sk, 0, pk, 0);
    return qb64("D", pk);
  }

  private static String sig(byte[] sk, byte[] ser, char index) {
    byte[] s = new byte[64];
    Ed25519.sign(sk, 0, ser, 0, ser.length, s, 0);
    return "A" + index + qb64("AA", s).substring(2); // Ed25519_Sig, index as one Base64 digit
  }

  /** A basic-prefix icp of SK1's key with witnesses {@code b} and toad {@code bt}, saidified. */
  private static byte[] icp(String b, String bt) {
    String k = key(SK1);
    String body = "{\"v\":\"KERI10JSON000000_\",\"t\":\"icp\",\"d\":\"" + DUMMY + "\",\"i\":\"" + k
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + k + "\"],\"nt\":\"0\",\"n\":[],\"bt\":\"" + bt
        + "\",\"b\":" + b + ",\"c\":[],\"a\":[]}";
    body = body.replaceFirst("KERI10JSON[0-9a-f]{6}_", String.format("KERI10JSON%06x_", body.length()));
    String said = Saids.compute(Body.parse(body.getBytes(StandardCharsets.US_ASCII)), MatterCode.Blake3_256);
    return body.replace(DUMMY, said).getBytes(StandardCharsets.US_ASCII);
  }

  private static Verdict verify(byte[] body, String attachments) {
    byte[] msg = (new String(body, StandardCharsets.US_ASCII) + attachments)
        .getBytes(StandardCharsets.US_ASCII);
    try (Messages ms = Messages.copyOf(msg)) {
      KelVerifier v = new KelVerifier();
      v.accept(ms.next());
      return v.finish().get(0);
    }
  }

  private static String describe(Verdict v) {
    return v.status() + " " + v.reason();
  }

  private static String signed(byte[] body) {
    return "-AAB" + sig(SK1, body, 'A');
  }

  @Test
  void witnessListsAndToads() {
    String w = "[\"" + key(SK2) + "\"]";
    byte[] none = icp("[]", "0");
    assertEquals("ACCEPTED NONE", describe(verify(none, signed(none))));
    for (String[] bad : new String[][] {{w, "2"}, {w, "0"}, {"[]", "1"},
        {"[\"" + key(SK2) + "\",\"" + key(SK2) + "\"]", "1"}}) {
      byte[] b = icp(bad[0], bad[1]);
      assertEquals("REJECTED INVALID_WITNESSES", describe(verify(b, signed(b))), bad[0] + " " + bad[1]);
    }
    byte[] one = icp(w, "1");
    assertEquals("ESCROWED WITNESS_THRESHOLD_UNMET", describe(verify(one, signed(one))));
    String wig = "-BAB" + sig(SK2, one, 'A');
    assertEquals("ACCEPTED NONE", describe(verify(one, signed(one) + wig)));
    // the witness's signature at index 1 names no witness; the controller's, by SK2, fails
    assertEquals("ESCROWED WITNESS_THRESHOLD_UNMET",
        describe(verify(one, signed(one) + "-BAB" + sig(SK2, one, 'B'))));
    assertEquals("ESCROWED WITNESS_THRESHOLD_UNMET",
        describe(verify(one, signed(one) + "-BAB" + sig(SK1, one, 'A'))));
  }

  @Test
  void aSignatureIndexBeyondTheKeysVerifiesNothing() {
    byte[] none = icp("[]", "0");
    assertEquals("REJECTED NO_VERIFIED_SIGNATURES",
        describe(verify(none, "-AAB" + sig(SK1, none, 'B'))));
    assertEquals("REJECTED NO_VERIFIED_SIGNATURES",
        describe(verify(none, "-AAB" + sig(SK2, none, 'A'))));
    assertEquals("ACCEPTED NONE",
        describe(verify(none, "-AAC" + sig(SK1, none, 'B') + sig(SK1, none, 'A'))));
  }
}
