package dev.cesrj.netty;

import dev.cesrj.internal.B64;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.testing.Qb64;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Test messages built by the CESR rules (CESR specification, "Version String field" and
 * "Indexed codes"), not by cesrj: JSON bodies whose
 * version string says their size, and Ed25519 indexed signatures with random raw bytes.
 */
final class Wire {
    private Wire() {
    }

    /** {@code {"v":"KERI10JSON<size>_","t":"<ilk>","d":"<said>","s":"<sn>"}} with its size in the version string. */
    static String jsonV1(String ilk, String said, long sn) {
        String tail = "\",\"t\":\"" + ilk + "\",\"d\":\"" + said + "\",\"s\":\"" + Long.toHexString(sn) + "\"}";
        int size = 6 + 17 + tail.length();
        return "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_" + tail;
    }

    /** {@code {"v":"KERICAACAAJSON<size>.","t":"<ilk>","d":"<said>","s":"<sn>"}}: KERI 2.0, genus 2.0. */
    static String jsonV2(String ilk, String said, long sn) {
        String tail = "\",\"t\":\"" + ilk + "\",\"d\":\"" + said + "\",\"s\":\"" + Long.toHexString(sn) + "\"}";
        int size = 6 + 19 + tail.length();
        return "{\"v\":\"KERICAACAAJSON" + B64.encodeInt(size, 4) + "." + tail;
    }

    /** An Ed25519 indexed signature {@code A<index mod 64>...} (88 characters) over random bytes. */
    static String signature(int index, SplittableRandom random) {
        byte[] raw = new byte[64];
        random.nextBytes(raw);
        return Qb64.indexer(IndexerCode.lookup("A"), index % 64, 0, raw);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** A pooled buffer holding {@code s}. */
    static ByteBuf pooled(String s) {
        byte[] b = ascii(s);
        return PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b);
    }

    /** An outgoing message: a v1 JSON body and a ControllerIdxSigs of {@code sigs} signatures. */
    static OutgoingMessage signed(String ilk, String said, long sn, int sigs, SplittableRandom random) {
        OutgoingGroup group = OutgoingGroup.of("ControllerIdxSigs");
        for (int i = 0; i < sigs; i++) {
            group.element(pooled(signature(i, random)));
        }
        return new OutgoingMessage(pooled(jsonV1(ilk, said, sn))).attach(group);
    }
}
