package dev.cesrj.code;

/**
 * The Indexer code table: every indexed-signature code of CESR, with its sizes.
 *
 * <p>Source: keripy {@code IdrDex} and {@code Indexer.Sizes} at development head e70a42db
 * ({@code src/keri/core/indexing.py}). Constant names are keripy's code names.
 *
 * <p>Sizes are in Base64 characters: hard size {@code hs}, soft size {@code ss} (main index
 * {@code ms = ss - os} characters, then ondex {@code os} characters), full size {@code fs}. The
 * lead size is 0 for every code here. The soft part holds the index (0 to
 * {@code 64^ms - 1}) and, where {@code os > 0}, the ondex (0 to {@code 64^os - 1}).
 *
 * <p>Index semantics ({@link #currentOnly()}): current-only codes have no ondex (where
 * {@code os > 0} its characters must encode 0); "both" codes with {@code os == 0} have an ondex
 * equal to the index; "both" codes with {@code os > 0} carry an explicit ondex.
 *
 * <p>The test-only codes {@code 0z}, {@code 1z} and {@code 4z} of keripy's table are not
 * accepted in streams.
 */
public enum IndexerCode {
  /** {@code A}: Ed25519_Sig (both). */
  Ed25519_Sig("A", 1, 1, 0, 88, false),
  /** {@code B}: Ed25519_Crt_Sig (current only). */
  Ed25519_Crt_Sig("B", 1, 1, 0, 88, true),
  /** {@code C}: ECDSA_256k1_Sig. */
  ECDSA_256k1_Sig("C", 1, 1, 0, 88, false),
  /** {@code D}: ECDSA_256k1_Crt_Sig. */
  ECDSA_256k1_Crt_Sig("D", 1, 1, 0, 88, true),
  /** {@code E}: ECDSA_256r1_Sig. */
  ECDSA_256r1_Sig("E", 1, 1, 0, 88, false),
  /** {@code F}: ECDSA_256r1_Crt_Sig. */
  ECDSA_256r1_Crt_Sig("F", 1, 1, 0, 88, true),
  /** {@code 0A}: Ed448_Sig. */
  Ed448_Sig("0A", 2, 2, 1, 156, false),
  /** {@code 0B}: Ed448_Crt_Sig. */
  Ed448_Crt_Sig("0B", 2, 2, 1, 156, true),
  /** {@code 2A}: Ed25519_Big_Sig. */
  Ed25519_Big_Sig("2A", 2, 4, 2, 92, false),
  /** {@code 2B}: Ed25519_Big_Crt_Sig. */
  Ed25519_Big_Crt_Sig("2B", 2, 4, 2, 92, true),
  /** {@code 2C}: ECDSA_256k1_Big_Sig. */
  ECDSA_256k1_Big_Sig("2C", 2, 4, 2, 92, false),
  /** {@code 2D}: ECDSA_256k1_Big_Crt_Sig. */
  ECDSA_256k1_Big_Crt_Sig("2D", 2, 4, 2, 92, true),
  /** {@code 2E}: ECDSA_256r1_Big_Sig. */
  ECDSA_256r1_Big_Sig("2E", 2, 4, 2, 92, false),
  /** {@code 2F}: ECDSA_256r1_Big_Crt_Sig. */
  ECDSA_256r1_Big_Crt_Sig("2F", 2, 4, 2, 92, true),
  /** {@code 3A}: Ed448_Big_Sig. */
  Ed448_Big_Sig("3A", 2, 6, 3, 160, false),
  /** {@code 3B}: Ed448_Big_Crt_Sig. */
  Ed448_Big_Crt_Sig("3B", 2, 6, 3, 160, true);

  /** Every code, in declaration order (a private copy: {@code values()} allocates). */
  private static final IndexerCode[] ALL = values();

  /** Codes indexed by {@code c0 * 128 + c1} (c1 = 0 for hard size 1). */
  private static final IndexerCode[] TABLE = new IndexerCode[128 * 128];

  /** The largest full size of any code (Ed448_Big_Sig: 160 characters). */
  private static final int LARGEST_FS;

  static {
    int largest = 0;
    for (IndexerCode c : ALL) {
      TABLE[c.code.charAt(0) * 128 + (c.hs == 2 ? c.code.charAt(1) : 0)] = c;
      largest = Math.max(largest, c.fs);
    }
    LARGEST_FS = largest;
  }

