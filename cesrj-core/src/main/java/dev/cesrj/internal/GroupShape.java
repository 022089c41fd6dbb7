package dev.cesrj.internal;

import dev.cesrj.code.IndexerCode;

/**
 * What {@link GroupFramer} knows of a group's layout once it accepted the group: whether the
 * group's items follow from its counter alone, so that its element views can be made without
 * framing its content again (issue 33, item 1: "the framer records what it checks, and the views
 * read that record"). Read after {@link GroupFramer#group} or {@link GroupFramer#frameOrCut}
 * with {@link GroupFramer#shape()}, as {@link GroupFramer#code()} and {@link GroupFramer#count()}
 * are, and carried by the group view.
 */
public enum GroupShape {
  /**
   * A qb64 signature group of CESR 1.0 ({@code -A} ControllerIdxSigs, {@code -B} WitnessIdxSigs:
   * {@link dev.cesrj.code.CounterCode#countsSignatures()}) with a small counter ({@code -X##}, 4
   * characters) whose {@code count} indexed signatures all have a one-character code and so 88
   * characters each (keripy {@code src/keri/core/indexing.py} {@code IndexerCodex}: {@code
   * A}..{@code F}, one index character and no ondex characters: the ondex is the index, or none
   * for the current-only {@code _Crt_Sig} codes {@code B D F}). The framer's fast
   * path checked each one (code, Base64 index character, the two zero pad bits), so the record is
   * implicit: signature {@code i} starts at {@link #signatureAt}, its code is the one named by its
   * first character ({@link IndexerCode#single}) and its index is the Base64
   * value of its second character.
   */
  UNIFORM_SIGNATURES,
  /**
   * Any other group (qb2, big codes, tuples, AttachmentGroups, bodies, CESR 2.0 quadlet counts, a
   * genus-version code): its items are known only by framing its content with the checked path,
   * which is what reading its elements does.
   */
  CHECKED;

  /** Characters of a {@link #UNIFORM_SIGNATURES} group's counter. */
  public static final int SIGNATURE_COUNTER = 4;

  /** Characters of each signature of a {@link #UNIFORM_SIGNATURES} group. */
  public static final int SIGNATURE_SIZE = 88;

  /**
   * {@return the buffer index of signature {@code i} (from 0) of the {@link #UNIFORM_SIGNATURES}
   * group whose counter starts at buffer index {@code group}: {@code group + 4 + 88 * i}}
   */
  public static int signatureAt(int group, int i) {
    return group + SIGNATURE_COUNTER + SIGNATURE_SIZE * i;
  }

  /**
   * Whether the first three characters of a signature start one of a {@link #UNIFORM_SIGNATURES}
   * group: a one-character Indexer code ({@link IndexerCode#single}), a Base64 index character,
   * and a Base64 character whose top four bits are zero (the raw signature's lead pad bits). The
   * one check of the framer's fast path, and of a uniform group's views before they are made.
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
