package dev.cesrj.stream;

import dev.cesrj.testing.ErrorShape;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.primitive.IndexedSignature;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;

/**
 * Parses a stream whole ({@link Messages}) or pushed through a {@link CesrStreamParser} in chunks,
 * and writes down everything each produced while its views were valid: every message's
 * {@link Projection} (offset as a stream offset, length, version, genus-version code, envelope,
 * groups with their items) plus its body bytes and signatures, and the error (type, offset and,
 * for a truncation, the bytes needed).
 */
final class StreamingRuns {
    private StreamingRuns() {
    }

    /** What one parse produced. */
    record Outcome(List<ObjectNode> messages, String error, long attempts) {
        /** Same messages and error (attempts not compared). */
        boolean sameAs(Outcome o) {
            return messages.equals(o.messages) && java.util.Objects.equals(error, o.error);
        }

        @Override
        public String toString() {
            return messages.size() + " messages, error " + error;
        }
    }

    /** How a stream is cut into chunks. */
    interface Chunker {
        int next(int remaining);

        static Chunker whole() {
            return remaining -> remaining;
        }

        static Chunker fixed(int n) {
            return remaining -> n;
        }

        /** Sizes from 1 to {@code max}, from a seeded generator. */
        static Chunker random(SplittableRandom random, int max) {
            return remaining -> random.nextInt(1, max + 1);
        }

        static Chunker of(IntSupplier sizes) {
            return remaining -> sizes.getAsInt();
        }
    }

    /** A message as the tests compare it; {@code base} is the result's offset base. */
    static ObjectNode project(Message m, long base) {
        ObjectNode o = Projection.message(m, true);
        o.put("offset", base + m.offset());
        o.put("body", ByteBufUtil.hexDump(m.body()));
        o.put("table", m.table().name());
        List<String> sigs = new ArrayList<>();
        for (IndexedSignature s : m.signatures()) {
            sigs.add(s.qb64Text());
        }
        o.put("signatures", String.join(",", sigs));
        return o;
    }

    static String describe(CesrException e, long base) {
        String s = ErrorShape.of(e) + "@" + (base + e.offset());
        if (e instanceof TruncatedException) {
            s += " needed " + ((TruncatedException) e).needed();
        }
        return s;
    }

    /** The whole-buffer parse: {@link Messages#copyOf(byte[], CesrOptions)}. */
    static Outcome whole(byte[] stream, CesrOptions options) {
        List<ObjectNode> out = new ArrayList<>();
        String error = null;
        try (Messages messages = Messages.copyOf(stream, options)) {
            while (true) {
                try {
                    if (!messages.hasNext()) {
                        break;
                    }
                    out.add(project(messages.next(), 0));
                } catch (CesrException e) {
                    error = describe(e, 0);
                    break;
                }
            }
        }
        return new Outcome(out, error, 0);
    }

    /**
     * Pushes {@code stream} through a new parser in the chunks {@code chunker} gives, as
     * {@code byte[]} ranges or (if {@code byteBufs}) as pooled buffers the parser takes over,
     * then ends the input. Stops at the first error. Checks on the way that every result is
     * consistent (needed 0 exactly when nothing is buffered or the parser failed).
     */
    static Outcome streamed(byte[] stream, CesrOptions options, Chunker chunker, boolean byteBufs) {
        List<ObjectNode> out = new ArrayList<>();
        try (CesrStreamParser parser = new CesrStreamParser(options)) {
            int i = 0;
            while (i < stream.length) {
                int n = Math.max(1, Math.min(chunker.next(stream.length - i), stream.length - i));
                Framed f;
                if (byteBufs) {
                    ByteBuf chunk = (i & 1) == 0
                            ? PooledByteBufAllocator.DEFAULT.heapBuffer(n)
                            : PooledByteBufAllocator.DEFAULT.directBuffer(n);
                    f = parser.feed(chunk.writeBytes(stream, i, n));
                } else {
                    f = parser.feed(stream, i, n);
                }
                i += n;
                String error = collect(f, out);
                if (error != null) {
                    return new Outcome(out, error, parser.attempts());
                }
            }
            Framed last = parser.endOfInput();
            String error = collect(last, out);
            if (error == null && last.buffered() != 0) {
                throw new AssertionError("bytes left after endOfInput without an error: " + last);
            }
            return new Outcome(out, error, parser.attempts());
        }
    }

    private static String collect(Framed f, List<ObjectNode> out) {
        for (Message m : f.messages()) {
            try {
                out.add(project(m, f.offsetBase()));
            } catch (CesrException e) {
                // a value character checked only when a view decodes it (Matter.raw()), as in whole()
                return describe(e, f.offsetBase());
            }
        }
        if (f.failed() != (f.needed() == 0 && f.buffered() > 0)) {
            throw new AssertionError("inconsistent result: " + f);
        }
        return f.error().map(e -> describe(e, f.offsetBase())).orElse(null);
    }
}
