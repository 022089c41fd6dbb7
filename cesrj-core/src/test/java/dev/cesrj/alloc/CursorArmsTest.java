package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.CesrOptions;
import dev.cesrj.stream.CesrCursor;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.RealWorld;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cursor arm returns the checksum of the other arms for every stream ConcurrentParse may be
 * given: {@link MessageArms} for a stream of messages, {@link GroupArms} for attachments only.
 * And the zero-copy-read arm ({@link GroupArms#zeroCopyRead}) does the cursor arm's work with
 * views: the same checksum, and the same indexed signatures' raw values read (count and bytes).
 */
class CursorArmsTest {
  static List<String> streams() {
    List<String> out = new ArrayList<>();
    for (String f : Corpus.streams()) {
      out.add("corpus:" + f);
    }
    for (String f : RealWorld.streams()) {
      out.add("realworld:" + f);
    }
    return out;
  }

  static List<String> attachmentStreams() {
    List<String> out = new ArrayList<>();
    for (String f : Corpus.streams()) {
      if ("only".equals(Corpus.manifestEntry(f).get("attachments").asText())) {
        out.add(f);
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("attachmentStreams")
  void zeroCopyReadReadsTheSignaturesTheCursorArmReads(String file) {
    ByteBuf prepared = Unpooled.wrappedBuffer(Corpus.bytes(file));
    RawTally views = new RawTally();
    RawTally cursor = new RawTally();
    long sum = GroupArms.zeroCopyRead(prepared, CesrOptions.DEFAULT, views);
    assertEquals(GroupArms.zeroCopy(prepared, CesrOptions.DEFAULT), sum, file);
    assertEquals(sum, CursorArms.cursor(
        CesrCursor.groups(CesrOptions.DEFAULT), prepared, new byte[128], cursor), file);
    assertEquals(cursor.toString(), views.toString(), file);
  }

  /** ConcurrentParse's and CursorBenchmark's own workload: every signature read, 64 bytes each. */
  @Test
  void bothArmsReadEverySignatureOfTheSyntheticStream() {
    ByteBuf prepared = Unpooled.wrappedBuffer(SignatureStreams.controllerIdxSigs(16, 2));
    RawTally views = new RawTally();
    RawTally cursor = new RawTally();
    assertEquals(32, GroupArms.zeroCopyRead(prepared, CesrOptions.DEFAULT, views));
    assertEquals(32, CursorArms.cursor(
        CesrCursor.groups(CesrOptions.DEFAULT), prepared, new byte[64], cursor));
    assertEquals("32 signatures, 2048 raw bytes", views.toString());
    assertEquals(views.toString(), cursor.toString());
    // reused: the tally adds up, the arm reads the same again
    GroupArms.zeroCopyRead(prepared, CesrOptions.DEFAULT, views);
    assertEquals(4096, views.bytes());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void theCursorArmGivesTheChecksumOfTheOtherArms(String name) {
    boolean corpus = name.startsWith("corpus:");
    String file = name.substring(name.indexOf(':') + 1);
    byte[] bytes = corpus ? Corpus.bytes(file) : RealWorld.bytes(file);
    boolean messages = !corpus || !"only".equals(Corpus.manifestEntry(file).get("attachments").asText());
    ByteBuf prepared = Unpooled.wrappedBuffer(bytes);
    byte[] raw = new byte[1024];
    if (messages) {
      long expected = MessageArms.zeroCopy(prepared, CesrOptions.DEFAULT);
      CesrCursor c = CesrCursor.messages(CesrOptions.DEFAULT);
      assertEquals(expected, CursorArms.messages(c, prepared, raw, new int[64]), file);
    } else {
      long expected = GroupArms.zeroCopy(prepared, CesrOptions.DEFAULT);
      CesrCursor c = CesrCursor.groups(CesrOptions.DEFAULT);
      assertEquals(expected, CursorArms.cursor(c, prepared, new byte[64], new RawTally()), file);
    }
  }
}
