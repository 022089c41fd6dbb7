package dev.cesrj.keri.tel;

import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.TelEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Types a {@link TelEvent} ({@link dev.cesrj.keri.KeriEvents#of} checked its labels, in order,
 * none missing): reads each field with the type keripy's {@code Tever} uses it as (keripy {@code
 * src/keri/vdr/eventing.py}: {@code bt} hex, {@code b br ba c} lists of texts, {@code ra} a map
 * {@code i s d}). Stateless.
 */
public final class TelEvents {
  /** The most hex digits of a threshold {@code bt}: it is read as a {@code long}. */
  private static final int MAX_TOAD_DIGITS = 15;

  private TelEvents() {
  }

  /**
   * Types {@code ev}.
   *
   * @param ev a TEL event of version 1
   * @return its typed form
   * @throws KeriBodyException (offset in the body, label, what was expected) if a field has the
   *     wrong type: {@code bt} not hex, a list item not a text, {@code ra} not a map of texts
   *     {@code i s d}
   */
  public static TransactionEvent of(TelEvent ev) {
    FieldMap f = ev.body().fields();
    String s = text(f, "s");
    switch (ev.ilk()) {
      case VCP:
        return new RegistryInception(ev, s, text(f, "ii"), texts(f, "c"), toad(f, "bt"),
            texts(f, "b"), text(f, "n"));
      case VRT:
        return new RegistryRotation(ev, s, text(f, "p"), toad(f, "bt"), texts(f, "br"),
            texts(f, "ba"));
      case ISS:
        return new Issuance(ev, s, text(f, "ri"), Optional.empty(), Optional.empty(),
            text(f, "dt"));
      case BIS: {
        RegistryAnchor ra = registryAnchor(f);
        return new Issuance(ev, s, ra.registry(), Optional.of(ra), Optional.of(text(f, "ii")),
            text(f, "dt"));
      }
      case REV:
        return new Revocation(ev, s, text(f, "ri"), text(f, "p"), Optional.empty(),
            text(f, "dt"));
      case BRV: {
        RegistryAnchor ra = registryAnchor(f);
        return new Revocation(ev, s, ra.registry(), text(f, "p"), Optional.of(ra),
            text(f, "dt"));
      }
      default:
        throw bad(f, "t", "a TEL ilk", ev.ilk().code());
    }
  }

  private static RegistryAnchor registryAnchor(FieldMap f) {
    Value v = f.get("ra").orElseThrow(() -> bad(f, "ra", "the field", "missing"));
    if (!(v instanceof Value.MapValue)) {
      throw bad(f, "ra", "a map i s d", "a " + v.typeName());
    }
    FieldMap ra = ((Value.MapValue) v).fields();
    if (!ra.labels().equals(List.of("i", "s", "d"))) {
      throw bad(f, "ra", "a map i s d", "labels " + ra.labels());
    }
    return new RegistryAnchor(text(ra, "i"), text(ra, "s"), text(ra, "d"));
  }

  private static long toad(FieldMap f, String label) {
    String t = text(f, label);
    if (t.isEmpty() || t.length() > MAX_TOAD_DIGITS || !t.chars().allMatch(TelEvents::isHex)) {
      throw bad(f, label, "a threshold in hex (at most " + MAX_TOAD_DIGITS + " digits)",
          "'" + t + "'");
    }
    return Long.parseLong(t, 16);
  }

  private static boolean isHex(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static String text(FieldMap f, String label) {
    Value v = f.get(label).orElseThrow(() -> bad(f, label, "the field", "missing"));
    if (!(v instanceof Value.Text)) {
      throw bad(f, label, "a text", "a " + v.typeName());
    }
    return ((Value.Text) v).value();
  }

  private static List<String> texts(FieldMap f, String label) {
    Value v = f.get(label).orElseThrow(() -> bad(f, label, "the field", "missing"));
    if (!(v instanceof Value.ListValue)) {
      throw bad(f, label, "a list of texts", "a " + v.typeName());
    }
    List<String> out = new ArrayList<>();
    for (Value item : ((Value.ListValue) v).items()) {
      if (!(item instanceof Value.Text)) {
        throw bad(f, label, "a list of texts", "an item that is a " + item.typeName());
      }
      out.add(((Value.Text) item).value());
    }
    return out;
  }

  private static KeriBodyException bad(FieldMap f, String label, String expected, String detail) {
    long offset = f.span(label).map(sp -> (long) sp.offset()).orElse(0L);
    return BodyErrors.field(offset, label, expected, detail);
  }
}
