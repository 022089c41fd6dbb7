package dev.cesrj.stream;

/**
 * What the top three bits of the first byte at a cold-start point say comes next (CESR
 * specification, "Cold start Stream parsing problem"; keripy {@code kering.py} {@code sniff}).
 */
enum Tritet {
  /** 000: annotated text CESR (starts with whitespace); must be de-annotated first. */
  ANNOTATED,
  /** 001: a text counter ({@code -}). */
  TEXT_COUNTER,
  /** 010: a text op code ({@code _}). */
  TEXT_OP_CODE,
  /** 011: a JSON body (<code>&#123;</code>). */
  JSON,
  /** 100: a MessagePack fixmap body. */
  MGPK_FIXMAP,
  /** 101: a CBOR map body. */
  CBOR,
  /** 110: a MessagePack map16 or map32 body. */
  MGPK,
  /** 111: a binary (qb2) counter or op code. */
  BINARY;

  private static final Tritet[] BY_BITS = values();

  /** The tritet of {@code firstByte} (0..255). */
  static Tritet of(int firstByte) {
    return BY_BITS[(firstByte & 0xFF) >>> 5];
  }

  /** True for the tritets that start a JSON, CBOR or MessagePack message body. */
  boolean isMessage() {
    return this == JSON || this == MGPK_FIXMAP || this == CBOR || this == MGPK;
  }
}
