package dev.cesrj.code;

import java.util.Map;
import java.util.TreeMap;

/**
 * The Matter code table: every primitive (non-indexed) code of CESR, with its sizes.
 *
 * <p>Source: keripy {@code MatterCodex} and {@code Matter.Sizes} at development head e70a42db
 * (CESR.md sections 2.1 to 2.4). Constant names are keripy's code names.
 *
 * <p>All sizes are in Base64 characters of the text domain (qb64): hard size {@code hs}, soft
 * size {@code ss}, extra size {@code xs} (pre-pad {@code _} characters at the start of the soft
 * part), full size {@code fs}; the lead size {@code ls} is in bytes (zero bytes prefixed to the
 * raw value). A qb2 primitive is {@code fs * 3 / 4} bytes.
 *
 * <p>Fixed-size codes have {@code fs > 0}. Variable-size codes ({@code 4A}..{@code 9AAH}) have
 * {@link #isVariable()} true and {@link #fs()} 0: their soft part is the value length in quadlets,
 * so the full size is {@code hs + ss + 4 * size} characters (see {@link #variableFullSize(long)});
 * a code with lead bytes needs {@code size >= 1} (see {@link #minFullSize()}).
 *
 * <p>Lookups ({@link #lookup(int, int, int, int, int)}, {@link #lookup(String)}) do not allocate.
 */
