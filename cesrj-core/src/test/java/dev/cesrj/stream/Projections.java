package dev.cesrj.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.group.Group;

/**
 * {@link Projection} for tests outside this package (the batch parser's): a top-level message,
 * or a group of an attachment-only stream, in the corpus's expected-JSON schema.
 */
public final class Projections {
    private Projections() {
    }

    /** A top-level message with its groups, items and nested messages. */
    public static ObjectNode message(Message m) {
        return Projection.message(m, true);
    }

    /** A group of an attachment-only stream: its counter and items. */
    public static ObjectNode attachment(Group g) {
        return Projection.attachment(g);
    }
}
