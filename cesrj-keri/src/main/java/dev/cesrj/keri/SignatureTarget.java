package dev.cesrj.keri;

/**
 * What a group's signatures sign (keripy {@code eventing.py} {@code Kevery.processEvent},
 * {@code processReceipt}, {@code processReceiptTrans}).
 */
public enum SignatureTarget {
  /** The message's own body bytes. */
  BODY,
  /**
   * The receipted event's body: every signature attached to a receipt ({@code rct}) signs the
   * event its {@code i}, {@code s} and {@code d} name, not the receipt.
   */
  RECEIPTED_EVENT
}
