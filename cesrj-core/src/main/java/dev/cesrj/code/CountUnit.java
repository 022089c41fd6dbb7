package dev.cesrj.code;

/** What a counter's count counts (keripy {@code counting.py} and {@code parsing.py}). */
public enum CountUnit {
  /**
   * Number of elements: the parser walks the element grammar to find the group's end (CESR 1.0
   * element-counted groups only).
   */
  ELEMENTS,
  /**
   * Quadlets (text, 4 characters each) or triplets (binary, 3 bytes each) of content after the
   * counter: the group is {@code counter + 4 * count} characters and can be skipped unread.
   */
  QUADLETS,
  /** No count: the soft part of a genus-version code is a version, not a size. */
  NONE
}
