package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.InteractionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.Threshold;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.commons.codec.digest.Blake3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bodies, fields, SAIDs of every digest code, hostile bodies, native bodies, thresholds and
 * verification keys, on small hand-made inputs with values computed independently (Python's
 * hashlib for the digests, commons-codec for BLAKE3).
 */
@ExtendWith(LeakDetectionExtension.class)
class KeriBodiesTest {
  /** A v1 ixn whose d is dummied: 203 (0xcb) bytes. */
  private static final String IXN =
      "{\"v\":\"KERI10JSON0000cb_\",\"t\":\"ixn\",\"d\":\"" + "#".repeat(44) + "\","
          + "\"i\":\"DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-\",\"s\":\"1\","
          + "\"p\":\"EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N\",\"a\":[]}";

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static KeriBodyException bodyError(String json) {
    // a dummied d is no primitive: any digest stands for it here
    String body = resize(json.replace("#".repeat(44), "EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N"));
    return assertThrows(KeriBodyException.class, () -> KeriEvents.of(Body.parse(ascii(body))));
  }

  /** A v1 ixn with field {@code label}'s value replaced by {@code value} (size fixed). */
  private static String ixnWith(String label, String value) {
    String s = IXN.replace("\"" + label + "\":", "\"" + label + "\":" + value + ",\"x\":");
    s = s.replaceFirst(",\"x\":(\"[^\"]*\"|\\[\\])", "");
    return resize(s);
  }

  private static String resize(String s) {
    return s.replaceFirst("KERI10JSON[0-9a-f]{6}_", String.format("KERI10JSON%06x_", ascii(s).length));
  }

  @Test
  void saidsOfEveryDigestCode() {
    Body b = Body.parse(ascii(IXN));
    assertEquals(203, b.size());
    // Python hashlib over the body with d filled with code.fs() '#' and the size rewritten
    assertEquals("FFVC__RMAAIVG6bnaE4oWrefsmVIJjtuCFjhi6eDTw69", Saids.compute(b, MatterCode.Blake2b_256));
    assertEquals("GHQ3QbUT5Voa2rito3XahsaTlg0rY_cBxFvbTbvOx-Lb", Saids.compute(b, MatterCode.Blake2s_256));
    assertEquals("HKWYaQjDZcHsCv0NeInf86oxUavN3qx6zTl1-LdugkZ6", Saids.compute(b, MatterCode.SHA3_256));
    assertEquals("IDj-0Fxs0qVuwrz7xyAYs5NSfVcfEViIfVw2YyqHwonk", Saids.compute(b, MatterCode.SHA2_256));
    assertEquals("0EBGjU6dzsWk2lHHd1-6sjK1SK8OWcH3nhETRkO1qRGLyIlTsFhgJ6mlGg9GwyUYw9AZr5PM937jGTj6SX-4cTv2",
        Saids.compute(b, MatterCode.Blake2b_512));
    assertEquals("0FCF1pUNEbH-PLr4Ag9i-mIZlLVRqYahRUQjDqCB3lQqHRQV3TgnyvrhEbIWPGUjgfoWBN2zRQs0QjJWm8kH1bp9",
        Saids.compute(b, MatterCode.SHA3_512));
    assertEquals("0GDKSvvMNaqEmZZD8vBjKWNfvliSdfT6Nme5gelk07yKE71NSrZNpxj2xYq-nKOs6opUSuCiUNDLlOVLei1V2zme",
        Saids.compute(b, MatterCode.SHA2_512));
    // a body saidified with each code checks, and fails once one character changes
    for (MatterCode c : Digests.CODES) {
      String said = Saids.compute(b, c);
      String body = resize(IXN.replace("#".repeat(44), said));
      Body saidified = Body.parse(ascii(body));
      assertEquals(List.of(new Saids.Check("d", said, said)), Saids.check(saidified), c.name());
      assertEquals(said, Saids.compute(saidified, c), c.name());
      Body other = Body.parse(ascii(body.replace("\"s\":\"1\"", "\"s\":\"2\"")));
      assertFalse(Saids.verify(other), c.name());
    }
    assertThrows(UnsupportedException.class, () -> Saids.compute(b, MatterCode.Ed25519));
  }