  private final String code;
  private final int hs;
  private final int ss;
  private final int os;
  private final int fs;
  private final boolean currentOnly;

  IndexerCode(String code, int hs, int ss, int os, int fs, boolean currentOnly) {
    this.code = code;
    this.hs = hs;
    this.ss = ss;
    this.os = os;
    this.fs = fs;
    this.currentOnly = currentOnly;
  }

  /** {@return the hard part of the code, e.g. {@code "A"} or {@code "2A"}} */
  public String code() {
    return code;
  }

  /** {@return hard size in characters} */
  public int hs() {
    return hs;
  }

  /** {@return soft size in characters: {@code ms + os}} */
  public int ss() {
    return ss;
  }

  /** {@return ondex (other index) size in characters} */
  public int os() {
    return os;
  }

  /** {@return main index size in characters: {@code ss - os}} */
  public int ms() {
    return ss - os;
  }

  /** {@return code size in characters: {@code hs + ss}} */
  public int cs() {
    return hs + ss;
  }

  /** {@return full size in characters; a qb2 signature is {@code fs * 3 / 4} bytes} */
  public int fs() {
    return fs;
  }

  /** {@return lead size in bytes: 0 for every indexer code} */
  public int ls() {
    return 0;
  }

  /** {@return raw signature size in bytes: {@code (fs - cs) * 3 / 4}} */
  public int rawSize() {
    return (fs - cs()) * 3 / 4;
  }

  /** {@return largest index this code can carry: {@code 64^ms - 1}} */
  public int maxIndex() {
    return (1 << (6 * ms())) - 1;
  }

  /**
   * {@return true for current-only codes ({@code B D F 0B 2B 2D 2F 3B}): the signature has no
   * ondex}
   */
  public boolean currentOnly() {
    return currentOnly;
  }

  /**
   * {@return the hard size implied by the first character of an indexed signature: 1 for a letter,
   * 2 for {@code 0}..{@code 4}, 0 if the character cannot start one}
   *
   * @param firstChar the first character
   */
  public static int hardSize(int firstChar) {
    return firstChar >= 0 && firstChar < 128 ? Selector.INDEXER_HS[firstChar] : 0;
  }

  /**
   * {@return the one-character code {@code c0} ({@code A}..{@code F}), or {@code null}: the
   * hot-path lookup for ordinary signatures}
   *
   * @param c0 the first character
   */
  public static IndexerCode single(int c0) {
    return c0 >= 0 && c0 < 128 ? TABLE[c0 * 128] : null;
  }

  /**
   * The code whose hard part is {@code c0} (hard size 1) or {@code c0 c1} (hard size 2), without
   * allocating.
   *
   * @param hs the hard size, 1 or 2
   * @param c0 the first character
   * @param c1 the second character (ignored if {@code hs} is 1)
   * @return the code, or {@code null} if the table has none
   */
  public static IndexerCode lookup(int hs, int c0, int c1) {
    if ((c0 | c1) >= 128 || (c0 | c1) < 0 || hs < 1 || hs > 2) {
      return null;
    }
    return TABLE[c0 * 128 + (hs == 2 ? c1 : 0)];
  }

  /**
   * {@return the fewest characters of any indexed signature whose two-character code starts with
   * {@code c0}, or 0 if no code of the table starts so (the test-only selectors {@code 1} and
   * {@code 4}, or a character that starts no code)} Used when the input ends after the first of
   * two hard characters.
   *
   * @param c0 the first character
   */
  public static int leastFullSize(int c0) {
    int least = 0;
    for (IndexerCode c : ALL) {
      if (c.hs == 2 && c.code.charAt(0) == c0) {
        least = least == 0 ? c.fs : Math.min(least, c.fs);
      }
    }
    return least;
  }

  /**
   * {@return the code whose hard part is {@code hard}, or {@code null}}
   *
   * @param hard the hard part of an indexer code, e.g. {@code "0A"}
   */
  public static IndexerCode lookup(String hard) {
    if (hard.isEmpty() || hard.length() > 2) {
      return null;
    }
    IndexerCode c = lookup(hard.length(), hard.charAt(0), hard.length() == 2 ? hard.charAt(1) : 0);
    return c != null && c.code.equals(hard) ? c : null;
  }

  /** {@return the largest {@link #fs()} of any code of the table, in characters} */
  public static int largestFullSize() {
    return LARGEST_FS;
  }
}
