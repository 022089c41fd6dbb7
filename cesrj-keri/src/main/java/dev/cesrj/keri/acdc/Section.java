package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Span;
import java.util.Objects;
import java.util.Optional;

/**
 * One section of an ACDC ({@code s}, {@code a}, {@code e} or {@code r}), in compact form (its
 * SAID only) or expanded (its field map). ACDC spec (trustoverip tswg-acdc-specification),
 * "Compact ACDC" and "Most compact form"; keripy {@code src/keri/core/serdering.py}
 * {@code SerderACDC.schema}, {@code attrib}, {@code edge}, {@code rule} give either a text or a
 * dict.
 */
public sealed interface Section permits Section.Compact, Section.Expanded {

  /** {@return the section's SAID: the compact text, or the expanded map's SAID field if written} */
  Optional<String> said();

  /**
   * A section given by its SAID only.
   *
   * @param value the SAID (qb64 of a digest code; an empty text is kept as written)
   */
  record Compact(String value) implements Section {
    /**
     * Creates the record.
     *
     * @param value see the record description
     * @throws NullPointerException if {@code value} is null
     */
    public Compact {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public Optional<String> said() {
      return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }
  }

  /**
   * A section given as its field map.
   *
   * @param fields the section's fields (spans in the body's bytes)
   * @param span the map's whole encoding in the body's bytes
   * @param saidLabel the label of its SAID field: {@code $id} for a schema, {@code d} otherwise
   */
  record Expanded(FieldMap fields, Span span, String saidLabel) implements Section {
    /**
     * Creates the record.
     *
     * @param fields see the record description
     * @param span see the record description
     * @param saidLabel see the record description
     * @throws NullPointerException if an argument is null
     */
    public Expanded {
      Objects.requireNonNull(fields, "fields");
      Objects.requireNonNull(span, "span");
      Objects.requireNonNull(saidLabel, "saidLabel");
    }

    /** {@return the written SAID field, if present and a non-empty text} */
    @Override
    public Optional<String> said() {
      return fields.text(saidLabel).filter(t -> !t.isEmpty());
    }
  }
}
