package dev.cesrj.keri.acdc;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Span;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Kind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the SAIDs of a credential: its {@code d}, and the {@code d} of every map of an expanded
 * section that carries one ({@code a}, {@code e}, {@code r}, their nested blocks such as each
 * edge and edge group) and an expanded schema's {@code $id}, each as keripy computes it: the field
 * dummied with {@code #}, the map serialized as the body is, digested with the written SAID's
 * code ({@code src/keri/core/coring.py} {@code Saider.saidify}), through {@link Saids}.
 *
 * <p>ACDC version 1: every SAID is the digest of its map as written, nested maps expanded (keripy
 * {@code SerderACDC._compute} does not compact a version 1 credential): the map's own bytes are
 * digested ({@link Saids#checkNested}), nothing is serialized again. ACDC version 2 (JSON): the
 * most compact form (ACDC spec, "Most compact form"; keripy {@code SerderACDC._compute} and
 * {@code Compactor.compact}): a section's SAID is the digest of the section with each nested map
 * that has a {@code d} replaced by its own SAID, computed first; the credential's {@code d} is the
 * digest of the credential with each expanded section replaced by its SAID and the version
 * string's size set to that form's.
 *
 * <p>keripy checks only the credential's {@code d} ({@code SerderACDC._verify}); the sections'
 * SAIDs are checked because the ACDC spec makes each section self-addressing: in version 1 a
 * credential whose top SAID is right but whose {@code a.d} is not is refused here and accepted by
 * keripy. A map written with an empty {@code d} (as deployed vLEI credentials write {@code r}) has
 * nothing to check and passes.
 *
 * <p>Order: innermost first (within {@code e}, then {@code e}, {@code a}, {@code r}, {@code s}),
 * the credential's {@code d} last, so the first failing check names the map that was changed.
 * Stateless and thread-safe.
 */
public final class AcdcSaids {
  private AcdcSaids() {}

  /**
   * Checks every SAID of {@code acdc}.
   *
   * @param acdc a credential
   * @return one check per SAID, innermost first, the credential's {@code d} last
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}) if a written SAID is not a
   *     digest or not written plainly
   * @throws dev.cesrj.UnsupportedException for a version 2 credential that is not JSON
   */
  public static List<SaidCheck> check(Acdc acdc) {
    Body body = acdc.body();
    boolean v2 = body.version().major() >= 2;
    if (v2 && body.kind() != Kind.JSON) {
      throw new dev.cesrj.UnsupportedException(0, null, "an ACDC version 2 credential in JSON",
          "a " + body.kind() + " body (most compact form SAIDs are built for JSON only)",
          List.of());
    }
    List<SaidCheck> out = new ArrayList<>();
    Map<FieldMap, String> compact = new IdentityHashMap<>();
    section(acdc, acdc.edges(), "e.", SaidSite.EDGES, SaidSite.EDGE, v2, compact, out);
    section(acdc, acdc.attributes(), "a.", SaidSite.ATTRIBUTES, SaidSite.ATTRIBUTES, v2, compact,
        out);
    section(acdc, acdc.rules(), "r.", SaidSite.RULES, SaidSite.RULES, v2, compact, out);
    if (acdc.schema() instanceof Section.Expanded) {
      Section.Expanded x = (Section.Expanded) acdc.schema();
      SaidCheck c = bytesCheck(acdc, SaidSite.SCHEMA, "s.", x.fields(), x.span(), "$id");
      out.add(c);
      c.computed().ifPresent(said -> compact.put(x.fields(), said));
    }
    if (!v2) {
      for (Saids.Check c : Saids.check(body)) {
        out.add(new SaidCheck(SaidSite.CREDENTIAL, c.label(), offset(body.fields(), c.label()),
            c.written(), Optional.of(c.computed())));
      }
      return out;
    }
    FieldMap top = body.fields();
    String written = text(top, "d", "");
    MatterCode code = code(top, "d", "", written);
    byte[] b = PythonJson.dumps(top, compact::get, "d", "#".repeat(code.fs()));
    // the version string is the first field: {"v":" then its text, the size at 14..18
    String size = b64(b.length);
    System.arraycopy(size.getBytes(StandardCharsets.US_ASCII), 0, b, 6 + 14, 4);
    out.add(new SaidCheck(SaidSite.CREDENTIAL, "d", offset(top, "d"), written,
        Optional.of(Saids.ofDummied(code, b))));
    return out;
  }

  /**
   * Checks every SAID and throws on the first that fails.
   *
   * @param acdc a credential
   * @throws KeriBodyException ({@link ErrorKind#SAID_MISMATCH}, at the SAID's value, label its
   *     path) naming the first SAID that does not check; as {@link #check} otherwise
   */
  public static void require(Acdc acdc) {
    for (SaidCheck c : check(acdc)) {
      if (!c.ok()) {
        throw BodyErrors.saidMismatch(c.offset(), c.path(),
            "the SAID " + c.computed().orElse(""), "written " + c.written());
      }
    }
  }

  private static void section(Acdc acdc, Optional<Section> s, String path, SaidSite site,
      SaidSite nested, boolean v2, Map<FieldMap, String> compact, List<SaidCheck> out) {
    if (s.isPresent() && s.get() instanceof Section.Expanded) {
      Section.Expanded x = (Section.Expanded) s.get();
      walk(acdc, x.fields(), x.span(), path, site, nested, v2, compact, out);
    }
  }

  /**
   * Checks the nested maps of {@code m} that carry a {@code d}, depth first, then {@code m}'s own
   * {@code d} if it has one; the SAID each computes is kept in {@code compact}.
   */
  private static void walk(Acdc acdc, FieldMap m, Span span, String path, SaidSite site,
      SaidSite nested, boolean v2, Map<FieldMap, String> compact, List<SaidCheck> out) {
    for (String l : m.labels()) {
      Value v = m.get(l).orElseThrow();
      if (v instanceof Value.MapValue) {
        walk(acdc, ((Value.MapValue) v).fields(), m.span(l).orElseThrow(), path + l + ".",
            nested, nested, v2, compact, out);
      }
    }
    if (!m.has("d")) {
      return;
    }
    String written = text(m, "d", path);
    long at = offset(m, "d");
    if (!v2) {
      SaidCheck c = bytesCheck(acdc, site, path, m, span, "d");
      out.add(c);
      c.computed().ifPresent(said -> compact.put(m, said));
      return;
    }
    MatterCode code = written.isEmpty() ? MatterCode.Blake3_256 : code(m, "d", path, written);
    String computed = Saids.ofDummied(code,
        PythonJson.dumps(m, x -> x == m ? null : compact.get(x), "d", "#".repeat(code.fs())));
    compact.put(m, computed);
    out.add(new SaidCheck(site, path + "d", at, written,
        written.isEmpty() ? Optional.empty() : Optional.of(computed)));
  }

  /** A SAID checked over its map's own bytes ({@link Saids#checkNested}). */
  private static SaidCheck bytesCheck(Acdc acdc, SaidSite site, String path, FieldMap f,
      Span span, String label) {
    long at = offset(f, label);
    String written = text(f, label, path);
    if (written.isEmpty()) {
      return new SaidCheck(site, path + label, at, "", Optional.empty());
    }
    Saids.Check c = Saids.checkNested(acdc.body(), span, f, label);
    return new SaidCheck(site, path + label, at, c.written(), Optional.of(c.computed()));
  }

  private static String text(FieldMap f, String label, String path) {
    return f.text(label).orElseThrow(() -> BodyErrors.field(offset(f, label), path + label, "a text SAID", "not a text"));
  }

  private static MatterCode code(FieldMap f, String label, String path, String written) {
    MatterCode c;
    try {
      c = Matter.parse(written).code();
    } catch (CesrException e) {
      c = null;
    }
    if (c == null || !Digests.isDigest(c)) {
      throw BodyErrors.field(offset(f, label), path + label,
          "a digest code " + Digests.CODES, "'" + written + "'");
    }
    return c;
  }

  /** keripy's version 2 size: four Base64url characters. */
  private static String b64(int n) {
    String a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    StringBuilder sb = new StringBuilder();
    for (int i = 3; i >= 0; i--) {
      sb.append(a.charAt((n >> (6 * i)) & 63));
    }
    return sb.toString();
  }

  private static long offset(FieldMap f, String label) {
    return f.span(label).map(Span::offset).orElse(0);
  }
}