public enum MatterCode {
    Ed25519_Seed("A", 1, 0, 0, 44, 0),
    Ed25519N("B", 1, 0, 0, 44, 0),
    X25519("C", 1, 0, 0, 44, 0),
    Ed25519("D", 1, 0, 0, 44, 0),
    Blake3_256("E", 1, 0, 0, 44, 0),
    Blake2b_256("F", 1, 0, 0, 44, 0),
    Blake2s_256("G", 1, 0, 0, 44, 0),
    SHA3_256("H", 1, 0, 0, 44, 0),
    SHA2_256("I", 1, 0, 0, 44, 0),
    ECDSA_256k1_Seed("J", 1, 0, 0, 44, 0),
    Ed448_Seed("K", 1, 0, 0, 76, 0),
    X448("L", 1, 0, 0, 76, 0),
    Short("M", 1, 0, 0, 4, 0),
    Big("N", 1, 0, 0, 12, 0),
    X25519_Private("O", 1, 0, 0, 44, 0),
    X25519_Cipher_Seed("P", 1, 0, 0, 124, 0),
    ECDSA_256r1_Seed("Q", 1, 0, 0, 44, 0),
    Tall("R", 1, 0, 0, 8, 0),
    Large("S", 1, 0, 0, 16, 0),
    Great("T", 1, 0, 0, 20, 0),
    Vast("U", 1, 0, 0, 24, 0),
    Label1("V", 1, 0, 0, 4, 1),
    Label2("W", 1, 0, 0, 4, 0),
    Tag3("X", 1, 3, 0, 4, 0),
    Tag7("Y", 1, 7, 0, 8, 0),
    Tag11("Z", 1, 11, 0, 12, 0),
    Salt_256("a", 1, 0, 0, 44, 0),
    GramHead("b", 1, 3, 0, 8, 0),
    Salt_128("0A", 2, 0, 0, 24, 0),
    Ed25519_Sig("0B", 2, 0, 0, 88, 0),
    ECDSA_256k1_Sig("0C", 2, 0, 0, 88, 0),
    Blake3_512("0D", 2, 0, 0, 88, 0),
    Blake2b_512("0E", 2, 0, 0, 88, 0),
    SHA3_512("0F", 2, 0, 0, 88, 0),
    SHA2_512("0G", 2, 0, 0, 88, 0),
    Long("0H", 2, 0, 0, 8, 0),
    ECDSA_256r1_Sig("0I", 2, 0, 0, 88, 0),
    Tag1("0J", 2, 2, 1, 4, 0),
    Tag2("0K", 2, 2, 0, 4, 0),
    Tag5("0L", 2, 6, 1, 8, 0),
    Tag6("0M", 2, 6, 0, 8, 0),
    Tag9("0N", 2, 10, 1, 12, 0),
    Tag10("0O", 2, 10, 0, 12, 0),
    ECDSA_256k1N("1AAA", 4, 0, 0, 48, 0),
    ECDSA_256k1("1AAB", 4, 0, 0, 48, 0),
    Ed448N("1AAC", 4, 0, 0, 80, 0),
    Ed448("1AAD", 4, 0, 0, 80, 0),
    Ed448_Sig("1AAE", 4, 0, 0, 156, 0),
    Tag4("1AAF", 4, 4, 0, 8, 0),
    DateTime("1AAG", 4, 0, 0, 36, 0),
    X25519_Cipher_Salt("1AAH", 4, 0, 0, 100, 0),
    ECDSA_256r1N("1AAI", 4, 0, 0, 48, 0),
    ECDSA_256r1("1AAJ", 4, 0, 0, 48, 0),
    Null("1AAK", 4, 0, 0, 4, 0),
    No("1AAL", 4, 0, 0, 4, 0),
    Yes("1AAM", 4, 0, 0, 4, 0),
    Tag8("1AAN", 4, 8, 0, 12, 0),
    Escape("1AAO", 4, 0, 0, 4, 0),
    Empty("1AAP", 4, 0, 0, 4, 0),
    TBD0S("1__-", 4, 2, 0, 12, 0),
    TBD0("1___", 4, 0, 0, 8, 0),
    TBD1S("2__-", 4, 2, 1, 12, 1),
    TBD1("2___", 4, 0, 0, 8, 1),
    TBD2S("3__-", 4, 2, 0, 12, 2),
    TBD2("3___", 4, 0, 0, 8, 2),
    StrB64_L0("4A", 2, 2, 0, 0, 0),
    StrB64_L1("5A", 2, 2, 0, 0, 1),
    StrB64_L2("6A", 2, 2, 0, 0, 2),
    StrB64_Big_L0("7AAA", 4, 4, 0, 0, 0),
    StrB64_Big_L1("8AAA", 4, 4, 0, 0, 1),
    StrB64_Big_L2("9AAA", 4, 4, 0, 0, 2),
    Bytes_L0("4B", 2, 2, 0, 0, 0),
    Bytes_L1("5B", 2, 2, 0, 0, 1),
    Bytes_L2("6B", 2, 2, 0, 0, 2),
    Bytes_Big_L0("7AAB", 4, 4, 0, 0, 0),
    Bytes_Big_L1("8AAB", 4, 4, 0, 0, 1),
    Bytes_Big_L2("9AAB", 4, 4, 0, 0, 2),
    X25519_Cipher_L0("4C", 2, 2, 0, 0, 0),
    X25519_Cipher_L1("5C", 2, 2, 0, 0, 1),
    X25519_Cipher_L2("6C", 2, 2, 0, 0, 2),
    X25519_Cipher_Big_L0("7AAC", 4, 4, 0, 0, 0),
    X25519_Cipher_Big_L1("8AAC", 4, 4, 0, 0, 1),
    X25519_Cipher_Big_L2("9AAC", 4, 4, 0, 0, 2),
    X25519_Cipher_QB64_L0("4D", 2, 2, 0, 0, 0),
    X25519_Cipher_QB64_L1("5D", 2, 2, 0, 0, 1),
    X25519_Cipher_QB64_L2("6D", 2, 2, 0, 0, 2),
    X25519_Cipher_QB64_Big_L0("7AAD", 4, 4, 0, 0, 0),
    X25519_Cipher_QB64_Big_L1("8AAD", 4, 4, 0, 0, 1),
    X25519_Cipher_QB64_Big_L2("9AAD", 4, 4, 0, 0, 2),
    X25519_Cipher_QB2_L0("4E", 2, 2, 0, 0, 0),
    X25519_Cipher_QB2_L1("5E", 2, 2, 0, 0, 1),
    X25519_Cipher_QB2_L2("6E", 2, 2, 0, 0, 2),
    X25519_Cipher_QB2_Big_L0("7AAE", 4, 4, 0, 0, 0),
    X25519_Cipher_QB2_Big_L1("8AAE", 4, 4, 0, 0, 1),
    X25519_Cipher_QB2_Big_L2("9AAE", 4, 4, 0, 0, 2),
    HPKEBase_Cipher_L0("4F", 2, 2, 0, 0, 0),
    HPKEBase_Cipher_L1("5F", 2, 2, 0, 0, 1),
    HPKEBase_Cipher_L2("6F", 2, 2, 0, 0, 2),
    HPKEBase_Cipher_Big_L0("7AAF", 4, 4, 0, 0, 0),
    HPKEBase_Cipher_Big_L1("8AAF", 4, 4, 0, 0, 1),
    HPKEBase_Cipher_Big_L2("9AAF", 4, 4, 0, 0, 2),
    Decimal_L0("4H", 2, 2, 0, 0, 0),
    Decimal_L1("5H", 2, 2, 0, 0, 1),
    Decimal_L2("6H", 2, 2, 0, 0, 2),
    Decimal_Big_L0("7AAH", 4, 4, 0, 0, 0),
    Decimal_Big_L1("8AAH", 4, 4, 0, 0, 1),
    Decimal_Big_L2("9AAH", 4, 4, 0, 0, 2);

