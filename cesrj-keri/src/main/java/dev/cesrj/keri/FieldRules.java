package dev.cesrj.keri;

import dev.cesrj.ErrorKind;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.stream.VersionString;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * keripy's field rules per protocol, major version and ilk ({@code src/keri/core/serdering.py}
 * {@code Serder.Fields}: {@code FieldDom} alls, opts, alts, strict) and its check of a body's
 * labels against them ({@code Serder._validate}).
 */
final class FieldRules {
  /** One FieldDom: all labels in order, the optional ones, alternates, and whether extras are refused. */
  private record Dom(List<String> alls, Set<String> opts, Map<String, String> alts, boolean strict) {}

  private static final Map<String, Dom> DOMS = new HashMap<>();

  static {
    for (int v = 1; v <= 2; v++) {
      keri(v, Ilk.ICP, "v t d i s kt k nt n bt b c a");
      keri(v, Ilk.ROT, v == 1 ? "v t d i s p kt k nt n bt br ba a" : "v t d i s p kt k nt n bt br ba c a");
      keri(v, Ilk.IXN, "v t d i s p a");
      keri(v, Ilk.DIP, "v t d i s kt k nt n bt b c a di");
      keri(v, Ilk.DRT, v == 1 ? "v t d i s p kt k nt n bt br ba a" : "v t d i s p kt k nt n bt br ba c a");
      keri(v, Ilk.RCT, "v t d i s");
    }
    keri(1, Ilk.QRY, "v t d dt r rr q");
    keri(1, Ilk.RPY, "v t d dt r a");
    keri(1, Ilk.PRO, "v t d dt r rr q");
    keri(1, Ilk.BAR, "v t d dt r a");
    keri(1, Ilk.EXN, "v t d i rp p dt r q a e");
    keri(1, Ilk.VCP, "v t d i ii s c bt b n");
    keri(1, Ilk.VRT, "v t d i p s bt br ba");
    keri(1, Ilk.ISS, "v t d i s ri dt");
    keri(1, Ilk.REV, "v t d i s ri p dt");
    keri(1, Ilk.BIS, "v t d i ii s ra dt");
    keri(1, Ilk.BRV, "v t d i s p ra dt");
    keri(2, Ilk.QRY, "v t d i dt r rr q");
    keri(2, Ilk.RPY, "v t d i dt r a");
    keri(2, Ilk.PRO, "v t d i dt r rr q");
    keri(2, Ilk.BAR, "v t d i dt r a");
    keri(2, Ilk.XIP, "v t d u i ri dt r q a");
    keri(2, Ilk.EXN, "v t d i ri x p dt r q a");
    acdc(1, Ilk.NONE, "v d u i ri s a A e r", "u ri a A e r", true);
    acdc(1, Ilk.ACE, "v t d u i ri s a A e r", "u ri a A e r", false);
    acdc(2, Ilk.NONE, "v d u i rd s a A e r", "u rd a A e r", true);
    acdc(2, Ilk.ACM, "v t d u i rd s a A e r", "t u rd a A e r", true);
    acdc(2, Ilk.ACE, "v t d u i ri s a A e r", "u ri a A e r", false);
    acdc(2, Ilk.ACT, "v t d u i rd s a e r", "", true);
    acdc(2, Ilk.ACG, "v t d u i rd s A e r", "", true);
    acdc(2, Ilk.SCH, "v t d s", "", true);
    acdc(2, Ilk.ATT, "v t d a", "", true);
    acdc(2, Ilk.AGG, "v t d A", "", true);
    acdc(2, Ilk.EDG, "v t d e", "", true);
    acdc(2, Ilk.RUL, "v t d r", "", true);
    acdc(2, Ilk.RIP, "v t d u i n dt", "", true);
    acdc(2, Ilk.BUP, "v t d rd n p dt b", "", true);
    acdc(2, Ilk.UPD, "v t d rd n p dt td ts", "", true);
  }

  private FieldRules() {}

