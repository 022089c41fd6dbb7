package dev.cesrj.keri.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link BodyErrors}, the one factory of cesrj-keri's body errors (issue 33: twelve sites built
 * their exceptions themselves): each factory's kind, label and wording, and sites that now go
 * through it report what they reported before.
 */
class BodyErrorsTest {
  @Test
  void eachFactoryGivesItsKindLabelAndWording() {
    KeriBodyException syntax = BodyErrors.syntax(5, "a JSON value", "end of input");
    assertEquals(ErrorKind.MALFORMED_BODY, syntax.kind());
    assertEquals(Optional.empty(), syntax.label());
    assertEquals("at offset 5: end of input; expected a JSON value", syntax.getMessage());

    KeriBodyException field = BodyErrors.field(9, "s", "a hex sequence number", "not hex");
    assertEquals(ErrorKind.MALFORMED_FIELD, field.kind());
    assertEquals(Optional.of("s"), field.label());
    assertEquals("at offset 9: field 's': not hex; expected a hex sequence number",
        field.getMessage());

    KeriBodyException said = BodyErrors.saidMismatch(30, "d", "the SAID Eabc", "written Exyz");
    assertEquals(ErrorKind.SAID_MISMATCH, said.kind());
    assertEquals("at offset 30: field 'd': written Exyz; expected the SAID Eabc", said.getMessage());

    UnsupportedException unsupported = BodyErrors.unsupported(3, "E", "a SAID field", "too short");
    assertEquals(ErrorKind.UNSUPPORTED, unsupported.kind());
    assertEquals("at offset 3, code E: too short; expected a SAID field", unsupported.getMessage());
  }

  /** {@code KeriEvents}: an unknown ilk, a field error through the factory. */
  @Test
  void anUnknownIlkIsAFieldErrorOfT() {
    String template = "{\"v\":\"KERI10JSON%06x_\",\"t\":\"zzz\",\"d\":\"\"}";
    int size = String.format(template, 0).length();
    Body body = Body.parse(String.format(template, size).getBytes(StandardCharsets.US_ASCII));
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(body));
    assertEquals(ErrorKind.MALFORMED_FIELD, e.kind());
    assertEquals(Optional.of("t"), e.label());
    assertEquals("field 't': unknown ilk 'zzz'", e.detail());
    assertEquals("an ilk of KERI", e.expected());
  }

  /** {@code Digests}: a code that is no digest, an unsupported code through its factory. */
  @Test
  void aCodeThatIsNoDigestIsUnsupported() {
    UnsupportedException e = assertThrows(UnsupportedException.class,
        () -> Digests.digest(MatterCode.Ed25519N, new byte[0], 0, 0));
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals(0, e.offset());
    assertEquals("B", e.code());
    assertEquals("no digest for Ed25519N", e.detail());
  }
}
