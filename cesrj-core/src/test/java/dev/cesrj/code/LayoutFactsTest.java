package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The facts each {@link Layout} carries, checked against the reference: which counters keripy's
 * parser reads in an attachment run, per table. {@code dev.cesrj.stream.LayoutContentTest}
 * checks {@link Layout#content()} against the views.
 */
class LayoutFactsTest {

  /**
   * keripy {@code src/keri/core/parsing.py}, {@code Parser.Methods[1][0]}: the counter names the
   * parser has an attachment method for in a CESR 1.0 stream (keripy development head, mirrored
   * here). The AttachmentGroup and the message-level groups are read by {@code msgParsator}
   * itself, outside this table.
   */
  private static final Set<String> KERIPY_METHODS_1 = Set.of(
      "BigESSRPayloadGroup", "BigPathedMaterialCouples", "ControllerIdxSigs", "ESSRPayloadGroup",
      "FirstSeenReplayCouples", "NonTransReceiptCouples", "PathedMaterialCouples",
      "SealSourceCouples", "SealSourceTriples", "TransIdxSigGroups", "TransLastIdxSigGroups",
      "TransReceiptIdxSigGroups", "WitnessIdxSigs");

  /** keripy {@code Parser.Methods[2][0]}: the same for a CESR 2.0 stream. */
  private static final Set<String> KERIPY_METHODS_2 = Set.of(
      "BigBlindedStateQuadruples", "BigBoundStateSextuples", "BigControllerIdxSigs",
      "BigESSRPayloadGroup", "BigFirstSeenReplayCouples", "BigNonTransReceiptCouples",
      "BigPathedMaterialCouples", "BigSealSourceCouples", "BigSealSourceTriples",
      "BigTransIdxSigGroups", "BigTransLastIdxSigGroups", "BigTransReceiptIdxSigGroups",
      "BigTypedDigestSealCouples", "BigTypedMediaQuadruples", "BigWitnessIdxSigs",
      "BlindedStateQuadruples", "BoundStateSextuples", "ControllerIdxSigs", "ESSRPayloadGroup",
      "FirstSeenReplayCouples", "NonTransReceiptCouples", "PathedMaterialCouples",
      "SealSourceCouples", "SealSourceTriples", "TransIdxSigGroups", "TransLastIdxSigGroups",
      "TransReceiptIdxSigGroups", "TypedDigestSealCouples", "TypedMediaQuadruples",
      "WitnessIdxSigs");

  @Test
  void anAttachmentIsParsedInRunExactlyWhenKeripyHasAMethodForIt() {
    List<String> wrong = new ArrayList<>();
    check(CounterTable.CESR_1_0, KERIPY_METHODS_1, wrong);
    check(CounterTable.CESR_2_0, KERIPY_METHODS_2, wrong);
    assertEquals(List.of(), wrong);
  }

  private static void check(CounterTable table, Set<String> methods, List<String> wrong) {
    for (CounterCode c : table.codes()) {
      Layout l = c.layout();
      if (l.startsMessage() || l == Layout.ATTACHMENTS || l == Layout.GENUS_VERSION) {
        continue; // read by msgParsator itself, not through Parser.Methods
      }
      if (l.parsedInRun() != methods.contains(c.name())) {
        wrong.add(table + " " + c.name() + " " + l + " parsedInRun=" + l.parsedInRun());
      }
    }
  }
}
