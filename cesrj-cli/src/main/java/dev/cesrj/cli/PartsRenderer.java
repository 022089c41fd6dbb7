package dev.cesrj.cli;

import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import java.util.List;

/**
 * A {@link Renderer} that writes the flat list of parts ({@link Parts}) of each message or
 * attachment group: the tree and the annotation differ only in how they print a part.
 */
interface PartsRenderer extends Renderer {
  /** Writes the parts of one message or group, in stream order. */
  void print(List<Part> parts);

  @Override
  default void message(Message m, long base, int ordinal) {
    print(Parts.of(m, base, ordinal));
  }

  @Override
  default void attachment(Group g, int ordinal) {
    print(Parts.of(g));
  }
}
