package dev.cesrj.code;

/**
 * The two stream domains of CESR (CESR specification, "Concrete Domain representations"): text
 * ({@code qb64}, Base64url characters) and binary ({@code qb2}, the bytes that Base64url-decoding
 * the text gives). Every primitive, counter and group is a whole number of quadlets in text, that
 * is of triplets (3 bytes) in binary, so the code tables give sizes in characters and a qb2 item
 * takes 3/4 of them in bytes.
 *
 * <p>Where a stream may switch domains (at each message and, for bare attachments, at each group;
 * CESR specification, "Cold start Stream parsing problem"), the first byte says which: a text
 * counter starts with {@code -} (tritet 001), a binary counter with a byte {@code 0xF8..0xFB}
 * (tritet 111, first sextet 62). Inside a group, its content has the group's domain.
 */
public enum Domain {
  /** Text: qb64 characters, one byte per sextet. */
  QB64,
  /** Binary: qb2 bytes, four sextets per three bytes. */
  QB2;

  /**
   * {@return the domain of the counter whose first byte is {@code firstByte} (0..255): {@link #QB2}
   * for tritet 111 ({@code 0xE0..0xFF}), else {@link #QB64} (where anything but {@code -} is no
   * counter at all)}
   *
   * @param firstByte the first byte, 0..255
   */
  public static Domain ofCounterByte(int firstByte) {
    return (firstByte & 0xFF) >= 0xE0 ? QB2 : QB64;
  }

  /**
   * {@return bytes taken in this domain by {@code chars} characters of text, a whole number of
   * quadlets (sizes of the code tables): {@code chars} in qb64, {@code chars / 4 * 3} in qb2}
   *
   * @param chars characters, a multiple of 4
   */
  public long size(long chars) {
    return this == QB64 ? chars : chars / 4 * 3;
  }

  /**
   * {@return bytes taken in this domain by {@code count} quadlets, the content of a group counted
   * in quadlets ({@link CountUnit#QUADLETS}): {@code 4 * count} in qb64, {@code 3 * count} (that
   * many triplets) in qb2} The one statement of that rule (CESR specification, "Count Codes";
   * keripy {@code counting.py}); a group so counted takes its counter's bytes plus these.
   *
   * @param count the group's count, 0 or more (up to 2<sup>30</sup> - 1 for a big counter: the
   *     product cannot overflow a long)
   */
  public long quadlets(long count) {
    return this == QB64 ? 4 * count : 3 * count;
  }

  /**
   * {@return whole characters (sextets) held by {@code bytes} bytes of this domain from an item's
   * start: {@code bytes} in qb64, {@code floor(bytes * 4 / 3)} in qb2}
   *
   * @param bytes bytes from the item's start
   */
  public int chars(int bytes) {
    return this == QB64 ? bytes : bytes / 3 * 4 + (bytes % 3) * 4 / 3;
  }

  /**
   * {@return byte offset, from an item's start, of the byte that holds character (sextet) {@code
   * k}}
   *
   * @param k the character (sextet) index, from 0
   */
  public int byteOf(int k) {
    return this == QB64 ? k : k / 4 * 3 + (k % 4) * 3 / 4;
  }

  /** {@code "qb64"} or {@code "qb2"}, as the corpus and keripy name the domains. */
  @Override
  public String toString() {
    return this == QB64 ? "qb64" : "qb2";
  }
}
