package dev.cesrj.http.watcher;

import java.util.Optional;

/**
 * A reply ({@code rpy}) the watcher verified, kept or held ({@link WatcherLimits}).
 *
 * @param said its SAID
 * @param aid its authorizing AID: {@code eid} for a location, {@code cid} for an end role
 *     (keripy {@code Kevery.processReplyLocScheme}, {@code processReplyEndRole}); empty if it
 *     names none (then never served)
 * @param message the message and its attachments, and the sender it came from
 * @param accepted whether its revery accepted it (else it waits in the revery's escrow)
 */
record HeldReply(String said, Optional<String> aid, SourcedMessage message, boolean accepted) {
  /** {@return the bytes it counts against {@link WatcherLimits#maxHeldReplyBytes}} */
  long bytes() {
    return message.raw().length;
  }

  /** {@return this reply, accepted by its revery} */
  HeldReply accept() {
    return new HeldReply(said, aid, message, true);
  }
}
