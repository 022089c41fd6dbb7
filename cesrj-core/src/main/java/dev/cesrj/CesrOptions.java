package dev.cesrj;

import dev.cesrj.code.CounterTable;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Objects;

/**
 * Immutable parser settings: the allocator for copied input, limits, and the default counter
 * table. Build with {@link #builder()}; {@link #DEFAULT} holds the defaults.
 */
public final class CesrOptions {
  /** Default maximum frame size: 16 MiB. */
  public static final long DEFAULT_MAX_FRAME_BYTES = 16L * 1024 * 1024;

  /** Default maximum nesting depth of groups: 8. */
  public static final int DEFAULT_MAX_DEPTH = 8;

  /** The smallest {@link Builder#maxFrameBytes(long)} accepted, in bytes: 4 (one quadlet). */
  public static final long MIN_FRAME_BYTES = 4;

  /**
   * The largest {@link Builder#maxFrameBytes(long)} accepted, in bytes: {@link Integer#MAX_VALUE},
   * the most one {@code ByteBuf} can index.
   */
  public static final long MAX_FRAME_BYTES = Integer.MAX_VALUE;

  /** The deepest {@link Builder#maxDepth(int)} accepted: 64 nested groups. */
  public static final int MAX_DEPTH = 64;

  /** Default maximum number of elements in one message or group: 65,536. */
  public static final int DEFAULT_MAX_ELEMENTS = 65_536;

  /**
   * Defaults: {@link PooledByteBufAllocator#DEFAULT}, 16 MiB frames, depth 8, 65,536 elements,
   * no table chosen: each message's counter table is inferred from the stream ({@link
   * #tableInferred()}).
   */
  public static final CesrOptions DEFAULT = builder().build();

  private final ByteBufAllocator allocator;
  private final long maxFrameBytes;
  private final int maxDepth;
  private final int maxElements;
  private final CounterTable defaultTable;
  private final boolean legacyCesr10;
  private final boolean inferred;
  private final boolean checkValueCharacters;

  private CesrOptions(Builder b) {
    this.allocator = b.allocator;
    this.maxFrameBytes = b.maxFrameBytes;
    this.maxDepth = b.maxDepth;
    this.maxElements = b.maxElements;
    this.defaultTable = b.defaultTable;
    this.legacyCesr10 = b.legacyCesr10 || b.defaultTable == CounterTable.CESR_1_0_LEGACY;
    this.inferred = b.defaultTable == null && !b.legacyCesr10;
    this.checkValueCharacters = b.checkValueCharacters;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these settings} */
  public Builder toBuilder() {
    Builder b =
        new Builder()
            .allocator(allocator)
            .maxFrameBytes(maxFrameBytes)
            .maxDepth(maxDepth)
            .maxElements(maxElements)
            .legacyCesr10(legacyCesr10)
            .checkValueCharacters(checkValueCharacters);
    b.defaultTable = defaultTable;
    return b;
  }

  /**
   * {@return the allocator that {@code byte[]} and {@code ByteBuffer} input is copied into (once
   * per input)} Default {@link PooledByteBufAllocator#DEFAULT}.
   */
  public ByteBufAllocator allocator() {
    return allocator;
  }

  /**
   * {@return the largest frame, in bytes, that the parser accepts: any group, primitive or message
   * body that declares more is refused with {@link FrameTooLargeException} before its bytes are
   * awaited or allocated, and so is a top-level message (body and all its attachments) or
   * GenericGroup longer than this, whole-buffer and streaming alike} Default 16 MiB; at most
   * {@link Integer#MAX_VALUE}.
   */
  public long maxFrameBytes() {
    return maxFrameBytes;
  }

  /** {@return the deepest nesting of groups accepted (a top-level group is depth 1). Default 8} */
  public int maxDepth() {
    return maxDepth;
  }

  /**
   * {@return the most elements one message or group may hold in one list of views: attachment
   * groups of a message (a nested message counts by its envelope or body group), tuples or
   * primitives of a group, groups of an AttachmentGroup}
   * One more is an {@link ElementLimitException}. It bounds the heap that views of one frame can
   * take (about 40 to 100 bytes each), whatever the frame's size. Default 65,536.
   */
  public int maxElements() {
    return maxElements;
  }

