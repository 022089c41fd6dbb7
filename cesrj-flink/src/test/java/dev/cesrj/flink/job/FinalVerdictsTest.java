package dev.cesrj.flink.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.flink.kel.KelVerdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
}
