package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.group.Group;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBufUtil;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A NonNativeBodyGroup ({@code -W} in CESR 1.0, {@code -H} in 2.0) not enclosed in an envelope
 * starts a message (keripy {@code msgParsator} reads it at the top of a
 * stream, and inside an envelope or AttachmentGroup as a nested message). Its attachments follow
 * it up to the next message. Before the fix cesrj refused it at the top with a
 * ColdStartException ("NonNativeBodyGroup where a message must start") and nested with an
 * UnsupportedException.
 *
 * <p>The inputs are corpus streams with their envelope counters taken out; what is expected is
 * keripy's record of the enveloped form without the envelope.
 */
class NonNativeBodyMessageTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nested_kel.v1.nested.txt.cesr", "nested_kel.v2.nested.txt.cesr"})
    void topLevelBodyGroupMessagesFrameAsTheirEnvelopedForms(String file) {
        byte[] stream = Corpus.bytes(file);
        JsonNode records = Corpus.expected(file);
        ByteArrayOutputStream stripped = new ByteArrayOutputStream();
        ObjectNode[] want = new ObjectNode[records.size()];
        int removed = 0;
        for (int i = 0; i < records.size(); i++) {
            JsonNode record = records.get(i);
            ObjectNode w = ExpectedJson.comparable(record);
            int offset = record.get("offset").asInt();
            int length = record.get("length").asInt();
            int gvc = record.has("gvc") ? record.get("gvc").get("bytes").asInt() : 0;
            JsonNode envelope = w.remove("envelope");
            int envelopeBytes = envelope.get("bytes").asInt();
            assertEquals(envelope.get("qb64").asText(),
                    new String(stream, offset + gvc, envelopeBytes, StandardCharsets.US_ASCII));
            stripped.write(stream, offset, gvc);
            stripped.write(stream, offset + gvc + envelopeBytes, length - gvc - envelopeBytes);
            w.put("offset", offset - removed);
            w.put("length", length - envelopeBytes);
            shallower(w);
            removed += envelopeBytes;
            want[i] = w;
        }
        byte[] input = stripped.toByteArray();
        assertEquals(stream.length - removed, input.length);
        try (Messages messages = Messages.copyOf(input)) {
            for (int i = 0; i < want.length; i++) {
                Message m = messages.next();
                assertTrue(m.envelope().isEmpty());
                ObjectNode got = Projection.message(m, true);
                if (!want[i].has("bodyTexter")) { // keripy did not record it for this message
                    assertTrue(ExpectedJson.envelopeRecordedAsGroup(records.get(i)));
                    got.remove("bodyTexter");
                }
                JsonAssert.assertSame(want[i], got, file + " without envelopes [" + i + "]");
            }
            assertFalse(messages.hasNext());
        }
    }

    /** exchange message 11 nests two messages in its AttachmentGroup; the first loses its envelope. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"exchange.v1.grouped.txt.cesr", "exchange.v2.grouped.txt.cesr"})
    void nestedBodyGroupMessageInsideAnAttachmentGroup(String file) {
        JsonNode record = Corpus.expected(file).get(11);
        int offset = record.get("offset").asInt();
        int length = record.get("length").asInt();
        byte[] message = Arrays.copyOfRange(Corpus.bytes(file), offset, offset + length);
        int nestedAt;
        try (Messages messages = Messages.copyOf(message)) {
            nestedAt = (int) messages.next().nested().get(0).offset();
        }
        ObjectNode want = ExpectedJson.comparable(record);
        ArrayNode groups = (ArrayNode) want.get("groups");
        ObjectNode wrapper = (ObjectNode) groups.get(0);
        JsonNode nestRecord = want.get("nests").get(0);
        ObjectNode nestEntry = (ObjectNode) groups.get(2);
        assertEquals(0, nestEntry.get("nest").asInt());
        int envelopeBytes = nestRecord.get("envelope").get("bytes").asInt();
        assertEquals(nestEntry.get("qb64").asText(),
                new String(message, nestedAt, envelopeBytes, StandardCharsets.US_ASCII));

        // take the envelope counter out; the AttachmentGroup loses one quadlet
        long count = wrapper.get("count").asLong() - envelopeBytes / 4;
        String wrapperCounter = TestStreams.counter(wrapper.get("code").asText(), count);
        int size = record.get("size").asInt();
        byte[] input = concat(Arrays.copyOfRange(message, 0, size), wrapperCounter,
                Arrays.copyOfRange(message, size + wrapperCounter.length(), nestedAt),
                Arrays.copyOfRange(message, nestedAt + envelopeBytes, message.length));

        want.put("offset", 0);
        want.put("length", length - envelopeBytes);
        wrapper.put("count", count);
        wrapper.put("qb64", wrapperCounter);
        ObjectNode bodyGroup = ((ObjectNode) nestRecord.get("bodyGroup")).deepCopy();
        bodyGroup.put("depth", nestEntry.get("depth").asInt());
        bodyGroup.put("nest", 0);
        groups.set(2, bodyGroup);
        ObjectNode nest = (ObjectNode) nestRecord;
        nest.remove("envelope");
        nest.put("length", nest.get("length").asInt() - envelopeBytes);
        shallower(nest);

        try (Messages messages = Messages.copyOf(input)) {
            Message m = messages.next();
            JsonAssert.assertSame(want, Projection.message(m, true), file + "[11] nested without envelope");
            Message nested = m.nested().get(0);
            assertEquals(m.depth() + 1, nested.depth());
            Group entry = m.groups().get(2);
            assertEquals(nested.offset(), entry.offset());
            assertFalse(messages.hasNext());
        }
    }

    @Test
    void bodyGroupMessageEndsWhereABareBodyStarts() {
        byte[] body = TestStreams.kelSingleFirstBody();
        String bodyGroup = TestStreams.bodyGroupV1(body);
        String attachments = TestStreams.kelSingleFirstAttachments();
        byte[] input = concat(bodyGroup, attachments, TestStreams.kelSingleFirstMessage());
        try (Messages messages = Messages.copyOf(input)) {
            Message first = messages.next();
            assertEquals(0, first.offset());
            assertEquals(bodyGroup.length() + attachments.length(), first.length());
            assertEquals("-W", first.bodyGroup().orElseThrow().code().code());
            assertEquals(bodyGroup.substring(4), first.bodyTexter().orElseThrow().qb64Text());
            assertArrayEquals(body, ByteBufUtil.getBytes(first.body()));
            assertEquals(1, first.groups().size());
            assertEquals(1, first.groups().get(0).depth());
            assertEquals(attachments, first.groups().get(0).qb64Text());
            Message second = messages.next();
            assertEquals(first.length(), second.offset());
            assertEquals(391, second.length());
            assertFalse(messages.hasNext());
        }
    }

    /** The groups of a message taken out of its envelope stand one level higher. */
    private static void shallower(ObjectNode message) {
        for (JsonNode g : message.get("groups")) {
            ((ObjectNode) g).put("depth", g.get("depth").asInt() - 1);
        }
    }
}
