package dev.cesrj.batch;

import dev.cesrj.CesrException;
import dev.cesrj.TruncatedException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.stream.Projections;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * What a serial loop over {@link Messages} or {@link Groups} gives for one input, as plain values
 * to compare with a {@link BatchResult} by {@code equals}: every item projected in the corpus's
 * expected-JSON schema (groups also with offset, length and qb64 text), the bytes consumed, and
 * how the parse ended (cleanly, or the exception's class, offset, code, needed bytes and message).
 */
record Serial(List<Object> items, long consumed, List<Object> end) {

    /** The serial parse of {@code input} as messages. */
    static Serial messages(byte[] input) {
        try (Messages messages = Messages.copyOf(input)) {
            List<Object> items = new ArrayList<>();
            CesrException e = drain(messages, items, Serial::message);
            return new Serial(items, messages.position(), end(e));
        }
    }

    /** The serial parse of {@code input} as attachment groups. */
    static Serial groups(byte[] input) {
        try (Groups groups = Groups.copyOf(input)) {
            List<Object> items = new ArrayList<>();
            CesrException e = drain(groups, items, Serial::group);
            return new Serial(items, groups.position(), end(e));
        }
    }

    /** The same projection of a batch result of messages. */
    static Serial ofMessages(BatchResult<Message> r) {
        return of(r, Serial::message);
    }

    /** The same projection of a batch result of groups. */
    static Serial ofGroups(BatchResult<Group> r) {
        return of(r, Serial::group);
    }

    boolean ok() {
        return end.equals(List.of("end"));
    }

    private static <T> Serial of(BatchResult<T> r, Function<T, Object> project) {
        List<Object> items = new ArrayList<>();
        for (T t : r.items()) {
            items.add(project.apply(t));
        }
        return new Serial(items, r.consumed(), end(r.error().orElse(null)));
    }

    private static <T> CesrException drain(Iterator<T> it, List<Object> items, Function<T, Object> project) {
        try {
            while (it.hasNext()) {
                items.add(project.apply(it.next()));
            }
            return null;
        } catch (CesrException e) {
            return e;
        }
    }

    private static Object message(Message m) {
        return Projections.message(m);
    }

    private static Object group(Group g) {
        return List.of(g.offset(), g.length(), g.qb64Text(), Projections.attachment(g));
    }

    static List<Object> end(CesrException e) {
        if (e == null) {
            return List.of("end");
        }
        long needed = e instanceof TruncatedException ? ((TruncatedException) e).needed() : -1;
        return List.of(e.getClass().getName(), e.offset(), String.valueOf(e.code()), needed, e.getMessage());
    }
}
