package dev.cesrj.batch;

import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Batch inputs made of the corpus streams (every stream of MANIFEST.json, text and binary, in
 * its order) and broken variants of them, in a fixed interleaved order: every third text stream
 * cut at two thirds of its length (truncated), every fourth with a byte that is not Base64 or
 * JSON ({@code #}) written at its middle, and an empty input.
 */
final class BatchInputs {
    private BatchInputs() {
    }

    /** Whole corpus streams (messages; the attachment-only ones fail as messages) and breakages. */
    static List<byte[]> messageStreams() {
        return withBreakages(Corpus.streams());
    }

    /** Attachment-only corpus streams, the message streams (which fail as groups) and breakages. */
    static List<byte[]> attachmentStreams() {
        List<String> names = new ArrayList<>();
        for (String f : Corpus.streams()) {
            if ("only".equals(Corpus.manifestEntry(f).get("attachments").asText())) {
                names.add(f);
            }
        }
        names.add("sigs_v1_K16_S2.qb64");
        names.add("sigs_v2_K16_S2.qb64");
        List<String> some = Corpus.streams("domain", "qb64").subList(0, 6);
        names.addAll(some);
        return withBreakages(names);
    }

    private static List<byte[]> withBreakages(List<String> names) {
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        int k = 0;
        for (String f : names) {
            byte[] b = Corpus.bytes(f);
            out.add(b);
            k++;
            if (k % 3 == 0) {
                out.add(Arrays.copyOf(b, b.length * 2 / 3));
            }
            // a '#' in the middle of qb2 bytes may still frame: corrupt text streams only
            if (k % 4 == 0 && !f.contains(".qb2")) {
                byte[] c = b.clone();
                c[c.length / 2] = '#';
                out.add(c);
            }
        }
        return out;
    }

    /** Each input in a new pooled direct buffer (tracked by the leak detector): release them. */
    static List<ByteBuf> pooled(List<byte[]> inputs) {
        List<ByteBuf> out = new ArrayList<>();
        for (byte[] b : inputs) {
            ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(Math.max(1, b.length));
            out.add(buf.writeBytes(b));
        }
        return out;
    }

    static void release(List<ByteBuf> buffers) {
        buffers.forEach(ByteBuf::release);
    }
}