  /**
   * {@return the counter table chosen with {@link Builder#defaultTable(CounterTable)}, or {@link
   * CounterTable#CESR_1_0} if none was ({@link #tableInferred()})} With {@link #legacyCesr10()} a
   * table of CESR 1.0 is {@link CounterTable#CESR_1_0_LEGACY}. Where no genus-version code is in
   * force, a chosen table reads the attachments of every version 1 body and the counters of
   * attachment-only input ({@code Groups}); a version 2 body always has CESR 2.0 attachments.
   * When the table is inferred, only attachment-only input and the cold-start search read with
   * this table.
   */
  public CounterTable defaultTable() {
    return table(defaultTable != null ? defaultTable : CounterTable.CESR_1_0);
  }

  /**
   * {@return true if no table was chosen (neither {@link Builder#defaultTable(CounterTable)} nor
   * {@link Builder#legacyCesr10(boolean) legacyCesr10(true)}), so that where no genus-version code
   * is in force each message's counter table is inferred from the message itself, by the rule the
   * guide page {@code docs/guide/counter-tables.md} ("Which counter table applies") states with
   * its cases} In short: a message that
   * starts with a counter is read in the table in which that counter starts a message; a version
   * 2 body's attachments in CESR 2.0; a version 1 body's attachments in the CESR 1.0 tables or in
   * CESR 2.0, whichever its first attachment counter and the start of that counter's content allow
   * ({@link AmbiguousTableException} if both do), and in CESR 1.0 before the legacy table (the
   * legacy table only if CESR 1.0 refuses the message). Default true.
   */
  public boolean tableInferred() {
    return inferred;
  }

  /**
   * {@return true if CESR 1.0 means the legacy table (cesrj's opt-in legacy profile): the
   * table deployed keripy 1.1 to 1.3, signify-ts and cesride write ({@code -D}
   * TransReceiptQuadruples counted in elements, {@code -J}/{@code -K} SAD-path signature groups,
   * big codes {@code -0V}, {@code -0L}, the genus-version code {@code --AAA})} Then a body of
   * version 1 ({@code KERI10...}) and the default table, if it is CESR 1.0, select {@link
   * CounterTable#CESR_1_0_LEGACY}; an explicit {@code -_AAABAA} still selects {@link
   * CounterTable#CESR_1_0} (only keripy's development head writes it). Default false: a legacy-only
   * code is then an {@link UnknownCodeException} whose message names the legacy table.
   */
  public boolean legacyCesr10() {
    return legacyCesr10;
  }

  /**
   * {@return true if framing checks that every character of the CESR parts of a message or group
   * (qb64 primitives, counters and groups) is Base64url, as keripy does by decoding each primitive
   * as it parses} Default false: framing then reads codes, sizes, counts, indexes and pad bits,
   * but not the other characters of a value, which are checked when a view decodes them ({@code
   * Matter.raw()}, {@code Element.qb2()}, {@code Domains}); a character outside Base64url is then
   * a {@link MalformedException} there. Turned on, it is a {@link MalformedException} at that
   * character's offset when the message or group is framed ({@code Messages}, {@code Groups},
   * {@code CesrStreamParser}, the decoder), at the cost of one more pass over its bytes. JSON, CBOR
   * and MessagePack bodies are not CESR and are not checked, nor is the content of a GenericGroup
   * read by {@code Groups} (its messages are checked one by one where {@code Messages} reads them).
   */
  public boolean checkValueCharacters() {
    return checkValueCharacters;
  }

  /**
   * Validates the size of one frame against {@link #maxFrameBytes()}: the one check of that limit,
   * as Jackson's {@code StreamReadConstraints.validateDocumentLength} is of its own.
   *
   * @param at the byte offset of the frame
   * @param code its code, or {@code null} (a whole message or GenericGroup has no size field)
   * @param bytes the frame's size in bytes: declared by its size field, or as far as it is known
   * @throws FrameTooLargeException ({@link ErrorKind#FRAME_TOO_LARGE}) if {@code bytes >
   *     maxFrameBytes()}, with {@code at}, {@code code}, {@code bytes} as {@link
   *     FrameTooLargeException#declared()} and the limit as {@link FrameTooLargeException#limit()}
   */
  public void validateFrameBytes(long at, String code, long bytes) {
    validateFrameBytes(at, code, bytes, maxFrameBytes);
  }

