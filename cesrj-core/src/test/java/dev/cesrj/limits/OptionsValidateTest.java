package dev.cesrj.limits;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.NestingTooDeepException;
import org.junit.jupiter.api.Test;

/**
 * The validate methods of {@link CesrOptions}, the one check of each limit: each lets the limit
 * itself pass and throws its typed error, with offset, code, limit and the value met, one past
 * it.
 */
class OptionsValidateTest {
  private static final CesrOptions OPTIONS =
      CesrOptions.builder().maxFrameBytes(1000).maxDepth(3).maxElements(5).build();

  @Test
  void frameBytesPassAtTheLimitAndFailOnePast() {
    assertDoesNotThrow(() -> OPTIONS.validateFrameBytes(7, "-A", 1000));
    FrameTooLargeException e = assertThrows(FrameTooLargeException.class,
        () -> OPTIONS.validateFrameBytes(7, "-A", 1001));
    assertEquals(ErrorKind.FRAME_TOO_LARGE, e.kind());
    assertEquals(7, e.offset());
    assertEquals("-A", e.code());
    assertEquals(1001, e.declared());
    assertEquals(1000, e.limit());
    assertEquals("at offset 7, code -A: frame declares 1001 bytes; expected a frame of at most"
        + " 1000 bytes", e.getMessage());
    FrameTooLargeException s = assertThrows(FrameTooLargeException.class,
        () -> CesrOptions.validateFrameBytes(0, null, Integer.MAX_VALUE + 1L, Integer.MAX_VALUE));
    assertEquals(Integer.MAX_VALUE + 1L, s.declared());
    assertEquals(null, s.code());
  }

  @Test
  void depthPassesAtTheLimitAndFailsOnePast() {
    assertDoesNotThrow(() -> OPTIONS.validateDepth(4, "-V", 3));
    NestingTooDeepException e = assertThrows(NestingTooDeepException.class,
        () -> OPTIONS.validateDepth(4, "-V", 4));
    assertEquals(ErrorKind.NESTING_TOO_DEEP, e.kind());
    assertEquals(4, e.offset());
    assertEquals("at most 3 nested groups", e.expected());
    assertEquals("depth 4", e.detail());
    assertEquals("at offset 4, code -V: depth 4; expected at most 3 nested groups", e.getMessage());
  }

  @Test
  void elementsPassBelowTheLimitAndFailForOneMore() {
    assertDoesNotThrow(() -> OPTIONS.validateElements(12, "-A", 4));
    ElementLimitException e = assertThrows(ElementLimitException.class,
        () -> OPTIONS.validateElements(12, "-A", 5));
    assertEquals(ErrorKind.ELEMENT_LIMIT, e.kind());
    assertEquals(12, e.offset());
    assertEquals(5, e.limit());
    assertEquals("at offset 12, code -A: one element more than the limit; expected at most 5"
        + " elements in one message or group", e.getMessage());
  }
}
