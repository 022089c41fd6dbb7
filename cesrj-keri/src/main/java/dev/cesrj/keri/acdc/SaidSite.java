package dev.cesrj.keri.acdc;

/** Which SAID of a credential a check is about (its path in {@link SaidCheck#path()}). */
public enum SaidSite {
  /** The credential's {@code d}. */
  CREDENTIAL,
  /** An expanded schema's {@code $id} ({@code s.$id}). */
  SCHEMA,
  /** The attribute section's {@code d} ({@code a.d}). */
  ATTRIBUTES,
  /** The edge section's {@code d} ({@code e.d}). */
  EDGES,
  /** An edge block's {@code d} ({@code e.LABEL.d}). */
  EDGE,
  /** The rule section's {@code d} ({@code r.d}). */
  RULES
}
