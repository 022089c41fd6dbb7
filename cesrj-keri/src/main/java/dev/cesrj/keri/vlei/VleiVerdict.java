package dev.cesrj.keri.vlei;

import dev.cesrj.keri.credential.Missing;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The vLEI policy's verdict on one credential: valid, or the rule that failed (or that could not
 * be checked for something missing), on which edge and at which credential up the chain.
 *
 * @param said the credential's SAID
 * @param schema which vLEI credential it is, if its schema is a vLEI schema
 * @param status valid, invalid or incomplete
 * @param rule the rule that failed ({@link VleiRule#NONE} when valid)
 * @param edges the edge labels followed from this credential, in order: to the credential where
 *     the rule failed, then, for a rule {@link VleiRule#onEdge() on an edge}, that edge (e.g.
 *     {@code [auth, le]} with {@link VleiRule#REVOKED}: the Legal Entity credential of this OOR's
 *     authorization is revoked; {@code [auth, le]} with {@link VleiRule#EDGE_ISSUER}: the
 *     authorization's {@code le} edge fails I2I); empty when a rule of this credential's own
 *     failed, or none
 * @param at the SAID of the credential where the rule failed (for a rule on an edge, the one
 *     holding the edge)
 * @param missing what is missing, when {@link VleiStatus#INCOMPLETE}
 * @param detail a human-readable detail (empty text when valid)
 */
public record VleiVerdict(String said, Optional<VleiSchema> schema, VleiStatus status,
    VleiRule rule, List<String> edges, String at, List<Missing> missing, String detail) {
  /**
   * Checks the fields.
   *
   * @param said see the record description
   * @param schema see the record description
   * @param status see the record description
   * @param rule see the record description
   * @param edges see the record description
   * @param at see the record description
   * @param missing see the record description
   * @param detail see the record description
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code rule} is {@link VleiRule#NONE} but the status is
   *     not {@link VleiStatus#VALID}, or the other way round
   */
  public VleiVerdict {
    Objects.requireNonNull(said, "said");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(rule, "rule");
    edges = List.copyOf(edges);
    Objects.requireNonNull(at, "at");
    missing = List.copyOf(missing);
    Objects.requireNonNull(detail, "detail");
    if ((rule == VleiRule.NONE) != (status == VleiStatus.VALID)) {
      throw new IllegalArgumentException("rule " + rule + " with status " + status);
    }
  }

  /** {@return the edge path where the rule failed, dot-separated ({@code auth.le}), or empty text} */
  public String edgePath() {
    return String.join(".", edges);
  }
}
