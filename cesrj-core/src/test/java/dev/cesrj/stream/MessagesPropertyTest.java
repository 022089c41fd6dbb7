package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.TruncatedException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of message framing over the corpus, run by {@link Property} (default seed fixed;
 * {@code -Dcesrj.seed=N} to change it, {@code -Dcesrj.propertyScale=S} to scale the number of
 * cases; the seed and the failing input are printed on failure):
 *
 * <ul>
 *   <li>a stream cut anywhere frames every message before the cut as the whole stream does, and
 *       then either ends (the cut falls where a bare attachment run may end) or throws a
 *       TruncatedException at or after the start of the message the cut falls in, consuming
 *       nothing of it and asking for at least 1 and at most the bytes that message still lacks
 *       (one exception: a cut inside the counter that starts a message leaves the message before
 *       it open, since the framer reads a counter whole before it decides whether it is one more
 *       attachment group: then the truncation is at that counter, needing exactly its rest, or 3
 *       bytes after a lone {@code -});
 *   <li>a corrupted stream (bytes changed, inserted or removed) frames or throws a
 *       {@link CesrException}, never anything else, and the same over a pooled buffer.
 * </ul>
 */
class MessagesPropertyTest {
    /** Random cuts per stream (a stream no longer than that is cut at every byte). */
    private static final int CUTS = 400;
    /** Random corruptions per stream. */
    private static final int CORRUPTIONS = 300;

    /** Every corpus message stream; under PIT's case scale an even spread of them ({@link Property#spread}). */
    static List<String> streams() {
        return Property.spread(CorpusConformanceTest.messageStreams());
    }

