package dev.cesrj.internal;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;

/**
 * The framing layers' way to the unchecked constructors of {@link Group}, {@link Matter} and
 * {@link IndexedSignature}, which are package-private so that users reach views only through the
 * checked paths ({@code Groups}, {@code Messages}, {@code Matter.parse}, ...). Each of those classes
 * installs its constructor here when it is initialized; the first call through here initializes
 * it. The constructors trust the caller that the bytes at {@code index} were framed and checked.
 */
public final class Views {
  /** Makes a {@link Group} view; installed by {@code Group}. */
  public interface GroupMaker {
    /** A group view (see {@link GroupViews#group}). */
    Group group(GroupViews views, int index, int length, CounterCode code, int count, int depth);
  }

  /** Makes {@link Matter} and {@link IndexedSignature} views; installed by {@code Matter}. */
  public interface PrimitiveMaker {
    /** The Matter of {@code code}, {@code length} bytes at buffer index {@code index}. */
    Matter matter(ByteBuf buf, int index, int length, long offset, MatterCode code, Domain domain);

    /** The indexed signature of {@code code} at buffer index {@code index}. */
    IndexedSignature signature(
        ByteBuf buf, int index, long offset, IndexerCode code, Domain domain);
  }

  private static volatile GroupMaker groups;
  private static volatile PrimitiveMaker primitives;

  private Views() {}

  /** Called once, by {@code Group}'s static initializer. */
  public static void install(GroupMaker maker) {
    if (groups != null) {
      throw new IllegalStateException("group maker already installed");
    }
    groups = maker;
  }

  /** Called once, by {@code Matter}'s static initializer. */
  public static void install(PrimitiveMaker maker) {
    if (primitives != null) {
      throw new IllegalStateException("primitive maker already installed");
    }
    primitives = maker;
  }

  static Group group(
      GroupViews views, int index, int length, CounterCode code, int count, int depth) {
    GroupMaker m = groups;
    if (m == null) {
      initialize(Group.class);
      m = groups;
    }
    return m.group(views, index, length, code, count, depth);
  }

  /** An unchecked Matter view: the caller has scanned the primitive at {@code index}. */
  public static Matter matter(
      ByteBuf buf, int index, int length, long offset, MatterCode code, Domain domain) {
    return primitives().matter(buf, index, length, offset, code, domain);
  }

  /** An unchecked indexed-signature view: the caller has scanned the signature at {@code index}. */
  public static IndexedSignature signature(
      ByteBuf buf, int index, long offset, IndexerCode code, Domain domain) {
    return primitives().signature(buf, index, offset, code, domain);
  }

  private static PrimitiveMaker primitives() {
    PrimitiveMaker m = primitives;
    if (m == null) {
      initialize(Matter.class);
      m = primitives;
    }
    return m;
  }

  // Views has no static initializer of its own, so initializing the installing class from here
  // cannot deadlock with a thread that is initializing that class and installs into Views.
  private static void initialize(Class<?> type) {
    try {
      Class.forName(type.getName(), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
