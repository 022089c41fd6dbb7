package dev.cesrj.internal;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import io.netty.buffer.ByteBuf;

/**
 * The framing layers' way to the unchecked constructors of the view classes {@code Group}
 * (package {@code dev.cesrj.group}), {@code Matter} and {@code IndexedSignature} (package {@code
 * dev.cesrj.primitive}), which are package-private so that users reach views only through the
 * checked paths ({@code Groups}, {@code Messages}, {@code Matter.parse}, ...). Each of those
 * classes installs a maker here from its static initializer, under its own class.
 *
 * <p>This package lies below the view packages and names none of their types: a caller outside
 * the view's package asks for the maker of the class it names ({@link #groups(Class)}, {@link
 * #primitives(Class, Class)}), which initializes that class first, and keeps the typed maker in a
 * static final field, so that making a view costs one call. The makers trust the caller that the
 * bytes at {@code index} were framed and checked.
 */
public final class Views {
  /** Makes group views of type {@code G}; installed by {@code Group}. */
  public interface GroupMaker<G> {
    /**
     * The group of {@code code} and {@code count} that the caller has framed with a {@link
     * GroupFramer}: {@code length} bytes at buffer index {@code index} of {@code views}, at nesting
     * depth {@code depth}.
     */
    G group(GroupViews views, int index, int length, CounterCode code, long count, int depth);
  }

  /**
   * Makes Matter views of type {@code M} and indexed-signature views of type {@code S}; installed
   * by {@code Matter}.
   */
  public interface PrimitiveMaker<M, S> {
    /** The Matter of {@code code}, {@code length} bytes at buffer index {@code index}. */
    M matter(ByteBuf buf, int index, int length, long offset, MatterCode code, Domain domain);

    /** The indexed signature of {@code code} at buffer index {@code index}. */
    S signature(ByteBuf buf, int index, long offset, IndexerCode code, Domain domain);
  }

  private static Class<?> groupType;
  private static GroupMaker<?> groups;
  private static Class<?> matterType;
  private static Class<?> signatureType;
  private static PrimitiveMaker<?, ?> primitives;

  private Views() {}

  /** Called once, by {@code Group}'s static initializer, with {@code Group.class}. */
  public static synchronized <G> void install(Class<G> type, GroupMaker<G> maker) {
    if (groups != null) {
      throw new IllegalStateException("group maker already installed");
    }
    groupType = type;
    groups = maker;
  }

  /**
   * Called once, by {@code Matter}'s static initializer, with {@code Matter.class} and {@code
   * IndexedSignature.class}.
   */
  public static synchronized <M, S> void install(
      Class<M> matter, Class<S> signature, PrimitiveMaker<M, S> maker) {
    if (primitives != null) {
      throw new IllegalStateException("primitive maker already installed");
    }
    matterType = matter;
    signatureType = signature;
    primitives = maker;
  }

  /**
   * The maker that {@code type} installed, after initializing {@code type}.
   *
   * @throws IllegalStateException if {@code type} installed none
   */
  public static <G> GroupMaker<G> groups(Class<G> type) {
    initialize(type);
    synchronized (Views.class) {
      if (groupType != type) {
        throw new IllegalStateException(type.getName() + " installed no group maker");
      }
      @SuppressWarnings("unchecked") // installed with this type
      GroupMaker<G> m = (GroupMaker<G>) groups;
      return m;
    }
  }

  /**
   * The maker that {@code matter} installed for itself and {@code signature}, after initializing
   * {@code matter}.
   *
   * @throws IllegalStateException if {@code matter} installed none for these two types
   */
  public static <M, S> PrimitiveMaker<M, S> primitives(Class<M> matter, Class<S> signature) {
    initialize(matter);
    synchronized (Views.class) {
      if (matterType != matter || signatureType != signature) {
        throw new IllegalStateException(matter.getName() + " installed no primitive maker");
      }
      @SuppressWarnings("unchecked") // installed with these types
      PrimitiveMaker<M, S> m = (PrimitiveMaker<M, S>) primitives;
      return m;
    }
  }

  // Called without holding the lock, and Views has no static initializer of its own, so
  // initializing the installing class from here cannot deadlock with a thread that is
  // initializing that class and installs into Views.
  private static void initialize(Class<?> type) {
    try {
      Class.forName(type.getName(), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