    /** (offset, length) of every top-level message of {@code stream}. */
    private static long[][] frames(byte[] stream) {
        List<long[]> out = new ArrayList<>();
        try (Messages messages = Messages.copyOf(stream)) {
            for (Message m : messages) {
                out.add(new long[] {m.offset(), m.length()});
            }
        }
        return out.toArray(new long[0][]);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void cutStreamsFrameThePrefixAndAskForNoMoreThanIsMissing(String file) {
        byte[] stream = Corpus.bytes(file);
        long[][] whole = frames(stream);
        if (stream.length <= Property.cases(CUTS)) {
            for (int cut = 0; cut < stream.length; cut++) {
                checkCut(file, stream, whole, cut);
            }
            return;
        }
        Property.forAll(file + " cut", CUTS, random -> random.nextInt(1, stream.length),
                cut -> List.of(), cut -> checkCut(file, stream, whole, cut));
    }

    private static void checkCut(String file, byte[] stream, long[][] whole, int cut) {
        String where = file + " cut at " + cut;
        int k = 0;
        while (k < whole.length && whole[k][0] + whole[k][1] <= cut) {
            k++;
        }
        // message k is the one the cut falls in (k == whole.length: none)
        try (Messages messages = Messages.copyOf(Arrays.copyOf(stream, cut))) {
            int n = 0;
            while (true) {
                long position = messages.position();
                Message m;
                try {
                    if (!messages.hasNext()) {
                        break;
                    }
                    m = messages.next();
                } catch (TruncatedException e) {
                    int start = k < whole.length ? (int) whole[k][0] : stream.length;
                    int into = cut - start;
                    if (n == k - 1 && stream[start] == '-' && into < counterSize(stream, start)) {
                        // message k starts with a counter cut short: message n ends only once that
                        // counter is whole (it might still be an attachment group of message n)
                        assertEquals(whole[n][0], position, where + ": consumed part of message " + n);
                        assertEquals(start, e.offset(), where + ": " + e.getMessage());
                        int needed = into == 1 ? 3 : counterSize(stream, start) - into;
                        assertEquals(needed, e.needed(), where + ": " + e.getMessage());
                        return;
                    }
                    assertEquals(k, n, where + ": truncated at message " + n + " " + e.getMessage());
                    assertEquals(whole[k][0], position, where + ": consumed part of the cut message");
                    long missing = whole[k][0] + whole[k][1] - cut;
                    assertTrue(e.needed() >= 1 && e.needed() <= missing,
                            where + ": needed " + e.needed() + " of " + missing + " missing; " + e.getMessage());
                    assertTrue(e.offset() >= whole[k][0] && e.offset() <= cut, where + ": " + e.getMessage());
                    return;
                } catch (CesrException e) {
                    throw new AssertionError(where + ": " + e, e);
                }
                assertEquals(whole[n][0], m.offset(), where);
                if (n < k) {
                    assertEquals(whole[n][1], m.length(), where + ": message " + n);
                } else {
                    // the cut ends a bare attachment run early: a shorter message, ending at the cut
                    assertEquals(cut, m.offset() + m.length(), where + ": message " + n);
                }
                n++;
            }
            assertTrue(n == k || n == k + 1, where + ": " + n + " messages");
        }
    }

    /** Characters of the text counter at {@code start}: 8 for a big or genus-version code, else 4. */
    private static int counterSize(byte[] stream, int start) {
        return stream[start + 1] == '-' || stream[start + 1] == '_' ? 8 : 4;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void corruptedStreamsFrameOrFailTyped(String file) {
        byte[] stream = Corpus.bytes(file);
        Property.forAll(file + " corruption", CORRUPTIONS,
                random -> new Corrupted(corrupt(stream, random)), c -> List.of(),
                c -> frameOrFailTyped(c.input()));
    }

    /** A corrupted stream, printed in hex when its case fails. */
    record Corrupted(byte[] input) {
        @Override
        public String toString() {
            return "input " + HexFormat.of().formatHex(input);
        }
    }

    private static byte[] corrupt(byte[] stream, SplittableRandom random) {
        byte[] b = stream.clone();
        int edits = random.nextInt(1, 4);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0: // any byte
                    b[at] = (byte) random.nextInt(256);
                    break;
                case 1: // a Base64 character or a counter's '-'
                    b[at] = (byte) "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_-_--".charAt(random.nextInt(68));
                    break;
                case 2: { // remove 1 to 8 bytes
                    int n = Math.min(random.nextInt(1, 9), b.length - at);
                    byte[] c = new byte[b.length - n];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + n, c, at, b.length - at - n);
                    b = c;
                    break;
                }
                default: { // insert a counter-like run
                    byte[] ins = TestStreams.ascii(random.nextBoolean() ? "-_AAACAA" : "--V_____".substring(0, random.nextInt(1, 9)));
                    byte[] c = new byte[b.length + ins.length];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(ins, 0, c, at, ins.length);
                    System.arraycopy(b, at, c, at + ins.length, b.length - at);
                    b = c;
                }
            }
            if (b.length == 0) {
                break;
            }
        }
        return b;
    }

    private static void frameOrFailTyped(byte[] input) {
        try (Messages messages = Messages.copyOf(input)) {
            drain(messages);
        } catch (RuntimeException e) {
            fail("copyOf: " + e, e);
        }
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(input.length);
        try (Messages messages = Messages.over(buf.writeBytes(input))) {
            long consumed = drain(messages);
            assertEquals(consumed, buf.readerIndex());
        } catch (RuntimeException e) {
            fail("over a buffer: " + e, e);
        } finally {
            buf.release();
        }
    }

    /** Reads every view of a message: body, groups and their elements, raw values, nested messages. */
    private static void touch(Message m) {
        m.body().readableBytes();
        m.bodyTexter().ifPresent(t -> t.raw());
        m.signatures().forEach(s -> s.raw());
        for (Group g : m.groups()) {
            g.counterText();
            touch(g.elements());
        }
        m.nested().forEach(MessagesPropertyTest::touch);
    }

    private static void touch(List<Element> elements) {
        for (Element e : elements) {
            e.qb64Text();
            if (e instanceof Matter) {
                ((Matter) e).raw();
            } else if (e instanceof IndexedSignature) {
                ((IndexedSignature) e).ondex();
            } else if (e instanceof Tuple) {
                touch(((Tuple) e).parts());
            } else if (e instanceof Group) {
                touch(((Group) e).elements());
            }
        }
    }

    /** Frames every message (and its views) until the end or a CesrException; returns the bytes consumed. */
    private static long drain(Messages messages) {
        try {
            for (Message m : messages) {
                touch(m);
            }
        } catch (CesrException expected) {
            // typed: fine
        }
        return messages.position();
    }
}
