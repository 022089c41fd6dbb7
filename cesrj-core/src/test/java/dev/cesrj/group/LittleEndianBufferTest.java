package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.internal.B64;
import dev.cesrj.stream.CesrCursor;
import dev.cesrj.stream.CesrToken;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A direct buffer whose {@link ByteBuf#order()} is little-endian (Netty's swapped view) is read in
 * stream order, as a heap copy of the same bytes: the signature-group fast path reads a counter
 * with one {@code getInt} and a signature's head with one {@code getUnsignedMedium}, which a
 * swapped view returns byte-reversed. A group of 62 signatures has the counter {@code -AA-}, whose
 * reversed bytes also start with {@code -}: over such a view every signature took its code from
 * its third character, and {@code ZAA-} (no counter: a cold-start error at 0) was framed as a
 * group of 25 signatures.
 */
class LittleEndianBufferTest {

  /** A ControllerIdxSigs group ({@code -A}) of {@code sigs} Ed25519 signatures, random raw values. */
  private static byte[] group(int sigs) {
    SplittableRandom random = new SplittableRandom(62);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(("-A" + B64.encodeInt(sigs, 2)).getBytes(StandardCharsets.US_ASCII));
    byte[] raw = new byte[64];
    for (int i = 0; i < sigs; i++) {
      random.nextBytes(raw);
      out.writeBytes(SignatureStreams.ed25519Sig(i, raw));
    }
    return out.toByteArray();
  }

  @SuppressWarnings("deprecation") // ByteBuf.order: the swapped view a caller may still hand in
  private static List<Object> overSwapped(ByteBuf owner) {
    List<Object> out = new ArrayList<>();
    CesrException end = null;
    try (Groups groups = Groups.over(owner.order(ByteOrder.LITTLE_ENDIAN), CesrOptions.DEFAULT)) {
      while (groups.hasNext()) {
        out.add(Snapshot.of(groups.next()));
      }
    } catch (CesrException e) {
      end = e;
    } finally {
      owner.release();
    }
    out.add(Snapshot.end(end));
    return out;
  }

  private static void assertAsTheHeapCopy(byte[] bytes, String what) {
    List<Object> want = Snapshot.viaCopy(bytes, CesrOptions.DEFAULT);
    assertEquals(want, overSwapped(Unpooled.directBuffer(bytes.length).writeBytes(bytes)),
        what + ", unpooled direct");
    assertEquals(want,
        overSwapped(PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes)),
        what + ", pooled direct");
  }

  @Test
  void sixtyTwoSignaturesKeepTheirCodes() {
    byte[] g = group(62);
    assertEquals("-AA-", new String(g, 0, 4, StandardCharsets.US_ASCII));
    List<Object> want = Snapshot.viaCopy(g, CesrOptions.DEFAULT);
    assertEquals(List.of("end"), want.get(want.size() - 1));
    assertAsTheHeapCopy(g, "-AA- and 62 signatures");
  }

  @Test
  void aCounterWhoseLastCharacterIsADashIsNotReadBackwards() {
    byte[] g = group(62);
    g[0] = 'Z'; // "ZAA-": no counter
    List<Object> want = Snapshot.viaCopy(g, CesrOptions.DEFAULT);
    assertEquals("ColdStartException", want.get(want.size() - 1).toString().split("[\\[,]")[1]);
    assertAsTheHeapCopy(g, "ZAA- and 62 signatures");
  }

  @Test
  @SuppressWarnings("deprecation")
  void theCursorReadsASwappedViewInStreamOrder() {
    byte[] g = group(62);
    List<String> want = codes(Unpooled.wrappedBuffer(g));
    ByteBuf direct = Unpooled.directBuffer(g.length).writeBytes(g);
    try {
      assertEquals(want, codes(direct.order(ByteOrder.LITTLE_ENDIAN)));
    } finally {
      direct.release();
    }
    assertEquals(64, want.size()); // the group's start and end, 62 signatures
  }

  /** Each token of the groups-mode cursor: its kind and, for a signature, its code and index. */
  private static List<String> codes(ByteBuf input) {
    CesrCursor cursor = CesrCursor.groups(CesrOptions.DEFAULT);
    cursor.reset(input).endOfInput();
    List<String> out = new ArrayList<>();
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      out.add(t == CesrToken.PRIMITIVE ? cursor.indexerCode() + " " + cursor.signatureIndex() : t.name());
    }
    return out;
  }
}
