package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Span;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One edge of an ACDC's expanded edge section: a labelled block naming the far node (ACDC spec,
 * "Edge Section"; keripy {@code src/keri/vdr/verifying.py} {@code Verifier.processCredential}
 * reads {@code n}, {@code s} and {@code o} of each block).
 *
 * @param label the edge's label in the section, e.g. {@code qvi}; for an edge inside an edge
 *     group, the labels from the section down, dot-separated ({@code reports.research})
 * @param group the labels of the edge groups it is in, outermost first (ACDC spec, "Edge
 *     Group": a block without {@code n}); empty for an edge directly in the section
 * @param node {@code n}: the far node's SAID
 * @param schema {@code s}: a schema SAID the far node must satisfy, if written
 * @param said {@code d}: the block's own SAID, if written (non-empty)
 * @param operators {@code o}: the recognized unary operators as written (one text or a list),
 *     in order; empty when {@code o} is absent or names none
 * @param unrecognized {@code o} tokens that name no operator (keripy skips them)
 * @param fields the block's fields
 * @param span the block's whole encoding in the body's bytes
 */
public record Edge(String label, List<String> group, String node, Optional<String> schema, Optional<String> said,
    List<EdgeOperator> operators, List<String> unrecognized, FieldMap fields, Span span) {
  /**
   * Creates the record.
   *
   * @param label see the record description
   * @param group see the record description
   * @param node see the record description
   * @param schema see the record description
   * @param said see the record description
   * @param operators see the record description
   * @param unrecognized see the record description
   * @param fields see the record description
   * @param span see the record description
   * @throws NullPointerException if an argument is null
   */
  public Edge {
    Objects.requireNonNull(label, "label");
    group = List.copyOf(group);
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(said, "said");
    operators = List.copyOf(operators);
    unrecognized = List.copyOf(unrecognized);
    Objects.requireNonNull(fields, "fields");
    Objects.requireNonNull(span, "span");
  }

  /**
   * {@return the delegative operator in force (keripy {@code verifyChain}: the latest of I2I,
   * NI2I, DI2I written), or, when {@code o} names no operator at all, the default: I2I for a far
   * node with an issuee, NI2I for an untargeted one; empty when {@code o} names only E1E or NOT}
   *
   * @param farNodeTargeted whether the far node has an issuee
   */
  public Optional<EdgeOperator> delegative(boolean farNodeTargeted) {
    if (operators.isEmpty()) {
      return Optional.of(farNodeTargeted ? EdgeOperator.I2I : EdgeOperator.NI2I);
    }
    for (int i = operators.size() - 1; i >= 0; i--) {
      if (operators.get(i).delegative()) {
        return Optional.of(operators.get(i));
      }
    }
    return Optional.empty();
  }
}
