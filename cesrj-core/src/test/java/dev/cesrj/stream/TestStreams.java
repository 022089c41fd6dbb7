package dev.cesrj.stream;

import dev.cesrj.internal.B64;
import dev.cesrj.testing.Corpus;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * Builds test inputs: JSON bodies with a correct version string, counters, Texters, and pieces of
 * corpus streams. Every value is computed by the CESR rules (the CESR specification, keripy), not
 * by cesrj.
 */
final class TestStreams {
    /** kel_single v1 bare: the first message is a 299-byte icp body, {@code -AAB} and one 88-char signature. */
    static final String KEL_SINGLE_V1 = "kel_single.v1.bare.txt.cesr";

    private TestStreams() {
    }

    /** A JSON body {@code {"v":"KERI10JSON<size>_","t":"<ilk>","d":"<d>"}} whose version string says its size. */
    static byte[] jsonV1(String ilk, String d) {
        String tail = "\",\"t\":\"" + ilk + "\",\"d\":\"" + d + "\"}";
        int size = 6 + 17 + tail.length();
        return ascii("{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_" + tail);
    }

    /** A JSON body with a version-2 string {@code KERICAACAAJSON<size>.} that says its size. */
    static byte[] jsonV2(String ilk, String d) {
        String tail = "\",\"t\":\"" + ilk + "\",\"d\":\"" + d + "\"}";
        int size = 6 + 19 + tail.length();
        return ascii("{\"v\":\"KERICAACAAJSON" + B64.encodeInt(size, 4) + "." + tail);
    }

    /** A counter: hard code ({@code -X}, {@code --X}) and its count as a Base64 integer (2 or 5 chars). */
    static String counter(String code, long count) {
        return code + B64.encodeInt(count, code.length() == 2 ? 2 : 5);
    }

    /**
     * A Bytes primitive (keripy Texter) holding {@code raw}: lead size ls = (3 - n mod 3) mod 3,
     * size = (n + ls) / 3 quadlets; {@code 4B/5B/6B} + 2-char size, or {@code 7AAB/8AAB/9AAB} +
     * 4-char size above 4095 quadlets (keripy {@code Matter}).
     */
    static String texter(byte[] raw) {
        int ls = (3 - raw.length % 3) % 3;
        int size = (raw.length + ls) / 3;
        byte[] led = new byte[ls + raw.length];
        System.arraycopy(raw, 0, led, ls, raw.length);
        String value = Base64.getUrlEncoder().withoutPadding().encodeToString(led);
        String code = size <= 4095 ? (char) ('4' + ls) + "B" + B64.encodeInt(size, 2)
                : (char) ('7' + ls) + "AAB" + B64.encodeInt(size, 4);
        return code + value;
    }

    /** A v1 NonNativeBodyGroup {@code -W} holding {@code body} in a Texter. */
    static String bodyGroupV1(byte[] body) {
        String t = texter(body);
        return counter("-W", t.length() / 4) + t;
    }

    /** The first message of kel_single v1 bare: 299 body bytes then {@code -AAB} and a signature (391 bytes). */
    static byte[] kelSingleFirstMessage() {
        return Arrays.copyOf(Corpus.bytes(KEL_SINGLE_V1), 391);
    }

    /** The 92 attachment characters of {@link #kelSingleFirstMessage()}: {@code -AAB} + signature. */
    static String kelSingleFirstAttachments() {
        byte[] m = kelSingleFirstMessage();
        return new String(m, 299, 92, StandardCharsets.US_ASCII);
    }

    /** The 299 body bytes of {@link #kelSingleFirstMessage()}. */
    static byte[] kelSingleFirstBody() {
        return Arrays.copyOf(kelSingleFirstMessage(), 299);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Concatenates byte arrays and ASCII strings. */
    static byte[] concat(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            byte[] b = p instanceof byte[] ? (byte[]) p : ascii((String) p);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }
}
