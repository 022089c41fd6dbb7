package dev.cesrj.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;

import io.netty.buffer.ByteBuf;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The batch parser gives, for every input of the corpus (text streams, binary streams that fail
 * today, truncated and corrupted variants, an empty input), in input order, exactly what a serial
 * loop gives: the same messages or groups element by element, the same bytes consumed, and the
 * same typed error (class, offset, code, needed bytes, message); at 1, 2, 4 and 8 workers that
 * really run (the processor count is set to 8 here), over copies and over pooled buffers.
 */
class BatchParserCorpusTest {
    private static List<byte[]> messageInputs;
    private static List<byte[]> attachmentInputs;
    private static List<Serial> serialMessages;
    private static List<Serial> serialGroups;

    @BeforeAll
    static void serialParse() {
        messageInputs = BatchInputs.messageStreams();
        attachmentInputs = BatchInputs.attachmentStreams();
        serialMessages = new ArrayList<>();
        messageInputs.forEach(b -> serialMessages.add(Serial.messages(b)));
        serialGroups = new ArrayList<>();
        attachmentInputs.forEach(b -> serialGroups.add(Serial.groups(b)));
    }

    /** The inputs hold both kinds of outcome, many of each, so that order and errors are tested. */
    @Test
    void inputsMixGoodAndBrokenStreams() {
        long okMessages = serialMessages.stream().filter(Serial::ok).count();
        long okGroups = serialGroups.stream().filter(Serial::ok).count();
        assertTrue(okMessages >= 45 && serialMessages.size() - okMessages >= 20,
                okMessages + " of " + serialMessages.size());
        assertTrue(okGroups >= 10 && serialGroups.size() - okGroups >= 6, okGroups + " of " + serialGroups.size());
    }

    private static BatchParser parser(int workers) {
        return BatchParser.builder().threads(workers).processors(() -> 8).build();
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 4, 8})
    void messagesEqualTheSerialParse(int workers) {
        try (Batch<Message> batch = parser(workers).messages(messageInputs)) {
            assertEquals(workers, batch.workers());
            assertSame(serialMessages, batch, Serial::ofMessages);
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 4, 8})
    void messagesOverBuffersEqualTheSerialParse(int workers) {
        List<ByteBuf> buffers = BatchInputs.pooled(messageInputs);
        try {
            Batch<Message> batch = parser(workers).messagesOver(buffers);
            assertEquals(workers, batch.workers());
            assertSame(serialMessages, batch, Serial::ofMessages);
            batch.close();
        } finally {
            BatchInputs.release(buffers);
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 4, 8})
    void groupsEqualTheSerialParse(int workers) {
        try (Batch<Group> batch = parser(workers).groups(attachmentInputs)) {
            assertEquals(workers, batch.workers());
            assertSame(serialGroups, batch, Serial::ofGroups);
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 4, 8})
    void groupsOverBuffersEqualTheSerialParse(int workers) {
        List<ByteBuf> buffers = BatchInputs.pooled(attachmentInputs);
        try {
            Batch<Group> batch = parser(workers).groupsOver(buffers);
            assertSame(serialGroups, batch, Serial::ofGroups);
        } finally {
            BatchInputs.release(buffers);
        }
    }

    /** The default parser on this machine's processors (clamped) gives the serial parse too. */
    @Test
    void defaultParserEqualsTheSerialParse() {
        try (Batch<Message> batch = BatchParser.DEFAULT.messages(messageInputs)) {
            assertEquals(BatchParser.DEFAULT.workers(messageInputs.size()), batch.workers());
            assertSame(serialMessages, batch, Serial::ofMessages);
        }
    }

    private static <T> void assertSame(List<Serial> serial, Batch<T> batch, Function<BatchResult<T>, Serial> project) {
        assertEquals(serial.size(), batch.size(), "one result per input");
        int firstFailure = -1;
        for (int i = 0; i < serial.size(); i++) {
            BatchResult<T> r = batch.get(i);
            assertEquals(i, r.input(), "input order");
            assertEquals(serial.get(i), project.apply(r), "input " + i);
            assertEquals(serial.get(i).ok(), r.ok(), "input " + i + " ok");
            if (firstFailure < 0 && !r.ok()) {
                firstFailure = i;
            }
        }
        assertEquals(firstFailure, batch.firstFailure().map(BatchResult::input).orElse(-1));
        assertEquals(firstFailure < 0, batch.allOk());
    }
}
