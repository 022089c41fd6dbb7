package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.stream.StreamingRuns.Chunker;
import dev.cesrj.stream.StreamingRuns.Outcome;
import dev.cesrj.testing.Corpus;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import dev.cesrj.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus stream (qb64, qb2-atc and qb2) pushed through {@link CesrStreamParser} gives exactly what the
 * whole-buffer {@link Messages} gives (itself proven against keripy's parse by
 * {@link CorpusConformanceTest}): the same messages (stream offsets, lengths, versions,
 * genus-version codes, envelopes, groups with every item, signatures, body bytes) and the same
 * error (type, offset, bytes needed), fed whole, in seeded random chunks and one byte at a time,
 * as {@code byte[]} and as pooled buffers; the same for truncated and corrupted variants. Seeded
 * {@link SplittableRandom} (default seed fixed; {@code -Dcesrj.seed=N} changes it; the seed is in
 * every failure message).
 */
class CesrStreamParserCorpusTest {
    private static final long SEED = Long.getLong("cesrj.seed", 0x5eed_cE5AL);
    private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

    /**
     * Every stream of the MANIFEST, all domains: messages, and attachment-only streams (a typed
     * error where the first group stands). Under PIT's case scale an even spread of them ({@link
     * Property#spread}): the whole-vs-streamed checks of every stream are kept for normal builds.
     */
    static List<String> streams() {
        return Property.spread(Corpus.streams());
    }

    /** Every corpus message stream; under PIT's case scale an even spread of them ({@link Property#spread}). */
    static List<String> messageStreams() {
        return Property.spread(CorpusConformanceTest.messageStreams());
    }

    private static void assertSame(Outcome want, Outcome got, String where) {
        assertEquals(want.error(), got.error(), where + ": error");
        assertEquals(want.messages().size(), got.messages().size(), where + ": messages");
        for (int i = 0; i < want.messages().size(); i++) {
            assertEquals(want.messages().get(i), got.messages().get(i), where + ": message " + i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void fedWholeInChunksAndOneByteAtATimeItFramesAsTheWholeBuffer(String file) {
        byte[] stream = Corpus.bytes(file);
        Outcome want = StreamingRuns.whole(stream, OPTIONS);
        if ("only".equals(Corpus.manifestEntry(file).get("attachments").asText())) {
            // a group where a message must start (after the genus-version code, if any: 8 or 6 bytes)
            assertTrue(want.error().matches("ColdStartException@(0|6|8)"), want.error());
        } else {
            assertNull(want.error(), file);
            assertEquals(Corpus.manifestEntry(file).get("messages").asInt(), want.messages().size());
        }
        SplittableRandom random = new SplittableRandom(SEED ^ file.hashCode());
        String seed = " (seed " + SEED + ")";
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.whole(), false), file + " whole byte[]");
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.whole(), true), file + " whole ByteBuf");
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.random(random, 64), false),
                file + " chunks of 1..64" + seed);
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.random(random, 2048), true),
                file + " ByteBuf chunks of 1..2048" + seed);
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.fixed(1024), true), file + " 1 KiB chunks");
        assertSame(want, StreamingRuns.streamed(stream, OPTIONS, Chunker.fixed(1), false), file + " one byte at a time");
    }

    /**
     * No quadratic re-framing: fed one byte at a time, the framer is called at most
     * {@code 2 * messages + bytes / 4} times (a shortage asks for at least the rest of a quadlet,
     * a counter or a frame, and the parser does not frame again before those bytes are in).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("messageStreams")
    void framingAttemptsGrowLinearlyWithTheBytesFed(String file) {
        byte[] stream = Corpus.bytes(file);
        Outcome got = StreamingRuns.streamed(stream, OPTIONS, Chunker.fixed(1), false);
        long messages = got.messages().size();
        long bound = 2 * messages + stream.length / 4;
        assertTrue(got.attempts() <= bound,
                file + ": " + got.attempts() + " framing attempts for " + stream.length + " bytes and "
                        + messages + " messages; bound " + bound);
        // and at least one per message: the count is real
        assertTrue(got.attempts() >= messages, file + ": " + got.attempts());
    }

    /** 24 random cuts per stream (a PIT run, at case scale 0.1, tries 2: {@link Property#cases}). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void truncatedStreamsGiveTheSameMessagesAndTruncation(String file) {
        byte[] stream = Corpus.bytes(file);
        SplittableRandom random = new SplittableRandom(SEED ^ (31L * file.hashCode()));
        for (int i = 0, n = Property.cases(24); i < n; i++) {
            int cut = random.nextInt(1, stream.length);
            byte[] prefix = Arrays.copyOf(stream, cut);
            Outcome want = StreamingRuns.whole(prefix, OPTIONS);
            String where = file + " cut at " + cut + " (seed " + SEED + ")";
            assertSame(want, StreamingRuns.streamed(prefix, OPTIONS, Chunker.random(random, 300), i % 2 == 0), where);
            if (i < 3) {
                assertSame(want, StreamingRuns.streamed(prefix, OPTIONS, Chunker.fixed(1), false), where + " bytewise");
            }
        }
    }

    /** 40 random corruptions per stream (a PIT run tries 4: {@link Property#cases}). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void corruptedStreamsGiveTheSameMessagesAndError(String file) {
        byte[] stream = Corpus.bytes(file);
        SplittableRandom random = new SplittableRandom(SEED ^ ~file.hashCode());
        for (int i = 0, n = Property.cases(40); i < n; i++) {
            byte[] input = corrupt(stream, random);
            Outcome want = StreamingRuns.whole(input, OPTIONS);
            String where = file + " corruption " + i + " (seed " + SEED + ")";
            assertSame(want, StreamingRuns.streamed(input, OPTIONS, Chunker.random(random, 200), i % 2 == 1), where);
            if (i < 2) {
                assertSame(want, StreamingRuns.streamed(input, OPTIONS, Chunker.fixed(1), false), where + " bytewise");
            }
        }
    }

    /** One to three edits: a random byte, a Base64 or counter character, 1..8 bytes removed, a counter-like run inserted. */
    static byte[] corrupt(byte[] stream, SplittableRandom random) {
        byte[] b = stream.clone();
        int edits = random.nextInt(1, 4);
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0:
                    b[at] = (byte) random.nextInt(256);
                    break;
                case 1:
                    b[at] = (byte) "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_-_--".charAt(random.nextInt(68));
                    break;
                case 2: {
                    int n = Math.min(random.nextInt(1, 9), b.length - at);
                    byte[] c = new byte[b.length - n];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + n, c, at, b.length - at - n);
                    b = c;
                    break;
                }
                default: {
                    byte[] ins = TestStreams.ascii(random.nextBoolean() ? "-_AAACAA" : "--V_____".substring(0, random.nextInt(1, 9)));
                    byte[] c = new byte[b.length + ins.length];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(ins, 0, c, at, ins.length);
                    System.arraycopy(b, at, c, at + ins.length, b.length - at);
                    b = c;
                }
            }
        }
        return b;
    }
}
