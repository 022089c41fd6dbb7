package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CounterCode}: the signature hot-path mark, least tuple sizes and names. */
class CounterCodeTest {

    /** countsSignatures marks exactly the element-counted signature groups (the hot path). */
    @Test
    void countsSignaturesExactlyForTheElementCountedSignatureGroups() {
        List<String> marked = new ArrayList<>();
        for (CounterTable t : CounterTable.values()) {
            for (CounterCode c : t.codes()) {
                if (c.countsSignatures()) {
                    marked.add(t.name() + c.code());
                }
            }
        }
        assertEquals(List.of("CESR_1_0-A", "CESR_1_0-B", "CESR_1_0_LEGACY-A", "CESR_1_0_LEGACY-B"),
                marked);
    }

    /** The least tuple size is the sum of the slots' least sizes. */
    @Test
    void tupleMinSizeIsTheSumOfTheSlotMinima() {
        CounterTable v1 = CounterTable.CESR_1_0;
        assertEquals(88, v1.small('A').tupleMinSize());
        // Verfer (44) + Cigar (88)
        assertEquals(44 + 88, v1.small('C').tupleMinSize());
        // Number, Dater: 1AAG + 32
        assertEquals(v1.small('E').slot(0).minSize() + 36, v1.small('E').tupleMinSize());
        assertEquals(0, v1.small('V').tupleMinSize());
        for (CounterCode c : v1.codes()) {
            int sum = 0;
            for (int i = 0; i < c.slotCount(); i++) {
                sum += c.slot(i).minSize();
            }
            assertEquals(sum, c.tupleMinSize(), c.code());
        }
    }

    @Test
    void tupleMaxSizeIsTheSumOfTheSlotMaximaOrUnbounded() {
        CounterTable v1 = CounterTable.CESR_1_0;
        // Ed448_Big_Sig: 160 characters, the largest Indexer code
        assertEquals(160, v1.small('A').tupleMaxSize());
        // Verfer (Ed448 public key, 80) + Cigar (Ed448 signature, 156)
        assertEquals(80 + 156, v1.small('C').tupleMaxSize());
        // a nested signature group, a Texter of any size: no bound
        assertEquals(-1, v1.small('F').tupleMaxSize());
        assertEquals(-1, v1.small('Z').tupleMaxSize());
        assertEquals(-1, v1.small('V').tupleMaxSize(), "no element grammar");
        for (CounterTable t : CounterTable.values()) {
            for (CounterCode c : t.codes()) {
                int sum = c.slotCount() == 0 ? -1 : 0;
                for (int i = 0; i < c.slotCount() && sum >= 0; i++) {
                    sum = c.slot(i).maxSize() < 0 ? -1 : sum + c.slot(i).maxSize();
                }
                assertEquals(sum, c.tupleMaxSize(), c.toString());
                assertTrue(sum < 0 || sum >= c.tupleMinSize(), c.toString());
            }
        }
    }

    @Test
    void counterCodesNameThemselves() {
        assertEquals("-A ControllerIdxSigs (CESR_1_0)", CounterTable.CESR_1_0.small('A').toString());
        assertEquals("--K BigControllerIdxSigs (CESR_2_0)",
                CounterTable.CESR_2_0.big('K').toString());
    }
}
