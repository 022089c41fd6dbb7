package dev.cesrj.keri.acdc;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks the SAIDs of a credential: its {@code d}, and the SAID of every expanded section that
 * carries one ({@code s.$id}, {@code a.d}, {@code e.d}, each edge block's {@code d},
 * {@code r.d}), each as keripy's {@code Saider.saidify} computes it ({@code
 * src/keri/core/coring.py}: the field dummied with {@code #}, the map serialized as the body is,
 * digested with the written SAID's code), through {@link Saids}.
 *
 * <p>The credential's {@code d} in ACDC version 1 is the digest of the body as written, sections
 * expanded or not: keripy {@code src/keri/core/serdering.py} {@code SerderACDC._compute}
 * compacts the sections first only for version 2 (the ACDC spec's "most compact form"); a
 * version 2 credential's {@code d} is refused here as unsupported (not yet built). keripy checks
 * only the credential's {@code d} ({@code SerderACDC._verify}); the section SAIDs are checked
 * because the ACDC spec makes each section self-addressing: a credential whose top SAID is right
 * but whose {@code a.d} is not is refused here and accepted by keripy. A section written with an
 * empty {@code d} (as deployed vLEI credentials write {@code r}) has nothing to check and passes.
 *
 * <p>Order: innermost first (edge blocks, then {@code e}, {@code a}, {@code r}, {@code s}), the
 * credential's {@code d} last, so the first failing check names the section that was changed.
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
   * @throws UnsupportedException if the credential is ACDC version 2 (most compact form)
   */
  public static List<SaidCheck> check(Acdc acdc) {
    if (acdc.body().version().major() >= 2) {
      throw new UnsupportedException(0, null, "an ACDC version 1 credential",
          "ACDC version 2 (most compact form SAIDs are not built yet)", List.of());
    }
    List<SaidCheck> out = new ArrayList<>();
    for (Edge e : acdc.edgeBlocks()) {
      if (e.fields().has("d")) {
        out.add(nested(acdc, SaidSite.EDGE, "e." + e.label() + ".", e.fields(), e.span(), "d"));
      }
    }
    expanded(acdc, acdc.edges(), SaidSite.EDGES, "e.").ifPresent(out::add);
    expanded(acdc, acdc.attributes(), SaidSite.ATTRIBUTES, "a.").ifPresent(out::add);
    expanded(acdc, acdc.rules(), SaidSite.RULES, "r.").ifPresent(out::add);
    expanded(acdc, Optional.of(acdc.schema()), SaidSite.SCHEMA, "s.").ifPresent(out::add);
    for (Saids.Check c : Saids.check(acdc.body())) {
      out.add(new SaidCheck(SaidSite.CREDENTIAL, c.label(), offset(acdc.body().fields(), c.label()),
          c.written(), Optional.of(c.computed())));
    }
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
        throw mismatch(c);
      }
    }
  }

  static KeriBodyException mismatch(SaidCheck c) {
    return new KeriBodyException(ErrorKind.SAID_MISMATCH, c.offset(), c.path(),
        "the SAID " + c.computed().orElse(""), "written " + c.written());
  }

  private static Optional<SaidCheck> expanded(Acdc acdc, Optional<Section> s, SaidSite site,
      String path) {
    if (s.isEmpty() || !(s.get() instanceof Section.Expanded)) {
      return Optional.empty();
    }
    Section.Expanded x = (Section.Expanded) s.get();
    if (!x.fields().has(x.saidLabel())) {
      return Optional.empty();
    }
    return Optional.of(nested(acdc, site, path, x.fields(), x.span(), x.saidLabel()));
  }

  private static SaidCheck nested(Acdc acdc, SaidSite site, String path, FieldMap f, Span span,
      String label) {
    long at = offset(f, label);
    Optional<String> written = f.text(label);
    if (written.isEmpty()) {
      throw new KeriBodyException(ErrorKind.MALFORMED_FIELD, at, path + label, "a text SAID",
          "not a text");
    }
    if (written.get().isEmpty()) {
      return new SaidCheck(site, path + label, at, "", Optional.empty());
    }
    Saids.Check c = Saids.checkNested(acdc.body(), span, f, label);
    return new SaidCheck(site, path + label, at, c.written(), Optional.of(c.computed()));
  }

  private static long offset(FieldMap f, String label) {
    return f.span(label).map(Span::offset).orElse(0);
  }
}
