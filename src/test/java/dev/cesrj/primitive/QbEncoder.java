package dev.cesrj.primitive;

import dev.cesrj.code.B64;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import java.util.Base64;

/**
 * Test-side encoder, raw to qb64, written from CESR.md section 1.5 only (not from the parser):
 * {@code both = hard + '_' * xs + soft}, {@code val = b64enc(zeros(ps + ls) + raw)},
 * {@code qb64 = both + val[ps:]}.
 */
public final class QbEncoder {
    private QbEncoder() {
    }

    /**
     * A Matter primitive. {@code soft} is the soft value without the pre-pad ({@code ss - xs}
     * characters; for a variable code the size, computed here if {@code null}).
     */
    public static String matter(MatterCode code, String soft, byte[] raw) {
        int ps = (code.hs() + code.ss()) % 4;
        if (code.isVariable() && soft == null) {
            soft = B64.encodeInt((raw.length + code.ls()) / 3, code.ss());
        }
        String both = code.code() + "_".repeat(code.xs()) + (soft == null ? "" : soft);
        if (both.length() != code.hs() + code.ss()) {
            throw new IllegalArgumentException("soft " + soft + " does not fit " + code);
        }
        return both + value(ps, code.ls(), raw);
    }

    /** An indexed signature with {@code index} in ms characters and {@code ondex} in os. */
    public static String indexer(IndexerCode code, int index, int ondex, byte[] raw) {
        String both = code.code() + B64.encodeInt(index, code.ss() - code.os())
                + B64.encodeInt(ondex, code.os());
        return both + value(both.length() % 4, 0, raw);
    }

    /** {@code b64enc(zeros(ps + ls) + raw)[ps:]}. */
    static String value(int ps, int ls, byte[] raw) {
        byte[] lead = new byte[ps + ls + raw.length];
        System.arraycopy(raw, 0, lead, ps + ls, raw.length);
        String val = Base64.getUrlEncoder().withoutPadding().encodeToString(lead);
        if (val.length() % 4 != 0) {
            throw new IllegalArgumentException("ps + ls + raw is not a multiple of 3 bytes");
        }
        return val.substring(ps);
    }
}