  @Test
  void blake3OfBouncyCastleIsCommonsCodecs() {
    byte[] data = ascii(IXN);
    assertArrayEquals(Blake3.hash(data), Digests.digest(MatterCode.Blake3_256, data));
    byte[] xof = new byte[64];
    Blake3.initHash().update(data).doFinalize(xof);
    assertArrayEquals(xof, Digests.digest(MatterCode.Blake3_512, data));
  }

  private static void assertArrayEquals(byte[] a, byte[] b) {
    assertTrue(Arrays.equals(a, b), Arrays.toString(a) + " != " + Arrays.toString(b));
  }

  @Test
  void aTypedInteraction() {
    String said = Saids.compute(Body.parse(ascii(IXN)), MatterCode.Blake3_256);
    KeriEvent e = KeriEvents.of(Body.parse(ascii(resize(IXN.replace("#".repeat(44), said)))));
    InteractionEvent ixn = assertInstanceOf(InteractionEvent.class, e);
    assertEquals(BigInteger.ONE, ixn.sn());
    assertEquals("EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N", ixn.priorSaid());
    assertEquals(List.of(), ixn.anchors());
    assertEquals(said, ixn.said());
  }

  @Test
  void hostileJsonBodiesGiveTypedErrors() {
    String deep = "[".repeat(100) + "]".repeat(100);
    KeriBodyException e = bodyError(resize(IXN.replace("\"a\":[]", "\"a\":" + deep)));
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    e = bodyError(resize(IXN.replace("\"a\":[]", "\"a\":[],\"a\":[]")));
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    assertEquals("a", e.label().orElseThrow());
    e = bodyError(resize(IXN.replace("\"a\":[]", "\"a\":[" + "9".repeat(2000) + "]")));
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    e = bodyError(resize(IXN.replace("\"s\":\"1\"", "\"s\":[\"1\"]")));
    assertEquals(ErrorKind.MALFORMED_FIELD, e.kind());
    assertEquals("s", e.label().orElseThrow());
    assertEquals(IXN.indexOf("\"s\":") + 4, e.offset()); // the value's [
    e = bodyError(resize(IXN.replace("\"s\":\"1\"", "\"s\":\"1" + "0".repeat(32) + "\"")));
    assertEquals("s", e.label().orElseThrow());
    assertTrue(e.getMessage().contains("at most 128 bits"), e.getMessage());
    e = bodyError(resize(IXN.replace("\"s\":\"1\"", "\"s\":\"-1\"")));
    assertEquals("s", e.label().orElseThrow());
    e = bodyError(resize(IXN.replace("\"p\":", "\"q\":")));
    assertEquals(ErrorKind.MALFORMED_FIELD, e.kind());
    e = bodyError(resize(IXN.replace(",\"a\":[]", "")));
    assertEquals("a", e.label().orElseThrow());
    assertTrue(e.getMessage().contains("missing"), e.getMessage());
    e = bodyError(IXN.substring(0, 100));
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    e = bodyError(resize(IXN.replace("\"t\":\"ixn\"", "\"t\":\"zzz\"")));
    assertEquals("t", e.label().orElseThrow());
    assertThrows(KeriBodyException.class, () -> Body.parse(ascii("{\"v\":\"KERI10JSON000010_\"}")));
    assertThrows(KeriBodyException.class, () -> Body.parse(new byte[0]));
  }

  @Test
  void hostileCborAndMgpkBodiesGiveTypedErrors() {
    // a CBOR map claiming 2^32 entries; an array claiming 2^64 - 1 items; a text cut short
    for (byte[] b : List.of(cbor(0xBA, 0xFF, 0xFF, 0xFF, 0xFF), cbor(0xA1, 0x61, 'a', 0x9B, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF), cbor(0xA1, 0x78, 0xFF, 'a'), cbor(0xA1, 0x61, 0xFF, 0x01),
        cbor(0xA1, 0xBF), cbor(0xA1, 0x61, 'a', 0xC1, 0x00))) {
      KeriBodyException e = assertThrows(KeriBodyException.class, () -> read("CBOR", b));
      assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    }
    for (byte[] b : List.of(cbor(0xDF, 0xFF, 0xFF, 0xFF, 0xFF), cbor(0x81, 0xA1, 't'),
        cbor(0x81, 0xA1, 't', 0xA5, 'x'), cbor(0x81, 0xA1, 't', 0xC1),
        cbor(0x81, 0xA1, 't', 0xDD, 0x7F, 0xFF, 0xFF, 0xFF), cbor(0x81, 0x01, 0x01))) {
      KeriBodyException e = assertThrows(KeriBodyException.class, () -> read("MGPK", b));
      assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    }
  }

