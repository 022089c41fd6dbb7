package dev.cesrj.keri.body;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fields of a map of a message body, in the order the body writes them, each with the span
 * of its value in the body's bytes ({@link Span}). Labels are unique (a body that repeats one is
 * refused when read). Immutable.
 */
public final class FieldMap {
  private final List<String> labels;
  private final Map<String, Value> values;
  private final Map<String, Span> spans;

  private FieldMap(List<String> labels, Map<String, Value> values, Map<String, Span> spans) {
    this.labels = Collections.unmodifiableList(labels);
    this.values = Collections.unmodifiableMap(values);
    this.spans = Collections.unmodifiableMap(spans);
  }

  /** {@return an empty map} */
  public static FieldMap empty() {
    return new Builder().build();
  }

  /** {@return the labels in body order} */
  public List<String> labels() {
    return labels;
  }

  /** {@return the number of fields} */
  public int size() {
    return labels.size();
  }

  /**
   * {@return true if the map has a field {@code label}}
   *
   * @param label a field label, e.g. {@code "d"}
   */
  public boolean has(String label) {
    return values.containsKey(label);
  }

  /**
   * {@return the value of field {@code label}, if present}
   *
   * @param label a field label
   */
  public Optional<Value> get(String label) {
    return Optional.ofNullable(values.get(label));
  }

  /**
   * {@return the text of field {@code label}, if present and a text}
   *
   * @param label a field label
   */
  public Optional<String> text(String label) {
    Value v = values.get(label);
    return v == null ? Optional.empty() : v.text();
  }

  /**
   * {@return where the value of field {@code label} is in the body's bytes, if present}
   *
   * @param label a field label
   */
  public Optional<Span> span(String label) {
    return Optional.ofNullable(spans.get(label));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldMap
        && ((FieldMap) o).labels.equals(labels)
        && ((FieldMap) o).values.equals(values);
  }

  @Override
  public int hashCode() {
    return labels.hashCode() * 31 + values.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (String l : labels) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(l).append('=').append(values.get(l));
    }
    return sb.append('}').toString();
  }

  /** Builds a map field by field; for the body readers. */
  static final class Builder {
    private final List<String> labels = new ArrayList<>();
    private final Map<String, Value> values = new HashMap<>();
    private final Map<String, Span> spans = new HashMap<>();

    /** Adds a field; false (and nothing added) if {@code label} is there already. */
    boolean put(String label, Value value, Span span) {
      if (values.containsKey(label)) {
        return false;
      }
      labels.add(label);
      values.put(label, value);
      spans.put(label, span);
      return true;
    }

    FieldMap build() {
      return new FieldMap(labels, values, spans);
    }
  }
}
