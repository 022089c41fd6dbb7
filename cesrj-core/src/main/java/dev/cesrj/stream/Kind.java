package dev.cesrj.stream;

/**
 * The serialization of a message body, as its version string names it (CESR specification,
 * "Version String field").
 */
public enum Kind {
  /** JSON: the body starts with <code>&#123;</code>. */
  JSON,
  /** CBOR: the body starts with a CBOR map (major type 5). */
  CBOR,
  /** MessagePack: the body starts with a fixmap, map16 or map32. */
  MGPK,
  /** CESR-native body (version 2 only): framed by a FixBodyGroup or MapBodyGroup. */
  CESR;
}