  /** Every code, in declaration order (a private copy: {@code values()} allocates). */
  private static final MatterCode[] ALL = values();

  /** Codes of hard size 1 and 2, indexed by {@code c0 * 128 + c1} (c1 = 0 for hs 1). */
  private static final MatterCode[] SHORT = new MatterCode[128 * 128];

  /** Keys ({@link #key4}) of the codes of hard size 4, ascending, for binary search. */
  private static final int[] LONG_KEYS;

  /** The codes of hard size 4, aligned with {@link #LONG_KEYS}. */
  private static final MatterCode[] LONG_CODES;

  static {
    TreeMap<Integer, MatterCode> longCodes = new TreeMap<>();
    for (MatterCode c : ALL) {
      if (c.hs == 4) {
        int key = key4(c.code.charAt(0), c.code.charAt(1), c.code.charAt(2), c.code.charAt(3));
        longCodes.put(key, c);
      } else {
        SHORT[c.code.charAt(0) * 128 + (c.hs == 2 ? c.code.charAt(1) : 0)] = c;
      }
    }
    LONG_KEYS = new int[longCodes.size()];
    LONG_CODES = new MatterCode[longCodes.size()];
    int i = 0;
    for (Map.Entry<Integer, MatterCode> e : longCodes.entrySet()) {
      LONG_KEYS[i] = e.getKey();
      LONG_CODES[i++] = e.getValue();
    }
  }

  private static int key4(int c0, int c1, int c2, int c3) {
    return (c0 << 21) | (c1 << 14) | (c2 << 7) | c3;
  }

  private final String code;
  private final int hs;
  private final int ss;
  private final int xs;
  private final int fs;
  private final int ls;

  MatterCode(String code, int hs, int ss, int xs, int fs, int ls) {
    this.code = code;
    this.hs = hs;
    this.ss = ss;
    this.xs = xs;
    this.fs = fs;
    this.ls = ls;
  }

  /** The hard part of the code, {@link #hs()} characters, e.g. {@code "E"} or {@code "1AAB"}. */
  public String code() {
    return code;
  }

  /** Hard size in characters. */
  public int hs() {
    return hs;
  }

  /** Soft size in characters (0 for most fixed codes, 2 or 4 for variable codes). */
  public int ss() {
    return ss;
  }

  /** Extra size in characters: leading {@code _} pre-pad characters of the soft part. */
  public int xs() {
    return xs;
  }

  /** Code size in characters: {@code hs + ss}. */
  public int cs() {
    return hs + ss;
  }

  /** Full size in characters for fixed-size codes; 0 for variable-size codes. */
  public int fs() {
    return fs;
  }

  /** Lead size in bytes: zero bytes prepended to the raw value before encoding. */
  public int ls() {
    return ls;
  }

  /** True for the variable-size codes whose soft part is a length in quadlets. */
  public boolean isVariable() {
    return fs == 0;
  }