  private static void keri(int v, Ilk ilk, String alls) {
    DOMS.put("KERI/" + v + "/" + ilk.code(), new Dom(List.of(alls.split(" ")), Set.of(), Map.of(), true));
  }

  private static void acdc(int v, Ilk ilk, String alls, String opts, boolean strict) {
    Set<String> o = opts.isEmpty() ? Set.of() : Set.of(opts.split(" "));
    boolean alt = o.contains("a") && o.contains("A");
    DOMS.put("ACDC/" + v + "/" + ilk.code(),
        new Dom(List.of(alls.split(" ")), o, alt ? Map.of("a", "A") : Map.of(), strict));
  }

  /** {@return true if keripy has field rules for this protocol, major version and ilk} */
  static boolean known(String protocol, int major, Ilk ilk) {
    return DOMS.containsKey(protocol + "/" + major + "/" + ilk.code());
  }

  /**
   * Checks the protocol version of a JSON, CBOR or MGPK body's version string as keripy's
   * {@code Serder._validate} does ({@code src/keri/core/serdering.py}: "Invalid version=... for
   * protocol", the version not a key of {@code Serder.Fields}): keripy has field rules for versions
   * 1.0 and 2.0 of KERI and ACDC only, so {@code KERI11JSON...} (which cesrj-core's framing takes,
   * as keripy's {@code smell} does) or {@code KERICABCAAJSON...} (2.1) is refused here. The genus
   * version of a version 2 string is checked by framing (major 2; keripy takes any minor).
   *
   * @param version the body's version string
   * @param f the body's fields (for the offset of {@code v})
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}, label {@code v}) for another
   *     protocol version
   */
  static void checkVersion(VersionString version, FieldMap f) {
    if (version.minor() != 0 || (version.major() != 1 && version.major() != 2)) {
      throw BodyErrors.field(offset(f, "v"), "v",
          "protocol version 1.0 or 2.0 (the versions keripy has field rules for)",
          "protocol version " + version.protocolVersion() + " in " + version.text());
    }
  }

  /**
   * Checks the labels of {@code f} as keripy's {@code _validate} does: no extra field where the
   * ilk is strict, no two alternates, and the fields present in the order of {@code alls} (an
   * optional field may be left out), extras after them.
   */
  static void check(String protocol, int major, Ilk ilk, FieldMap f) {
    Dom dom = DOMS.get(protocol + "/" + major + "/" + ilk.code());
    if (dom == null) {
      throw BodyErrors.field(0, "t",
          "an ilk of " + protocol + " version " + major, "no field rules for " + ilk.code());
    }
    List<String> keys = f.labels();
    Set<String> alls = new LinkedHashSet<>(dom.alls());
    for (String k : keys) {
      if (!alls.contains(k) && dom.strict()) {
        throw BodyErrors.field(offset(f, k), k,
            "only the fields " + dom.alls(), "field not allowed for " + protocol + " " + name(ilk));
      }
    }
    for (Map.Entry<String, String> a : dom.alts().entrySet()) {
      if (f.has(a.getKey()) && f.has(a.getValue())) {
        throw BodyErrors.field(offset(f, a.getValue()),
            a.getValue(), "'" + a.getKey() + "' or '" + a.getValue() + "'", "both alternates given");
      }
    }
    List<String> expected = new ArrayList<>();
    for (String l : dom.alls()) {
      if (!dom.opts().contains(l) || f.has(l)) {
        expected.add(l);
      }
    }
    for (int i = 0; i < expected.size(); i++) {
      String l = expected.get(i);
      if (i >= keys.size() || !keys.get(i).equals(l)) {
        long at = i < keys.size() ? offset(f, keys.get(i)) : 0;
        throw BodyErrors.field(at, l,
            "the fields " + expected + " in this order",
            f.has(l) ? "out of order" : "missing");
      }
    }
  }

  private static String name(Ilk ilk) {
    return ilk == Ilk.NONE ? "without ilk" : ilk.code();
  }

  static long offset(FieldMap f, String label) {
    return f.span(label).map(s -> (long) s.offset()).orElse(0L);
  }
}
