package dev.cesrj.internal;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.code.CounterCode;

/**
 * The element limit ({@link CesrOptions#maxElements()}) of groups recorded on a {@link GroupTape}:
 * the one count of a group's elements, used by {@code Group.elements()} (through {@code
 * ElementReader}) and by the groups cursor, so that both refuse the same element with the same
 * error (issue 33). The elements of a group are those {@code Group.elements()} holds: for a tuple
 * group ({@code TUPLES}, and {@code UNSUPPORTED} seal groups read the same way) its head's items
 * and then one per tuple; for an AttachmentGroup, a CESR-native body or field group, each item at
 * its top level (a group whole, a genus-version code, a primitive). Other layouts (a body group,
 * pathed material, a GenericGroup) are not counted, as {@code Group.elements()} counts none.
 *
 * <p>The error: {@link dev.cesrj.ElementLimitException} from {@link
 * CesrOptions#validateElements(long, String, long)} at the stream offset of the first element
 * past the limit, whose code is the code met there (the element's own: a group's counter code, a
 * primitive's or indexed signature's code, a tuple's first part's), as for every {@link
 * CesrException}; its path ends with the group that holds it.
 */
public final class ElementCount {
  private ElementCount() {}

  /**
   * Validates the elements of every group recorded whole on {@code tape} (from entry 0, each
   * {@link GroupTape.Step#GROUP_START} with its end), outer groups before the groups they hold,
   * as reading each group's elements and then each nested group's would. A tape of no more
   * entries than the limit is passed at once: each element is at least one entry.
   *
   * @param tape the tape of one or more whole top-level groups
   * @param src the source the tape's buffer indexes are read from, for stream offsets
   * @param options the limit
   * @throws dev.cesrj.ElementLimitException at the first element past the limit, its path the
   *     groups recorded around it, outermost first
   */
  public static void validateGroups(GroupTape tape, Source src, CesrOptions options) {
    int n = tape.size();
    if (options.fitsElements(n)) {
      return;
    }
    for (int i = 0; i < n; i++) {
      if (tape.step(i) != GroupTape.Step.GROUP_START) {
        continue;
      }
      try {
        validate(tape, i + 1, tape.match(i), tape.counterCode(i), src, options);
      } catch (CesrException e) {
        throw enclosed(e, tape, i, src);
      }
    }
  }

  /**
   * Validates the elements of one group of code {@code c} whose content is recorded on entries
   * {@code from} (inclusive) to {@code to} (exclusive) of {@code tape}, in the order {@code
   * Group.elements()} lists them. Content of no more entries than the limit is passed at once.
   *
   * @param tape the tape holding the group's content
   * @param from the content's first entry
   * @param to the entry past the content's last
   * @param c the group's counter code, which says how its elements are counted
   * @param src the source the tape's buffer indexes are read from, for stream offsets
   * @param options the limit
   * @throws dev.cesrj.ElementLimitException at the first element past the limit, without path
   */
  public static void validate(
      GroupTape tape, int from, int to, CounterCode c, Source src, CesrOptions options) {
    if (options.fitsElements(to - (long) from)) {
      return;
    }
    switch (c.layout().content()) {
      case TUPLES:
        {
          long held = 0;
          int i = from;
          for (int h = 0; h < c.head().size() && i < to; h++, held++) {
            i = after(tape, i);
          }
          int width = Math.max(1, c.slots().size());
          while (i < to) {
            options.validateElements(src.offset(tape.start(i)), codeAt(tape, i), held);
            held++;
            for (int k = 0; k < width && i < to; k++) {
              i = after(tape, i);
            }
          }
          return;
        }
      case GROUPS:
      case FIELDS:
        {
          long held = 0;
          for (int i = from; i < to; i = after(tape, i), held++) {
            options.validateElements(src.offset(tape.start(i)), codeAt(tape, i), held);
          }
          return;
        }
      default:
        return;
    }
  }

  /**
   * The entry after the item at entry {@code i} (past a group's end; a start with no end recorded,
   * which a whole group never holds, is passed as one entry, so that a walk always moves on).
   */
  private static int after(GroupTape tape, int i) {
    return tape.step(i) == GroupTape.Step.GROUP_START ? Math.max(i, tape.match(i)) + 1 : i + 1;
  }

  /** The code of the item at entry {@code i}, as it stands in the stream. */
  private static String codeAt(GroupTape tape, int i) {
    switch (tape.step(i)) {
      case MATTER:
        return tape.matterCode(i).code();
      case INDEXER:
        return tape.indexerCode(i).code();
      default:
        return tape.counterCode(i).code();
    }
  }

  /** {@code e} met in the group at entry {@code g}: enclosed in it and in each group around it. */
  private static CesrException enclosed(CesrException e, GroupTape tape, int g, Source src) {
    CesrException out = e.enclosedIn(new EnclosingGroup(tape.counterCode(g),
        src.offset(tape.start(g))));
    for (int j = g - 1; j >= 0; j--) {
      if (tape.step(j) == GroupTape.Step.GROUP_START && tape.match(j) > g) {
        out = out.enclosedIn(new EnclosingGroup(tape.counterCode(j), src.offset(tape.start(j))));
      }
    }
    return out;
  }
}
