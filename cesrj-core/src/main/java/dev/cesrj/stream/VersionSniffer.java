package dev.cesrj.stream;

import dev.cesrj.TruncatedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.Source;

/**
 * Finds and checks the version string of a JSON, CBOR or MessagePack body (CESR
 * specification, "Version String field"; keripy {@code smell} and {@code Serdery.reap}): it must
 * start at most 8 bytes into the body, say a size that covers it, name a kind that the body's first
 * byte can start, and (for a version-2 string) a CESR genus version that has a counter table.
 *
 * <p>Errors carry the offset the caller gives: the body's offset in the input for a bare body,
 * the Texter's offset for a body carried in a NonNativeBodyGroup.
 */
final class VersionSniffer {
  /** Bytes keripy waits for before it looks for a version string: 8 + 19. */
  static final int SMELL_SIZE = VersionString.MAX_OFFSET + VersionString.V2_LENGTH;

  private VersionSniffer() {}

  /**
   * Reads the version string of the body at {@code p}.
   *
   * @param s the bytes
   * @param p index of the body's first byte
   * @param limit index after the last readable byte
   * @param complete true if {@code [p, limit)} is the whole body (decoded from a Texter): then a
   *     missing version string is an error, never a truncation
   * @param at the offset to report in errors
   * @throws TruncatedException if the body is not complete, fewer than 27 bytes are readable and
   *     they hold no version string yet (needed: up to 27)
   * @throws VersionStringException if there is no valid version string at offset 0 to 8, or it
   *     does not fit the body
   */
  static VersionString read(Source s, int p, int limit, boolean complete, long at) {
    return read(s, p, limit, complete, at, Fit.THROWING);
  }

  /**
   * {@link #read(Source, int, int, boolean, long)} reporting the truncation to {@code fit}
   * ({@link Fit#THROWING}: thrown) rather than throwing it.
   *
   * @param s the bytes
   * @param p index of the body's first byte
   * @param limit index after the last readable byte
   * @param complete true if {@code [p, limit)} is the whole body
   * @param at the offset to report in errors
   * @param fit where a cut goes
   * @return the version string, or {@code null} once {@code fit} is cut (read the fit first)
   */
  static VersionString read(Source s, int p, int limit, boolean complete, long at, Fit fit) {
    int window = Math.min(limit - p, SMELL_SIZE);
    for (int o = 0; o <= VersionString.MAX_OFFSET && o < window; o++) {
      int c = s.at(p + o);
      if (c < 'A' || c > 'Z') {
        continue; // a version string starts with its protocol, four capital letters
      }
      VersionString vs = VersionString.match(new SourceText(s, p + o, window - o), o);
      if (vs != null) {
        check(s, p, vs, at);
        return vs;
      }
    }
    if (window < SMELL_SIZE && !complete) {
      fit.truncatedCut(
          at, null, "a version string within the first 27 bytes of the body", SMELL_SIZE - window);
      return null;
    }
    throw Errors.versionString(
        at,
        null,
        "a version string (e.g. KERI10JSON00012b_) at offset 0 to 8 of the body",
        "no valid version string in \"" + s.text(p, window) + "\"");
  }

  /**
   * The bytes {@code [from, from + length)} of a source as characters, without copying them: a
   * version string is matched in place and only a match is turned into Strings.
   */
  private static final class SourceText implements CharSequence {
    private final Source s;
    private final int from;
    private final int length;

    SourceText(Source s, int from, int length) {
      this.s = s;
      this.from = from;
      this.length = length;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      if (index < 0 || index >= length) {
        throw new IndexOutOfBoundsException(index);
      }
      return (char) s.at(from + index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return s.text(from + start, end - start);
    }

    @Override
    public String toString() {
      return s.text(from, length);
    }
  }

  private static void check(Source s, int p, VersionString vs, long at) {
    int b = s.at(p);
    if (!vs.kind().startsWith(b)) {
      throw Errors.versionString(
          at,
          vs.text(),
          "a body serialized as " + vs.kind(),
          "first byte " + Errors.hexByte(b) + " does not start one");
    }
    if (vs.size() < vs.offset() + vs.text().length()) {
      throw Errors.versionString(
          at, vs.text(), "a size covering the version string", "size " + vs.size());
    }
    if (vs.format() == 2 && vs.genusMinor() > 0) {
      // keripy Serdery.reap: a genus minor version above the latest table's is refused
      throw Errors.versionString(
          at,
          vs.text(),
          "CESR genus version " + vs.genusMajor() + ".0 (the latest counter table)",
          "genus version " + vs.genusMajor() + "." + vs.genusMinor() + " has no counter table");
    }
  }
}
