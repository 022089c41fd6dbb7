package dev.cesrj.flink.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.keri.kever.FailOn;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link VerifyKelsJob}'s printer of final verdicts on a made-up sequence of verdicts as
 * {@link dev.cesrj.flink.kel.KelValidation} emits them: an accepted or rejected verdict is printed
 * when it comes; an escrowed one is held (and replaced when the message moves to another escrow)
 * until its message's final verdict, printed once instead; at the end the messages still escrowed,
 * in file and offset order, then the counts. It holds only the messages escrowed at each point.
 */
class FinalVerdictsTest {
  private static KelVerdict verdict(String file, int index, String status, String escrow,
      String reason) {
    KelVerdict v = new KelVerdict();
    v.scope = file;
    v.index = index;
    v.offset = 100L * index;
    v.prefix = "E" + index;
    v.sn = Integer.toString(index);
    v.said = "S" + index;
    v.status = status;
    v.escrow = escrow;
    v.reason = reason;
    return v;
  }

  @Test
  void eachMessageOnceWithItsFinalVerdictHoldingOnlyTheEscrowed() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    VerifyKelsJob.FinalVerdicts p = new VerifyKelsJob.FinalVerdicts(out, List.of("b", "a"));
    KelVerdict[] in = {
        verdict("a", 0, "ACCEPTED", null, "NONE"),
        verdict("a", 1, "ESCROWED", "OUT_OF_ORDER", "OUT_OF_ORDER"),
        verdict("a", 2, "ESCROWED", "OUT_OF_ORDER", "OUT_OF_ORDER"),
        verdict("b", 2, "ESCROWED", "PARTIALLY_SIGNED", "SIGNING_THRESHOLD_UNMET"),
        verdict("a", 1, "ESCROWED", "PARTIALLY_WITNESSED", "WITNESS_THRESHOLD_UNMET"),
        verdict("a", 3, "REJECTED", null, "DUPLICITOUS"),
        verdict("a", 1, "ACCEPTED", null, "NONE"),
        verdict("b", 1, "ESCROWED", "OUT_OF_ORDER", "OUT_OF_ORDER"),
        verdict("b", 1, "REJECTED", null, "ESCROW_EXPIRED")};
    int[] held = {0, 1, 2, 3, 3, 3, 2, 3, 2};
    int[] printed = {1, 1, 1, 1, 1, 2, 3, 3, 4};
    for (int i = 0; i < in.length; i++) {
      p.take(in[i]);
      assertEquals(held[i], p.held(), "held after verdict " + i);
      assertEquals(printed[i], bytes.toString(StandardCharsets.UTF_8).lines().count(),
          "printed after verdict " + i);
    }
    p.end();
    assertEquals(0, p.held());
    assertEquals(List.of(
        "{\"file\":\"a\",\"offset\":0,\"prefix\":\"E0\",\"sn\":0,\"said\":\"S0\","
            + "\"status\":\"accepted\",\"reason\":null}",
        "{\"file\":\"a\",\"offset\":300,\"prefix\":\"E3\",\"sn\":3,\"said\":\"S3\","
            + "\"status\":\"rejected\",\"reason\":\"duplicitous\"}",
        "{\"file\":\"a\",\"offset\":100,\"prefix\":\"E1\",\"sn\":1,\"said\":\"S1\","
            + "\"status\":\"accepted\",\"reason\":null}",
        "{\"file\":\"b\",\"offset\":100,\"prefix\":\"E1\",\"sn\":1,\"said\":\"S1\","
            + "\"status\":\"rejected\",\"reason\":\"escrow_expired\"}",
        "{\"file\":\"b\",\"offset\":200,\"prefix\":\"E2\",\"sn\":2,\"said\":\"S2\","
            + "\"status\":\"escrowed\",\"reason\":\"signing_threshold_unmet\"}",
        "{\"file\":\"a\",\"offset\":200,\"prefix\":\"E2\",\"sn\":2,\"said\":\"S2\","
            + "\"status\":\"escrowed\",\"reason\":\"out_of_order\"}",
        "accepted=2 escrowed=2 rejected=2"), bytes.toString(StandardCharsets.UTF_8).lines()
        .toList());
  }

  /**
   * {@code --fail-on}: the run fails on a rejected line only with {@code rejected}, on a message
   * still escrowed at the end only with {@code escrowed} (an escrowed verdict later decided does
   * not count), never with {@code notaccepted} alone (no credentials here), and never with no
   * value; the lines printed are the same whatever the values.
   */
  @Test
  void failOnNamesWhichFinalLinesFailTheRun() {
    KelVerdict accepted = verdict("a", 0, "ACCEPTED", null, "NONE");
    KelVerdict escrowedThenAccepted = verdict("a", 1, "ESCROWED", "OUT_OF_ORDER", "OUT_OF_ORDER");
    KelVerdict laterAccepted = verdict("a", 1, "ACCEPTED", null, "NONE");
    KelVerdict rejected = verdict("a", 2, "REJECTED", null, "DUPLICITOUS");
    KelVerdict stillEscrowed = verdict("b", 0, "ESCROWED", "OUT_OF_ORDER", "OUT_OF_ORDER");
    List<List<KelVerdict>> runs = List.of(
        List.of(accepted, escrowedThenAccepted, laterAccepted),
        List.of(accepted, rejected),
        List.of(accepted, stillEscrowed),
        List.of(rejected, stillEscrowed));
    // per run: fails on {}, {rejected}, {escrowed}, {notaccepted}, all three
    boolean[][] want = {
        {false, false, false, false, false},
        {false, true, false, false, true},
        {false, false, true, false, true},
        {false, true, true, false, true}};
    List<Set<FailOn>> sets = List.of(Set.of(), Set.of(FailOn.REJECTED), Set.of(FailOn.ESCROWED),
        Set.of(FailOn.NOT_ACCEPTED), EnumSet.allOf(FailOn.class));
    for (int r = 0; r < runs.size(); r++) {
      String printed = null;
      for (int k = 0; k < sets.size(); k++) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VerifyKelsJob.FinalVerdicts p = new VerifyKelsJob.FinalVerdicts(
            new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of("a", "b"), sets.get(k));
        runs.get(r).forEach(p::take);
        p.end();
        assertEquals(want[r][k], p.failed(), "run " + r + " with " + sets.get(k));
        String text = bytes.toString(StandardCharsets.UTF_8);
        if (printed != null) {
          assertEquals(printed, text, "run " + r + ": the lines do not depend on --fail-on");
        }
        printed = text;
      }
    }
  }
}
