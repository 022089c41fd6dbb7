package dev.cesrj.keri;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.InteractionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.NumberForms;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.event.Threshold;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a message body as its typed event (keripy {@code src/keri/core/serdering.py}
 * {@code SerderKERI}, {@code SerderACDC}).
 *
 * <p>Checks, as keripy's {@code Serder._validate} and {@code SerderKERI._verify} do: the fields
 * of the ilk, in order, none missing and (where the ilk is strict, every KERI and TEL ilk) none
 * extra; the types of the typed fields; the sequence number {@code s} (hex, at most
 * 2<sup>128</sup> - 1, keripy {@code MaxON}); thresholds (keripy {@code Tholder}); keys
 * ({@code k}: verification key codes), next key digests ({@code n}: digest codes); and the
 * prefix {@code i}: a prefix code ({@code PreDex}), a digest for {@code dip} and {@code drt}; for
 * an inception with a basic (key) prefix, exactly one key, equal to the prefix, and threshold 1;
 * for a non-transferable prefix, no next keys, witnesses or anchors. The SAID is not checked
 * here: see {@link Saids}.
 *
 * <p>Errors are {@link KeriBodyException}s: {@link ErrorKind#MALFORMED_BODY} when the body does
 * not decode, {@link ErrorKind#MALFORMED_FIELD} when a field breaks a rule, with the offset of the
 * field's value in the body and its label. Stateless and thread-safe.
 */
public final class KeriEvents {
  /** keripy {@code MaxON}: the largest sequence number, 2<sup>128</sup> - 1. */
  public static final BigInteger MAX_SN = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

  /** keripy {@code PreDex}: the codes a prefix may have. */
  private static final Set<MatterCode> PREFIX_CODES =
      EnumSet.of(MatterCode.Ed25519N, MatterCode.Ed25519, MatterCode.Blake3_256,
          MatterCode.Blake2b_256, MatterCode.Blake2s_256, MatterCode.SHA3_256, MatterCode.SHA2_256,
          MatterCode.Blake3_512, MatterCode.Blake2b_512, MatterCode.SHA3_512, MatterCode.SHA2_512,
          MatterCode.ECDSA_256k1N, MatterCode.ECDSA_256k1, MatterCode.Ed448N, MatterCode.Ed448,
          MatterCode.Ed448_Sig, MatterCode.ECDSA_256r1N, MatterCode.ECDSA_256r1);

  /** keripy {@code NonTransDex}. */
  private static final Set<MatterCode> NON_TRANSFERABLE =
      EnumSet.of(MatterCode.Ed25519N, MatterCode.ECDSA_256k1N, MatterCode.Ed448N,
          MatterCode.ECDSA_256r1N);

  private KeriEvents() {}

  /**
   * The typed event of a framed message's body (the body is decoded and copied now).
   *
   * @param m a message whose buffer is still valid
   * @return its typed event
   * @throws KeriBodyException if the body does not decode or breaks its ilk's rules
   */
  public static KeriEvent of(Message m) {
    return of(Body.of(m));
  }

  /**
   * The typed event of a decoded body.
   *
   * @param body a body
   * @return its typed event: an {@link InceptionEvent}, {@link RotationEvent},
   *     {@link InteractionEvent}, {@link ReceiptEvent}, {@link RoutedMessage}, {@link TelEvent}
   *     or {@link AcdcMessage}
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}) if a field breaks its ilk's
   *     rules
   */
  public static KeriEvent of(Body body) {
    FieldMap f = body.fields();
    String proto = body.protocol();
    int major = body.version().major();
    Ilk ilk;
    if (f.has("t")) {
      String t = text(f, "t");
      ilk = Ilk.of(proto, t).orElseThrow(() -> BodyErrors.field(FieldRules.offset(f, "t"), "t", "an ilk of " + proto, "unknown ilk '" + t + "'"));
    } else if (proto.equals("ACDC")) {
      ilk = Ilk.NONE;
    } else {
      throw BodyErrors.field(0, "t", "a KERI ilk", "missing");
    }
    FieldRules.checkVersion(body.version(), f);
    FieldRules.check(proto, major, ilk, f);
    String said = digest(f, "d");
    switch (ilk.family()) {
      case KEY_EVENT:
        return keyEvent(body, f, ilk, said);
      case RECEIPT:
        return new ReceiptEvent(body, said, prefix(f, ilk), sn(f));
      case ROUTED:
        boolean hasI = f.has("i");
        return new RoutedMessage(body, ilk, said,
            hasI ? Optional.of(ilk == Ilk.EXN && major == 1 ? text(f, "i") : prefix(f, ilk))
                : Optional.empty(),
            text(f, "dt"), text(f, "r"), optionalText(f, "rr"),
            f.has("rp") ? optionalText(f, "rp") : optionalText(f, "ri"),
            optionalText(f, "p"));
      case TEL:
        return new TelEvent(body, ilk, said, text(f, "i"), sn(f));
      default:
        return new AcdcMessage(body, ilk, said, optionalText(f, "i"));
    }
  }

  private static KeriEvent keyEvent(Body body, FieldMap f, Ilk ilk, String said) {
    String pre = prefix(f, ilk);
    BigInteger sn = sn(f);
    List<Value> anchors = list(f, "a");
    if (ilk == Ilk.IXN) {
      return new InteractionEvent(body, said, pre, sn, digest(f, "p"), anchors);
    }
    Threshold kt = threshold(f, "kt");
    List<String> keys = texts(f, "k");
    List<Verfer> verfers = new ArrayList<>(keys.size());
    for (String k : keys) {
      try {
        verfers.add(Verfer.of(k));
      } catch (CesrException e) {
        throw bad(f, "k", "verification keys (D B 1AAB 1AAA 1AAJ 1AAI)", "key " + k + ": " + e.detail());
      }
    }
    Threshold nt = threshold(f, "nt");
    List<String> next = texts(f, "n");
    for (String n : next) {
      MatterCode c = code(f, "n", n);
      if (!Digests.isDigest(c)) {
        throw bad(f, "n", "next key digests", n + " is no digest");
      }
    }
    long toad = number(f, "bt", 62).longValueExact();
    if (ilk.inception()) {
      List<String> wits = texts(f, "b");
      InceptionEvent e = new InceptionEvent(body, ilk, said, pre, sn, kt, keys, verfers, nt, next,
          toad, wits, texts(f, "c"), anchors,
          ilk == Ilk.DIP ? Optional.of(prefixOf(f, "di", false)) : Optional.empty());
      inceptionPrefix(f, e);
      return e;
    }
    return new RotationEvent(body, ilk, said, pre, sn, digest(f, "p"), kt, keys, verfers, nt,
        next, toad, texts(f, "br"), texts(f, "ba"), f.has("c") ? texts(f, "c") : List.of(),
        anchors);
  }

  /** keripy {@code SerderKERI._verify}: the rules of a basic or non-transferable prefix. */
  private static void inceptionPrefix(FieldMap f, InceptionEvent e) {
    MatterCode c = code(f, "i", e.prefix());
    if (!Digests.isDigest(c)) {
      if (e.keys().size() != 1) {
        throw bad(f, "k", "one key for a basic prefix", e.keys().size() + " keys");
      }
      if (!e.signingThreshold().toString().equals("1")) {
        throw bad(f, "kt", "threshold 1 for a basic prefix", "threshold " + e.signingThreshold());
      }
      if (!e.prefix().equals(e.keys().get(0))) {
        throw bad(f, "i", "the one key " + e.keys().get(0) + " for a basic prefix", e.prefix());
      }
    }
    if (NON_TRANSFERABLE.contains(c)) {
      if (!e.nextKeyDigests().isEmpty()) {
        throw bad(f, "n", "no next keys for a non-transferable prefix", e.nextKeyDigests().size() + " digests");
      }
      if (!e.witnesses().isEmpty()) {
        throw bad(f, "b", "no witnesses for a non-transferable prefix", e.witnesses().size() + " witnesses");
      }
      if (!e.anchors().isEmpty()) {
        throw bad(f, "a", "no anchors for a non-transferable prefix", e.anchors().size() + " anchors");
      }
    }
  }

  private static KeriBodyException bad(FieldMap f, String label, String expected, String detail) {
    return BodyErrors.field(FieldRules.offset(f, label), label,
        expected, detail);
  }

  private static Value value(FieldMap f, String label) {
    return f.get(label).orElseThrow(() -> bad(f, label, "the field", "missing"));
  }

  static String text(FieldMap f, String label) {
    Value v = value(f, label);
    if (!(v instanceof Value.Text)) {
      throw bad(f, label, "a text", "a " + v.typeName());
    }
    return ((Value.Text) v).value();
  }

  private static Optional<String> optionalText(FieldMap f, String label) {
    return f.has(label) ? Optional.of(text(f, label)) : Optional.empty();
  }

  private static List<Value> list(FieldMap f, String label) {
    Value v = value(f, label);
    if (v instanceof Value.ListValue) {
      return ((Value.ListValue) v).items();
    }
    if (v instanceof Value.MapValue) {
      return List.of(v); // a version 2 field map of attributes
    }
    throw bad(f, label, "a list", "a " + v.typeName());
  }

  private static List<String> texts(FieldMap f, String label) {
    List<String> out = new ArrayList<>();
    Value v = value(f, label);
    if (!(v instanceof Value.ListValue)) {
      throw bad(f, label, "a list of texts", "a " + v.typeName());
    }
    for (Value item : ((Value.ListValue) v).items()) {
      if (!(item instanceof Value.Text)) {
        throw bad(f, label, "a list of texts", "an item that is a " + item.typeName());
      }
      out.add(((Value.Text) item).value());
    }
    return out;
  }

  private static MatterCode code(FieldMap f, String label, String qb64) {
    try {
      return Matter.parse(qb64).code();
    } catch (CesrException e) {
      throw bad(f, label, "a qb64 primitive", "'" + qb64 + "': " + e.detail());
    }
  }

  private static String digest(FieldMap f, String label) {
    String t = text(f, label);
    if (!Digests.isDigest(code(f, label, t))) {
      throw bad(f, label, "a digest (" + Digests.CODES + ")", t);
    }
    return t;
  }

  private static String prefix(FieldMap f, Ilk ilk) {
    return prefixOf(f, "i", ilk.delegated());
  }

  private static String prefixOf(FieldMap f, String label, boolean digestOnly) {
    String t = text(f, label);
    MatterCode c = code(f, label, t);
    if (digestOnly ? !Digests.isDigest(c) : !PREFIX_CODES.contains(c)) {
      throw bad(f, label, digestOnly ? "a self-addressing (digest) prefix" : "a prefix code (keripy PreDex)",
          c.name() + " " + t);
    }
    return t;
  }

  private static BigInteger sn(FieldMap f) {
    return number(f, "s", 128);
  }

  /**
   * A number field as keripy's {@code Number(num=...)} reads it ({@link NumberForms#number}), of at
   * most {@code bits} bits.
   */
  private static BigInteger number(FieldMap f, String label, int bits) {
    BigInteger n;
    try {
      n = NumberForms.number(value(f, label));
    } catch (IllegalArgumentException e) {
      throw bad(f, label, "a whole number (keripy Number: hex text or integer)", e.getMessage());
    }
    if (n.bitLength() > bits) {
      throw bad(f, label, "at most " + bits + " bits", "a number of " + n.bitLength() + " bits");
    }
    return n;
  }

  /** A threshold field as keripy's {@code Tholder(sith=...)} reads it ({@link NumberForms#threshold}). */
  private static Threshold threshold(FieldMap f, String label) {
    try {
      return NumberForms.threshold(value(f, label));
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw bad(f, label, "a threshold (keripy Tholder: hex number or weights)", e.getMessage());
    }
  }
}
