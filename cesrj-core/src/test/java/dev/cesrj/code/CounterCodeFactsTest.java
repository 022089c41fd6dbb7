package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table facts each code carries as data: its small form, map body, seal (keripy counting.py). */
class CounterCodeFactsTest {

  @Test
  void bigFormsLeadToTheirSmallForm() {
    for (CounterTable t : CounterTable.values()) {
      for (CounterCode c : t.codes()) {
        CounterCode small = c.smallForm();
        assertFalse(small.isBig(), c.toString());
        assertSame(small, small.smallForm(), c.toString());
        assertEquals(small.name(), c.baseName(), c.toString());
        if (c.isBig()) {
          assertSame(t.small(c.code().charAt(2)), small, c.toString());
          assertSame(c, t.big(small.code().charAt(1)), c.toString());
          assertEquals("Big" + small.name(), c.name());
          assertEquals(small.layout(), c.layout(), c.toString());
          assertEquals(small.unit(), c.unit(), c.toString());
          assertEquals(small.slots(), c.slots(), c.toString());
          assertEquals(small.isSeal(), c.isSeal(), c.toString());
          assertEquals(small.isMapBody(), c.isMapBody(), c.toString());
        } else {
          assertSame(c, small);
        }
      }
    }
    assertSame(CounterTable.CESR_2_0.small('V'), CounterTable.CESR_2_0.lookup("--V").smallForm());
    assertSame(
        CounterTable.CESR_1_0_LEGACY.small('V'),
        CounterTable.CESR_1_0_LEGACY.lookup("-0V").smallForm());
    assertEquals("AttachmentGroup", CounterTable.CESR_1_0_LEGACY.lookup("-0V").baseName());
  }

  @Test
  void mapBodyIsMapBodyGroupOnly() {
    for (CounterTable t : CounterTable.values()) {
      List<String> map = new ArrayList<>();
      for (CounterCode c : t.codes()) {
        if (c.isMapBody()) {
          map.add(c.code());
        }
      }
      assertEquals(t == CounterTable.CESR_2_0 ? List.of("-G", "--G") : List.of(), map, t.name());
    }
    assertFalse(CounterTable.CESR_2_0.small('F').isMapBody()); // FixBodyGroup
  }

  @Test
  void sealsAreTheCesr20SealGroups() {
    List<String> seals = new ArrayList<>();
    for (CounterCode c : CounterTable.CESR_2_0.codes()) {
      if (c.isSeal()) {
        seals.add(c.name());
      }
    }
    assertEquals(
        List.of(
            "DigestSealSingles", "BigDigestSealSingles",
            "MerkleRootSealSingles", "BigMerkleRootSealSingles",
            "SealSourceCouples", "BigSealSourceCouples",
            "SealSourceTriples", "BigSealSourceTriples",
            "SealSourceLastSingles", "BigSealSourceLastSingles",
            "BackerRegistrarSealCouples", "BigBackerRegistrarSealCouples",
            "TypedDigestSealCouples", "BigTypedDigestSealCouples"),
        seals);
    for (CounterTable t : List.of(CounterTable.CESR_1_0, CounterTable.CESR_1_0_LEGACY)) {
      for (CounterCode c : t.codes()) {
        assertFalse(c.isSeal(), c.toString());
      }
    }
    assertTrue(CounterTable.CESR_2_0.lookup("--W").isSeal());
  }
}