  /**
   * Pad size {@code ps = cs mod 4}: how many leading sextets of the value the code occupies.
   * Always 0, 1 or 2.
   */
  public int ps() {
    return cs() % 4;
  }

  /**
   * Raw size in bytes for fixed-size codes: {@code (fs - cs) * 3 / 4 - ls}. For a variable
   * code use {@code 3 * size - ls}.
   *
   * @throws IllegalStateException for a variable-size code
   */
  public int rawSize() {
    if (isVariable()) {
      throw new IllegalStateException(code + " is variable-size: raw size is 3 * size - ls");
    }
    return (fs - cs()) * 3 / 4 - ls;
  }

  /**
   * Full size in characters of a variable-size primitive whose soft part says {@code size}
   * quadlets: {@code hs + ss + 4 * size}. Computed in {@code long} so that the largest
   * ({@code 64^4 - 1} quadlets) cannot overflow.
   */
  public long variableFullSize(long size) {
    return (long) cs() + 4L * size;
  }

  /**
   * The fewest characters a valid primitive of this code takes: {@link #fs()} for a fixed code;
   * for a variable code {@code cs} when {@code ls == 0} (size 0, empty value) and {@code cs + 4}
   * when {@code ls > 0}, since the value must hold the {@code ls} lead bytes (keripy rejects a
   * raw size of {@code 3 * size - ls < 0}).
   */
  public int minFullSize() {
    if (!isVariable()) {
      return fs;
    }
    return ls > 0 ? cs() + 4 : cs();
  }

  /**
   * The fewest characters of any primitive whose code starts with the {@code n} characters
   * {@code c0 c1 c2} (only the first {@code n} are read, {@code 1 <= n <= 3}), or 0 if no code
   * of the table starts so. Used when the input ends inside a hard part: the least number of
   * characters still to come, or an unknown code that no further input can make known.
   */
  public static int leastFullSize(int n, int c0, int c1, int c2) {
    int least = 0;
    for (MatterCode c : ALL) {
      String h = c.code;
      if (h.length() > n
          && h.charAt(0) == c0
          && (n < 2 || h.charAt(1) == c1)
          && (n < 3 || h.charAt(2) == c2)) {
        int m = c.minFullSize();
        least = least == 0 ? m : Math.min(least, m);
      }
    }
    return least;
  }

  /**
   * The hard size implied by the first character of a primitive (CESR.md section 2.1): 1 for a
   * letter, 2 for {@code 0 4 5 6}, 4 for {@code 1 2 3 7 8 9}; 0 if the character cannot start a
   * primitive ({@code -} starts a counter, {@code _} an op code, anything else is not Base64).
   */
  public static int hardSize(int firstChar) {
    return firstChar >= 0 && firstChar < 128 ? Selector.MATTER_HS[firstChar] : 0;
  }

  /**
   * The code whose hard part is the given characters, without allocating: {@code hs} is the
   * hard size ({@link #hardSize(int)} of {@code c0}); characters past {@code hs} are ignored.
   *
   * @return the code, or {@code null} if the table has none
   */
  public static MatterCode lookup(int hs, int c0, int c1, int c2, int c3) {
    if ((c0 | c1 | c2 | c3) >= 128 || (c0 | c1 | c2 | c3) < 0) {
      return null;
    }
    switch (hs) {
      case 1:
        return SHORT[c0 * 128];
      case 2:
        return SHORT[c0 * 128 + c1];
      case 4:
        int i = java.util.Arrays.binarySearch(LONG_KEYS, key4(c0, c1, c2, c3));
        return i >= 0 ? LONG_CODES[i] : null;
      default:
        return null;
    }
  }

  /** The code whose hard part is {@code hard}, or {@code null} if there is none. */
  public static MatterCode lookup(String hard) {
    int n = hard.length();
    if (n == 0 || n > 4 || hardSize(hard.charAt(0)) != n) {
      return null;
    }
    return lookup(
        n,
        hard.charAt(0),
        n > 1 ? hard.charAt(1) : 0,
        n > 2 ? hard.charAt(2) : 0,
        n > 3 ? hard.charAt(3) : 0);
  }
}
