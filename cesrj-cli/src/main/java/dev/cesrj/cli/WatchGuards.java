package dev.cesrj.cli;

import dev.cesrj.http.watcher.WatcherLimits;
import dev.cesrj.http.watcher.WatcherServer;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.netty.CesrServerInitializer;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The guards and limits {@code cesrj watch} sets from its options: the server's ({@link
 * WatcherServer.Builder}, through cesrj-netty's {@link CesrServerInitializer.Builder}) and the
 * watcher's ({@link WatcherLimits}, given to {@code Watcher.open}). Each not given is the
 * library's default, but the memory budget ({@link WatchBudget}).
 *
 * @param budget {@code --budget}: the memory budget in bytes, if given
 * @param maxConnections {@code --max-connections}: the most connections open at once
 * @param maxBody {@code --max-body}: the largest request body in bytes (413 beyond), the
 *     initializer's {@code maxFrameBytes}
 * @param maxHeader {@code --max-header}: the largest header section in bytes (431 beyond)
 * @param requestTimeout {@code --request-timeout}: a request's deadline from its first byte to its
 *     last (408 beyond), the initializer's {@code frameTimeout}; {@link Duration#ZERO} for none
 * @param idleTimeout {@code --idle-timeout}: how long a connection may send nothing before it is
 *     closed; {@link Duration#ZERO} for never
 * @param limits {@code --escrow-messages}, {@code --escrow-bytes}, {@code --max-held-replies},
 *     {@code --max-held-reply-bytes}: what the watcher holds in memory for messages that wait
 */
record WatchGuards(OptionalLong budget, int maxConnections, long maxBody, int maxHeader,
    Duration requestTimeout, Duration idleTimeout, WatcherLimits limits) {

  /** The library's defaults, the budget left to {@link WatchBudget#byDefault(long)}. */
  static final WatchGuards DEFAULT = new WatchGuards(OptionalLong.empty(),
      CesrServerInitializer.DEFAULT_MAX_CONNECTIONS, CesrServerInitializer.DEFAULT_MAX_FRAME_BYTES,
      WatcherServer.DEFAULT_MAX_HEADER_BYTES, CesrServerInitializer.DEFAULT_FRAME_TIMEOUT,
      CesrServerInitializer.DEFAULT_IDLE_TIMEOUT, WatcherLimits.DEFAULT);

  /**
   * {@return the escrow bounds of {@code --escrow-messages} and {@code --escrow-bytes}}: {@link
   * EscrowLimits#DEFAULT} if neither is given; else the bounds in all given (the other as the
   * default's), per source as in all (as the default), and per prefix the default's (16,384
   * messages, 64 MiB) or the bound in all if smaller, so that one prefix still cannot fill the
   * escrows alone. This is cesrj's choice: {@link EscrowLimits#EscrowLimits(int, long)} would let
   * one prefix take all.
   *
   * @param messages {@code --escrow-messages}, if given
   * @param bytes {@code --escrow-bytes}, if given
   */
  static EscrowLimits escrow(OptionalInt messages, OptionalLong bytes) {
    EscrowLimits d = EscrowLimits.DEFAULT;
    if (messages.isEmpty() && bytes.isEmpty()) {
      return d;
    }
    int m = messages.orElse(d.maxMessages());
    long b = bytes.orElse(d.maxBytes());
    return new EscrowLimits(m, b, Math.min(m, d.maxMessagesPerPrefix()),
        Math.min(b, d.maxBytesPerPrefix()), m, b);
  }

  /**
   * Sets these guards, with the memory budget {@code budget}, on the server's builder.
   *
   * @param server the builder
   * @param budget the memory budget chosen ({@link WatchBudget#of})
   * @return {@code server}
   */
  WatcherServer.Builder applyTo(WatcherServer.Builder server, WatchBudget budget) {
    return server.maxHeaderBytes(maxHeader).guards(g -> g.memoryBudgetBytes(budget.bytes())
        .maxConnections(maxConnections).maxFrameBytes(maxBody).frameTimeout(requestTimeout)
        .idleTimeout(idleTimeout));
  }
}