  /** Reads {@code tail} after a version string of kind {@code kind} in a one-entry map. */
  private static Body read(String kind, byte[] tail) {
    // {"v": "KERI10<kind>......_", <tail's entries>} with the map header counting one more entry
    byte[] vs = ascii("KERI10" + kind + "000000_");
    boolean cbor = kind.equals("CBOR");
    int header = tail[0] & 0xFF;
    byte[] out = new byte[tail.length + 3 + vs.length];
    int p = 0;
    out[p++] = (byte) (cbor ? 0xA2 : 0x82); // two entries: v, then the hostile one
    out[p++] = (byte) (cbor ? 0x61 : 0xA1);
    out[p++] = 'v';
    out[p++] = (byte) (cbor ? 0x71 : 0xB1);
    System.arraycopy(vs, 0, out, p, vs.length);
    p += vs.length;
    System.arraycopy(tail, 1, out, p, tail.length - 1);
    byte[] body = Arrays.copyOf(out, p + tail.length - 1);
    if (header == 0xBA || header == 0xDF) { // a huge map header stands for the whole body
      body = tail;
    }
    String size = String.format("%06x", body.length);
    byte[] s = ascii(size);
    for (int i = 0; i + 17 <= body.length; i++) {
      if (body[i] == 'K' && body[i + 1] == 'E') {
        System.arraycopy(s, 0, body, i + 10, 6);
        break;
      }
    }
    return Body.parse(body);
  }

  private static byte[] cbor(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  @Test
  void nativeBodiesGiveTheirTypedEventAndSaid() {
    byte[] stream = dev.cesrj.testing.RealWorld.bytes("kts_native_v2_icp.cesr");
    try (Messages messages = Messages.copyOf(stream)) {
      Message m = messages.next();
      InceptionEvent icp = assertInstanceOf(InceptionEvent.class, KeriEvents.of(m));
      assertEquals("EFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRN", icp.said());
      assertEquals("DNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx", icp.prefix());
      assertEquals(PrefixDerivation.BASIC, PrefixDerivation.of(icp));
      assertTrue(PrefixDerivation.matches(icp));
      assertEquals(List.of("DNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx"), icp.keys());
      assertEquals("1", icp.signingThreshold().toString());
      Body b = icp.body();
      assertEquals(dev.cesrj.stream.Kind.CESR, b.kind());
      assertTrue(Saids.verify(b), Saids.check(b).toString());
      assertEquals(List.of(), Signatures.of(m).all()); // the vector carries no attachment
    }
  }

  /**
   * keripy's {@code Serder._dumps} writes {@code s} as {@code Number(numh=s)}, whose code is the
   * shortest for the value: the same icp with {@code s} 0 as a Tall number (8 characters, the body
   * counter one quadlet longer) is not keripy's serialization, so keripy refuses it.
   */
  @Test
  void nativeNumbersOnlyInTheCodeKeripyPicks() {
    String icp = new String(dev.cesrj.testing.RealWorld.bytes("kts_native_v2_icp.cesr"),
        StandardCharsets.US_ASCII);
    int s = icp.indexOf("MAAAMAAB");
    assertTrue(s > 0);
    String tall = icp.replaceFirst("^-FA5", "-FA6").replaceFirst("MAAAMAAB", "RAAAAAAAMAAB");
    try (Messages messages = Messages.copyOf(tall.getBytes(StandardCharsets.US_ASCII))) {
      Message m = messages.next();
      KeriBodyException e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(m));
      assertEquals("non-canonical body: field 's': a Tall number of 0 bytes", e.detail());
      assertEquals(s, e.offset());
    }
  }

