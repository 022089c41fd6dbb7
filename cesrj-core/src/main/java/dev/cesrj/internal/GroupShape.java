package dev.cesrj.internal;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;

/**
 * The layout of a uniform signature group: a qb64 signature group of CESR 1.0 ({@code -A}
 * ControllerIdxSigs, {@code -B} WitnessIdxSigs: {@link CounterCode#countsSignatures()}) with a
 * small counter ({@code -X##}, 4 characters) whose {@code count} indexed signatures all have a
 * one-character code and so 88 characters each (keripy {@code src/keri/core/indexing.py} {@code
 * IndexerCodex}: {@code A}..{@code F}, one index character and no ondex characters: the ondex is
 * the index, or none for the current-only {@code _Crt_Sig} codes {@code B D F}). Signature {@code
 * i} starts at {@link #signatureAt}, its code is the one named by its first character ({@link
 * IndexerCode#single}) and its index is the Base64 value of its second character.
 *
 * <p>Nothing carries the fact that a group is uniform: {@link GroupFramer}'s fast path checks it
 * while framing, and the group's element reader derives it again from the group's own facts
 * ({@link #fits}, then {@link #signatureHead} of each signature) when the elements are read
 * (issue 33, item 1). The two use the one check of a signature's head, {@link #signatureHead}.
 */
public final class GroupShape {
  /** Characters of a uniform signature group's counter. */
  public static final int SIGNATURE_COUNTER = 4;

  /** Characters of each signature of a uniform signature group. */
  public static final int SIGNATURE_SIZE = 88;

  private GroupShape() {}

  /**
   * Whether a framed group of code {@code code} and count {@code count}, {@code length} bytes of
   * domain {@code d}, counter included, has the size of a uniform signature group: a code that
   * counts signatures, qb64, a 4-character counter and exactly {@code 4 + 88 * count} characters.
   * Its signatures are uniform if, besides, each head passes {@link #signatureHead}: for a group
   * the checked path framed, the first signature that is not of a one-character code starts
   * where the arithmetic puts it (every one before it is 88 characters) and fails that check.
   *
   * @param length the group's length in bytes of {@code d}, counter included
   * @param count the counter's count (signatures)
   */
  public static boolean fits(CounterCode code, Domain d, long length, long count) {
    return code.countsSignatures()
        && d == Domain.QB64
        && code.fs() == SIGNATURE_COUNTER
        && length == SIGNATURE_COUNTER + (long) SIGNATURE_SIZE * count;
  }

  /**
   * {@return the buffer index of signature {@code i} (from 0) of the uniform signature group
   * whose counter starts at buffer index {@code group}: {@code group + 4 + 88 * i}}
   */
  public static int signatureAt(int group, int i) {
    return group + SIGNATURE_COUNTER + SIGNATURE_SIZE * i;
  }

  /**
   * Whether the first three characters of a signature start one of a uniform signature group: a
   * one-character Indexer code ({@link IndexerCode#single}), a Base64 index character, and a
   * Base64 character whose top four bits are zero (the raw signature's lead pad bits). The one
   * check of the framer's fast path, and of a uniform group's views before they are made.
   *
   * @param head the three characters as one big-endian int: {@code code << 16 | index << 8 |
   *     next}
   */
  public static boolean signatureHead(int head) {
    int index = B64.value((head >>> 8) & 0xFF);
    int next = B64.value(head & 0xFF);
    return IndexerCode.single(head >>> 16) != null && index >= 0 && next >= 0 && next <= 3;
  }
}
