package dev.cesrj.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.alloc.CountingAllocator;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.IllegalReferenceCountException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Who owns which buffer after a batch call (every test here also runs under the paranoid leak
 * check): a {@code byte[]} batch owns one copy per input and releases them all on close; a {@code
 * ByteBuf} batch copies, retains and releases nothing, and moves no index of the caller's buffers.
 */
class BatchOwnershipTest {
    private static final byte[] KEL = Corpus.bytes("kel_witnessed.v1.bare.txt.cesr");
    private static final byte[] ATC = Corpus.bytes("atc_sigs_K9_S4.v1.txt.cesr");

    private static BatchParser parser(CesrOptions options) {
        return BatchParser.builder().threads(4).processors(() -> 8).options(options).build();
    }

    /** One copy per input, all alive until close, all released by it; views then worthless. */
    @Test
    void copiesAreOwnedByTheBatchAndReleasedOnClose() {
        CountingAllocator allocator = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
        List<byte[]> inputs = List.of(KEL, KEL, Arrays.copyOf(KEL, 1000), KEL, new byte[0]);
        Batch<Message> batch = parser(CesrOptions.builder().allocator(allocator).build()).messages(inputs);
        List<ByteBuf> copies = allocator.allocated();
        assertEquals(inputs.size(), copies.size(), "one copy per input");
        copies.forEach(b -> assertEquals(1, b.refCnt()));
        Message first = batch.get(0).items().get(0);
        assertEquals('{', first.body().getByte(0));
        batch.close();
        // the empty input's copy is Netty's shared empty buffer, whose count never drops
        copies.forEach(b -> assertEquals(b.capacity() == 0 ? 1 : 0, b.refCnt()));
        assertThrows(IllegalReferenceCountException.class, () -> first.body().getByte(0));
        batch.close(); // idempotent
    }

    /** A retained slice keeps its bytes alive after close, as for {@code Messages}. */
    @Test
    void aRetainedSliceOutlivesTheBatch() {
        ByteBuf kept;
        String want;
        try (Batch<Group> batch = parser(CesrOptions.DEFAULT).groups(List.of(ATC, ATC))) {
            Group g = batch.get(1).items().get(0);
            want = g.qb64Text();
            kept = g.qb64().retainedSlice();
        }
        try {
            assertEquals(want, kept.toString(java.nio.charset.StandardCharsets.US_ASCII));
        } finally {
            kept.release();
        }
    }

    /** ByteBuf inputs: no copy, reference counts and indexes of the caller's buffers unchanged. */
    @Test
    void buffersStayTheCallersAndUntouched() {
        CountingAllocator allocator = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(3 + KEL.length);
        try {
            buf.writeBytes(new byte[] {'#', '#', '#'}).writeBytes(KEL).readerIndex(3);
            List<ByteBuf> inputs = List.of(buf, buf, buf); // the same buffer three times
            try (Batch<Message> batch = parser(CesrOptions.builder().allocator(allocator).build()).messagesOver(inputs)) {
                assertEquals(List.of(), allocator.allocated(), "nothing copied");
                for (BatchResult<Message> r : batch) {
                    assertTrue(r.ok());
                    assertEquals(KEL.length, r.consumed());
                }
                assertEquals(3, buf.readerIndex());
                assertEquals(3 + KEL.length, buf.writerIndex());
                assertEquals(1, buf.refCnt());
                Message m = batch.get(2).items().get(0);
                buf.setByte(3, 'X');
                assertEquals('X', m.body().getByte(0), "a view of the caller's buffer");
            }
            assertEquals(1, buf.refCnt(), "close releases nothing of the caller's");
        } finally {
            buf.release();
        }
    }

    /** The throwing convenience: the first failing input in input order, as a serial loop stops. */
    @Test
    void requireOkReportsTheFirstFailingInputAndReleasesEverything() {
        CountingAllocator allocator = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
        byte[] cut = Arrays.copyOf(KEL, KEL.length - 10);
        byte[] bad = KEL.clone();
        bad[0] = '#';
        List<byte[]> inputs = List.of(KEL, KEL, cut, KEL, bad, cut);
        BatchParser p = parser(CesrOptions.builder().allocator(allocator).build());
        BatchException e = assertThrows(BatchException.class, () -> p.messages(inputs).requireOk());
        assertEquals(2, e.input());
        TruncatedException serial = firstSerialError(inputs);
        assertEquals(serial.getClass(), e.getCause().getClass());
        assertEquals(serial.kind(), ((dev.cesrj.CesrException) e.getCause()).kind());
        assertEquals(serial.getMessage(), e.getCause().getMessage());
        assertEquals(serial.offset(), e.offset());
        assertEquals(serial.code(), e.code());
        assertEquals(serial.expected(), e.expected());
        assertTrue(e.getMessage().contains("input 2 of 6 failed: TruncatedException"), e.getMessage());
        allocator.allocated().forEach(b -> assertEquals(0, b.refCnt(), "released before throwing"));

        try (Batch<Message> all = p.messages(List.of(KEL, KEL))) {
            assertSame(all, all.requireOk());
        }
    }

    /** A serial loop over the inputs: the exception it stops with. */
    private static TruncatedException firstSerialError(List<byte[]> inputs) {
        for (byte[] input : inputs) {
            try (Messages messages = Messages.copyOf(input)) {
                List<Message> all = new ArrayList<>();
                messages.forEachRemaining(all::add);
            } catch (TruncatedException e) {
                return e;
            }
        }
        throw new AssertionError("no input failed");
    }

    @Test
    void nullInputsAreRefusedBeforeAnyWork() {
        CountingAllocator allocator = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
        BatchParser p = parser(CesrOptions.builder().allocator(allocator).build());
        List<byte[]> inputs = new ArrayList<>(List.of(KEL, KEL));
        inputs.add(null);
        assertEquals("inputs[2]", assertThrows(NullPointerException.class, () -> p.messages(inputs)).getMessage());
        assertThrows(NullPointerException.class, () -> p.groups(null));
        assertEquals(List.of(), allocator.allocated(), "nothing copied");
    }
}