  /**
   * {@link #validateFrameBytes(long, String, long)} against the limit {@code limit}, for a framer
   * that holds the limit of its options (or a view that parses one primitive with no limit but
   * {@link Integer#MAX_VALUE}).
   *
   * @param at the byte offset of the frame
   * @param code its code, or {@code null}
   * @param bytes the frame's size in bytes
   * @param limit the frame limit in bytes, e.g. {@link #maxFrameBytes()}
   * @throws FrameTooLargeException if {@code bytes > limit}
   */
  public static void validateFrameBytes(long at, String code, long bytes, long limit) {
    if (!fitsFrame(bytes, limit)) {
      throw new FrameTooLargeException(at, code, bytes, limit);
    }
  }

  /**
   * Validates the depth of one group against {@link #maxDepth()}: the one check of that limit, as
   * Jackson's {@code StreamReadConstraints.validateNestingDepth}.
   *
   * @param at the byte offset of the group's counter
   * @param code its code, or {@code null}
   * @param depth the group's depth, 1 at the top
   * @throws NestingTooDeepException ({@link ErrorKind#NESTING_TOO_DEEP}) if {@code depth >
   *     maxDepth()}: expected {@code "at most <maxDepth> nested groups"}, detail {@code "depth
   *     <depth>"}
   */
  public void validateDepth(long at, String code, int depth) {
    validateDepth(at, code, depth, maxDepth);
  }

  /**
   * {@link #validateDepth(long, String, int)} against the limit {@code limit}, for a framer that
   * holds the limit of its options.
   *
   * @param at the byte offset of the group's counter
   * @param code its code, or {@code null}
   * @param depth the group's depth, 1 at the top
   * @param limit the depth limit, e.g. {@link #maxDepth()}
   * @throws NestingTooDeepException if {@code depth > limit}
   */
  public static void validateDepth(long at, String code, int depth, int limit) {
    if (!fitsDepth(depth, limit)) {
      throw new NestingTooDeepException(at, code, limit, depth);
    }
  }

  /**
   * {@return true if a frame of {@code bytes} bytes is within the frame limit {@code limit}
   * ({@code bytes <= limit})} The one comparison behind {@link #validateFrameBytes(long, String,
   * long, long)}, for a fast path that hands a frame over the limit to its checked path, which
   * then throws, rather than throwing itself. Never throws.
   *
   * @param bytes the frame's size in bytes
   * @param limit the frame limit in bytes, e.g. {@link #maxFrameBytes()}
   */
  public static boolean fitsFrame(long bytes, long limit) {
    return bytes <= limit;
  }

  /**
   * {@return true if a group at nesting depth {@code depth} (1 at the top) is within the depth
   * limit {@code limit} ({@code depth <= limit})} The one comparison behind {@link
   * #validateDepth(long, String, int, int)}, for a fast path that leaves a group too deep to its
   * checked path. Never throws.
   *
   * @param depth the group's depth, 1 at the top
   * @param limit the depth limit, e.g. {@link #maxDepth()}
   */
  public static boolean fitsDepth(int depth, int limit) {
    return depth <= limit;
  }

  /**
   * Validates room for one more element in a message or group that holds {@code held} against
   * {@link #maxElements()}: the one check of that limit.
   *
   * @param at the byte offset of the element that would be one more
   * @param code its code, or {@code null}
   * @param held the elements the message or group holds already
   * @throws ElementLimitException ({@link ErrorKind#ELEMENT_LIMIT}) if {@code held >=
   *     maxElements()}, with the limit as {@link ElementLimitException#limit()}
   */
  public void validateElements(long at, String code, long held) {
    if (held >= maxElements) { // !fitsElements(held + 1), without held + 1 overflowing
      throw new ElementLimitException(at, code, maxElements);
    }
  }

  /**
   * {@return true if {@code elements} elements in one message or group are within {@link
   * #maxElements()} ({@code elements <= maxElements()})} The comparison behind {@link
   * #validateElements(long, String, long)}, for a fast path that passes a frame whose items (each
   * at least one element or entry) are too few to reach the limit, and leaves any other frame to
   * the count that validates each element. Never throws.
   *
   * @param elements a number of elements, or an upper bound on it
   */
  public boolean fitsElements(long elements) {
    return elements <= maxElements;
  }

