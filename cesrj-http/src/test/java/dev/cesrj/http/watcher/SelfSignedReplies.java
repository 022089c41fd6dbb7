package dev.cesrj.http.watcher;

import com.goterl.lazysodium.SodiumJava;
import com.goterl.lazysodium.utils.LibraryLoader;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.Body;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;

/**
 * {@code /loc/scheme} replies each signed by a fresh non-transferable Ed25519 key for itself (the
 * reply's {@code eid} is the key), made with cesrj's own SAID code and signed by libsodium, keys
 * from seeds drawn from a seeded random: what anyone can send a watcher.
 */
final class SelfSignedReplies {
  private final SplittableRandom rnd;

  SelfSignedReplies(long seed) {
    this.rnd = new SplittableRandom(seed);
  }

  /** One signed reply: its body and its {@code CESR-ATTACHMENT} header. */
  record Reply(String body, String attachments, String eid) {}

  /** An Ed25519 key pair: the 32-byte public key and libsodium's 64-byte secret key. */
  record Key(byte[] publicKey, byte[] secretKey) {}

  /** libsodium (bundled with lazysodium, as cesrj-keri's verifier loads it): signs fast. */
  private static final SodiumJava SODIUM = new SodiumJava(LibraryLoader.Mode.BUNDLED_ONLY);

  /** {@return a key pair whose 32-byte seed is the next 32 bytes of this source's random} */
  Key nextKey() {
    byte[] seed = new byte[32];
    rnd.nextBytes(seed);
    byte[] pk = new byte[32];
    byte[] sk = new byte[64];
    if (SODIUM.crypto_sign_seed_keypair(pk, sk, seed) != 0) {
      throw new AssertionError("crypto_sign_seed_keypair failed");
    }
    return new Key(pk, sk);
  }

  /** {@return a /loc/scheme reply for a fresh key, signed by it} */
  Reply next(String dt, String url) {
    return reply(nextKey(), dt, url);
  }

  /** {@return a /loc/scheme reply for {@code key}'s eid, dated {@code dt}, signed by it} */
  static Reply reply(Key key, String dt, String url) {
    String eid = qb64("B", key.publicKey());
    String dummy = "#".repeat(44);
    String template = "{\"v\":\"%s\",\"t\":\"rpy\",\"d\":\"%s\",\"dt\":\"" + dt
        + "\",\"r\":\"/loc/scheme\",\"a\":{\"eid\":\"" + eid + "\",\"scheme\":\"http\","
        + "\"url\":\"" + url + "\"}}";
    int size = String.format(template, "KERI10JSON000000_", dummy).length();
    String version = String.format("KERI10JSON%06x_", size);
    String dummied = String.format(template, version, dummy);
    String said = Saids.compute(Body.parse(dummied.getBytes(StandardCharsets.US_ASCII)),
        MatterCode.Blake3_256);
    String body = String.format(template, version, said);
    byte[] msg = body.getBytes(StandardCharsets.US_ASCII);
    byte[] sig = new byte[64];
    if (SODIUM.crypto_sign_detached(sig, null, msg, msg.length, key.secretKey()) != 0) {
      throw new AssertionError("crypto_sign_detached failed");
    }
    // -V counts quadlets: -CAB (1) + the 44-char key (11) + the 88-char signature (22) = 34
    return new Reply(body, "-VAi-CAB" + eid + qb64("0B", sig), eid);
  }

  /** CESR's qb64: {@code code}, then {@code raw} in Base64url behind as many zero bytes. */
  static String qb64(String code, byte[] raw) {
    int lead = code.length() % 4;
    byte[] padded = new byte[lead + raw.length];
    System.arraycopy(raw, 0, padded, lead, raw.length);
    return code + Base64.getUrlEncoder().withoutPadding().encodeToString(padded).substring(lead);
  }
}
