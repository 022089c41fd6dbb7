package dev.cesrj.testing;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import java.util.Base64;

/**
 * The test-side text-domain (qb64) encoder: builds primitives, indexed signatures and counters
 * from their parts. Written from the CESR specification ("Text coding scheme design", "Table
 * types") and keripy's code tables, not from the parser: it takes only the code table's sizes
 * ({@code hs}, {@code ss}, {@code xs}, {@code fs}, {@code ls}, {@code os}) and computes the pad
 * size, the value and the full size itself.
 *
 * <p>Matter (CESR specification, "Pre-padding before conversion"): {@code both = hard + '_' * xs +
 * soft}, {@code ps = len(both) mod 4}, {@code qb64 = both + b64(zeros(ps + ls) + raw)[ps:]}. Every
 * result's length is checked against the table ({@code fs}, or {@code cs + 4 * size} for a variable
 * code): a wrong raw or soft size is an {@link IllegalArgumentException}, never a silently wrong
 * test input.
 */
public final class Qb64 {
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();

    private Qb64() {
    }

    /**
     * A Matter primitive of any code.
     *
     * @param soft the soft characters after the {@code xs} pre-pad characters: {@code ss - xs}
     *     characters for a fixed code ({@code null} means ""), the size in quadlets as {@code ss}
     *     Base64 characters for a variable code ({@code null}: computed from {@code raw})
     * @throws IllegalArgumentException if the soft part or the raw size does not fit the code
     */
    public static String matter(MatterCode code, String soft, byte[] raw) {
        int ls = code.ls();
        long size = -1;
        if (code.isVariable()) {
            if ((raw.length + ls) % 3 != 0) {
                throw new IllegalArgumentException(code + ": " + raw.length + " raw bytes + " + ls
                        + " lead bytes is not a whole number of quadlets");
            }
            if (soft == null) {
                soft = B64.encodeInt((raw.length + ls) / 3, code.ss());
            }
            size = B64.decodeInt(soft);
        } else if (soft == null) {
            soft = "";
        }
        String both = code.code() + "_".repeat(code.xs()) + soft;
        if (both.length() != code.hs() + code.ss()) {
            throw new IllegalArgumentException("soft part '" + soft + "' does not fit " + code);
        }
        String qb64 = both + value(both.length() % 4, ls, raw);
        long expected = code.isVariable() ? both.length() + 4 * size : code.fs();
        if (qb64.length() != expected) {
            throw new IllegalArgumentException(code + " with " + raw.length + " raw bytes and soft '"
                    + soft + "' encodes to " + qb64.length() + " chars, not " + expected);
        }
        return qb64;
    }

    /** A Matter primitive with no soft part (fixed code) or its size computed (variable code). */
    public static String matter(MatterCode code, byte[] raw) {
        return matter(code, null, raw);
    }

    /**
     * A variable-size primitive of the family {@code type} ({@code 'A'} StrB64, {@code 'B'}
     * Bytes, ...), as keripy {@code Matter} sizes it: lead size {@code ls = (3 - rs mod 3) mod 3},
     * size in quadlets {@code (rs + ls) / 3}; small code {@code 4T/5T/6T} with 2 size characters
     * when the size fits 4095, else large code {@code 7AAT/8AAT/9AAT} with 4 size characters
     * (always large when {@code large}).
     */
    public static String variable(char type, byte[] raw, boolean large) {
        int ls = (3 - raw.length % 3) % 3;
        int size = (raw.length + ls) / 3;
        boolean big = large || size > 4095;
        String code = big ? (char) ('7' + ls) + "AA" + type : "" + (char) ('4' + ls) + type;
        String qb64 = code + B64.encodeInt(size, big ? 4 : 2) + value(0, ls, raw);
        check(qb64.length() == code.length() + (big ? 4 : 2) + 4 * size, "variable size");
        return qb64;
    }

    /**
     * An indexed signature (CESR specification, "Indexed codes"): hard code, main index
     * ({@code ss - os} characters), ondex ({@code os} characters, any value: a current-only code's ondex must
     * be 0 to be canonical), then {@code b64(zeros(ps) + raw)[ps:]} with {@code ps = cs mod 4}.
     *
     * @throws IllegalArgumentException if the raw size does not fit the code
     */
    public static String indexer(IndexerCode code, int index, int ondex, byte[] raw) {
        String both = code.code() + B64.encodeInt(index, code.ss() - code.os())
                + B64.encodeInt(ondex, code.os());
        String qb64 = both + value(both.length() % 4, 0, raw);
        if (qb64.length() != code.fs()) {
            throw new IllegalArgumentException(code + " with " + raw.length
                    + " raw bytes encodes to " + qb64.length() + " chars, not " + code.fs());
        }
        return qb64;
    }

    /** A counter: hard code then the count as a Base64 integer of {@code ss} characters. */
    public static String counter(CounterCode code, long count) {
        return code.code() + B64.encodeInt(count, code.ss());
    }

    /** A counter of {@code table}: small form {@code -X} if the count fits (and not forced big). */
    public static String counter(CounterTable table, char letter, long count, boolean forceBig) {
        CounterCode small = table.small(letter);
        CounterCode big = table.big(letter);
        boolean useBig = big != null && (forceBig || count > small.maxCount());
        return counter(useBig ? big : small, count);
    }

    /** The KERI/ACDC genus-version code {@code -_AAA} + major (1 char) + minor (2 chars). */
    public static String genusVersion(int major, int minor) {
        return CounterTable.GENUS_VERSION_CODE + B64.encodeInt(major, 1) + B64.encodeInt(minor, 2);
    }

    /** {@code b64(zeros(ps + ls) + raw)} without its first {@code ps} characters. */
    private static String value(int ps, int ls, byte[] raw) {
        byte[] all = new byte[ps + ls + raw.length];
        System.arraycopy(raw, 0, all, ps + ls, raw.length);
        if (all.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "ps + ls + raw = " + all.length + " bytes is not 24-bit aligned");
        }
        return ENC.encodeToString(all).substring(ps);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("encoder bug: " + what);
        }
    }
}
