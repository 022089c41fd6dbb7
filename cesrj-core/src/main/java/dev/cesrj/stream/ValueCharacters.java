package dev.cesrj.stream;

import dev.cesrj.MalformedException;
import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.internal.Transcode;
import dev.cesrj.primitive.Element;

/**
 * The check of {@link dev.cesrj.CesrOptions#checkValueCharacters()} and of {@code Domains}: every
 * character of a qb64 CESR part is Base64url (CESR specification, "Concrete Domain
 * representations"), which framing alone does not establish (it reads codes, sizes, counts, indexes
 * and pad bits). qb2 parts have no characters to check. ({@code Groups} checks a group framed
 * alone the same way, but for a GenericGroup's content.)
 */
final class ValueCharacters {
  private ValueCharacters() {}

  /**
   * Checks every character of {@code e} if it is qb64.
   *
   * @throws MalformedException at the first character that is not Base64url
   */
  static void check(Element e) {
    if (e.domain() == Domain.QB64) {
      Transcode.requireBase64(
          e.qb64(), e.offset(), e instanceof Group ? ((Group) e).code().code() : null);
    }
  }
}
