package dev.cesrj.keri.reply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.LeakDetectionExtension;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Revery} on keripy's recorded OOBI, receipt and KEL-query responses (network recording
 * A, {@code src/test/resources/network/A/ORIGIN.md}): each stream's key events go to a {@link
 * KelVerifier}, its replies to a revery over it, as keripy's oracle ({@code Kevery(lax=True,
 * local=False)} with a {@code Revery}) processed them; every reply's verdict and {@code stored},
 * and the end roles and locations stored, equal keripy's verdict file's.
 */
@ExtendWith(LeakDetectionExtension.class)
class ReveryRecordedTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DIR = "/network/A/oobi/";
  /** The recorded streams with a verdict file (the two 404 bodies have none). */
  static final List<String> STREAMS = List.of(
      "00-witness-OOBI-of-trans-wits-from-wan", "01-witness-OOBI-of-trans-wits-from-wil",
      "02-witness-OOBI-of-trans-wits-from-wes", "03-OOBI-of-trans-wits-role-witness-without-eid",
      "04-OOBI-of-trans-wits-no-role", "05-OOBI-of-trans-wits-role-controller",
      "06-receipt-of-trans-wits-sn-0", "07-KEL-query-of-trans-wits",
      "09-witness-OOBI-of-trans-wits-mbx-from-wan", "10-witness-OOBI-of-trans-wits-mbx-from-wil",
      "11-witness-OOBI-of-trans-wits-mbx-from-wes",
      "12-OOBI-of-trans-wits-mbx-role-witness-without-eid", "13-OOBI-of-trans-wits-mbx-no-role",
      "14-OOBI-of-trans-wits-mbx-role-controller", "15-receipt-of-trans-wits-mbx-sn-0",
      "16-KEL-query-of-trans-wits-mbx", "18-controller-OOBI-of-witness-wan",
      "19-controller-OOBI-of-witness-wil", "20-controller-OOBI-of-witness-wes", "21-blind-OOBI");

  static Stream<String> streams() {
    return STREAMS.stream();
  }

  static byte[] resource(String name) {
    try (InputStream in = ReveryRecordedTest.class.getResourceAsStream(DIR + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + DIR + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest
  @MethodSource("streams")
  void repliesGetKeripysVerdicts(String stream) throws Exception {
    byte[] bytes = resource(stream + ".cesr");
    JsonNode verdict = JSON.readTree(resource(stream + ".cesr.verdict.json"));
    KelVerifier kevers = new KelVerifier();
    // the recording's clock (2026-12-06): no reply here waits, so the clock judges nothing
    Revery revery = new Revery(kevers, Revery.DEFAULT_ESCROW_LIMIT,
        Clock.fixed(Instant.parse("2026-12-06T08:00:00Z"), ZoneOffset.UTC));
    Map<Long, ReplyVerdict> replies = new TreeMap<>();
    ByteBuf buf = Unpooled.wrappedBuffer(bytes);
    try (Messages ms = Messages.over(buf)) {
      for (Message m : ms) {
        if (Revery.isReply(m)) {
          ReplyVerdict v = revery.accept(m);
          replies.put(v.offset(), v);
        } else {
          kevers.accept(m);
        }
      }
    } finally {
      buf.release();
    }
    kevers.processEscrows();
    revery.retryEscrows();
    for (ReplyVerdict v : revery.verdicts()) {
      replies.put(v.offset(), v);
    }
    int expectedReplies = 0;
    for (JsonNode msg : verdict.get("messages")) {
      if (!msg.get("ilk").asText().equals("rpy")) {
        continue;
      }
      expectedReplies++;
      ReplyVerdict v = replies.get(msg.get("offset").asLong());
      assertTrue(v != null, stream + ": no reply verdict at offset " + msg.get("offset"));
      assertEquals(msg.get("said").asText(), v.reply().orElseThrow().said(), stream);
      assertEquals(msg.get("route").asText(), v.reply().orElseThrow().route(), stream);
      assertEquals(msg.get("accepted").asBoolean(), v.status() == Status.ACCEPTED,
          stream + " " + v);
      assertEquals(msg.get("stored").asBoolean(), revery.stored(v.reply().get().said()), stream);
    }
    assertEquals(expectedReplies, replies.size(), stream);
    List<EndRole> ends = new ArrayList<>();
    for (JsonNode e : verdict.get("endRoles")) {
      String cid = e.get("cid").asText();
      String role = e.get("role").asText();
      String eid = e.get("eid").asText();
      EndRole found = revery.endRoles().stream()
          .filter(r -> r.cid().equals(cid) && r.role().equals(role) && r.eid().equals(eid))
          .findFirst().orElseThrow(() -> new AssertionError(stream + ": no end role " + e));
      assertEquals(e.get("allowed").asBoolean(), found.allowed(), stream);
      ends.add(found);
    }
    assertEquals(ends.size(), revery.endRoles().size(), stream);
    int locs = 0;
    for (JsonNode l : verdict.get("locSchemes")) {
      locs++;
      assertTrue(revery.locSchemes().stream().anyMatch(s -> s.eid().equals(l.get("eid").asText())
          && s.scheme().equals(l.get("scheme").asText())
          && s.url().equals(l.get("url").asText())), stream + ": no location " + l);
    }
    assertEquals(locs, revery.locSchemes().size(), stream);
    assertEquals(0, revery.escrowedCount(), stream);
  }

  /** The recording has replies on both routes (a test that finds none would prove nothing). */
  @org.junit.jupiter.api.Test
  void theRecordingHasBothRoutes() throws Exception {
    int ends = 0;
    int locs = 0;
    for (String s : STREAMS) {
      JsonNode v = JSON.readTree(resource(s + ".cesr.verdict.json"));
      ends += v.get("endRoles").size();
      locs += v.get("locSchemes").size();
    }
    assertEquals(4, ends);
    assertEquals(16, locs);
  }
}
