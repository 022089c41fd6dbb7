package dev.cesrj.group;

import dev.cesrj.code.B64;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import java.util.Base64;

/**
 * A small text-domain (qb64) encoder for tests, written from CESR.md (sections 1.5, 2.2, 2.4, 3,
 * 4.1, 4.2) and independent of the parser: it builds primitives, indexed signatures and counters
 * from their parts.
 */
final class Qb64 {
  private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();

  private Qb64() {}

  /**
   * A fixed-size Matter primitive (CESR.md 1.5): hard code, soft part ({@code xs} pre-pad
   * {@code _} then {@code soft}), then {@code b64(zeros(ps + ls) + raw)} without its first
   * {@code ps} characters.
   *
   * @param soft the {@code ss - xs} soft characters after the pre-pad ("" when ss == 0)
   */
  static String matter(MatterCode code, String soft, byte[] raw) {
    if (code.isVariable()) {
      throw new IllegalArgumentException(code + " is variable-size");
    }
    if (soft.length() != code.ss() - code.xs()) {
      throw new IllegalArgumentException("soft part of " + code + ": " + soft);
    }
    if (raw.length != code.rawSize()) {
      throw new IllegalArgumentException(code + " takes " + code.rawSize() + " raw bytes");
    }
    String value = value(code.ps(), code.ls(), raw);
    String qb64 = code.code() + "_".repeat(code.xs()) + soft + value;
    check(qb64.length() == code.fs(), code + " encoded to " + qb64.length() + " chars");
    return qb64;
  }

  /** A fixed-size Matter primitive with an empty soft part. */
  static String matter(MatterCode code, byte[] raw) {
    return matter(code, "", raw);
  }

  /**
   * A variable-size primitive of the family {@code type} ({@code 'A'} StrB64, {@code 'B'} Bytes,
   * ...), CESR.md 2.4: lead size {@code ls = (3 - rs mod 3) mod 3}, size in quadlets
   * {@code (rs + ls) / 3}; small code {@code 4T/5T/6T} with 2 size characters when the size fits
   * 4095, else large code {@code 7AAT/8AAT/9AAT} with 4 size characters (or always large when
   * {@code large}).
   */
  static String variable(char type, byte[] raw, boolean large) {
    int ls = (3 - raw.length % 3) % 3;
    int size = (raw.length + ls) / 3;
    boolean big = large || size > 4095;
    String code = big ? (char) ('7' + ls) + "AA" + type : "" + (char) ('4' + ls) + type;
    String qb64 = code + B64.encodeInt(size, big ? 4 : 2) + value(0, ls, raw);
    check(qb64.length() == code.length() + (big ? 4 : 2) + 4 * size, "variable size");
    return qb64;
  }

  /**
   * An indexed signature (CESR.md 3): hard code, main index ({@code ms} characters), ondex
   * ({@code os} characters; 0 for current-only codes), then the value with {@code ps = cs mod 4}.
   */
  static String indexer(IndexerCode code, int index, int ondex, byte[] raw) {
    if (raw.length != code.rawSize()) {
      throw new IllegalArgumentException(code + " takes " + code.rawSize() + " raw bytes");
    }
    String soft = B64.encodeInt(index, code.ms()) + B64.encodeInt(ondex, code.os());
    String qb64 = code.code() + soft + value(code.cs() % 4, 0, raw);
    check(qb64.length() == code.fs(), code + " encoded to " + qb64.length() + " chars");
    return qb64;
  }

  /** A counter: hard code then the count as a Base64 integer of {@code ss} characters. */
  static String counter(CounterCode code, long count) {
    return code.code() + B64.encodeInt(count, code.ss());
  }

  /** A counter of {@code table}: small form {@code -X} if the count fits (and not forced big). */
  static String counter(CounterTable table, char letter, long count, boolean forceBig) {
    CounterCode small = table.small(letter);
    CounterCode big = table.big(letter);
    boolean useBig = big != null && (forceBig || count > small.maxCount());
    return counter(useBig ? big : small, count);
  }

  /** The KERI/ACDC genus-version code {@code -_AAA} + major (1 char) + minor (2 chars). */
  static String genusVersion(int major, int minor) {
    return CounterTable.GENUS_VERSION_CODE + B64.encodeInt(major, 1) + B64.encodeInt(minor, 2);
  }

  /** {@code b64(zeros(ps + ls) + raw)} without its first {@code ps} characters. */
  private static String value(int ps, int ls, byte[] raw) {
    byte[] all = new byte[ps + ls + raw.length];
    System.arraycopy(raw, 0, all, ps + ls, raw.length);
    check(all.length % 3 == 0, "value of " + all.length + " bytes is not 24-bit aligned");
    return ENC.encodeToString(all).substring(ps);
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("encoder bug: " + what);
    }
  }
}
