package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.testing.BufferKinds;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;
import dev.cesrj.testing.RealWorld;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CesrCursor} reads every stream of corpus A and of the real-world folder as the views of
 * {@link Messages} (attachment-only files: of {@code Groups}) give it ({@link CursorTokens}: each
 * message, body, group with code, count and span, and each primitive with code, span, index,
 * ondex and raw value), fed whole, in 7-byte chunks and one byte at a time to one growing heap
 * or direct buffer; its {@code needed()} is the truncation {@code Messages} reports on the same
 * prefix once the bytes it last asked for are in, and what is left of that ask before; bad input throws what {@code Messages} throws.
 */
class CesrCursorTest {
  private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

  static List<String> messageStreams() {
    return Property.spread(CorpusConformanceTest.messageStreams());
  }

  static List<String> attachmentStreams() {
    return Property.spread(Stream.concat(
            CorpusConformanceTest.attachmentStreams().stream(),
            CorpusConformanceTest.UNLISTED_ATTACHMENT_STREAMS.stream())
        .collect(Collectors.toList()));
  }

  static List<String> realWorld() {
    return RealWorld.streams();
  }

  private static final IntFunction<ByteBuf> HEAP = Unpooled::buffer;
  private static final IntFunction<ByteBuf> DIRECT = PooledByteBufAllocator.DEFAULT::directBuffer;

