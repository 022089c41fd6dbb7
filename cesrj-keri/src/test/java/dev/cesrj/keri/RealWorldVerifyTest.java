package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The six real-world streams (cesrj-core's {@code src/test/resources/realworld}, see its README;
 * keripy parses every one of them, {@code .expected.json}) verify as far as what they hold
 * allows, with exact counts per stream:
 *
 * <ul>
 *   <li>every SAID ({@link Saids#check}: {@code d}, and {@code i} of a self-addressing inception
 *       or registry inception) is the body's digest;
 *   <li>every signature verifies ({@link KeyStates}: {@link Signatures} and {@link
 *       dev.cesrj.keri.crypto.Verfer}): controller signatures against the keys of the
 *       establishment event in force, witness signatures against the witnesses it lists, the
 *       witnesses' non-transferable couples on their {@code /loc/scheme} replies, and an ACDC's
 *       transferable SAD-path signatures against its issuer's establishment event, all in the
 *       stream;
 *   <li>each TEL event ({@code vcp}, {@code iss}) is anchored where its SealSourceCouples say:
 *       the key event with that sequence number and SAID, in the stream, holds the seal {@code
 *       {i, s, d}} of the TEL event; each ACDC is the one an {@code iss} of the stream issues,
 *       and is signed by its issuer {@code i};
 *   <li>{@link KelVerifier} gives each message the verdict keripy's Kevery would: a KEL whose
 *       every event is in the stream is accepted (GLEIF Root in {@code cd_gleif_root_witness};
 *       the QVI's {@code icp}, {@code EGq24...}, in {@code cd_vlei_vc}: the QVI credential's
 *       issuee, the Legal Entity credential's issuer); GLEIF External's delegated KEL ({@code
 *       ECZkQ...}, the QVI credential's issuer) cannot be: its delegator (GLEIF Root of the
 *       exports' network, {@code EPgISkuC...}) is not in either credential export, so its {@code
 *       dip} waits for the delegating seal (partially delegated escrow) and its {@code ixn}s wait
 *       out of order, as keripy's would, though every signature of them verifies; TEL events,
 *       ACDCs and replies are not key events.
 * </ul>
 *
 * <p>Not accepted by keripy's Kevery, and so not here: {@code kp_v1body_v2atc_bonds}, {@code
 * kp_native_icp_bonds_v2} (keripy's {@code messagize} test vectors) and {@code
 * kts_native_v2_icp} (a keri-ts fixture) carry an {@code icp} with no controller signature (keripy's
 * parser rejects it: "Missing attached signature(s)"); their SAIDs check.
 */
@ExtendWith(LeakDetectionExtension.class)
class RealWorldVerifyTest {
  /** What one stream gives. */
  record Expected(int saids, Map<SignatureRole, Integer> signatures, int anchors,
      int credentials, List<String> verdicts, Map<String, String> keyStates) {}

  private static final String GLEIF_ROOT = "EDP1vHcw_wc4M__Fj53-cJaBnZZASd-aMTaSyWEQ-PC2";
  private static final String QVI = "EGq24VD48smR5JzSV2PnW9i_g1cdwzpSyZwNAse6JwkH";
  private static final String NOT_KEY = "REJECTED NOT_A_KEY_EVENT";
  private static final String UNSIGNED = "REJECTED MISSING_SIGNATURES";

  static final Map<String, Expected> EXPECTED = Map.of(
      "cd_gleif_root_witness.cesr", new Expected(9,
          Map.of(SignatureRole.CONTROLLER, 9, SignatureRole.WITNESS, 15,
              SignatureRole.NON_TRANSFERABLE, 5),
          0, 0,
          List.of(NOT_KEY, NOT_KEY, NOT_KEY, NOT_KEY, NOT_KEY, "ACCEPTED NONE", "ACCEPTED NONE",
              "ACCEPTED NONE"),
          Map.of(GLEIF_ROOT, "2 EHsL1ldIafZC-M9-3RgLQB3m2_2F0aYIiNBGnTVoFDH2 rot 3 keys"
              + " [\"1/3\",\"1/3\",\"1/3\"] 5 witnesses bt 4")),
      "cd_qvi_vc.cesr", new Expected(8,
          Map.of(SignatureRole.CONTROLLER, 6, SignatureRole.WITNESS, 9,
              SignatureRole.TRANSFERABLE, 2),
          2, 1,
          List.of("ESCROWED MISSING_DELEGATION PARTIALLY_DELEGATED",
              "ESCROWED OUT_OF_ORDER OUT_OF_ORDER", "ESCROWED OUT_OF_ORDER OUT_OF_ORDER",
              NOT_KEY, NOT_KEY, NOT_KEY),
          Map.of()),
      "cd_vlei_vc.cesr", new Expected(16,
          Map.of(SignatureRole.CONTROLLER, 12, SignatureRole.WITNESS, 18,
              SignatureRole.TRANSFERABLE, 4),
          4, 2,
          List.of("ACCEPTED NONE", "ACCEPTED NONE", "ACCEPTED NONE", NOT_KEY, NOT_KEY,
              "ESCROWED MISSING_DELEGATION PARTIALLY_DELEGATED",
              "ESCROWED OUT_OF_ORDER OUT_OF_ORDER", "ESCROWED OUT_OF_ORDER OUT_OF_ORDER",
              NOT_KEY, NOT_KEY, NOT_KEY, NOT_KEY),
          Map.of(QVI, "2 ELti_tMYJ4Cu6AP-NBRqKdK9w_asm6DcETKm1KKMP4jw ixn 2 keys"
              + " [\"1/2\",\"1/2\"] 3 witnesses bt 3")),
      "kp_v1body_v2atc_bonds.cesr", new Expected(2, Map.of(), 0, 0, List.of(UNSIGNED),
          Map.of()),
      "kp_native_icp_bonds_v2.cesr", new Expected(2, Map.of(), 0, 0, List.of(UNSIGNED),
          Map.of()),
      "kts_native_v2_icp.cesr", new Expected(1, Map.of(), 0, 0, List.of(UNSIGNED), Map.of()));

  static List<String> streams() {
    return RealWorld.streams();
  }

  @Test
  void everyStreamHasItsExpectation() {
    assertEquals(new java.util.TreeSet<>(RealWorld.streams()),
        new java.util.TreeSet<>(EXPECTED.keySet()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void verifiesAsFarAsTheStreamAllows(String file) {
    Expected want = EXPECTED.get(file);
    int saids = 0;
    int anchors = 0;
    int credentials = 0;
    KeyStates signatures = new KeyStates();
    KelVerifier kels = new KelVerifier();
    Map<String, KeyEvent> keyEvents = new HashMap<>();
    List<TelEvent> issuances = new ArrayList<>();
    try (Messages messages = Messages.copyOf(RealWorld.bytes(file))) {
      int i = 0;
      for (Message m : messages) {
        String at = file + " message " + i;
        assertEquals(List.of(), m.nested(), at);
        Body body = Body.of(m);
        for (Saids.Check c : Saids.check(body)) {
          assertTrue(c.ok(), at + ": " + c);
          saids++;
        }
        signatures.take(m, i);
        KeriEvent ev = KeriEvents.of(m);
        if (ev instanceof KeyEvent) {
          keyEvents.put(ev.said(), (KeyEvent) ev);
        } else if (ev instanceof TelEvent) {
          TelEvent tel = (TelEvent) ev;
          for (Object[] source : sealSources(m)) {
            KeyEvent anchoring = keyEvents.get((String) source[1]);
            assertTrue(anchoring != null, at + ": anchoring event " + source[1] + " seen first");
            assertEquals(source[0], anchoring.sn(), at);
            assertTrue(anchors(anchoring.anchors(), tel), at + ": seal of " + tel.said());
            anchors++;
          }
          if (tel.ilk().code().equals("iss")) {
            issuances.add(tel);
          }
        } else if (ev instanceof AcdcMessage) {
          AcdcMessage acdc = (AcdcMessage) ev;
          assertTrue(issuances.stream().anyMatch(t -> t.prefix().equals(acdc.said())),
              at + ": an iss of " + acdc.said());
          List<SignatureGroup> groups = Signatures.of(m).byRole(SignatureRole.TRANSFERABLE);
          assertEquals(1, groups.size(), at);
          assertEquals(acdc.issuer(), groups.get(0).signerPrefix(), at);
          credentials++;
        }
        kels.accept(m);
        i++;
      }
    }
    Map<SignatureRole, Integer> verified = new LinkedHashMap<>();
    signatures.counts.forEach((role, c) -> {
      assertEquals(0, c[1], file + ": failed " + role + " signatures");
      verified.put(role, c[0]);
    });
    assertEquals(List.of(), signatures.failing, file);
    assertEquals(want.signatures(), verified, file);
    assertEquals(want.saids(), saids, file);
    assertEquals(want.anchors(), anchors, file);
    assertEquals(want.credentials(), credentials, file);
    assertEquals(want.verdicts(), kels.finish().stream().map(RealWorldVerifyTest::describe)
        .collect(Collectors.toList()), file);
    Map<String, String> states = new LinkedHashMap<>();
    for (Map.Entry<String, KeyState> e : kels.keyStates().entrySet()) {
      KeyState s = e.getValue();
      states.put(e.getKey(), s.sn() + " " + s.said() + " " + s.et() + " " + s.keys().size()
          + " keys " + s.signingThreshold() + " " + s.witnesses().size() + " witnesses bt "
          + s.toad());
    }
    assertEquals(want.keyStates(), states, file);
  }

  private static String describe(Verdict v) {
    return v.status() + " " + v.reason() + v.escrow().map(e -> " " + e).orElse("");
  }

  /** The (sn, SAID) of each SealSourceCouples couple of {@code m}. */
  private static List<Object[]> sealSources(Message m) {
    List<Object[]> out = new ArrayList<>();
    for (Group g : m.groups()) {
      if (g.code().baseName().equals("SealSourceCouples")) {
        for (var e : g.elements()) {
          var parts = ((Tuple) e).parts();
          out.add(new Object[] {new BigInteger(1, ((Matter) parts.get(0)).raw()),
              parts.get(1).qb64Text()});
        }
      }
    }
    return out;
  }

  /** Whether {@code seals} hold the event seal {@code {i, s, d}} of {@code tel}. */
  private static boolean anchors(List<Value> seals, TelEvent tel) {
    for (Value v : seals) {
      if (v instanceof Value.MapValue) {
        var f = ((Value.MapValue) v).fields();
        if (f.text("i").orElse("").equals(tel.prefix())
            && f.text("s").orElse("").equals(tel.sn().toString(16))
            && f.text("d").orElse("").equals(tel.said())) {
          return true;
        }
      }
    }
    return false;
  }
}
