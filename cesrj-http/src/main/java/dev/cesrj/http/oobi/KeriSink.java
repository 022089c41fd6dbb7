package dev.cesrj.http.oobi;

import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.reply.Revery;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import java.net.URI;
import java.util.Objects;

/**
 * The default {@link OobiSink}: replies ({@code rpy}) to a {@link Revery}, every other message
 * to its {@link KelVerifier} (key events, receipts; anything else gets the verifier's own
 * rejection), each with the response's authority as its escrow source; at the end of each
 * response the verifier's escrows and then the revery's are retried, as keripy's {@code
 * Oobiery} does after a body ({@code Kevery.processEscrows}, {@code Revery.processEscrowReply}).
 */
public final class KeriSink implements OobiSink {
  private final KelVerifier kevers;
  private final Revery revery;

  /** A sink over a new {@link KelVerifier} and a {@link Revery} over it. */
  public KeriSink() {
    this(new KelVerifier());
  }

  /**
   * A sink over {@code kevers} and a new {@link Revery} over it.
   *
   * @param kevers the verifier that takes the key events
   */
  public KeriSink(KelVerifier kevers) {
    this(kevers, new Revery(kevers));
  }

  /**
   * A sink over both.
   *
   * @param kevers the verifier that takes the key events
   * @param revery the revery that takes the replies, over {@code kevers}
   */
  public KeriSink(KelVerifier kevers, Revery revery) {
    this.kevers = Objects.requireNonNull(kevers, "kevers");
    this.revery = Objects.requireNonNull(revery, "revery");
  }

  /** {@return the verifier} */
  public KelVerifier kevers() {
    return kevers;
  }

  /** {@return the revery} */
  public Revery revery() {
    return revery;
  }

  @Override
  public void accept(Framed framed, URI source) {
    String from = source.getRawAuthority() == null ? "" : source.getRawAuthority();
    for (Message m : framed.messages()) {
      if (Revery.isReply(m)) {
        revery.accept(m, framed.offsetBase());
      } else {
        kevers.accept(m, from);
      }
    }
  }

  @Override
  public void endOfResponse(URI source) {
    kevers.processEscrows();
    revery.retryEscrows();
  }
}
