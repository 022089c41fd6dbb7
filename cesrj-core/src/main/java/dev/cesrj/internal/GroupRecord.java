package dev.cesrj.internal;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;

/**
 * What the owner of framed bytes ({@code Groups}, {@code Messages}) records while it frames them:
 * one {@link GroupTape} for the whole input, onto which {@link GroupFramer} appends each group's
 * items as it checks them, and from which each group view builds its elements, so that {@code
 * Group.elements()} does not frame the bytes a second time (issue 33, "each group framed once").
 * A group view keeps the index of its own {@link GroupTape.Step#GROUP_START} entry; its elements
 * are the entries between that start and its {@link GroupTape#match matching} end.
 *
 * <p>Lifetime: a record is borrowed from a per-thread pool when its owner opens ({@link
 * GroupViews#recorded}) and given back when the owner closes ({@link GroupViews#close()}), so a
 * reused record allocates nothing per input; it is then lent to the next owner and its entries
 * overwritten. The views it was lent for are its stamp ({@link #heldBy}): a group whose owner was
 * closed finds its record held by no one, or by other views, and refuses to read it ({@link
 * #closed}). A record grown past {@link #KEPT_ENTRIES} is dropped at close, not pooled, as
 * {@code ElementReader} drops its tapes.
 *
 * <p>Not thread-safe: one owner frames into it at a time, as the owner itself is not thread-safe.
 */
public final class GroupRecord {
  /**
   * The largest record kept in the pool, in entries (an entry is 32 bytes): one grown past it
   * for a large input is dropped when its owner closes.
   */
  public static final int KEPT_ENTRIES = 4096;

  /**
   * Records kept per thread: owners open at the same time on one thread (a {@code Groups} read
   * inside a {@code Messages} loop) each borrow one; more than this make records of their own. At
   * most 2 * 4,096 entries of 32 bytes (256 KiB) are kept per thread.
   */
  private static final int POOLED = 2;

  /** The records given back on each thread, a stack: {@code null} slots are empty. */
  private static final ThreadLocal<GroupRecord[]> POOL =
      ThreadLocal.withInitial(() -> new GroupRecord[POOLED]);

  private final GroupTape tape = new GroupTape();
  /** The views of the owner this record is lent to, or {@code null} while pooled. */
  private GroupViews holder;

  private GroupRecord() {}

  /** A record from the calling thread's pool (or a new one), empty; {@link #lend} stamps it. */
  static GroupRecord borrow() {
    GroupRecord[] pool = POOL.get();
    for (int i = pool.length - 1; i >= 0; i--) {
      GroupRecord r = pool[i];
      if (r != null) {
        pool[i] = null;
        r.tape.clear();
        return r;
      }
    }
    return new GroupRecord();
  }

  /** Lends this record to {@code views}: their stamp, until {@link #giveBack}. */
  void lend(GroupViews views) {
    holder = views;
  }

  /**
   * Ends the lease of {@code views} (nothing if they do not hold it) and puts this record in the
   * calling thread's pool, unless it grew past {@link #KEPT_ENTRIES} or the pool is full.
   */
  void giveBack(GroupViews views) {
    if (holder != views) {
      return;
    }
    holder = null;
    if (tape.capacity() > KEPT_ENTRIES) {
      return; // dropped: a large input's record is not kept for the next
    }
    tape.clear();
    GroupRecord[] pool = POOL.get();
    for (int i = 0; i < pool.length; i++) {
      if (pool[i] == null) {
        pool[i] = this;
        return;
      }
    }
  }

  /** {@return true while this record is lent to {@code views} (their owner is not closed)} */
  public boolean heldBy(GroupViews views) {
    return holder == views;
  }

  /** {@return the tape the owner's framer records onto and the views read} */
  public GroupTape tape() {
    return tape;
  }

  /**
   * True if entry {@code entry} records the whole group of code {@code code} that starts at
   * buffer index {@code start} and is {@code length} bytes long: its {@link
   * GroupTape.Step#GROUP_START} with its end recorded after it. A view checks this before it reads
   * its elements from the record; a group whose entry does not hold (one whose content was framed
   * by another grammar, see {@link #begin}) frames its content again.
   *
   * @param entry an entry index, or a negative number for none
   */
  public boolean holdsWhole(int entry, int start, int length, CounterCode code) {
    return entry >= 0
        && entry < tape.size()
        && tape.step(entry) == GroupTape.Step.GROUP_START
        && tape.match(entry) > entry
        && tape.start(entry) == start
        && tape.length(entry) == length
        && tape.counterCode(entry) == code;
  }

  /**
   * The entry of the start of the group recorded last, if it ended last and starts at buffer index
   * {@code start}: the group {@link GroupFramer#group} has just framed onto this record, which
   * records a group's end after all it holds. A framer that keeps no entry of its own (the message
   * framer) finds its group's this way.
   *
   * @return the {@link GroupTape.Step#GROUP_START} entry, or -1 if the last entry is not the end
   *     of a group starting at {@code start} (a genus-version code, say)
   */
  public int lastGroupAt(int start) {
    int last = tape.size() - 1;
    if (last < 0 || tape.step(last) != GroupTape.Step.GROUP_END || tape.start(last) != start) {
      return -1;
    }
    return tape.match(last);
  }

  /**
   * Records the start of a group whose content the caller frames itself, item by item, with the
   * framer recording each (the message framer's AttachmentGroup, whose nested groups it frames
   * one at a time): its {@link GroupTape.Step#GROUP_START}, whose end {@link #end} records.
   *
   * @param start the buffer index of the group's counter
   * @param length the group's length in bytes, counter included
   * @return the entry's index
   */
  public int begin(int start, int length, CounterCode code, long count, int depth, Domain d) {
    return tape.groupStart(start, length, code, count, depth, d);
  }

  /**
   * Records the end, at buffer index {@code end}, of the group whose start {@link #begin}
   * recorded at entry {@code s}. A start left without its end (content the caller found is not
   * the group grammar's alone, such as a message nested in an AttachmentGroup) is not {@link
   * #holdsWhole whole}: its view frames its content again.
   */
  public void end(int s, int end) {
    tape.groupEnd(s, end);
  }

  /**
   * {@return the message of the {@link IllegalStateException} for the elements of a group read
   * after its owner was closed: {@code "Group <code> at offset <offset>: elements read after its
   * <owner> was closed, which gave back the record of what it framed; read a group's elements
   * before closing the <owner> that framed it"}}
   *
   * @param code the group's counter code, e.g. {@code -A}
   * @param offset the group's stream offset
   * @param owner the owner's type, e.g. {@code Groups}
   */
  public static String closed(String code, long offset, String owner) {
    return "Group " + code + " at offset " + offset + ": elements read after its " + owner
        + " was closed, which gave back the record of what it framed; read a group's elements"
        + " before closing the " + owner + " that framed it";
  }
}
