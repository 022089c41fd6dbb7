package dev.cesrj.http.watcher;

/**
 * Where a KERI message is POSTed to a watcher, as to a keripy witness (keripy {@code
 * src/keri/app/indirecting.py} {@code setupWitness}: {@code HttpEnd} on {@code /}, {@code
 * ReceiptEnd} on {@code /receipts}).
 */
public enum PostTarget {
  /**
   * {@code POST /}: any message ({@code HttpEnd.on_post}); keripy answers 204 for events,
   * replies and exchanges, 200 for a receipt, server-sent events for a mailbox query.
   */
  EVENTS("/"),
  /**
   * {@code POST /receipts}: a key event whose witness receipt the sender wants back ({@code
   * ReceiptEnd.on_post}); keripy's witness answers 200 with its receipt, 202 if it does not know
   * the event's AID yet, 400 for a message that is not a key event.
   */
  RECEIPTS("/receipts");

  private final String path;

  PostTarget(String path) {
    this.path = path;
  }

  /** {@return the request path} */
  public String path() {
    return path;
  }
}
