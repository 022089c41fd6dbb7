package dev.cesrj.code;

import java.util.Map;
import java.util.TreeMap;

/**
 * The Matter code table: every primitive (non-indexed) code of CESR, with its sizes.
 *
 * <p>Source: keripy {@code MatterCodex} and {@code Matter.Sizes} at development head e70a42db
 * ({@code src/keri/core/coring.py}). Constant names are keripy's code names.
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
    /** {@code A}: Ed25519_Seed. */
    Ed25519_Seed("A", 1, 0, 0, 44, 0),
    /** {@code B}: Ed25519N (non-transferable key). */
    Ed25519N("B", 1, 0, 0, 44, 0),
    /** {@code C}: X25519. */
    X25519("C", 1, 0, 0, 44, 0),
    /** {@code D}: Ed25519 (transferable key). */
    Ed25519("D", 1, 0, 0, 44, 0),
    /** {@code E}: Blake3_256. */
    Blake3_256("E", 1, 0, 0, 44, 0),
    /** {@code F}: Blake2b_256. */
    Blake2b_256("F", 1, 0, 0, 44, 0),
    /** {@code G}: Blake2s_256. */
    Blake2s_256("G", 1, 0, 0, 44, 0),
    /** {@code H}: SHA3_256. */
    SHA3_256("H", 1, 0, 0, 44, 0),
    /** {@code I}: SHA2_256. */
    SHA2_256("I", 1, 0, 0, 44, 0),
    /** {@code J}: ECDSA_256k1_Seed. */
    ECDSA_256k1_Seed("J", 1, 0, 0, 44, 0),
    /** {@code K}: Ed448_Seed. */
    Ed448_Seed("K", 1, 0, 0, 76, 0),
    /** {@code L}: X448. */
    X448("L", 1, 0, 0, 76, 0),
    /** {@code M}: Short (number). */
    Short("M", 1, 0, 0, 4, 0),
    /** {@code N}: Big (number). */
    Big("N", 1, 0, 0, 12, 0),
    /** {@code O}: X25519_Private. */
    X25519_Private("O", 1, 0, 0, 44, 0),
    /** {@code P}: X25519_Cipher_Seed. */
    X25519_Cipher_Seed("P", 1, 0, 0, 124, 0),
    /** {@code Q}: ECDSA_256r1_Seed. */
    ECDSA_256r1_Seed("Q", 1, 0, 0, 44, 0),
    /** {@code R}: Tall (number). */
    Tall("R", 1, 0, 0, 8, 0),
    /** {@code S}: Large (number). */
    Large("S", 1, 0, 0, 16, 0),
    /** {@code T}: Great (number). */
    Great("T", 1, 0, 0, 20, 0),
    /** {@code U}: Vast (number). */
    Vast("U", 1, 0, 0, 24, 0),
    /** {@code V}: Label1. */
    Label1("V", 1, 0, 0, 4, 1),
    /** {@code W}: Label2. */
    Label2("W", 1, 0, 0, 4, 0),
    /** {@code X}: Tag3. */
    Tag3("X", 1, 3, 0, 4, 0),
    /** {@code Y}: Tag7. */
    Tag7("Y", 1, 7, 0, 8, 0),
    /** {@code Z}: Tag11. */
    Tag11("Z", 1, 11, 0, 12, 0),
    /** {@code a}: Salt_256. */
    Salt_256("a", 1, 0, 0, 44, 0),
    /** {@code b}: GramHead. */
    GramHead("b", 1, 3, 0, 8, 0),
    /** {@code 0A}: Salt_128 (also "Huge" number, v1 Seqner). */
    Salt_128("0A", 2, 0, 0, 24, 0),
    /** {@code 0B}: Ed25519_Sig. */
    Ed25519_Sig("0B", 2, 0, 0, 88, 0),
    /** {@code 0C}: ECDSA_256k1_Sig. */
    ECDSA_256k1_Sig("0C", 2, 0, 0, 88, 0),
    /** {@code 0D}: Blake3_512. */
    Blake3_512("0D", 2, 0, 0, 88, 0),
    /** {@code 0E}: Blake2b_512. */
    Blake2b_512("0E", 2, 0, 0, 88, 0),
    /** {@code 0F}: SHA3_512. */
    SHA3_512("0F", 2, 0, 0, 88, 0),
    /** {@code 0G}: SHA2_512. */
    SHA2_512("0G", 2, 0, 0, 88, 0),
    /** {@code 0H}: Long (number). */
    Long("0H", 2, 0, 0, 8, 0),
    /** {@code 0I}: ECDSA_256r1_Sig. */
    ECDSA_256r1_Sig("0I", 2, 0, 0, 88, 0),
    /** {@code 0J}: Tag1. */
    Tag1("0J", 2, 2, 1, 4, 0),
    /** {@code 0K}: Tag2. */
    Tag2("0K", 2, 2, 0, 4, 0),
    /** {@code 0L}: Tag5. */
    Tag5("0L", 2, 6, 1, 8, 0),
    /** {@code 0M}: Tag6. */
    Tag6("0M", 2, 6, 0, 8, 0),
    /** {@code 0N}: Tag9. */
    Tag9("0N", 2, 10, 1, 12, 0),
    /** {@code 0O}: Tag10. */
    Tag10("0O", 2, 10, 0, 12, 0),
    /** {@code 1AAA}: ECDSA_256k1N. */
    ECDSA_256k1N("1AAA", 4, 0, 0, 48, 0),
    /** {@code 1AAB}: ECDSA_256k1. */
    ECDSA_256k1("1AAB", 4, 0, 0, 48, 0),
    /** {@code 1AAC}: Ed448N. */
    Ed448N("1AAC", 4, 0, 0, 80, 0),
    /** {@code 1AAD}: Ed448. */
    Ed448("1AAD", 4, 0, 0, 80, 0),
    /** {@code 1AAE}: Ed448_Sig. */
    Ed448_Sig("1AAE", 4, 0, 0, 156, 0),
    /** {@code 1AAF}: Tag4. */
    Tag4("1AAF", 4, 4, 0, 8, 0),
    /** {@code 1AAG}: DateTime (ISO-8601, 32 B64 chars). */
    DateTime("1AAG", 4, 0, 0, 36, 0),
    /** {@code 1AAH}: X25519_Cipher_Salt. */
    X25519_Cipher_Salt("1AAH", 4, 0, 0, 100, 0),
    /** {@code 1AAI}: ECDSA_256r1N. */
    ECDSA_256r1N("1AAI", 4, 0, 0, 48, 0),
    /** {@code 1AAJ}: ECDSA_256r1. */
    ECDSA_256r1("1AAJ", 4, 0, 0, 48, 0),
    /** {@code 1AAK}: Null. */
    Null("1AAK", 4, 0, 0, 4, 0),
    /** {@code 1AAL}: No (false). */
    No("1AAL", 4, 0, 0, 4, 0),
    /** {@code 1AAM}: Yes (true). */
    Yes("1AAM", 4, 0, 0, 4, 0),
    /** {@code 1AAN}: Tag8. */
    Tag8("1AAN", 4, 8, 0, 12, 0),
    /** {@code 1AAO}: Escape. */
    Escape("1AAO", 4, 0, 0, 4, 0),
    /** {@code 1AAP}: Empty. */
    Empty("1AAP", 4, 0, 0, 4, 0),
    /** {@code 1__-}: TBD0S (test only). */
    TBD0S("1__-", 4, 2, 0, 12, 0),
    /** {@code 1___}: TBD0 (test only). */
    TBD0("1___", 4, 0, 0, 8, 0),
    /** {@code 2__-}: TBD1S (test only). */
    TBD1S("2__-", 4, 2, 1, 12, 1),
    /** {@code 2___}: TBD1 (test only). */
    TBD1("2___", 4, 0, 0, 8, 1),
    /** {@code 3__-}: TBD2S (test only). */
    TBD2S("3__-", 4, 2, 0, 12, 2),
    /** {@code 3___}: TBD2 (test only). */
    TBD2("3___", 4, 0, 0, 8, 2),
    /** {@code 4A}: StrB64_L0. */
    StrB64_L0("4A", 2, 2, 0, 0, 0),
    /** {@code 5A}: StrB64_L1. */
    StrB64_L1("5A", 2, 2, 0, 0, 1),
    /** {@code 6A}: StrB64_L2. */
    StrB64_L2("6A", 2, 2, 0, 0, 2),
    /** {@code 7AAA}: StrB64_Big_L0. */
    StrB64_Big_L0("7AAA", 4, 4, 0, 0, 0),
    /** {@code 8AAA}: StrB64_Big_L1. */
    StrB64_Big_L1("8AAA", 4, 4, 0, 0, 1),
    /** {@code 9AAA}: StrB64_Big_L2. */
    StrB64_Big_L2("9AAA", 4, 4, 0, 0, 2),
    /** {@code 4B}: Bytes_L0. */
    Bytes_L0("4B", 2, 2, 0, 0, 0),
    /** {@code 5B}: Bytes_L1. */
    Bytes_L1("5B", 2, 2, 0, 0, 1),
    /** {@code 6B}: Bytes_L2. */
    Bytes_L2("6B", 2, 2, 0, 0, 2),
    /** {@code 7AAB}: Bytes_Big_L0. */
    Bytes_Big_L0("7AAB", 4, 4, 0, 0, 0),
    /** {@code 8AAB}: Bytes_Big_L1. */
    Bytes_Big_L1("8AAB", 4, 4, 0, 0, 1),
    /** {@code 9AAB}: Bytes_Big_L2. */
    Bytes_Big_L2("9AAB", 4, 4, 0, 0, 2),
    /** {@code 4C}: X25519_Cipher_L0. */
    X25519_Cipher_L0("4C", 2, 2, 0, 0, 0),
    /** {@code 5C}: X25519_Cipher_L1. */
    X25519_Cipher_L1("5C", 2, 2, 0, 0, 1),
    /** {@code 6C}: X25519_Cipher_L2. */
    X25519_Cipher_L2("6C", 2, 2, 0, 0, 2),
    /** {@code 7AAC}: X25519_Cipher_Big_L0. */
    X25519_Cipher_Big_L0("7AAC", 4, 4, 0, 0, 0),
    /** {@code 8AAC}: X25519_Cipher_Big_L1. */
    X25519_Cipher_Big_L1("8AAC", 4, 4, 0, 0, 1),
    /** {@code 9AAC}: X25519_Cipher_Big_L2. */
    X25519_Cipher_Big_L2("9AAC", 4, 4, 0, 0, 2),
    /** {@code 4D}: X25519_Cipher_QB64_L0. */
    X25519_Cipher_QB64_L0("4D", 2, 2, 0, 0, 0),
    /** {@code 5D}: X25519_Cipher_QB64_L1. */
    X25519_Cipher_QB64_L1("5D", 2, 2, 0, 0, 1),
    /** {@code 6D}: X25519_Cipher_QB64_L2. */
    X25519_Cipher_QB64_L2("6D", 2, 2, 0, 0, 2),
    /** {@code 7AAD}: X25519_Cipher_QB64_Big_L0. */
    X25519_Cipher_QB64_Big_L0("7AAD", 4, 4, 0, 0, 0),
    /** {@code 8AAD}: X25519_Cipher_QB64_Big_L1. */
    X25519_Cipher_QB64_Big_L1("8AAD", 4, 4, 0, 0, 1),
    /** {@code 9AAD}: X25519_Cipher_QB64_Big_L2. */
    X25519_Cipher_QB64_Big_L2("9AAD", 4, 4, 0, 0, 2),
    /** {@code 4E}: X25519_Cipher_QB2_L0. */
    X25519_Cipher_QB2_L0("4E", 2, 2, 0, 0, 0),
    /** {@code 5E}: X25519_Cipher_QB2_L1. */
    X25519_Cipher_QB2_L1("5E", 2, 2, 0, 0, 1),
    /** {@code 6E}: X25519_Cipher_QB2_L2. */
    X25519_Cipher_QB2_L2("6E", 2, 2, 0, 0, 2),
    /** {@code 7AAE}: X25519_Cipher_QB2_Big_L0. */
    X25519_Cipher_QB2_Big_L0("7AAE", 4, 4, 0, 0, 0),
    /** {@code 8AAE}: X25519_Cipher_QB2_Big_L1. */
    X25519_Cipher_QB2_Big_L1("8AAE", 4, 4, 0, 0, 1),
    /** {@code 9AAE}: X25519_Cipher_QB2_Big_L2. */
    X25519_Cipher_QB2_Big_L2("9AAE", 4, 4, 0, 0, 2),
    /** {@code 4F}: HPKEBase_Cipher_L0. */
    HPKEBase_Cipher_L0("4F", 2, 2, 0, 0, 0),
    /** {@code 5F}: HPKEBase_Cipher_L1. */
    HPKEBase_Cipher_L1("5F", 2, 2, 0, 0, 1),
    /** {@code 6F}: HPKEBase_Cipher_L2. */
    HPKEBase_Cipher_L2("6F", 2, 2, 0, 0, 2),
    /** {@code 7AAF}: HPKEBase_Cipher_Big_L0. */
    HPKEBase_Cipher_Big_L0("7AAF", 4, 4, 0, 0, 0),
    /** {@code 8AAF}: HPKEBase_Cipher_Big_L1. */
    HPKEBase_Cipher_Big_L1("8AAF", 4, 4, 0, 0, 1),
    /** {@code 9AAF}: HPKEBase_Cipher_Big_L2. */
    HPKEBase_Cipher_Big_L2("9AAF", 4, 4, 0, 0, 2),
    /** {@code 4H}: Decimal_L0. */
    Decimal_L0("4H", 2, 2, 0, 0, 0),
    /** {@code 5H}: Decimal_L1. */
    Decimal_L1("5H", 2, 2, 0, 0, 1),
    /** {@code 6H}: Decimal_L2. */
    Decimal_L2("6H", 2, 2, 0, 0, 2),
    /** {@code 7AAH}: Decimal_Big_L0. */
    Decimal_Big_L0("7AAH", 4, 4, 0, 0, 0),
    /** {@code 8AAH}: Decimal_Big_L1. */
    Decimal_Big_L1("8AAH", 4, 4, 0, 0, 1),
    /** {@code 9AAH}: Decimal_Big_L2. */
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

  /**
   * {@return the hard part of the code, {@link #hs()} characters, e.g. {@code "E"} or {@code
   * "1AAB"}}
   */
  public String code() {
    return code;
  }

  /** {@return hard size in characters} */
  public int hs() {
    return hs;
  }

  /** {@return soft size in characters (0 for most fixed codes, 2 or 4 for variable codes)} */
  public int ss() {
    return ss;
  }

  /** {@return extra size in characters: leading {@code _} pre-pad characters of the soft part} */
  public int xs() {
    return xs;
  }

  /** {@return code size in characters: {@code hs + ss}} */
  public int cs() {
    return hs + ss;
  }

  /** {@return full size in characters for fixed-size codes; 0 for variable-size codes} */
  public int fs() {
    return fs;
  }

  /** {@return lead size in bytes: zero bytes prepended to the raw value before encoding} */
  public int ls() {
    return ls;
  }

  /** {@return true for the variable-size codes whose soft part is a length in quadlets} */
  public boolean isVariable() {
    return fs == 0;
  }

  /**
   * {@return pad size {@code ps = cs mod 4}: how many leading sextets of the value the code
   * occupies} Always 0, 1 or 2.
   */
  public int ps() {
    return cs() % 4;
  }

  /**
   * {@return raw size in bytes for fixed-size codes: {@code (fs - cs) * 3 / 4 - ls}} For a variable
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
   * {@return full size in characters of a variable-size primitive whose soft part says {@code size}
   * quadlets: {@code hs + ss + 4 * size}} Computed in {@code long} so that the largest
   * ({@code 64^4 - 1} quadlets) cannot overflow.
   *
   * @param size the size in quadlets from the soft part
   */
  public long variableFullSize(long size) {
    return (long) cs() + 4L * size;
  }

  /**
   * {@return the fewest characters a valid primitive of this code takes: {@link #fs()} for a fixed
   * code; for a variable code {@code cs} when {@code ls == 0} (size 0, empty value) and {@code cs +
   * 4} when {@code ls > 0}, since the value must hold the {@code ls} lead bytes (keripy rejects a
   * raw size of {@code 3 * size - ls < 0})}
   */
  public int minFullSize() {
    if (!isVariable()) {
      return fs;
    }
    return ls > 0 ? cs() + 4 : cs();
  }

  /**
   * {@return the fewest characters of any primitive whose code starts with the {@code n} characters
   * {@code c0 c1 c2} (only the first {@code n} are read, {@code 1 <= n <= 3}), or 0 if no code
   * of the table starts so} Used when the input ends inside a hard part: the least number of
   * characters still to come, or an unknown code that no further input can make known.
   *
   * @param n the number of characters available, 1..3
   * @param c0 the first character
   * @param c1 the second character (used if {@code n >= 2})
   * @param c2 the third character (used if {@code n} is 3)
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
   * {@return the hard size implied by the first character of a primitive (CESR specification, "Code
   * table selectors"): 1 for a letter, 2 for {@code 0 4 5 6}, 4 for {@code 1 2 3 7 8 9}; 0 if the
   * character cannot start a primitive ({@code -} starts a counter, {@code _} an op code, anything
   * else is not Base64)}
   *
   * @param firstChar the first character
   */
  public static int hardSize(int firstChar) {
    return firstChar >= 0 && firstChar < 128 ? Selector.MATTER_HS[firstChar] : 0;
  }

  /**
   * The code whose hard part is the given characters, without allocating: {@code hs} is the
   * hard size ({@link #hardSize(int)} of {@code c0}); characters past {@code hs} are ignored.
   *
   * @param hs the hard size, 1, 2 or 4
   * @param c0 the first character
   * @param c1 the second character (used if {@code hs >= 2})
   * @param c2 the third character (used if {@code hs} is 4)
   * @param c3 the fourth character (used if {@code hs} is 4)
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

  /**
   * {@return the code whose hard part is {@code hard}, or {@code null} if there is none}
   *
   * @param hard the hard part of a Matter code, e.g. {@code "0B"}
   */
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
