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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cursor arm returns the checksum of the other arms for every stream ConcurrentParse may be
 * given: {@link MessageArms} for a stream of messages, {@link GroupArms} for attachments only.
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
      assertEquals(expected, CursorArms.cursor(c, prepared, new byte[64]), file);
    }
  }
}
