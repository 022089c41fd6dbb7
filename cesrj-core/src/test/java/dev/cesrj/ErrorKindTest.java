package dev.cesrj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.batch.BatchException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Qb64;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every error carries the {@link ErrorKind} of the rule it broke and the path of the groups that
 * enclose it ({@link CesrException#path()}); {@link CesrException#enclosedIn} keeps the class,
 * fields and message of every exception type.
 */
class ErrorKindTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;
  private static final CounterCode ATTACHMENTS = V1.named("AttachmentGroup");
  private static final CounterCode SIGS = V1.controllerIdxSigs();

  private static String sig(int index) {
    byte[] raw = new byte[64];
    Arrays.fill(raw, (byte) (index + 1));
    return Qb64.indexer(IndexerCode.Ed25519_Sig, index, 0, raw);
  }

  /** The error the first group of {@code text} gives, read with {@link Groups#copyOf}. */
  private static CesrException groupError(String text) {
    try (Groups groups = Groups.copyOf(text.getBytes(StandardCharsets.US_ASCII))) {
      return assertThrows(CesrException.class, groups::next);
    }
  }

  private static String path(CesrException e) {
    return e.path().stream().map(EnclosingGroup::toString).collect(Collectors.joining(" > "));
  }

  /** An AttachmentGroup of {@code content}, counted in quadlets. */
  private static String attachments(String content) {
    return Qb64.counter(ATTACHMENTS, content.length() / 4) + content;
  }

  @Test
  void aBadCharacterInsideNestedGroupsNamesBothGroups() {
    String sigs = Qb64.counter(SIGS, 1) + sig(0);
    // the signature's index character (offset 4 + 4 + 1 = 9) is no Base64url character
    char[] bad = attachments(sigs).toCharArray();
    bad[9] = '!';
    CesrException e = groupError(new String(bad));
    assertInstanceOf(MalformedException.class, e);
    assertEquals(ErrorKind.MALFORMED_CHARACTER, e.kind());
    assertEquals(9, e.offset());
    assertEquals("AttachmentGroup (-V) at 0 > ControllerIdxSigs (-A) at 4", path(e));
    assertEquals(List.of(new EnclosingGroup(ATTACHMENTS, 0), new EnclosingGroup(SIGS, 4)), e.path());
  }

  @Test
  void contentCutByItsGroupsCountIsMalformedInsideThatGroup() {
    String sigs = Qb64.counter(SIGS, 1) + sig(0);
    // the AttachmentGroup counts one quadlet less than its signature group takes
    String text = Qb64.counter(ATTACHMENTS, sigs.length() / 4 - 1) + sigs + "AAAA";
    CesrException e = groupError(text);
    assertInstanceOf(MalformedException.class, e);
    assertEquals(ErrorKind.MALFORMED_CONTENT_CUT, e.kind());
    assertEquals(8, e.offset());
    assertEquals("AttachmentGroup (-V) at 0", path(e));
    assertTrue(e.getMessage().contains("content ends inside its AttachmentGroup at offset 0"),
        e.getMessage());
  }

  @Test
  void anErrorOfAGroupsOwnCounterIsNotInsideThatGroup() {
    CesrException e = groupError("-zAA");
    assertEquals(ErrorKind.UNKNOWN_CODE, e.kind());
    assertEquals(List.of(), e.path());
    CesrException inner = groupError(attachments("-zAA"));
    assertEquals(ErrorKind.UNKNOWN_CODE, inner.kind());
    assertEquals(4, inner.offset());
    assertEquals("AttachmentGroup (-V) at 0", path(inner));
  }

  @Test
  void aTruncationAtTheEndOfTheInputHasNoPath() {
    String sigs = Qb64.counter(SIGS, 2) + sig(0) + sig(1);
    CesrException e = groupError(sigs.substring(0, sigs.length() - 10));
    assertInstanceOf(TruncatedException.class, e);
    assertEquals(ErrorKind.TRUNCATED, e.kind());
    assertEquals(10, ((TruncatedException) e).needed());
    assertEquals(List.of(), e.path());
  }

  @Test
  void nonCanonicalPadBitsInsideAGroup() {
    // Ed25519_Sig ('A') and its index take 12 bits; a 64-byte raw is padded with 2 zero bytes,
    // so the 4 high bits of the third character are pad bits: 'I' (sextet 8) sets one
    String s = sig(0);
    assertEquals('A', s.charAt(2));
    String text = Qb64.counter(SIGS, 1) + s.substring(0, 2) + 'I' + s.substring(3);
    CesrException e = groupError(attachments(text));
    assertInstanceOf(NonCanonicalException.class, e);
    assertEquals(ErrorKind.NON_CANONICAL, e.kind());
    assertEquals(8, e.offset());
    assertEquals("AttachmentGroup (-V) at 0 > ControllerIdxSigs (-A) at 4", path(e));
  }

  @Test
  void messagesCarryThePathOfTheirAttachments() {
    String body = "{\"v\":\"KERI10JSON000033_\",\"t\":\"rot\",\"d\":\"x\",\"i\":\"y\"}";
    assertEquals(0x33, body.length());
    char[] bad = (Qb64.counter(SIGS, 1) + sig(0)).toCharArray();
    bad[5] = '*';
    byte[] stream = (body + new String(bad)).getBytes(StandardCharsets.US_ASCII);
    try (Messages messages = Messages.copyOf(stream)) {
      CesrException e = assertThrows(CesrException.class, messages::next);
      assertEquals(ErrorKind.MALFORMED_CHARACTER, e.kind());
      assertEquals(0x33 + 5, e.offset());
      assertEquals(List.of(new EnclosingGroup(SIGS, 0x33)), e.path());
    }
  }

  @Test
  void everyKindIsRaisedAsItsType() {
    for (ErrorKind k : ErrorKind.values()) {
      assertTrue(CesrException.class.isAssignableFrom(k.type()), k.toString());
    }
    assertThrows(IllegalArgumentException.class,
        () -> new MalformedException(ErrorKind.TRUNCATED, 0, null, "x", "y", List.of()));
  }

  /** Each exception type, with its own fields set, as {@link #enclosedIn} must keep them. */
  private static List<CesrException> oneOfEach() {
    TruncatedException t = new TruncatedException(9, "-A", "the rest", 12);
    return List.of(
        t,
        new MalformedException(ErrorKind.MALFORMED_SIZE, 9, "-A", "exp", "det", List.of()),
        new MalformedException(9, "-A", "exp", "det"),
        new UnknownCodeException(9, "-z", "exp", "det"),
        new ColdStartException(9, null, "exp", "det"),
        new NonCanonicalException(9, "A", "exp", "det"),
        new UnsupportedException(9, "-Z", "exp", "det"),
        new VersionStringException(9, "KERI10", "exp", "det"),
        new FrameTooLargeException(9, "-V", 1 << 20, 1 << 10),
        new NestingTooDeepException(9, "-V", "exp", "det"),
        new ElementLimitException(9, "A", 100),
        new AmbiguousTableException(9, "-A", List.of(V1, CounterTable.CESR_2_0), "det"),
        new BatchException(3, 5, t),
        new MemoryBudgetException(9, "KERI10JSONffffff_", 1 << 24, 1 << 20, 1 << 22),
        new FrameTimeoutException(9, 30_000, 40, 12));
  }

  @Test
  void enclosedInKeepsClassFieldsAndMessage() {
    EnclosingGroup outer = new EnclosingGroup(ATTACHMENTS, 0);
    EnclosingGroup inner = new EnclosingGroup(SIGS, 4);
    for (CesrException e : oneOfEach()) {
      CesrException once = e.enclosedIn(inner);
      CesrException twice = once.enclosedIn(outer);
      assertNotSame(e, once);
      assertSame(e.getClass(), twice.getClass(), e.toString());
      assertEquals(e.getMessage(), twice.getMessage());
      assertEquals(e.kind(), twice.kind());
      assertEquals(e.offset(), twice.offset());
      assertEquals(e.code(), twice.code());
      assertEquals(e.expected(), twice.expected());
      assertEquals(e.detail(), twice.detail());
      assertSame(e.getCause(), twice.getCause());
      assertEquals(List.of(), e.path(), "the original is left as it is");
      assertEquals(List.of(outer, inner), twice.path());
    }
    TruncatedException t = (TruncatedException) oneOfEach().get(0).enclosedIn(outer);
    assertEquals(12, t.needed());
    FrameTooLargeException f = (FrameTooLargeException) oneOfEach().get(8).enclosedIn(outer);
    assertEquals(1 << 20, f.declared());
    assertEquals(1 << 10, f.limit());
    assertEquals(100, ((ElementLimitException) oneOfEach().get(10).enclosedIn(outer)).limit());
    assertEquals(List.of(V1, CounterTable.CESR_2_0),
        ((AmbiguousTableException) oneOfEach().get(11).enclosedIn(outer)).readings());
    assertEquals(3, ((BatchException) oneOfEach().get(12).enclosedIn(outer)).input());
  }

  @Test
  void everyExceptionTypeOverridesRelocated() throws Exception {
    for (CesrException e : oneOfEach()) {
      Method m = e.getClass().getDeclaredMethod("relocated", long.class, List.class);
      assertTrue(Modifier.isProtected(m.getModifiers()), e.getClass().getName());
      assertSame(e.getClass(), m.getReturnType(), e.getClass().getName());
    }
  }

  @Test
  void shiftedByMovesEveryOffsetAndKeepsTheRest() {
    EnclosingGroup outer = new EnclosingGroup(ATTACHMENTS, 0);
    EnclosingGroup inner = new EnclosingGroup(SIGS, 4);
    long gib = 1L << 30;
    for (CesrException e : oneOfEach()) {
      CesrException in = e.enclosedIn(inner).enclosedIn(outer);
      CesrException moved = in.shiftedBy(gib + 3);
      assertSame(e.getClass(), moved.getClass(), e.toString());
      assertEquals(gib + 3 + 9, moved.offset());
      assertEquals("at offset " + (gib + 12) + e.getMessage().substring("at offset 9".length()),
          moved.getMessage());
      assertEquals(List.of(new EnclosingGroup(ATTACHMENTS, gib + 3), new EnclosingGroup(SIGS, gib + 7)),
          moved.path());
      assertEquals(e.kind(), moved.kind());
      assertEquals(e.code(), moved.code());
      assertEquals(e.expected(), moved.expected());
      assertEquals(e.detail(), moved.detail());
      assertEquals(9, in.offset(), "the original is left as it is");
      assertSame(in, in.shiftedBy(0));
      assertThrows(IllegalArgumentException.class, () -> in.shiftedBy(-1));
      assertThrows(IllegalArgumentException.class, () -> in.shiftedBy(Long.MAX_VALUE - 8));
    }
    TruncatedException t = (TruncatedException) oneOfEach().get(0).shiftedBy(5);
    assertEquals(12, t.needed());
    MemoryBudgetException b = (MemoryBudgetException) oneOfEach().get(13).shiftedBy(5);
    assertEquals(1 << 24, b.requested());
    assertEquals(1 << 22, b.limit());
    FrameTimeoutException f = (FrameTimeoutException) oneOfEach().get(14).shiftedBy(5);
    assertEquals(30_000, f.timeoutMillis());
    assertEquals(40, f.have());
    assertEquals(14, f.offset());
    BatchException batch = (BatchException) oneOfEach().get(12).shiftedBy(5);
    assertEquals(14, batch.getCause().offset());
    assertEquals(3, batch.input());
  }

  @Test
  void budgetAndTimeoutErrorsSayWhatAndWhere() {
    MemoryBudgetException b = (MemoryBudgetException) oneOfEach().get(13);
    assertEquals(ErrorKind.MEMORY_BUDGET, b.kind());
    assertEquals("at offset 9, code KERI10JSONffffff_: memory budget of 4194304 bytes has 1048576"
        + " reserved; expected room for 16777216 more bytes in the memory budget", b.getMessage());
    FrameTimeoutException f = (FrameTimeoutException) oneOfEach().get(14);
    assertEquals(ErrorKind.FRAME_TIMEOUT, f.kind());
    assertEquals("at offset 9: frame not complete after 30000 ms (have 40 bytes); expected the"
        + " frame's 12 more bytes within 30000 ms", f.getMessage());
  }

  @Test
  void enclosingGroupRefusesNonsense() {
    assertThrows(NullPointerException.class, () -> new EnclosingGroup(null, 0));
    assertThrows(IllegalArgumentException.class, () -> new EnclosingGroup(SIGS, -1));
  }
}