  /**
   * {@return the table to read with when the stream or a body implies {@code implied}: {@code
   * implied}, or the legacy table for CESR 1.0 if {@link #legacyCesr10()}}
   *
   * @param implied the table the stream or a body implies
   */
  public CounterTable table(CounterTable implied) {
    return legacyCesr10 && implied == CounterTable.CESR_1_0 ? CounterTable.CESR_1_0_LEGACY : implied;
  }

  /** Builder of {@link CesrOptions}; every setter validates its argument at once. */
  public static final class Builder {
    private ByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;
    private long maxFrameBytes = DEFAULT_MAX_FRAME_BYTES;
    private int maxDepth = DEFAULT_MAX_DEPTH;
    private int maxElements = DEFAULT_MAX_ELEMENTS;
    private CounterTable defaultTable;
    private boolean legacyCesr10;
    private boolean checkValueCharacters;

    private Builder() {}

    /**
     * Sets the allocator for copied input; not null.
     *
     * @param allocator the allocator for copies of input
     * @return this builder
     */
    public Builder allocator(ByteBufAllocator allocator) {
      this.allocator = Objects.requireNonNull(allocator, "allocator");
      return this;
    }

    /**
     * Sets the maximum frame size in bytes.
     *
     * @param bytes the largest frame in bytes, 4..{@link Integer#MAX_VALUE}
     * @return this builder
     * @throws IllegalArgumentException unless {@code 4 <= bytes <= Integer.MAX_VALUE}
     */
    public Builder maxFrameBytes(long bytes) {
      if (bytes < MIN_FRAME_BYTES || bytes > MAX_FRAME_BYTES) {
        throw new IllegalArgumentException(
            "maxFrameBytes must be in [" + MIN_FRAME_BYTES + ", " + MAX_FRAME_BYTES + "]: "
                + bytes);
      }
      this.maxFrameBytes = bytes;
      return this;
    }

    /**
     * Sets the maximum nesting depth.
     *
     * @param depth the deepest nesting, at least 1
     * @return this builder
     * @throws IllegalArgumentException unless {@code 1 <= depth <= 64}
     */
    public Builder maxDepth(int depth) {
      if (depth < 1 || depth > MAX_DEPTH) {
        throw new IllegalArgumentException(
            "maxDepth must be in [1, " + MAX_DEPTH + "]: " + depth);
      }
      this.maxDepth = depth;
      return this;
    }

    /**
     * Sets the maximum number of elements in one message or group.
     *
     * @param elements the most elements, at least 1
     * @return this builder
     * @throws IllegalArgumentException unless {@code 1 <= elements}
     */
    public Builder maxElements(int elements) {
      if (elements < 1) {
        throw new IllegalArgumentException("maxElements must be at least 1: " + elements);
      }
      this.maxElements = elements;
      return this;
    }

    /**
     * Chooses the counter table where no genus-version code is in force (see {@link
     * CesrOptions#defaultTable()}), so that it is no longer inferred; not null. {@link
     * CounterTable#CESR_1_0_LEGACY} also turns {@link #legacyCesr10(boolean)} on.
     *
     * @param table the counter table when nothing selects one
     * @return this builder
     */
    public Builder defaultTable(CounterTable table) {
      this.defaultTable = Objects.requireNonNull(table, "defaultTable");
      return this;
    }

    /**
     * Reads CESR 1.0 with the legacy table of keripy 1.1 to 1.3 and signify-ts (see {@link
     * CesrOptions#legacyCesr10()}); default false. True chooses the table (CESR 1.0, read as the
     * legacy table, unless {@link #defaultTable(CounterTable)} says otherwise): it is no longer
     * inferred.
     *
     * @param legacy true to read CESR 1.0 with the legacy table
     * @return this builder
     */
    public Builder legacyCesr10(boolean legacy) {
      this.legacyCesr10 = legacy;
      return this;
    }

    /**
     * Checks every character of the CESR parts of what is framed (see {@link
     * CesrOptions#checkValueCharacters()}); default false.
     *
     * @param check true to refuse a character outside Base64url when it is framed
     * @return this builder
     */
    public Builder checkValueCharacters(boolean check) {
      this.checkValueCharacters = check;
      return this;
    }

    /** {@return the settings} */
    public CesrOptions build() {
      return new CesrOptions(this);
    }
  }
}
