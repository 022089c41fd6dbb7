package dev.cesrj.keri;

/**
 * Who made the signatures of an attachment group, as the group's code says (keripy
 * {@code src/keri/core/parsing.py} {@code Parser._msgParsator}: the lists {@code sigers},
 * {@code wigers}, {@code cigars}, {@code trqs}/{@code tsgs}, {@code ssgs}; codes per
 * {@code counting.py} for CESR 1.0, 2.0 and the legacy 1.0 table).
 */
public enum SignatureRole {
  /**
   * The controller: ControllerIdxSigs ({@code -A} CESR 1.0 and legacy, {@code -K} 2.0). Indexes
   * into the current keys of the signed event (its own {@code k} for an establishment event, the
   * latest establishment event's for any other), ondexes into the prior next key digests.
   */
  CONTROLLER,
  /**
   * Witnesses: WitnessIdxSigs ({@code -B} 1.0 and legacy, {@code -L} 2.0). Indexes into the
   * witness list of the signed event.
   */
  WITNESS,
  /**
   * Non-transferable signers, each named by its key: NonTransReceiptCouples ({@code -C} 1.0 and
   * legacy, {@code -M} 2.0), couples of a verification key (verfer) and a signature (cigar).
   */
  NON_TRANSFERABLE,
  /**
   * A transferable signer at a given establishment event (prefix, sequence number, SAID), whose
   * keys its indexed signatures index: TransIdxSigGroups ({@code -F} 1.0 and legacy, {@code -X}
   * 2.0), TransReceiptIdxSigGroups ({@code -D} 1.0, {@code -N} 2.0), TransReceiptQuadruples
   * (legacy {@code -D}, one signature per quadruple).
   */
  TRANSFERABLE,
  /**
   * A transferable signer at its latest establishment event (prefix only): TransLastIdxSigGroups
   * ({@code -H} 1.0 and legacy, {@code -Y} 2.0).
   */
  TRANSFERABLE_LAST
}