  private static void assertSameTokens(
      List<String> expected, byte[] stream, CesrCursor cursor, String what) {
    assertTrue(expected.size() > 2, what + ": tokens");
    ByteBuf whole = Unpooled.wrappedBuffer(stream);
    assertEquals(expected, CursorTokens.ofCursor(cursor, whole), what + " whole");
    assertEquals(stream.length, whole.readerIndex(), what + ": reader index at END");
    ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(stream.length).writeBytes(stream);
    try {
      assertEquals(expected, CursorTokens.ofCursor(cursor, direct), what + " direct");
    } finally {
      direct.release();
    }
    assertEquals(expected, CursorTokens.ofCursorChunked(cursor, stream, 7, HEAP, null),
        what + " 7-byte chunks, heap");
    assertEquals(expected, CursorTokens.ofCursorChunked(cursor, stream, 7, DIRECT, null),
        what + " 7-byte chunks, direct");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messageStreams")
  void corpusMessagesGiveTheTokensOfTheViews(String file) {
    byte[] stream = Corpus.bytes(file);
    List<String> expected = CursorTokens.ofMessages(stream, OPTIONS);
    assertEquals(Corpus.manifestEntry(file).get("messagesInclNested").asInt(),
        expected.stream().filter(l -> l.startsWith("MESSAGE_START")).count(),
        file + ": messages");
    assertSameTokens(expected, stream, CesrCursor.messages(OPTIONS), file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messageStreams")
  void corpusMessagesFedOneByteAtATime(String file) {
    byte[] stream = Corpus.bytes(file);
    assertEquals(CursorTokens.ofMessages(stream, OPTIONS),
        CursorTokens.ofCursorChunked(CesrCursor.messages(OPTIONS), stream, 1, HEAP, null), file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("attachmentStreams")
  void corpusAttachmentStreamsGiveTheTokensOfGroups(String file) {
    byte[] stream = Corpus.bytes(file);
    List<String> expected = CursorTokens.ofGroups(stream, OPTIONS);
    assertSameTokens(expected, stream, CesrCursor.groups(OPTIONS), file);
    assertEquals(expected,
        CursorTokens.ofCursorChunked(CesrCursor.groups(OPTIONS), stream, 1, HEAP, null), file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realWorld")
  void realWorldStreamsGiveTheTokensOfTheViews(String file) {
    byte[] stream = RealWorld.bytes(file);
    List<String> expected = CursorTokens.ofMessages(stream, OPTIONS);
    assertSameTokens(expected, stream, CesrCursor.messages(OPTIONS), file);
    assertEquals(expected,
        CursorTokens.ofCursorChunked(CesrCursor.messages(OPTIONS), stream, 1, DIRECT, null), file);
  }

  /**
   * At each NEED_MORE of a 7-byte-chunk run whose appended bytes reached what the last NEED_MORE
   * asked for, {@code needed()} is the {@link TruncatedException#needed()} that {@code Messages}
   * reports for the bytes written so far, or 1 where {@code Messages} frames them all (a message
   * whose run may go on, a frame boundary); before they reach it, it is what is left of that ask
   * ({@link #assertNeeded}).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("messageStreams")
  void neededIsWhatMessagesReportsOnTheSamePrefix(String file) {
    byte[] stream = Corpus.bytes(file);
    assertNeededAsMessages(stream, file, 7);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realWorld")
  void neededIsWhatMessagesReportsOnTheSamePrefixOfRealWorldStreams(String file) {
    assertNeededAsMessages(RealWorld.bytes(file), file, 5);
  }

  private static void assertNeededAsMessages(byte[] stream, String file, int chunk) {
    List<long[]> needed = new ArrayList<>();
    CursorTokens.ofCursorChunked(CesrCursor.messages(OPTIONS), stream, chunk, HEAP, needed);
    assertTrue(needed.size() >= stream.length / chunk - 1, file + ": NEED_MORE per chunk");
    int truncations = assertNeeded(needed, prefix -> {
      try (Messages m = Messages.copyOf(Arrays.copyOf(stream, prefix), OPTIONS)) {
        m.forEachRemaining(x -> { });
      } catch (TruncatedException e) {
        return e.needed();
      }
      return -1;
    }, file);
    assertTrue(truncations > 0, file + ": some prefix is cut");
  }

  /**
   * Checks the NEED_MORE figures of a chunked run, each {@code (bytes written, needed())}, against
   * {@code figure}: the {@link TruncatedException#needed()} the whole-buffer framer reports for
   * that prefix, or -1 where it frames it all (the cursor then asks for 1). Where the bytes written
   * reach what the previous NEED_MORE asked for, the cursor framed again and its figure is the
   * framer's; before that it frames nothing and asks for what is left of the previous ask, which
   * is never more than the framer's figure (neither overshoots the frame).
   *
   * @return how many of the prefixes the framer found cut (re-framed or not)
   */
  private static int assertNeeded(
      List<long[]> needed, java.util.function.IntToLongFunction figure, String what) {
    int truncations = 0;
    long askedEnd = 0;
    int reframed = 0;
    for (long[] n : needed) {
      int written = (int) n[0];
      long got = n[1];
      long f = figure.applyAsLong(written);
      truncations += f > 0 ? 1 : 0;
      long want = f > 0 ? f : 1;
      if (written < askedEnd) {
        assertEquals(askedEnd - written, got, what + ": what is left of the ask after " + written);
        assertTrue(got <= want, what + ": " + got + " left of the ask after " + written
            + " bytes, more than the framer's " + want);
      } else {
        reframed++;
        assertEquals(want, got, what + ": needed after " + written + " bytes");
      }
      askedEnd = written + got;
    }
    assertTrue(reframed > 0, what + ": framed again after some NEED_MORE");
    return truncations;
  }

  /**
   * Groups mode: at each NEED_MORE of a run in 7-byte and 1-byte chunks, {@code needed()} is the
   * {@link TruncatedException#needed()} that {@code Groups} reports for the bytes written so far,
   * or 1 where {@code Groups} frames them all (a group boundary), once the bytes the previous
   * NEED_MORE asked for are in (before that, what is left of that ask: {@link #assertNeeded}). A cut group is reported by the
   * framer without an exception, with the figure the exception carries.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("attachmentStreams")
  void groupsNeededIsWhatGroupsReportsOnTheSamePrefix(String file) {
    byte[] stream = Corpus.bytes(file);
    for (int chunk : new int[] {7, 1}) {
      List<long[]> needed = new ArrayList<>();
      CursorTokens.ofCursorChunked(CesrCursor.groups(OPTIONS), stream, chunk, HEAP, needed);
      assertTrue(needed.size() >= stream.length / chunk - 1, file + ": NEED_MORE per chunk");
      int truncations = assertNeeded(needed, prefix -> {
        try (dev.cesrj.group.Groups g =
            dev.cesrj.group.Groups.copyOf(Arrays.copyOf(stream, prefix), OPTIONS)) {
          g.forEachRemaining(x -> { });
        } catch (TruncatedException e) {
          return e.needed();
        }
        return -1;
      }, file + " in " + chunk + "-byte chunks");
      assertTrue(truncations > 0, file + ": some prefix is cut");
    }
  }

  static Stream<Object[]> mutations() {
    List<Object[]> out = new ArrayList<>();
    for (String file : List.of(
        "kel_single.v1.bare.txt.cesr", "kel_witnessed.v2.grouped.qb2.cesr",
        "nested_kel.v1.nested.txt.cesr", "nested_kel.v2.nested.qb2.cesr",
        "kel_transreceipts.v1.grouped.txt.cesr", "mixed_versions.v1v2.grouped.txt.cesr",
        "exchange.v2.bare.qb2.cesr", "kel_cbor.v1.bare.txt.cesr")) {
      out.add(new Object[] {file});
    }
    return Property.spread(out).stream();
  }

  /**
   * A byte replaced (at 60 positions spread over the stream, by three bad values) or the stream
   * cut (at 20; both counts scaled by {@link Property#cases}, so a PIT run tries 6 and 2): the cursor, fed whole and in 7-byte chunks, throws what {@code Messages} throws
   * (class, offset, message), or nothing where {@code Messages} throws nothing.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("mutations")
  void badInputThrowsWhatMessagesThrows(String file) {
    byte[] stream = Corpus.bytes(file);
    int failures = 0;
    int step = Math.max(1, stream.length / Property.cases(60)) | 1;
    for (int at = 0; at < stream.length; at += step) {
      for (int bad : new int[] {'#', 0xFF, '-'}) {
        byte[] b = stream.clone();
        b[at] = (byte) bad;
        failures += assertSameFailure(b, file + " byte " + at + " = " + bad) ? 1 : 0;
      }
    }
    for (int cut = 1; cut < stream.length; cut += Math.max(1, stream.length / Property.cases(20))) {
      failures += assertSameFailure(Arrays.copyOf(stream, cut), file + " cut at " + cut) ? 1 : 0;
    }
    assertTrue(failures >= Property.cases(20), file + ": failures " + failures);
  }

  /** True if {@code Messages} fails on {@code b}; the cursor did the same. */
  private static boolean assertSameFailure(byte[] b, String what) {
    CesrException expected = null;
    try (Messages m = Messages.copyOf(b, OPTIONS)) {
      m.forEachRemaining(x -> { });
    } catch (CesrException e) {
      expected = e;
    }
    for (int chunk : new int[] {b.length, 7}) {
      CesrCursor cursor = CesrCursor.messages(OPTIONS);
      CesrException actual = null;
      try {
        drain(cursor, b, chunk);
      } catch (CesrException e) {
        actual = e;
        assertNull(cursor.token(), what + ": no token after the error");
        assertSame(e, assertThrows(CesrException.class, cursor::next), what + ": the same again");
      }
      if (expected == null) {
        assertNull(actual, what + " (" + chunk + "): no error, as Messages");
      } else {
        assertTrue(actual != null, what + " (" + chunk + "): " + expected);
        assertEquals(expected.getClass(), actual.getClass(), what);
        assertEquals(expected.kind(), actual.kind(), what);
        assertEquals(expected.offset(), actual.offset(), what);
        assertEquals(expected.getMessage(), actual.getMessage(), what);
      }
    }
    return expected != null;
  }

  /** Every token of {@code b} fed {@code chunk} bytes at a time, values not decoded. */
  private static void drain(CesrCursor cursor, byte[] b, int chunk) {
    ByteBuf buf = Unpooled.buffer(16);
    int written = Math.min(chunk, b.length);
    buf.writeBytes(b, 0, written);
    cursor.reset(buf);
    if (written == b.length) {
      cursor.endOfInput();
    }
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      if (t == CesrToken.NEED_MORE) {
        int n = Math.min(chunk, b.length - written);
        buf.writeBytes(b, written, n);
        written += n;
        if (written == b.length) {
          cursor.endOfInput();
        }
      }
    }
  }

  @Test
  void buffersOfEveryKindGiveTheSameTokens() {
    for (String file : List.of("kel_witnessed.v1.grouped.txt.cesr", "nested_kel.v2.nested.qb2.cesr")) {
      byte[] stream = Corpus.bytes(file);
      List<String> expected = CursorTokens.ofMessages(stream, OPTIONS);
      CesrCursor cursor = CesrCursor.messages(OPTIONS);
      for (BufferKinds kind : BufferKinds.values()) {
        BufferKinds.Made made = kind.make(stream);
        try {
          assertEquals(expected, CursorTokens.ofCursor(cursor, made.buf()), file + " " + kind);
        } finally {
          made.release();
        }
      }
    }
  }

  @Test
  void syntheticSignatureStreamIsEveryGroupAndSignature() {
    byte[] stream = SignatureStreams.controllerIdxSigs(16, 2);
    CesrCursor cursor = CesrCursor.groups(OPTIONS);
    List<String> lines = CursorTokens.ofCursor(cursor, Unpooled.wrappedBuffer(stream));
    assertEquals(CursorTokens.ofGroups(stream, OPTIONS), lines);
    assertEquals(16 * 4, lines.size());
    assertEquals("GROUP_START 0+180 d1 qb64 -A/CESR_1_0 #2", lines.get(0));
    assertTrue(lines.get(1).startsWith("PRIMITIVE 4+88 d2 qb64 Ed25519_Sig i0 o0 raw "), lines.get(1));
    assertTrue(lines.get(2).startsWith("PRIMITIVE 92+88 d2 qb64 Ed25519_Sig i1 o1 raw "), lines.get(2));
  }

  /** The raw value of a signature is what its view's {@code raw()} gives, qb64 and qb2 alike. */
  @Test
  void readRawGivesTheRawValueInBothDomains() {
    byte[] raw = new byte[64];
    for (int i = 0; i < 64; i++) {
      raw[i] = (byte) (i * 7 + 3);
    }
    byte[] sig = SignatureStreams.ed25519Sig(5, raw);
    byte[] text = ("-AAB" + new String(sig, StandardCharsets.US_ASCII)).getBytes(StandardCharsets.US_ASCII);
    byte[] qb2 = java.util.Base64.getUrlDecoder().decode(text);
    for (byte[] stream : List.of(text, qb2)) {
      CesrCursor c = CesrCursor.groups(OPTIONS);
      c.reset(Unpooled.wrappedBuffer(stream)).endOfInput();
      assertEquals(CesrToken.GROUP_START, c.next());
      assertEquals(CesrToken.PRIMITIVE, c.next());
      assertEquals(stream == text ? Domain.QB64 : Domain.QB2, c.domain());
      assertSame(IndexerCode.Ed25519_Sig, c.indexerCode());
      assertEquals(5, c.signatureIndex());
      assertTrue(c.hasOndex());
      assertEquals(5, c.ondex());
      assertEquals(64, c.rawSize());
      byte[] dst = new byte[70];
      assertEquals(64, c.readRaw(dst, 3));
      assertTrue(Arrays.equals(raw, Arrays.copyOfRange(dst, 3, 67)));
      assertThrows(IndexOutOfBoundsException.class, () -> c.readRaw(new byte[63], 0));
      assertEquals(CesrToken.GROUP_END, c.next());
      assertEquals(CesrToken.END, c.next());
      assertEquals(CesrToken.END, c.next());
    }
  }

  @Test
  void readRawReportsABadValueCharacterAsTheViewDoes() {
    byte[] sig = SignatureStreams.ed25519Sig(0, new byte[64]);
    sig[40] = '#';
    byte[] text = ("-AAB" + new String(sig, StandardCharsets.US_ASCII)).getBytes(StandardCharsets.US_ASCII);
    CesrCursor c = CesrCursor.groups(OPTIONS);
    c.reset(Unpooled.wrappedBuffer(text)).endOfInput();
    c.next();
    c.next();
    CesrException e = assertThrows(CesrException.class, () -> c.readRaw(new byte[64], 0));
    try (dev.cesrj.group.Groups g = dev.cesrj.group.Groups.copyOf(text)) {
      CesrException view = assertThrows(CesrException.class,
          () -> ((dev.cesrj.primitive.IndexedSignature) g.next().elements().get(0)).raw());
      assertEquals(view.getMessage(), e.getMessage());
      assertEquals(view.kind(), e.kind());
      assertEquals(dev.cesrj.ErrorKind.MALFORMED_CHARACTER, e.kind()); // was MALFORMED
      assertEquals(44, e.offset());
    }
  }

  /**
   * A bad character in the quadlet that holds the code (read as zero sextets there) and in a
   * direct buffer (decoded from the cursor's scratch copy) is reported as the view reports it:
   * the same decoder, kind {@code MALFORMED_CHARACTER}, at that character's offset.
   */
  @Test
  void readRawReportsABadCharacterInTheCodeQuadletOfADirectBufferAsTheViewDoes() {
    byte[] sig = SignatureStreams.ed25519Sig(0, new byte[64]);
    sig[3] = '=';
    byte[] text = ("-AAB" + new String(sig, StandardCharsets.US_ASCII)).getBytes(StandardCharsets.US_ASCII);
    io.netty.buffer.ByteBuf direct = Unpooled.directBuffer(text.length).writeBytes(text);
    try {
      CesrCursor c = CesrCursor.groups(OPTIONS);
      c.reset(direct).endOfInput();
      c.next();
      c.next();
      CesrException e = assertThrows(CesrException.class, () -> c.readRaw(new byte[64], 0));
      assertEquals(dev.cesrj.ErrorKind.MALFORMED_CHARACTER, e.kind());
      assertEquals(7, e.offset());
      assertEquals("at offset 7, code A: byte 0x3d in the value; expected a Base64url value"
          + " character", e.getMessage());
      try (dev.cesrj.group.Groups g = dev.cesrj.group.Groups.copyOf(text)) {
        CesrException view = assertThrows(CesrException.class,
            () -> ((dev.cesrj.primitive.IndexedSignature) g.next().elements().get(0)).raw());
        assertEquals(view.getMessage(), e.getMessage());
        assertEquals(view.kind(), e.kind());
      }
    } finally {
      direct.release();
    }
  }

  /**
   * The reader index stays at the start of the frame being read, moves past it with the next
   * call, and stays at the start of a frame that is cut (NEED_MORE) or fails.
   */
  @Test
  void readerIndexMovesPastEachFinishedFrame() {
    byte[] stream = Corpus.bytes("kel_single.v1.bare.txt.cesr");
    List<Message> expected = new ArrayList<>();
    ByteBuf copy = Unpooled.wrappedBuffer(stream);
    try (Messages messages = Messages.over(copy)) {
      messages.forEachRemaining(expected::add);
    }
    ByteBuf buf = Unpooled.buffer(16).writeBytes(new byte[3]).readerIndex(3);
    buf.writeBytes(stream, 0, (int) expected.get(1).offset() + 10);
    CesrCursor c = CesrCursor.messages(OPTIONS).reset(buf);
    int messages = 0;
    CesrToken t;
    while ((t = c.next()) != CesrToken.NEED_MORE) {
      if (t == CesrToken.MESSAGE_START) {
        assertEquals(3 + expected.get(messages).offset(), buf.readerIndex());
        assertEquals(expected.get(messages).offset(), c.offset());
        messages++;
      }
    }
    assertEquals(1, messages);
    assertEquals(3 + expected.get(1).offset(), buf.readerIndex(), "at the cut frame");
    buf.writeBytes(stream, (int) expected.get(1).offset() + 10,
        stream.length - (int) expected.get(1).offset() - 10);
    buf.writeBytes("#".getBytes(StandardCharsets.US_ASCII));
    CesrException e = assertThrows(CesrException.class, () -> {
      while (true) {
        c.next();
      }
    });
    assertEquals(stream.length, e.offset());
    Message last = expected.get(expected.size() - 1);
    assertEquals(3 + last.offset(), buf.readerIndex(), "at the failed frame, the last message");
    assertEquals(last.length() + 1, buf.readableBytes());
  }

  @Test
  void endComesOnlyAfterEndOfInput() {
    byte[] stream = SignatureStreams.controllerIdxSigs(1, 1);
    CesrCursor c = CesrCursor.groups(OPTIONS).reset(Unpooled.wrappedBuffer(stream));
    assertEquals(CesrToken.GROUP_START, c.next());
    assertEquals(CesrToken.PRIMITIVE, c.next());
    assertEquals(CesrToken.GROUP_END, c.next());
    assertEquals(CesrToken.NEED_MORE, c.next());
    assertEquals(1, c.needed());
    assertEquals(CesrToken.NEED_MORE, c.next());
    c.endOfInput();
    assertEquals(CesrToken.END, c.next());
    CesrCursor m = CesrCursor.messages(OPTIONS).reset(Unpooled.EMPTY_BUFFER);
    assertEquals(CesrToken.NEED_MORE, m.next());
    assertEquals(CesrToken.END, m.endOfInput().next());
  }

  /** A message whose bare run reaches the end of the bytes waits: more groups may follow. */
  @Test
  void aBareRunAtTheEndOfTheBytesWaitsForTheNextByteOrTheEnd() {
    byte[] stream = Corpus.bytes("kel_single.v1.bare.txt.cesr");
    List<Message> ms = new ArrayList<>();
    try (Messages messages = Messages.copyOf(stream)) {
      messages.forEachRemaining(ms::add);
      int end = (int) (ms.get(0).offset() + ms.get(0).length());
      ByteBuf buf = Unpooled.buffer().writeBytes(stream, 0, end);
      CesrCursor c = CesrCursor.messages(OPTIONS).reset(buf);
      assertEquals(CesrToken.NEED_MORE, c.next());
      assertEquals(1, c.needed());
      buf.writeByte(stream[end]);
      assertEquals(CesrToken.MESSAGE_START, c.next());
      assertEquals(ms.get(0).length(), c.length());
      assertEquals(ms.get(0).version().text(), c.version().text());
    }
  }

  @Test
  void accessorsOfAnotherTokenThrowIllegalState() {
    byte[] stream = SignatureStreams.controllerIdxSigs(1, 1);
    CesrCursor c = CesrCursor.groups(OPTIONS);
    assertNull(c.token());
    assertThrows(IllegalStateException.class, c::offset);
    c.reset(Unpooled.wrappedBuffer(stream)).endOfInput();
    assertEquals(CesrToken.GROUP_START, c.next());
    IllegalStateException e = assertThrows(IllegalStateException.class, c::matterCode);
    assertEquals("matterCode() is not defined at token GROUP_START", e.getMessage());
    assertThrows(IllegalStateException.class, c::needed);
    assertThrows(IllegalStateException.class, c::version);
    assertThrows(IllegalStateException.class, c::genusTable);
    assertThrows(IllegalStateException.class, () -> c.readRaw(new byte[64], 0));
    assertEquals(CesrToken.PRIMITIVE, c.next());
    assertThrows(IllegalStateException.class, c::matterCode);
    assertThrows(IllegalStateException.class, c::counterCode);
    assertFalse(c.hasCounterCode());
    assertThrows(IllegalStateException.class, c::bodyKind);
  }

  @Test
  void aGenusVersionCodeSwitchesTheTableOfGroupsMode() {
    byte[] stream = ("-_AAACAA" + "-KAW" + new String(SignatureStreams.ed25519Sig(0, new byte[64]),
        StandardCharsets.US_ASCII)).getBytes(StandardCharsets.US_ASCII);
    CesrCursor c = CesrCursor.groups(OPTIONS).reset(Unpooled.wrappedBuffer(stream)).endOfInput();
    assertEquals(CesrToken.GENUS_VERSION, c.next());
    assertEquals(CounterTable.CESR_2_0, c.genusTable());
    assertEquals(2, c.genusMajor());
    assertEquals(0, c.genusMinor());
    assertEquals(8192, c.count());
    assertEquals(CesrToken.GROUP_START, c.next());
    assertEquals("ControllerIdxSigs", c.counterCode().name());
    assertEquals(CounterTable.CESR_2_0, c.counterCode().table());
    assertEquals(CursorTokens.ofGroups(stream, OPTIONS),
        CursorTokens.ofCursor(CesrCursor.groups(OPTIONS), Unpooled.wrappedBuffer(stream)));
  }

  /**
   * Groups mode: an AttachmentGroup holding a NonNativeBodyGroup (which {@code Groups} reads as
   * one of its groups, a Texter inside) gives that group's tokens, as {@link
   * dev.cesrj.group.Group#elements()}
   * holds them; the cursor once threw {@link IllegalStateException} there.
   */
  @Test
  void aBodyGroupInsideAnAttachmentGroupIsAGroupInGroupsMode() {
    // -VAD: AttachmentGroup of 3 quadlets; -WAC: NonNativeBodyGroup of 2; 4BAB: Bytes, 1 quadlet
    byte[] stream = "-VAD-WAC4BABAAAA".getBytes(StandardCharsets.US_ASCII);
    List<String> expected = CursorTokens.ofGroups(stream, OPTIONS);
    assertEquals(5, expected.size(), expected.toString());
    assertSameTokens(expected, stream, CesrCursor.groups(OPTIONS), "AttachmentGroup of a body group");
    CesrCursor c = CesrCursor.groups(OPTIONS).reset(Unpooled.wrappedBuffer(stream)).endOfInput();
    assertEquals(CesrToken.GROUP_START, c.next());
    assertEquals(CesrToken.GROUP_START, c.next());
    assertEquals("NonNativeBodyGroup", c.counterCode().name());
    assertEquals(4, c.index());
    assertEquals(12, c.length());
    assertEquals(2, c.depth());
    assertEquals(CesrToken.PRIMITIVE, c.next());
    assertEquals("Bytes_L0", c.matterCode().name());
    assertEquals(3, c.depth());
    assertEquals(CesrToken.GROUP_END, c.next());
    assertEquals(CesrToken.GROUP_END, c.next());
    assertEquals(CesrToken.END, c.next());
  }

  /**
   * A GenericGroup is its start, the messages of its sub-stream and its end, nested or not; a
   * genus-version code before it (which no message holds) and an empty one are tokens too.
   */
  @Test
  void genericGroupsAreTheirStartTheirMessagesAndTheirEnd() {
    byte[] aligned = GenericGroupTest.alignedV1Messages();
    byte[] one = GenericGroupTest.generic("-T", aligned);
    byte[] two = GenericGroupTest.generic(
        "-T", TestStreams.concat(aligned, GenericGroupTest.generic("-T", aligned)));
    for (byte[] s : List.of(one, two, TestStreams.concat(one, aligned, two))) {
      List<String> expected = CursorTokens.ofMessages(s, OPTIONS);
      assertTrue(expected.get(0).startsWith("GROUP_START 0+") && expected.get(0).contains(" d1 qb64 -T/CESR_1_0"),
          expected.get(0));
      assertSameTokens(expected, s, CesrCursor.messages(OPTIONS), "GenericGroup");
      assertEquals(expected,
          CursorTokens.ofCursorChunked(CesrCursor.messages(OPTIONS), s, 1, HEAP, null));
    }
    byte[] s = TestStreams.concat(TestStreams.ascii("-_AAABAA"), one, TestStreams.ascii("-TAA"));
    List<String> lines = CursorTokens.ofCursor(CesrCursor.messages(OPTIONS), Unpooled.wrappedBuffer(s));
    List<String> views = CursorTokens.ofMessages(s, OPTIONS);
    assertEquals("GENUS_VERSION 0+8 d1 -_AAA #4096 -> CESR_1_0", lines.get(0));
    assertEquals(views, lines.subList(1, lines.size() - 2));
    int end = s.length - 4;
    assertEquals(List.of("GROUP_START " + end + "+4 d1 qb64 -T/CESR_1_0 #0",
        "GROUP_END " + end + "+4 d1 qb64 -T/CESR_1_0 #0"), lines.subList(lines.size() - 2, lines.size()));
  }

  /**
   * Groups mode: a byte replaced (at 60 positions of each attachment file, by three bad values)
   * or the stream cut (at 20; both counts scaled by {@link Property#cases}): the cursor, fed whole and in 7-byte chunks, throws what {@code Groups}
   * throws (class, offset, message), or nothing where it throws nothing.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("attachmentStreams")
  void badAttachmentsThrowWhatGroupsThrows(String file) {
    byte[] stream = Corpus.bytes(file);
    int failures = 0;
    int step = Math.max(1, stream.length / Property.cases(60)) | 1;
    List<byte[]> inputs = new ArrayList<>();
    for (int at = 0; at < stream.length; at += step) {
      for (int bad : new int[] {'#', 0xFF, '-'}) {
        byte[] b = stream.clone();
        b[at] = (byte) bad;
        inputs.add(b);
      }
    }
    for (int cut = 1; cut < stream.length; cut += Math.max(1, stream.length / Property.cases(20))) {
      inputs.add(Arrays.copyOf(stream, cut));
    }
    for (byte[] b : inputs) {
      CesrException expected = null;
      try (dev.cesrj.group.Groups g = dev.cesrj.group.Groups.copyOf(b, OPTIONS)) {
        g.forEachRemaining(x -> { });
      } catch (CesrException e) {
        expected = e;
      }
      failures += expected != null ? 1 : 0;
      for (int chunk : new int[] {b.length, 7}) {
        CesrException actual = null;
        try {
          drain(CesrCursor.groups(OPTIONS), b, chunk);
        } catch (CesrException e) {
          actual = e;
        }
        String what = file + " (" + chunk + "): " + expected;
        if (expected == null) {
          assertNull(actual, what);
        } else {
          assertTrue(actual != null, what);
          assertEquals(expected.getClass(), actual.getClass(), what);
          assertEquals(expected.kind(), actual.kind(), what);
          assertEquals(expected.offset(), actual.offset(), what);
          assertEquals(expected.getMessage(), actual.getMessage(), what);
        }
      }
    }
    assertTrue(failures >= Property.cases(20), file + ": failures " + failures);
  }
}
