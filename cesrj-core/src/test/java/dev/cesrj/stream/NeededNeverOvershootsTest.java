package dev.cesrj.stream;

import dev.cesrj.testing.ErrorShape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.group.Group;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The push parser ({@link CesrStreamParser}) and the pull cursor ({@link CesrCursor}) fed corpus
 * streams and their mutants in chunks of 1, 2, 3, 7 and 64 bytes, against {@link Messages} on the
 * whole: the same frames and the same error (class, offset, message and, for a truncation, the
 * bytes needed); and what each asks for while a frame is unfinished ({@link Framed#needed()},
 * {@link CesrCursor#needed()}) never takes it past the end of that frame in the whole parse (nor
 * past a held message's next counter, which says whether its run goes on), so that {@link Framed#pendingFrameBytes()}, which a memory
 * budget judges, never overstates a frame. Seeded ({@code -Dcesrj.seed=N}).
 */
class NeededNeverOvershootsTest {
  private static final long SEED = Long.getLong("cesrj.seed", 0x25_0ee0L);
  private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;
  private static final int[] CHUNKS = {1, 2, 3, 7, 64};

  /** The whole parse: frames as [start, end) (a GenericGroup's messages: the group) and the error. */
  private record Whole(List<long[]> frames, List<Long> messageOffsets, String error) {}

  /**
   * An error as compared: class, stream offset, message and, for a truncation, the bytes needed.
   * The push parser's truncation at the end of the input adds what the cut message needs and has
   * ("(the message at offset ...)"), which the whole parse does not say: that addition is left out.
   */
  private static String describe(CesrException e, long base) {
    String message = e.getMessage().replaceFirst(" \\(the message at offset \\d+: need \\d+, have \\d+\\)$", "");
    String s = ErrorShape.of(e) + "@" + (base + e.offset()) + ": " + message;
    if (e instanceof TruncatedException) {
      s += " needed " + ((TruncatedException) e).needed();
    }
    return s;
  }

  private static Whole whole(byte[] stream) {
    List<long[]> frames = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    String error = null;
    try (Messages messages = Messages.copyOf(stream, OPTIONS)) {
      while (true) {
        try {
          if (!messages.hasNext()) {
            break;
          }
          Message m = messages.next();
          offsets.add(m.offset());
          long start = m.offset();
          long end = m.offset() + m.length();
          if (!m.genericGroups().isEmpty()) {
            Group outer = m.genericGroups().get(0);
            start = outer.offset();
            end = outer.offset() + outer.length();
          }
          if (frames.isEmpty() || frames.get(frames.size() - 1)[1] <= start) {
            frames.add(new long[] {start, end});
          }
        } catch (CesrException e) {
          error = describe(e, 0);
          break;
        }
      }
    }
    return new Whole(frames, offsets, error);
  }

  /** The end of the frame that starts at or after {@code position}, or -1 if none does. */
  private static long endOfFrameFrom(Whole w, long position) {
    for (long[] f : w.frames()) {
      if (f[1] > position) {
        return f[0] >= position ? f[1] : -1;
      }
    }
    return -1;
  }

  /**
   * An input and the frames of the stream it was made from, if they are its frames too (the
   * stream itself, or a prefix of it), else null (a mutant: where a mutated group ends a frame
   * may depend on content the parser must wait for).
   */
  private record Input(byte[] bytes, Whole frames) {}

  private static List<Input> inputs(SplittableRandom random) {
    List<Input> out = new ArrayList<>();
    for (String file : Property.spread(Corpus.streams())) {
      byte[] stream = Corpus.bytes(file);
      Whole frames = whole(stream);
      out.add(new Input(stream, frames));
      for (int i = 0; i < 2; i++) {
        out.add(new Input(Arrays.copyOf(stream, random.nextInt(1, stream.length)), frames));
      }
      for (int i = 0; i < 3; i++) {
        out.add(new Input(CesrStreamParserCorpusTest.corrupt(stream, random), null));
      }
    }
    return out;
  }

  @Test
  void thePushParserFramesAsTheWholeParseAndNeverAsksPastTheFrame() {
    SplittableRandom random = new SplittableRandom(SEED);
    int n = 0;
    for (Input in : inputs(random)) {
      byte[] input = in.bytes();
      Whole want = whole(input);
      for (int chunk : CHUNKS) {
        String where = "input " + n + " (" + input.length + " bytes) in chunks of " + chunk + " (seed " + SEED + ")";
        List<Long> offsets = new ArrayList<>();
        String error = null;
        try (CesrStreamParser parser = new CesrStreamParser(OPTIONS)) {
          int fed = 0;
          while (error == null && fed < input.length) {
            int len = Math.min(chunk, input.length - fed);
            Framed f = parser.feed(input, fed, len);
            fed += len;
            for (Message m : f.messages()) {
              offsets.add(f.offsetBase() + m.offset());
            }
            if (f.failed()) {
              error = describe(f.error().get(), f.offsetBase());
            } else if (f.buffered() > 0 && f.needed() > 0) {
              long end = in.frames() == null ? -1 : endOfFrameFrom(in.frames(), f.offsetBase() + f.position());
              if (end >= 0) {
                // a held message ends when the next token is known not to go on with its run: the most
                // the parser may ask past its end is that token's counter (8 characters at most)
                long bound = end + (f.held() ? 8 : 0);
                assertTrue(fed + f.needed() <= bound,
                    where + ": after " + fed + " bytes needed " + f.needed() + " for the frame at "
                        + f.position() + " that ends at " + end + (f.held() ? " (held)" : ""));
                assertTrue(f.pendingFrameBytes() <= bound - (f.offsetBase() + f.position()), where);
              }
            }
          }
          if (error == null) {
            Framed last = parser.endOfInput();
            for (Message m : last.messages()) {
              offsets.add(last.offsetBase() + m.offset());
            }
            error = last.error().map(e -> describe(e, last.offsetBase())).orElse(null);
          }
        }
        assertEquals(want.messageOffsets(), offsets, where);
        assertEquals(want.error(), error, where);
      }
      n++;
    }
  }

  @Test
  void theCursorFramesAsTheWholeParseAndNeverAsksPastTheFrame() {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    int n = 0;
    CesrCursor cursor = CesrCursor.messages(OPTIONS);
    for (Input in : inputs(random)) {
      byte[] input = in.bytes();
      Whole want = whole(input);
      for (int chunk : CHUNKS) {
        if ((long) input.length * input.length / chunk > 1_000_000L) {
          continue; // the cursor frames a cut frame again from its start at each call: bounded work
        }
        String where = "input " + n + " (" + input.length + " bytes) in chunks of " + chunk + " (seed " + SEED + ")";
        String error = null;
        ByteBuf buf = Unpooled.buffer(input.length);
        cursor.reset(buf);
        int fed = 0;
        while (true) {
          CesrToken t;
          try {
            t = cursor.next();
          } catch (CesrException e) {
            error = describe(e, 0);
            break;
          }
          if (t == CesrToken.END) {
            break;
          } else if (t == CesrToken.NEED_MORE) {
            long end = in.frames() == null ? -1 : endOfFrameFrom(in.frames(), buf.readerIndex());
            if (end >= 0) {
              assertTrue(fed + cursor.needed() <= end + 8,
                  where + ": after " + fed + " bytes needed " + cursor.needed() + " for the frame at "
                      + buf.readerIndex() + " that ends at " + end);
            }
            if (fed == input.length) {
              cursor.endOfInput();
            } else {
              int len = Math.min(chunk, input.length - fed);
              buf.writeBytes(input, fed, len);
              fed += len;
            }
          }
        }
        buf.release();
        assertEquals(want.error(), error, where);
      }
      n++;
    }
  }
}
