package dev.cesrj.keri.tel;

import dev.cesrj.CesrException;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A stream fed as keripy's harness for set A does: KEL messages to a {@link KelVerifier}, TEL
 * messages to a {@link Tevery} over it, credentials skipped, in stream order; then both escrows
 * retried until nothing changes. The TEL verdicts at intake are kept by stream message index.
 */
final class TelFeed {
  final KelVerifier kel = new KelVerifier();
  final Tevery tevery;
  /** The TEL verdicts at intake, by the message's index in the stream. */
  final Map<Integer, TelVerdict> intake = new TreeMap<>();
  /** The Tevery verdict index of each TEL message, by stream index. */
  final Map<Integer, Integer> telIndex = new TreeMap<>();
  private int next;

  TelFeed() {
    this(EscrowLimits.DEFAULT);
  }

  TelFeed(EscrowLimits limits) {
    tevery = new Tevery(KelAnchors.of(kel), limits);
  }

  void accept(Message m, long offsetBase) {
    int i = next++;
    KeriEvent ev;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException e) {
      return; // neither a KEL nor a TEL message this layer reads
    }
    if (ev instanceof KeyEvent || ev instanceof ReceiptEvent) {
      kel.accept(m);
    } else if (ev instanceof TelEvent) {
      TelVerdict v = tevery.accept(m, offsetBase);
      telIndex.put(i, v.index());
      intake.put(i, v);
    }
  }

  /** keripy's harness: Kevery and Tevery {@code processEscrows()} until nothing changes. */
  TelFeed finish() {
    boolean changed = true;
    while (changed) {
      changed = !kel.retryEscrows().isEmpty();
      changed |= !tevery.processEscrows().isEmpty();
    }
    return this;
  }

  /** {@return the final TEL verdict of the stream's message {@code i}} */
  TelVerdict last(int i) {
    return tevery.verdicts().get(telIndex.get(i));
  }

  static TelFeed whole(byte[] stream) {
    TelFeed f = new TelFeed();
    try (Messages ms = Messages.copyOf(stream)) {
      for (Message m : ms) {
        f.accept(m, 0);
      }
    }
    return f.finish();
  }

  /** Through the push parser in chunks of {@code chunk} bytes. */
  static TelFeed chunked(byte[] stream, int chunk) {
    TelFeed f = new TelFeed();
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i < stream.length + chunk; i += chunk) {
        try (Framed fr = i < stream.length
            ? parser.feed(stream, i, Math.min(chunk, stream.length - i)) : parser.endOfInput()) {
          for (Message m : fr.messages()) {
            f.accept(m, fr.offsetBase());
          }
          if (fr.failed()) {
            break;
          }
        }
      }
    }
    return f.finish();
  }

  static byte[] resource(String path) {
    try (InputStream in = TelFeed.class.getResourceAsStream("/acdc/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource acdc/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
