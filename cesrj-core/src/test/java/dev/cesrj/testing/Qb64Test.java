package dev.cesrj.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import org.junit.jupiter.api.Test;

/**
 * The test-side encoder {@link Qb64} gives keripy's texts and refuses parts that do not fit the
 * code (the corpus round trips of MatterCodeTest and IndexerCodeTest check it on every code).
 */
class Qb64Test {

    @Test
    void knownTexts() {
        assertEquals("D" + "A".repeat(43), Qb64.matter(MatterCode.Ed25519, new byte[32]));
        assertEquals("Xicp", Qb64.matter(MatterCode.Tag3, "icp", new byte[0]));
        assertEquals("0J_a", Qb64.matter(MatterCode.Tag1, "a", new byte[0]));
        assertEquals("5BABAAEA", Qb64.matter(MatterCode.Bytes_L1, new byte[] {1, 0}));
        assertEquals("5BABAAEA", Qb64.matter(MatterCode.Bytes_L1, "AB", new byte[] {1, 0}));
        assertEquals("5BABAAEA", Qb64.variable('B', new byte[] {1, 0}, false));
        assertEquals("8AABAAABAAEA", Qb64.variable('B', new byte[] {1, 0}, true));
        assertEquals("4BAA", Qb64.variable('B', new byte[0], false));
        assertEquals("AD" + "A".repeat(86),
                Qb64.indexer(IndexerCode.Ed25519_Sig, 3, 0, new byte[64]));
        assertEquals("-AAC", Qb64.counter(CounterTable.CESR_1_0, 'A', 2, false));
        assertEquals("-_AAABAA", Qb64.genusVersion(1, 0));
    }

    @Test
    void partsThatDoNotFitTheCodeAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.matter(MatterCode.Ed25519, new byte[31]));
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.matter(MatterCode.Ed25519, new byte[33]));
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.matter(MatterCode.Tag3, "ic", new byte[0]));
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.matter(MatterCode.Bytes_L1, new byte[3]));
        // a declared size that is not the raw value's
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.matter(MatterCode.Bytes_L1, "AC", new byte[] {1, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> Qb64.indexer(IndexerCode.Ed25519_Sig, 0, 0, new byte[63]));
    }
}
