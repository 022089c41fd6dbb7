package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * {@link Framed#retainedSlice(int)}: each message's bytes as a slice the caller owns, keeping the
 * message's views valid after the parser's next calls and its close, whether the message was
 * framed in a fed buffer or in the cumulation.
 */
class FramedRetainedSliceTest {

    @Test
    void eachMessagesSliceHoldsItsBytesAndKeepsItsViewsAfterTheParserMovesOn() {
        byte[] stream = Corpus.bytes("kel_witnessed.v2.grouped.txt.cesr");
        List<ByteBuf> slices = new ArrayList<>();
        List<Message> messages = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        try {
            try (CesrStreamParser parser = new CesrStreamParser()) {
                for (int i = 0; i < stream.length; i += 700) {
                    int n = Math.min(700, stream.length - i);
                    // alternate: a fed buffer framed in place, and copies into the cumulation
                    Framed f = (i / 700) % 2 == 0
                            ? parser.feed(PooledByteBufAllocator.DEFAULT.directBuffer(n).writeBytes(stream, i, n))
                            : parser.feed(stream, i, n);
                    for (int k = 0; k < f.messages().size(); k++) {
                        Message m = f.messages().get(k);
                        slices.add(f.retainedSlice(k));
                        messages.add(m);
                        bodies.add(ByteBufUtil.hexDump(m.body()));
                        offsets.add(f.offsetBase() + m.offset());
                    }
                    assertThrows(IndexOutOfBoundsException.class, () -> f.retainedSlice(f.messages().size()));
                }
                Framed last = parser.endOfInput();
                assertEquals(0, last.messages().size());
            }
            assertEquals(16, slices.size());
            for (int k = 0; k < slices.size(); k++) {
                ByteBuf s = slices.get(k);
                Message m = messages.get(k);
                int at = (int) (long) offsets.get(k);
                assertTrue(s.refCnt() >= 1);
                assertArrayEquals(Arrays.copyOfRange(stream, at, at + m.length()), ByteBufUtil.getBytes(s));
                // the views still read the same bytes after the parser's later calls and close
                assertEquals(bodies.get(k), ByteBufUtil.hexDump(m.body()));
            }
            // each slice holds exactly one reference on its buffer, and nothing else holds any
            Set<ByteBuf> roots = Collections.newSetFromMap(new IdentityHashMap<>());
            for (ByteBuf s : slices) {
                ByteBuf root = s;
                while (root.unwrap() != null) {
                    root = root.unwrap();
                }
                roots.add(root);
            }
            int holders = 0;
            for (ByteBuf root : roots) {
                holders += root.refCnt();
            }
            assertEquals(16, holders);
            List<ByteBuf> held = new ArrayList<>(slices);
            slices.clear();
            held.forEach(ByteBuf::release);
            for (ByteBuf root : roots) {
                assertEquals(0, root.refCnt());
            }
        } finally {
            slices.forEach(ByteBuf::release);
        }
    }

    /** releaseViews() lets go of a fed buffer framed in place at once, and ends the result's views. */
    @Test
    void releaseViewsLetsGoOfTheFedBufferAtOnce() {
        byte[] stream = Corpus.bytes("kel_witnessed.v2.grouped.txt.cesr");
        ByteBuf fed = PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length).writeBytes(stream);
        CesrStreamParser parser = new CesrStreamParser();
        try {
            Framed f = parser.feed(fed);
            assertEquals(16, f.messages().size());
            assertEquals(1, fed.refCnt(), "framed in place: held until the next call");
            parser.releaseViews();
            assertEquals(0, fed.refCnt());
            assertThrows(IllegalStateException.class, () -> f.retainedSlice(0));
            assertEquals(0, parser.endOfInput().messages().size());
        } finally {
            parser.close();
        }
        assertThrows(IllegalStateException.class, parser::releaseViews);
    }

    @Test
    void aSliceIsRefusedAfterTheParsersNextCall() {
        byte[] stream = Corpus.bytes("kel_witnessed.v2.grouped.txt.cesr");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            assertEquals(16, f.messages().size());
            parser.endOfInput();
            assertThrows(IllegalStateException.class, () -> f.retainedSlice(0));
        }
    }

    /** buffer() and bufferIndex(i): the buffer the messages view, and where each message's bytes start in it. */
    @Test
    void theBufferAndIndexOfEachMessageGiveItsBytesInBothKindsOfFeed() {
        byte[] stream = Corpus.bytes("kel_witnessed.v1.bare.txt.cesr");
        int seen = 0;
        try (CesrStreamParser parser = new CesrStreamParser()) {
            for (int i = 0; i < stream.length + 1000; i += 1000) {
                int n = Math.min(1000, stream.length - i);
                Framed f = i >= stream.length ? parser.endOfInput()
                        : (i / 1000) % 2 == 0
                                ? parser.feed(PooledByteBufAllocator.DEFAULT.heapBuffer(n).writeBytes(stream, i, n))
                                : parser.feed(stream, i, n);
                if (f.messages().isEmpty()) {
                    assertEquals(null, f.buffer());
                    continue;
                }
                ByteBuf b = f.buffer();
                for (int k = 0; k < f.messages().size(); k++) {
                    Message m = f.messages().get(k);
                    int at = (int) (f.offsetBase() + m.offset());
                    assertArrayEquals(Arrays.copyOfRange(stream, at, at + m.length()),
                            ByteBufUtil.getBytes(b, f.bufferIndex(k), m.length()));
                    assertEquals(m.body().getByte(0), b.getByte(f.bufferIndex(k)), "the body is a view of the same bytes");
                    seen++;
                }
                int size = f.messages().size();
                assertThrows(IndexOutOfBoundsException.class, () -> f.bufferIndex(size));
                if (i < stream.length) {
                    parser.feed(new byte[0]);
                    assertThrows(IllegalStateException.class, f::buffer);
                }
            }
        }
        assertEquals(16, seen);
    }
}
