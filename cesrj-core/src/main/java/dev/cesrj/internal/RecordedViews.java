package dev.cesrj.internal;

import dev.cesrj.CesrOptions;
import io.netty.buffer.ByteBuf;

/**
 * {@link GroupViews} of an owner that records what it frames ({@code Groups}, {@code Messages}):
 * with the {@link GroupRecord} lent to them until the owner's close, and the owner's type for the
 * error of a view read after it. A subclass, so that views without a record (the push parser's,
 * made whenever its bytes move) keep their size.
 */
final class RecordedViews extends GroupViews {
  private final GroupRecord record;
  private final String owner;

  RecordedViews(ByteBuf buf, int origin, CesrOptions options, GroupRecord record, String owner) {
    super(buf, origin, options);
    this.record = record;
    this.owner = owner;
    record.lend(this);
  }

  @Override
  public GroupRecord record() {
    return record;
  }

  @Override
  public String owner() {
    return owner;
  }

  @Override
  public void close() {
    record.giveBack(this);
  }
}
