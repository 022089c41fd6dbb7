package dev.cesrj;

/**
 * Which rule a stream broke: the kind of every {@link CesrException} cesrj raises, beside the
 * exception subclass a caller catches ({@link #type()}). Several kinds share a subclass (every
 * {@code MALFORMED_*} kind is a {@link MalformedException}), so that a caller can catch broadly
 * and still tell the rules apart with {@link CesrException#kind()} in a {@code switch}.
 *
 * <p>The rules are those of keripy's {@code src/keri/core/parsing.py}, {@code counting.py},
 * {@code coring.py} and {@code indexing.py} and the ToIP CESR specification (sections "Count
 * Codes", "Stream parsing rules", "Cold start stream parsing problem", "Version string field").
 */
public enum ErrorKind {
  /** The input ends inside a frame: more bytes are needed ({@link TruncatedException}). */
  TRUNCATED(TruncatedException.class),
  /**
   * A counted group's content ends part-way through an element: the group's count fixed where
   * its content ends, so more bytes cannot help ({@link MalformedException}).
   */
  MALFORMED_CONTENT_CUT(MalformedException.class),
  /**
   * A byte that is not Base64url (or, in qb2, not the sextet required) in a code, count, size,
   * index or value ({@link MalformedException}).
   */
  MALFORMED_CHARACTER(MalformedException.class),
  /**
   * A code the grammar does not allow where it stands: a counter or primitive of the wrong kind
   * for its slot, a genus-version code inside a group, a group that is no body where the body
   * must be ({@link MalformedException}).
   */
  MALFORMED_MISPLACED(MalformedException.class),
  /**
   * Sizes that disagree: bytes left over in a group, a size of 0, a value not in whole quadlets,
   * input left after the one element asked for, an empty envelope ({@link MalformedException}).
   */
  MALFORMED_SIZE(MalformedException.class),
  /** A qb2 counter inside qb64 content or the reverse ({@link MalformedException}). */
  MALFORMED_DOMAIN(MalformedException.class),
  /** Malformed input of no more specific kind: built by a caller ({@link MalformedException}). */
  MALFORMED(MalformedException.class),
  /**
   * A message body that does not decode as the serialization its version string names (JSON,
   * CBOR, MessagePack, CESR-native): bad syntax, a value cut short, nesting deeper than allowed, a
   * label given twice, a top level that is not a map; raised by {@code dev.cesrj.keri}
   * ({@link MalformedException}).
   */
  MALFORMED_BODY(MalformedException.class),
  /**
   * A body field that breaks its protocol's rules (keripy {@code serdering.py} {@code Fields},
   * {@code coring.py}): missing, out of order, unknown where the ilk allows no extra field, of the
   * wrong type, or out of range (a sequence number above 2<sup>128</sup> - 1, a threshold whose
   * clause sums to less than 1); raised by {@code dev.cesrj.keri} ({@link MalformedException}).
   */
  MALFORMED_FIELD(MalformedException.class),
  /**
   * A body whose SAID field is not the digest of the body with its SAID fields dummied (keripy
   * {@code Serder._verify}); raised by {@code dev.cesrj.keri} ({@link MalformedException}).
   */
  SAID_MISMATCH(MalformedException.class),
  /** No code of the table in force starts with the bytes read ({@link UnknownCodeException}). */
  UNKNOWN_CODE(UnknownCodeException.class),
  /**
   * A byte at a cold-start point (a message or group start) that starts nothing allowed there
   * ({@link ColdStartException}).
   */
  COLD_START(ColdStartException.class),
  /**
   * A well-formed value that is not in canonical form: non-zero pad bits or lead bytes, an ondex
   * on a current-only code ({@link NonCanonicalException}).
   */
  NON_CANONICAL(NonCanonicalException.class),
  /**
   * A valid code that cesrj does not frame in this place or conversion
   * ({@link UnsupportedException}).
   */
  UNSUPPORTED(UnsupportedException.class),
  /**
   * A version string that is missing, malformed or disagrees with its body or the code in force
   * ({@link VersionStringException}).
   */
  VERSION_STRING(VersionStringException.class),
  /** A frame larger than {@link CesrOptions#maxFrameBytes()} ({@link FrameTooLargeException}). */
  FRAME_TOO_LARGE(FrameTooLargeException.class),
  /** Groups nested deeper than {@link CesrOptions#maxDepth()} ({@link NestingTooDeepException}). */
  NESTING_TOO_DEEP(NestingTooDeepException.class),
  /**
   * More elements in one message or group than {@link CesrOptions#maxElements()}
   * ({@link ElementLimitException}).
   */
  ELEMENT_LIMIT(ElementLimitException.class),
  /** A counter that two counter tables would each read ({@link AmbiguousTableException}). */
  AMBIGUOUS_TABLE(AmbiguousTableException.class),
  /**
   * A frame that a memory budget shared by several streams (a server's connections) has no room
   * for: what it holds and declares it still needs would pass the budget's limit ({@link
   * MemoryBudgetException}; raised by the pipeline module).
   */
  MEMORY_BUDGET(MemoryBudgetException.class),
  /**
   * A frame whose bytes did not all arrive within its deadline ({@link FrameTimeoutException};
   * raised by the pipeline module).
   */
  FRAME_TIMEOUT(FrameTimeoutException.class);

  private final Class<? extends CesrException> type;

  ErrorKind(Class<? extends CesrException> type) {
    this.type = type;
  }

  /** {@return the exception class an error of this kind is raised as} */
  public Class<? extends CesrException> type() {
    return type;
  }
}
