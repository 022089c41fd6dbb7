package dev.cesrj.testing;

import dev.cesrj.CesrOptions;

/**
 * Half of a package cycle, for {@code dev.cesrj.ArchitectureTest}: this class names {@link
 * CesrOptions} (package {@code dev.cesrj}), and {@code ArchitectureTest.CycleFixture} in that
 * package names this one.
 */
public final class CycleFixture {
  /** The class of the other package. */
  public static final Class<?> OTHER = CesrOptions.class;

  private CycleFixture() {}
}