  @Test
  void weightedThresholdsAsKeripySatisfiesThem() {
    String kt = "[[\"1/2\",\"1/2\",\"1/2\"],[\"1\",\"1\"]]";
    String icp = "{\"v\":\"KERI10JSON000000_\",\"t\":\"icp\",\"d\":\"" + "#".repeat(44)
        + "\",\"i\":\"" + "#".repeat(44) + "\",\"s\":\"0\",\"kt\":" + kt + ",\"k\":[\"DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-\"],"
        + "\"nt\":\"0\",\"n\":[],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]}";
    KeriBodyException e = assertThrows(KeriBodyException.class,
        () -> KeriEvents.of(Body.parse(ascii(resize(icp))))); // d and i are no primitives yet
    assertEquals("d", e.label().orElseThrow());
    String said = Saids.compute(Body.parse(ascii(resize(icp))), MatterCode.Blake3_256);
    String made = resize(icp.replace("#".repeat(44), said));
    InceptionEvent ev = (InceptionEvent) KeriEvents.of(Body.parse(ascii(made)));
    assertEquals(PrefixDerivation.SELF_ADDRESSING, PrefixDerivation.of(ev));
    assertTrue(Saids.verify(ev.body()));
    assertEquals(List.of("d", "i"), Saids.labels(ev.body()));
    Threshold t = ev.signingThreshold();
    assertEquals(5, t.size());
    assertEquals(kt, t.toString());
    assertTrue(t.satisfiedBy(List.of(0, 1, 3)));
    assertTrue(t.satisfiedBy(List.of(1, 2, 4, 4)));
    assertFalse(t.satisfiedBy(List.of(0, 1)));
    assertFalse(t.satisfiedBy(List.of(0, 3, 4)));
    assertFalse(t.satisfiedBy(List.of(0, 1, 9)));
    KeriBodyException low = bodyError(resize(made.replace(kt, "[\"1/3\",\"1/3\"]")));
    assertEquals("kt", low.label().orElseThrow());
    assertTrue(low.getMessage().contains("sums below 1"), low.getMessage());
    assertTrue(new Threshold.Numeric(2).satisfiedBy(Set.of(0, 5)));
    assertFalse(new Threshold.Numeric(0).satisfiedBy(Set.of(0)));
  }

  @Test
  void verfersRefuseBadKeysAndSignaturesWithFalse() {
    Verfer good = Verfer.of("DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-");
    assertTrue(good.validKey());
    assertTrue(good.transferable());
    assertFalse(good.verify(new byte[63], new byte[1]));
    assertFalse(good.verify(new byte[64], new byte[1]));
    // y = 2^255 - 1: not below p
    byte[] y = new byte[33]; // a pad byte, then y little-endian
    Arrays.fill(y, (byte) 0xFF);
    y[0] = 0;
    y[32] = 0x7F;
    Verfer big = Verfer.of("D" + java.util.Base64.getUrlEncoder().encodeToString(y).substring(1));
    assertFalse(big.validKey());
    assertFalse(big.verify(new byte[64], new byte[1]));
    // 0x02 then x = 5: no point of secp256k1 has it
    byte[] raw = new byte[33];
    raw[0] = 2;
    raw[32] = 5;
    String k1 = "1AAB" + java.util.Base64.getUrlEncoder().encodeToString(raw);
    assertEquals(48, k1.length());
    Verfer bad = Verfer.of(k1);
    assertFalse(bad.verify(new byte[64], new byte[1]));
    assertEquals(ErrorKind.UNSUPPORTED, assertThrows(CesrException.class,
        () -> Verfer.of("1AAD" + "A".repeat(76))).kind());
    assertEquals(ErrorKind.UNSUPPORTED, assertThrows(CesrException.class,
        () -> Verfer.of("EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N")).kind());
    assertFalse(Verfer.of("BL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-").transferable());
  }

  @Test
  void valuesKeepTheirTypes() {
    Body b = Body.parse(ascii(resize(IXN.replace("\"a\":[]", "\"a\":[{\"n\":216,\"f\":1.5,\"t\":true,\"z\":null}]"))));
    Value.MapValue seal = (Value.MapValue) ((Value.ListValue) b.fields().get("a").orElseThrow()).items().get(0);
    assertEquals(new Value.Number("216"), seal.fields().get("n").orElseThrow());
    assertEquals(BigInteger.valueOf(216), ((Value.Number) seal.fields().get("n").orElseThrow()).integer().orElseThrow());
    assertEquals(new Value.Number("1.5"), seal.fields().get("f").orElseThrow());
    assertEquals(new Value.Bool(true), seal.fields().get("t").orElseThrow());
    assertEquals(Value.Null.NULL, seal.fields().get("z").orElseThrow());
  }
}
