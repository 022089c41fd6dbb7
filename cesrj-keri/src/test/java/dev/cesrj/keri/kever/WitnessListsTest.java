package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link WitnessLists}: the witness rules give what a plain search of the lists gives (random
 * lists with repeats, seeded), in set probes linear in the lists' lengths from 10 to 100,000
 * witnesses (counted, not timed); and an unsigned rotation adding witnesses is rejected with no
 * witness-list work at all.
 */
@ExtendWith(LeakDetectionExtension.class)
class WitnessListsTest {
  private static final long SEED = Long.getLong("cesrj.seed", 28L);

  /** The rules by searching lists, as cesrj did before (quadratic): the oracle. */
  private static Optional<List<String>> naiveRotate(List<String> wits, List<String> cuts,
      List<String> adds) {
    if (new LinkedHashSet<>(cuts).size() != cuts.size()
        || new LinkedHashSet<>(adds).size() != adds.size() || !wits.containsAll(cuts)) {
      return Optional.empty();
    }
    for (String a : adds) {
      if (cuts.contains(a) || wits.contains(a)) {
        return Optional.empty();
      }
    }
    List<String> out = new ArrayList<>();
    for (String w : wits) {
      if (!cuts.contains(w)) {
        out.add(w);
      }
    }
    out.addAll(adds);
    return Optional.of(out);
  }

  private static boolean naiveValid(List<String> wits, long toad) {
    if (new LinkedHashSet<>(wits).size() != wits.size()) {
      return false;
    }
    return wits.isEmpty() ? toad == 0 : toad >= 1 && toad <= wits.size();
  }

  private static List<String> pick(SplittableRandom r, int n, int alphabet) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("W" + r.nextInt(alphabet));
    }
    return out;
  }

  @Test
  void rulesEqualThoseOfAListSearch() {
    SplittableRandom r = new SplittableRandom(SEED);
    WitnessLists w = new WitnessLists();
    for (int i = 0; i < 20_000; i++) {
      int alphabet = 1 + r.nextInt(12);
      List<String> wits = new ArrayList<>(new LinkedHashSet<>(pick(r, r.nextInt(8), alphabet)));
      List<String> cuts = pick(r, r.nextInt(4), alphabet);
      List<String> adds = pick(r, r.nextInt(4), alphabet + 3);
      assertEquals(naiveRotate(wits, cuts, adds), w.rotate(wits, cuts, adds),
          "seed " + SEED + " case " + i + ": " + wits + " - " + cuts + " + " + adds);
      List<String> any = pick(r, r.nextInt(6), alphabet);
      long toad = r.nextInt(8) - 1;
      assertEquals(naiveValid(any, toad), new WitnessLists().valid(any, toad),
          "seed " + SEED + " case " + i + ": " + any + " bt " + toad);
    }
  }

  private static List<String> distinct(String tag, int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(tag + i);
    }
    return out;
  }

  /** Probes per witness stay under one constant from 10 to 100,000 witnesses. */
  @Test
  void workGrowsLinearly() {
    SplittableRandom r = new SplittableRandom(SEED);
    for (int n = 10; n <= 100_000; n *= 10) {
      List<String> wits = distinct("W", n);
      List<String> cuts = new ArrayList<>();
      for (String x : wits) {
        if (r.nextInt(4) == 0) {
          cuts.add(x);
        }
      }
      List<String> adds = distinct("A", n);
      WitnessLists w = new WitnessLists();
      List<String> after = w.rotate(wits, cuts, adds).orElseThrow();
      assertTrue(w.valid(after, 1));
      assertEquals(2 * n - cuts.size(), after.size());
      long total = wits.size() + cuts.size() + adds.size() + after.size();
      // each element is put in one set and looked up at most twice: at most 3 probes each
      assertTrue(w.probes() <= 3 * total, n + ": " + w.probes() + " probes for " + total);
      assertTrue(w.probes() >= total, n + ": " + w.probes() + " probes for " + total);
    }
  }

  private static String witnessList(List<String> wits) {
    return "[" + String.join(",", wits.stream().map(x -> "\"" + x + "\"").toList()) + "]";
  }

  /** n distinct non-transferable witness prefixes (B and 43 Base64 digits). */
  private static List<String> witnessPrefixes(String first, int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String digits = first + String.format("%09d", i);
      out.add("B" + digits + "A".repeat(43 - digits.length()));
    }
    return out;
  }

  /**
   * An inception, then a rotation adding n witnesses with no signature attached: the rotation is
   * rejected (missing signatures) before any witness-list work: no probe at all.
   */
  @Test
  void unsignedRotationAddingWitnessesCostsNoListWork() throws Exception {
    int n = 20_000;
    KeyPair current = KelBuilder.key(1);
    KeyPair next = KelBuilder.key(2);
    String pre = KelBuilder.verfer(current, true);
    String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + pre + "\"],\"nt\":\"1\",\"n\":[\""
        + KelBuilder.nextDigest(next) + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    byte[] icpMsg = KelBuilder.signed(icp, List.of(KelBuilder.Sig.of(current, 0)));
    String rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"1\",\"p\":\"" + KelBuilder.said(icp) + "\",\"kt\":\"1\",\"k\":[\""
        + KelBuilder.verfer(next, true) + "\"],\"nt\":\"1\",\"n\":[\""
        + KelBuilder.nextDigest(KelBuilder.key(3)) + "\"],\"bt\":\"1\",\"br\":[],\"ba\":"
        + witnessList(witnessPrefixes("x", n)) + ",\"a\":[]");
    byte[] rotMsg = rot.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    KelVerifier v = new KelVerifier();
    List<Verdict> out = new ArrayList<>();
    try (Messages ms = Messages.copyOf(KelBuilder.stream(icpMsg, rotMsg))) {
      for (Message m : ms) {
        out.add(v.accept(m));
      }
    }
    assertEquals(Status.ACCEPTED, out.get(0).status(), out.get(0).toString());
    assertEquals(Reason.MISSING_SIGNATURES, out.get(1).reason(), out.get(1).toString());
    assertEquals(0, v.witnessProbes());
  }
}
