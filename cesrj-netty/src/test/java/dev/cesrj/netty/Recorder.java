package dev.cesrj.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

import java.util.ArrayList;
import java.util.List;

/**
 * The last handler of a test pipeline: keeps every {@link CesrFrame} it receives (unreleased,
 * so that tests can read them after later reads) and every exception fired; anything else it
 * receives is released and recorded as unexpected.
 */
final class Recorder extends ChannelInboundHandlerAdapter {
    final List<CesrFrame> frames = new ArrayList<>();
    final List<Throwable> errors = new ArrayList<>();
    final List<String> unexpected = new ArrayList<>();
    /** Events in order: "frame" or the exception's simple class name. */
    final List<String> events = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof CesrFrame) {
            frames.add((CesrFrame) msg);
            events.add("frame");
        } else {
            unexpected.add(String.valueOf(msg));
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        errors.add(cause);
        events.add(cause.getClass().getSimpleName());
    }

    /** Releases every frame kept (a test that releases one itself sets its entry to null). */
    void releaseAll() {
        for (CesrFrame f : frames) {
            if (f != null) {
                f.release();
            }
        }
        frames.clear();
    }
}
