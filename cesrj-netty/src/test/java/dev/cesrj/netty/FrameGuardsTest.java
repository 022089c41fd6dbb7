package dev.cesrj.netty;

import static dev.cesrj.netty.Wire.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTimeoutException;
import dev.cesrj.MemoryBudgetException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.B64;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The guards of {@link CesrFrameDecoder} ({@link FrameGuards}) in an {@code EmbeddedChannel}: the
 * shared memory budget judges every size a frame can declare as soon as the size field is in and
 * charges only the bytes held (header-only peers do not starve honest ones; the held bytes never
 * pass the limit; the connection whose bytes would is closed and the others go on),
 * the frame deadline closes a frame that does not complete in time (the channel's own clock,
 * advanced by the test: no waiting), and backpressure turns {@code autoRead} off and on.
 */
@Timeout(60)
class FrameGuardsTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;
  private static final int DECLARED = 1_000_000;
  private static final SplittableRandom RANDOM = new SplittableRandom(19);

  private static ByteBuf pooled(byte[] b) {
    return PooledByteBufAllocator.DEFAULT.heapBuffer(b.length).writeBytes(b);
  }

  /** A whole v1 JSON message wrapped in an AttachmentGroup: complete once its group is in. */
  private static String wrapped(long sn) {
    String sigs = Qb64.counter(V1.controllerIdxSigs(), 1) + Wire.signature(0, RANDOM);
    return Wire.jsonV1("icp", "E".repeat(44), sn) + Qb64.counter(V1.named("AttachmentGroup"), sigs.length() / 4) + sigs;
  }

  /** A v1 JSON body of exactly {@code size} bytes that says so in its version string. */
  private static String bodyOfSize(int size) {
    String head = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\",\"t\":\"icp\",\"x\":\"";
    return head + "a".repeat(size - head.length() - 2) + "\"}";
  }

  /**
   * The first bytes of frames that declare {@value #DECLARED} bytes or more in each way a frame
   * can: the size field is in, the declared bytes are not; and the total each declares.
   */
  private static Map<String, Map.Entry<String, Long>> headers() {
    Map<String, Map.Entry<String, Long>> m = new LinkedHashMap<>();
    m.put("v1 version string", Map.entry("{\"v\":\"KERI10JSON0f4240_\",\"t\":\"icp\"", (long) DECLARED));
    m.put("v2 version string",
        Map.entry("{\"v\":\"KERICAACAAJSON" + B64.encodeInt(DECLARED, 4) + ".\",\"t\":\"icp\"", (long) DECLARED));
    String body = Wire.jsonV1("icp", "E".repeat(44), 0);
    m.put("AttachmentGroup after a body",
        Map.entry(body + Qb64.counter(V1, 'V', DECLARED / 4, true), body.length() + 8L + DECLARED));
    m.put("GenericGroup", Map.entry(Qb64.counter(V1, 'T', DECLARED / 4, true), 8L + DECLARED));
    m.put("BodyWithAttachmentGroup", Map.entry(Qb64.counter(V1, 'U', DECLARED / 4, true), 8L + DECLARED));
    return m;
  }

  private static EmbeddedChannel channel(FrameGuards guards, Recorder recorder) {
    return new EmbeddedChannel(new CesrFrameDecoder(CesrOptions.DEFAULT, OnMalformed.CLOSE, guards), recorder);
  }

  /** A v1 JSON body of {@value #DECLARED} bytes and one signature in an AttachmentGroup. */
  private static byte[] largeMessage() {
    String sigs = Qb64.counter(V1.controllerIdxSigs(), 1) + Wire.signature(0, RANDOM);
    return ascii(bodyOfSize(DECLARED) + Qb64.counter(V1.named("AttachmentGroup"), sigs.length() / 4) + sigs);
  }

  private static ByteBuf slice(byte[] b, int from, int to) {
    return pooled(java.util.Arrays.copyOfRange(b, from, to));
  }

  /** The memory the channel's parser holds (its cumulation's capacity): what the budget charges. */
  private static int held(EmbeddedChannel ch) {
    CesrFrameDecoder d = ch.pipeline().get(CesrFrameDecoder.class);
    return d == null ? 0 : d.bufferedCapacity();
  }

  private static int buffered(EmbeddedChannel ch) {
    CesrFrameDecoder d = ch.pipeline().get(CesrFrameDecoder.class);
    return d == null ? 0 : d.buffered();
  }

  @Test
  void everyDeclaredSizeIsJudgedAgainstTheBudgetBeforeItsBytesArrive() {
    for (Map.Entry<String, Map.Entry<String, Long>> h : headers().entrySet()) {
      String what = h.getKey();
      byte[] header = ascii(h.getValue().getKey());
      long declared = h.getValue().getValue();
      // a budget below the declared size: refused at the read that brings the size field
      CesrMemoryBudget small = new CesrMemoryBudget(DECLARED / 2);
      Recorder recorder = new Recorder();
      EmbeddedChannel ch = channel(new FrameGuards(small, Duration.ZERO, 0), recorder);
      ch.writeInbound(pooled(header));
      assertEquals(1, recorder.errors.size(), what + ": " + recorder.events);
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, recorder.errors.get(0), what);
      assertEquals(0, e.offset(), what);
      assertEquals(declared, e.requested(), what);
      assertEquals(DECLARED / 2, e.limit(), what);
      assertFalse(ch.isOpen(), what + ": closed");
      assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(ch), what);
      assertEquals(0, small.reservedBytes(), what + ": given back");
      assertEquals(0, small.highWaterBytes(), what + ": never reserved");
      ch.finishAndReleaseAll();

      // a budget that has room: only the bytes held are charged, and given back at the end
      CesrMemoryBudget big = new CesrMemoryBudget(2L * DECLARED);
      Recorder ok = new Recorder();
      EmbeddedChannel open = channel(new FrameGuards(big, Duration.ZERO, 0), ok);
      open.writeInbound(pooled(header));
      assertEquals(0, ok.errors.size(), what + ": " + ok.events);
      assertTrue(open.isOpen(), what);
      // the header's bytes in the least cumulation the parser makes, not the declared size
      assertEquals(header.length, buffered(open), what);
      assertEquals(4096, big.reservedBytes(), what + ": the header's cumulation, not the declared size");
      assertEquals(CesrMemoryBudget.Room.FITS, big.roomFor(declared, 0), what);
      open.finishAndReleaseAll();
      assertEquals(0, big.reservedBytes(), what + ": given back when the input ends");
      assertEquals(4096, big.highWaterBytes(), what);
      ok.releaseAll();
    }
  }

  @Test
  void theBudgetIsSharedChargesTheBytesHeldAndAFrameGivesThemBackOnceComplete() {
    CesrMemoryBudget budget = new CesrMemoryBudget(DECLARED * 3L / 2);
    FrameGuards guards = new FrameGuards(budget, Duration.ofSeconds(30), 0);
    byte[] bytes = largeMessage();
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    EmbeddedChannel a = channel(guards, first);
    EmbeddedChannel b = channel(guards, second);
    try {
      // what is charged is the memory held: each parser's cumulation (4,096 bytes at least, grown
      // in powers of two)
      a.writeInbound(slice(bytes, 0, 100));
      assertEquals(4096, budget.reservedBytes(), "100 bytes held in 4,096, not the body's declared size");
      b.writeInbound(slice(bytes, 0, 100));
      assertTrue(b.isOpen(), "a second frame of 1,000,000 declared fits: the first holds 4,096 bytes");
      assertEquals(8192, budget.reservedBytes());
      // the body's end brings the AttachmentGroup's count: judged again (larger), and charged as
      // held: 1,000,004 bytes in a cumulation of 1,048,576
      a.writeInbound(slice(bytes, 100, DECLARED + 4));
      assertEquals(1_048_576 + 4096, budget.reservedBytes());
      // b's next 700,000 bytes would grow its cumulation to 1,048,576 and take the charge past the
      // limit: b, the asker, is refused
      b.writeInbound(slice(bytes, 100, 700_100));
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, second.errors.get(0));
      assertEquals("at offset 0: memory budget of 1500000 bytes has 1052672 reserved; expected room for"
          + " 1044480 more bytes in the memory budget", e.getMessage());
      assertEquals(1_048_576 - 4096, e.requested());
      assertFalse(b.isOpen());
      assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(b));
      assertEquals(-1, b.runScheduledPendingTasks(), "no frame deadline left on the refused channel");
      assertTrue(a.isOpen(), "the other connection goes on");
      assertEquals(1_048_576, budget.reservedBytes(), "b's 4,096 given back");
      // the rest, and the first 40 bytes of a message of 300: what is held is those 40
      byte[] next = ascii(bodyOfSize(300));
      byte[] last = new byte[bytes.length - DECLARED - 4 + 40];
      System.arraycopy(bytes, DECLARED + 4, last, 0, bytes.length - DECLARED - 4);
      System.arraycopy(next, 0, last, bytes.length - DECLARED - 4, 40);
      a.writeInbound(pooled(last));
      assertEquals(1, first.frames.size());
      assertEquals(40, buffered(a), "the next frame's bytes held");
      // in the cumulation the recorded frame still views (the recorder keeps its frames): the
      // parser keeps it, and its charge, until its next call moves the 40 bytes
      assertEquals(1_048_576, budget.reservedBytes(), "the cumulation of 1,048,576 holding them");
      assertEquals(1_048_576 + 4096, budget.highWaterBytes());
      a.writeInbound(slice(next, 40, next.length));
      assertEquals(300, buffered(a), "a bare body is held for the byte that ends its run");
      assertEquals(4096, budget.reservedBytes(), "in a new cumulation of 4,096");
      a.pipeline().fireUserEventTriggered(io.netty.channel.socket.ChannelInputShutdownEvent.INSTANCE);
      assertEquals(2, first.frames.size());
      assertEquals(0, budget.reservedBytes(), "nothing unfinished once the input ends");
    } finally {
      first.releaseAll();
      a.finishAndReleaseAll();
      b.finishAndReleaseAll();
    }
  }

  @Test
  void aDeclaredSizeLargerThanTheRoomOthersLeaveIsRefusedAtOnce() {
    CesrMemoryBudget budget = new CesrMemoryBudget(DECLARED * 3L / 2);
    FrameGuards guards = new FrameGuards(budget, Duration.ofSeconds(30), 0);
    byte[] bytes = largeMessage();
    byte[] small = ascii(wrapped(0));
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    EmbeddedChannel a = channel(guards, first);
    EmbeddedChannel b = channel(guards, second);
    try {
      a.writeInbound(slice(bytes, 0, 900_000));
      assertEquals(900_000, budget.reservedBytes());
      assertEquals(CesrMemoryBudget.Room.NOT_NOW, budget.roomFor(DECLARED, 0));
      assertEquals(CesrMemoryBudget.Room.FITS, budget.roomFor(DECLARED, 900_000), "a's own bytes are its room");
      // b: a whole message, then the header of a body that declares more than the 600,000 left
      byte[] twice = new byte[small.length + 40];
      System.arraycopy(small, 0, twice, 0, small.length);
      System.arraycopy(bytes, 0, twice, small.length, 40);
      b.writeInbound(pooled(twice));
      assertEquals(1, second.frames.size(), "the whole message before it goes on");
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, second.errors.get(0));
      assertEquals(small.length, e.offset(), "the refused frame's stream offset");
      assertEquals(DECLARED, e.requested());
      assertEquals("at offset " + small.length + ": memory budget of 1500000 bytes has 900000 reserved;"
          + " expected room for 1000000 more bytes in the memory budget", e.getMessage());
      assertFalse(b.isOpen());
      assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(b));
      assertEquals(-1, b.runScheduledPendingTasks(), "no frame deadline left on the refused channel");
      assertEquals(900_000, budget.reservedBytes(), "b's header was never charged");
      a.writeInbound(slice(bytes, 900_000, bytes.length));
      assertEquals(1, first.frames.size(), "a goes on and completes");
      assertEquals(0, budget.reservedBytes());
      // the read that completes a's frame grows its cumulation from 900,000 (the size of a's first
      // read) to 1,048,576, charged until the frame is passed on and the parser lets it go
      assertEquals(1_048_576, budget.highWaterBytes());
    } finally {
      first.releaseAll();
      second.releaseAll();
      a.finishAndReleaseAll();
      b.finishAndReleaseAll();
    }
  }

  @Test
  void aFrameMadeLargerByALaterSizeFieldIsJudgedAgainAndRefusedForWhatItAsksBeyondItsBytes() {
    CesrMemoryBudget budget = new CesrMemoryBudget(1_200_000);
    FrameGuards guards = new FrameGuards(budget, Duration.ZERO, 0);
    byte[] other = largeMessage();
    byte[] body = ascii(bodyOfSize(DECLARED));
    byte[] group = ascii(Qb64.counter(V1, 'V', 25_000, true)); // an AttachmentGroup of 100,000 bytes
    assertEquals(8, group.length);
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    EmbeddedChannel a = channel(guards, first);
    EmbeddedChannel b = channel(guards, second);
    try {
      b.writeInbound(slice(other, 0, 150_000));
      // a's bare body: held for the byte that ends its run; 1,000,001 fits in the 1,050,000 left
      a.writeInbound(pooled(body));
      assertEquals(1_150_000, budget.reservedBytes());
      // the group's count makes a's frame 1,100,008 bytes: 100,008 more than it holds, 50,000 left
      a.writeInbound(pooled(group));
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, first.errors.get(0));
      assertEquals(0, e.offset());
      assertEquals(100_008, e.requested(), "the declared size less the bytes already charged");
      assertEquals("at offset 0: memory budget of 1200000 bytes has 1150000 reserved; expected room for"
          + " 100008 more bytes in the memory budget", e.getMessage());
      assertFalse(a.isOpen());
      assertEquals(150_000, budget.reservedBytes());
      assertTrue(b.isOpen(), "the other connection goes on");
      b.writeInbound(slice(other, 150_000, other.length));
      assertEquals(1, second.frames.size());
      assertEquals(0, budget.reservedBytes());
    } finally {
      first.releaseAll();
      second.releaseAll();
      a.finishAndReleaseAll();
      b.finishAndReleaseAll();
    }
  }

  @Test
  void headerOnlyPeersDoNotStarveAnHonestConnection() {
    // the initializer's defaults: 1 MiB frames, a 64 MiB budget; 100 peers send only a header
    // declaring 1 MiB (charging declared sizes, the 65th would have been refused and the budget
    // would have had no room for the honest connection's frames)
    CesrOptions options = CesrOptions.DEFAULT.toBuilder().maxFrameBytes(CesrServerInitializer.DEFAULT_MAX_FRAME_BYTES).build();
    CesrMemoryBudget budget = new CesrMemoryBudget(CesrServerInitializer.DEFAULT_MEMORY_BUDGET_BYTES);
    FrameGuards guards = new FrameGuards(budget, Duration.ofSeconds(30), 16);
    byte[] header = ascii("{\"v\":\"KERI10JSON100000_\",\"t\":\"icp\"");
    assertEquals(34, header.length);
    List<EmbeddedChannel> hostile = new ArrayList<>();
    List<Recorder> hostileRecorders = new ArrayList<>();
    Recorder honest = new Recorder();
    EmbeddedChannel ch = new EmbeddedChannel(new CesrFrameDecoder(options, OnMalformed.CLOSE, guards), honest);
    try {
      for (int i = 0; i < 100; i++) {
        Recorder r = new Recorder();
        EmbeddedChannel h = new EmbeddedChannel(new CesrFrameDecoder(options, OnMalformed.CLOSE, guards), r);
        h.writeInbound(pooled(header));
        assertTrue(h.isOpen() && r.errors.isEmpty(), "header " + i + ": " + r.events);
        hostile.add(h);
        hostileRecorders.add(r);
      }
      // each header is held in a cumulation of 4,096 bytes: 409,600 bytes for 100 MiB declared
      assertEquals(100L * 4096, budget.reservedBytes(), "409,600 bytes for 100 MiB declared");
      // the honest connection: 200 messages in reads of 7 bytes, then a frame of the largest size
      // allowed (1 MiB) in reads of 64 KiB
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < 200; i++) {
        sb.append(wrapped(i));
      }
      byte[] stream = ascii(sb.toString());
      for (int i = 0; i < stream.length; i += 7) {
        ch.writeInbound(slice(stream, i, Math.min(stream.length, i + 7)));
        assertTrue(budget.reservedBytes() <= 100L * 4096 + 4096, "a message's bytes in 4,096");
      }
      String sigs = Qb64.counter(V1.controllerIdxSigs(), 1) + Wire.signature(0, RANDOM);
      String group = Qb64.counter(V1.named("AttachmentGroup"), sigs.length() / 4) + sigs;
      byte[] largest = ascii(bodyOfSize((1 << 20) - group.length()) + group);
      for (int i = 0; i < largest.length; i += 1 << 16) {
        ch.writeInbound(slice(largest, i, Math.min(largest.length, i + (1 << 16))));
      }
      assertTrue(honest.errors.isEmpty(), honest.events.toString());
      assertEquals(201, honest.frames.size());
      long offset = 0;
      for (int i = 0; i < 200; i++) {
        assertEquals(offset, honest.frames.get(i).streamOffset(), "frame " + i + " in order");
        offset += wrapped(i).length();
      }
      assertEquals(stream.length, honest.frames.get(200).streamOffset());
      assertEquals(1 << 20, honest.frames.get(200).content().readableBytes());
      assertEquals(100L * 4096, budget.reservedBytes(), "the honest connection holds nothing");
      assertEquals(100L * 4096 + (1 << 20), budget.highWaterBytes(),
          "the headers and the largest frame's cumulation (1 MiB from its ninth read)");
      // the frame deadline closes the header-only peers; their bytes are given back
      for (EmbeddedChannel h : hostile) {
        h.advanceTimeBy(30, TimeUnit.SECONDS);
        h.runScheduledPendingTasks();
        assertFalse(h.isOpen());
        assertEquals(CloseReason.FRAME_TIMEOUT, CloseReason.recordedOn(h));
      }
      assertEquals(0, budget.reservedBytes());
    } finally {
      honest.releaseAll();
      ch.finishAndReleaseAll();
      for (EmbeddedChannel h : hostile) {
        h.finishAndReleaseAll();
      }
      hostileRecorders.forEach(Recorder::releaseAll);
    }
  }

  @Test
  void theHeldBytesNeverPassTheLimitAndTheConnectionWhoseBytesWouldIsClosedAtItsStreamOffset() {
    // what is charged is each parser's cumulation: 100,000 bytes after a first read of 100,000,
    // then powers of two (262,144; 524,288 from 300,000 bytes; 1,048,576 from 600,000)
    long limit = 2_621_440;
    CesrMemoryBudget budget = new CesrMemoryBudget(limit);
    FrameGuards guards = new FrameGuards(budget, Duration.ZERO, 0);
    byte[] bytes = largeMessage();
    byte[] small = ascii(wrapped(0));
    List<Recorder> recorders = List.of(new Recorder(), new Recorder(), new Recorder());
    List<EmbeddedChannel> chs = new ArrayList<>();
    int[] sent = new int[3];
    try {
      for (Recorder r : recorders) {
        chs.add(channel(guards, r));
      }
      // b first sends a whole message: its large frame starts at stream offset small.length
      chs.get(1).writeInbound(pooled(small));
      assertEquals(1, recorders.get(1).frames.size());
      assertEquals(0, budget.reservedBytes(), "a whole message is framed in place: nothing held");
      // rounds of 100,000 bytes each, a, b, c in turn: 500,000 each in 524,288 after five rounds
      long[] totals = {
        100_000, 200_000, 300_000, 462_144, 624_288, 786_432, 1_048_576, 1_310_720, 1_572_864};
      for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 3; i++) {
          chs.get(i).writeInbound(slice(bytes, sent[i], sent[i] + 100_000));
          sent[i] += 100_000;
          long sum = held(chs.get(0)) + held(chs.get(1)) + held(chs.get(2));
          assertEquals(sum, budget.reservedBytes(), "charged = held, round " + round + " channel " + i);
          assertEquals(totals[Math.min(3 * round + i, totals.length - 1)], budget.reservedBytes(),
              "round " + round + " channel " + i);
        }
      }
      // a's and c's next 100,000 grow their cumulations to 1,048,576: the limit exactly, allowed
      for (int i : new int[] {0, 2}) {
        chs.get(i).writeInbound(slice(bytes, sent[i], sent[i] + 100_000));
        sent[i] += 100_000;
        assertTrue(chs.get(i).isOpen());
      }
      assertEquals(limit, budget.reservedBytes());
      // b's next byte would grow its cumulation too and pass it: b is closed, at its frame's
      // stream offset
      chs.get(1).writeInbound(slice(bytes, sent[1], sent[1] + 100_000));
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, recorders.get(1).errors.get(0));
      assertEquals(small.length, e.offset(), "stream offset of b's large frame");
      assertEquals(524_288, e.requested(), "its cumulation's growth");
      assertEquals(limit, e.limit());
      assertEquals("at offset " + small.length + ": memory budget of 2621440 bytes has 2621440 reserved;"
          + " expected room for 524288 more bytes in the memory budget", e.getMessage());
      assertFalse(chs.get(1).isOpen());
      assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(chs.get(1)));
      assertEquals(2_097_152, budget.reservedBytes(), "b's 524,288 given back");
      assertEquals(limit, budget.highWaterBytes(), "never past the limit");
      // a and c go on and complete their frames
      for (int i : new int[] {0, 2}) {
        chs.get(i).writeInbound(slice(bytes, sent[i], bytes.length));
        assertTrue(budget.reservedBytes() <= limit);
        assertEquals(1, recorders.get(i).frames.size(), "channel " + i);
        assertTrue(recorders.get(i).errors.isEmpty());
        assertTrue(chs.get(i).isOpen());
        assertEquals(bytes.length, recorders.get(i).frames.get(0).content().readableBytes());
      }
      assertEquals(0, budget.reservedBytes());
      assertEquals(limit, budget.highWaterBytes());
    } finally {
      recorders.forEach(Recorder::releaseAll);
      chs.forEach(EmbeddedChannel::finishAndReleaseAll);
    }
  }

  @Test
  void aFrameNotCompleteByItsDeadlineClosesTheChannelAtItsStreamOffset() {
    FrameGuards guards = new FrameGuards(null, Duration.ofSeconds(5), 0);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      byte[] done = ascii(wrapped(0));
      byte[] slow = ascii(wrapped(1));
      ch.writeInbound(pooled(done));
      ch.writeInbound(pooled(java.util.Arrays.copyOf(slow, 30)));
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      // a byte more of the same frame does not move its deadline
      ch.writeInbound(pooled(java.util.Arrays.copyOfRange(slow, 30, 31)));
      assertTrue(recorder.errors.isEmpty(), recorder.events.toString());
      ch.advanceTimeBy(1, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertEquals(1, recorder.errors.size(), recorder.events.toString());
      FrameTimeoutException e = assertInstanceOf(FrameTimeoutException.class, recorder.errors.get(0));
      assertEquals(done.length, e.offset(), "the slow frame's first byte");
      assertEquals(5000, e.timeoutMillis());
      assertEquals(31, e.have());
      // what the frame still needs, at least: the rest of its body (its attachments are not in yet)
      int body = Wire.jsonV1("icp", "E".repeat(44), 1).length();
      assertEquals("at offset " + done.length + ": frame not complete after 5000 ms (have 31 bytes); expected"
          + " the frame's " + (body - 31) + " more bytes within 5000 ms", e.getMessage());
      assertFalse(ch.isOpen());
      assertEquals(CloseReason.FRAME_TIMEOUT, CloseReason.recordedOn(ch));
      assertEquals(1, recorder.frames.size(), "the message before it was passed on");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void aFrameThatCompletesInTimeCancelsItsDeadlineAndTheNextGetsItsOwn() {
    FrameGuards guards = new FrameGuards(null, Duration.ofSeconds(5), 0);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      byte[] first = ascii(wrapped(0));
      byte[] second = ascii(wrapped(1));
      ch.writeInbound(pooled(java.util.Arrays.copyOf(first, 50)));
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      // the rest of the first frame and the start of the second: a new deadline from now
      byte[] rest = new byte[first.length - 50 + 10];
      System.arraycopy(first, 50, rest, 0, first.length - 50);
      System.arraycopy(second, 0, rest, first.length - 50, 10);
      ch.writeInbound(pooled(rest));
      assertEquals(1, recorder.frames.size());
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertTrue(recorder.errors.isEmpty(), "4 s into the second frame: " + recorder.events);
      ch.writeInbound(pooled(java.util.Arrays.copyOfRange(second, 10, second.length)));
      assertEquals(2, recorder.frames.size());
      ch.advanceTimeBy(60, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertTrue(recorder.errors.isEmpty(), "nothing unfinished: " + recorder.events);
      assertTrue(ch.isOpen());
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void readsPauseWhileTooManyFramesAreUnreleasedAndResumeAfter() {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 2);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      assertTrue(ch.config().isAutoRead());
      ch.writeInbound(pooled(ascii(wrapped(0) + wrapped(1) + wrapped(2))));
      assertEquals(3, recorder.frames.size());
      assertFalse(ch.config().isAutoRead(), "3 frames in flight, 2 allowed");
      recorder.frames.set(0, null).release();
      assertFalse(ch.config().isAutoRead(), "2 in flight");
      recorder.frames.set(1, null).release();
      assertTrue(ch.config().isAutoRead(), "1 in flight");
      recorder.frames.set(2, null).release();
      assertTrue(ch.config().isAutoRead());
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void framesReleasedOnAnotherThreadReopenTheGate() throws Exception {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 1);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      ch.writeInbound(pooled(ascii(wrapped(0))));
      assertFalse(ch.config().isAutoRead());
      CesrFrame f = recorder.frames.set(0, null);
      Thread t = new Thread(f::release);
      t.start();
      t.join();
      ch.runPendingTasks();
      assertTrue(ch.config().isAutoRead(), "released on another thread");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void readsPauseWhileTheChannelIsNotWritable() {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 16);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
      ch.write(Unpooled.wrappedBuffer(new byte[64]));
      assertFalse(ch.isWritable());
      assertFalse(ch.config().isAutoRead(), "answers queued above the high water mark");
      ch.flush();
      assertTrue(ch.isWritable());
      assertTrue(ch.config().isAutoRead(), "writable again");
      ByteBuf out = ch.readOutbound();
      out.release();
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void addingTheDecoderWithBackpressureTurnsAutoReadOnAndWritabilityEventsGoOn() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.config().setAutoRead(false);
    List<Object> events = new ArrayList<>();
    ch.pipeline().addLast(new CesrFrameDecoder(CesrOptions.DEFAULT, OnMalformed.CLOSE,
        new FrameGuards(null, Duration.ZERO, 4)));
    ch.pipeline().addLast(new io.netty.channel.ChannelInboundHandlerAdapter() {
      @Override
      public void channelWritabilityChanged(io.netty.channel.ChannelHandlerContext ctx) {
        events.add("writability " + ctx.channel().isWritable());
      }
    });
    assertTrue(ch.config().isAutoRead(), "writable, nothing in flight: reading");
    ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
    ch.write(Unpooled.wrappedBuffer(new byte[64]));
    ch.flush();
    assertEquals(List.of("writability false", "writability true"), events);
    ByteBuf out = ch.readOutbound();
    out.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void withoutGuardsTheDecoderLeavesAutoReadAlone() {
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(FrameGuards.NONE, recorder);
    try {
      ch.writeInbound(pooled(ascii(wrapped(0) + wrapped(1) + wrapped(2))));
      assertTrue(ch.config().isAutoRead());
      ch.config().setAutoRead(false);
      ch.pipeline().fireChannelWritabilityChanged();
      assertFalse(ch.config().isAutoRead(), "not the decoder's to change");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void guardsAndBudgetRefuseNonsense() {
    assertThrows(IllegalArgumentException.class, () -> new FrameGuards(null, Duration.ofSeconds(-1), 0));
    assertThrows(IllegalArgumentException.class, () -> new FrameGuards(null, Duration.ZERO, -1));
    assertThrows(NullPointerException.class, () -> new FrameGuards(null, null, 0));
    assertThrows(IllegalArgumentException.class, () -> new CesrMemoryBudget(0));
    assertEquals(1, new CesrMemoryBudget(1).limitBytes());
    CesrMemoryBudget b = new CesrMemoryBudget(10);
    b.release(0);
    assertThrows(IllegalArgumentException.class, () -> b.tryReserve(-1));
    assertThrows(IllegalArgumentException.class, () -> b.release(-1));
    assertTrue(b.tryReserve(10));
    assertFalse(b.tryReserve(1));
    assertThrows(IllegalArgumentException.class, () -> b.release(11));
    assertEquals(10, b.reservedBytes());
    b.release(4);
    assertTrue(b.tryReserve(4));
    assertFalse(b.tryReserve(1));
    assertTrue(b.tryReserve(0));
    b.release(10);
    assertEquals(0, b.reservedBytes());
    assertEquals(10, b.highWaterBytes());
    assertEquals(10, b.limitBytes());
    assertEquals("CesrMemoryBudget 0 of 10 bytes reserved (high water 10)", b.toString());
    assertTrue(b.tryReserve(4));
    assertEquals(CesrMemoryBudget.Room.FITS, b.roomFor(6, 0));
    assertEquals(CesrMemoryBudget.Room.NOT_NOW, b.roomFor(7, 0));
    assertEquals(CesrMemoryBudget.Room.FITS, b.roomFor(10, 4), "its own bytes count as its room");
    assertEquals(CesrMemoryBudget.Room.NEVER, b.roomFor(11, 4));
    assertEquals(CesrMemoryBudget.Room.FITS, b.roomFor(0, 0));
    assertThrows(IllegalArgumentException.class, () -> b.roomFor(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> b.roomFor(1, -1));
    assertEquals(4, b.reservedBytes(), "judging charges nothing");
  }
}
