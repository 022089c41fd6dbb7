package dev.cesrj.internal;

import dev.cesrj.MalformedException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.Element;

/**
 * The check of {@link dev.cesrj.CesrOptions#checkValueCharacters()} and of {@code Domains}: every
 * character of a qb64 CESR part is Base64url (CESR specification, "Concrete Domain
 * representations"), which framing alone does not establish (it reads codes, sizes, counts, indexes
 * and pad bits). qb2 parts have no characters to check.
 */
public final class ValueCharacters {
  private ValueCharacters() {}

  /**
   * Checks every character of {@code e} if it is qb64.
   *
   * @throws MalformedException at the first character that is not Base64url
   */
  public static void check(Element e) {
    if (e.domain() == Domain.QB64) {
      Transcode.requireBase64(
          e.qb64(), e.offset(), e instanceof Group ? ((Group) e).code().code() : null);
    }
  }

  /**
   * Checks a group framed alone (by {@code Groups}): all of it, but for a GenericGroup, whose
   * content is a sub-stream that may hold JSON, CBOR or MessagePack bodies.
   *
   * @throws MalformedException at the first character that is not Base64url
   */
  public static void checkFramedAlone(Group g) {
    if (g.code().layout() != Layout.GENERIC) {
      check(g);
    }
  }
}
