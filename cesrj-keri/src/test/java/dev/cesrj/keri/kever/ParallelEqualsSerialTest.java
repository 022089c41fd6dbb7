package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cesrj.CesrException;
import dev.cesrj.keri.PitSample;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 31: the signature checks of a batch run on workers ahead of the serial rules, and every
 * stream of the test resources kel/A (keripy's KEL mutants), attack/A (crafted streams), acdc/A
 * (credential streams: their KEL messages; the rest are {@code NOT_A_KEY_EVENT} alike) and
 * cesrj-core's corpus A (its test-jar's {@code /corpus/A}) and network recording A's receipted
 * KEL ({@code /network/A/receipts}: receipts before and after their events) gives at 2, 4 and 8 workers exactly
 * the verdicts (at intake and after {@link KelVerifier#finish()}), escrows and key states of the
 * serial path (1 worker), whole ({@link KelVerifier#acceptAll(byte[])}) and through the push
 * parser in 7-byte chunks ({@link KelVerifier#accept(Framed)}), the rules running while the
 * workers check (issue 31, item 2).
 */
@ExtendWith(LeakDetectionExtension.class)
class ParallelEqualsSerialTest {
  private static final int[] WORKERS = {2, 4, 8};

  static Stream<String> streams() {
    List<String> out = new ArrayList<>();
    for (String dir : List.of("/kel/A/", "/attack/A/", "/acdc/A/", "/corpus/A/",
        "/network/A/receipts/")) {
      for (String f : list(dir)) {
        if (f.endsWith(".cesr")) {
          out.add(dir + f);
        }
      }
    }
    // whole in every build; under PIT an even sample (PitSample): PIT reruns each covering
    // invocation per mutant, and each one verifies its stream twelve times
    return PitSample.spread(out.stream().sorted().collect(Collectors.toList())).stream();
  }

  /** The file names in a resource folder, on disk or in a jar (cesrj-core's test-jar). */
  private static List<String> list(String dir) {
    String anchor = dir.equals("/attack/A/") ? "D9-wigs-in-rct.cesr"
        : dir.equals("/network/A/receipts/") ? "receipts-after-events.cesr" : "MANIFEST.json";
    URL u = ParallelEqualsSerialTest.class.getResource(dir + anchor);
    assertTrue(u != null, dir + " has " + anchor);
    List<String> out = new ArrayList<>();
    try {
      if (u.getProtocol().equals("jar")) {
        String spec = u.getPath();
        String jar = spec.substring("file:".length(), spec.indexOf('!'));
        String inside = dir.substring(1);
        try (JarFile jf = new JarFile(java.net.URLDecoder.decode(jar, "UTF-8"))) {
          jf.stream().map(e -> e.getName())
              .filter(n -> n.startsWith(inside) && n.indexOf('/', inside.length()) < 0)
              .forEach(n -> out.add(n.substring(inside.length())));
        }
      } else {
        try (Stream<Path> s = Files.list(Path.of(u.toURI()).getParent())) {
          s.forEach(p -> out.add(p.getFileName().toString()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  private static byte[] bytes(String resource) {
    try (InputStream in = ParallelEqualsSerialTest.class.getResourceAsStream(resource)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Everything the serial rules decide: verdicts at intake and final, escrows, key states. */
  record Outcome(List<Verdict> intake, String framing, List<Verdict> last, int escrowed,
      long escrowedBytes, String keyStates) {
  }

  /**
   * At 1 and 2 workers the default verifier (threads made per call, none for a batch below {@link
   * VerifyThreads#CHECKS_PER_MADE_THREAD} checks); at 4 and 8 the extra workers are tasks of an
   * executor (each on a new thread), which takes no floor: every batch of 2 checks or more,
   * down to the 7-byte chunks' messages, then runs its rules while the workers check.
   */
  private static KelVerifier verifier(int workers) {
    return workers <= 2 ? KelVerifier.builder().threads(workers).build()
        : KelVerifier.builder().threads(workers).executor(OverlapTest::threadPerTask).build();
  }

  static Outcome whole(KelVerifier v, byte[] input) {
    List<Verdict> intake = List.of();
    String framing = "";
    try {
      intake = v.acceptAll(input);
    } catch (CesrException e) {
      framing = e.getMessage(); // the messages before it are validated
    }
    return outcome(v, intake, framing);
  }

  static Outcome chunked(KelVerifier v, byte[] input, int chunk) {
    List<Verdict> intake = new ArrayList<>();
    String framing = "";
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i < input.length + chunk; i += chunk) {
        try (Framed f = i < input.length
            ? parser.feed(input, i, Math.min(chunk, input.length - i)) : parser.endOfInput()) {
          intake.addAll(v.accept(f));
          if (f.failed()) {
            framing = String.valueOf(f.error());
            break;
          }
        }
      }
    }
    return outcome(v, intake, framing);
  }

  private static Outcome outcome(KelVerifier v, List<Verdict> intake, String framing) {
    int escrowed = v.escrowedCount();
    long bytes = v.escrowedBytes();
    List<Verdict> last = v.finish();
    return new Outcome(intake, framing, List.copyOf(v.verdicts()), escrowed, bytes,
        AttackStreamsTest.states(v.keyStates()).toString() + last.size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void parallelGivesTheSerialOutcome(String resource) {
    byte[] input = bytes(resource);
    Outcome serialWhole = whole(verifier(1), input);
    Outcome serialChunked = chunked(verifier(1), input, 7);
    for (int w : WORKERS) {
      assertEquals(serialWhole, whole(verifier(w), input), resource + " whole, " + w + " workers");
      assertEquals(serialChunked, chunked(verifier(w), input, 7),
          resource + " in 7-byte chunks, " + w + " workers");
    }
  }

  /**
   * The parallel path is taken: on 2 or more processors, most signature checks of kel/A's
   * original streams take a precomputed verdict, and the verdicts are the serial ones.
   */
  @Test
  void precomputedVerdictsAreUsed() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
    long hits = 0;
    int streams = 0;
    for (String f : list("/kel/A/")) {
      if (f.endsWith(".original.cesr")) {
        KelVerifier v = verifier(2);
        Outcome o = whole(v, bytes("/kel/A/" + f));
        assertEquals(whole(verifier(1), bytes("/kel/A/" + f)), o, f);
        hits += v.precomputedHits();
        streams++;
      }
    }
    assertTrue(streams > 20, "kel/A has its original streams: " + streams);
    assertTrue(hits >= streams, "precomputed verdicts taken: " + hits);
  }

  /**
   * A rotation the rules escrow (its key is not the prior next commitment) is still the plan's key
   * state for the events after it in the batch: an interaction at its sequence number signed by
   * its key is precomputed against that key; the rules check it against the inception's key,
   * find no verdict, verify serially, and reject it as the serial path does.
   */
  @Test
  void checksAgainstAnUnconfirmedKeyAreRedoneSerially() throws Exception {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
    java.security.KeyPair a = KelBuilder.key(1);
    java.security.KeyPair b = KelBuilder.key(2);
    java.security.KeyPair c = KelBuilder.key(3);
    String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + KelBuilder.verfer(a, true)
        + "\"],\"nt\":\"1\",\"n\":[\"" + KelBuilder.nextDigest(b)
        + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    String pre = KelBuilder.said(icp);
    String rot = KelBuilder.body("\"t\":\"rot\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"1\",\"p\":\"" + pre + "\",\"kt\":\"1\",\"k\":[\""
        + KelBuilder.verfer(c, true) + "\"],\"nt\":\"1\",\"n\":[\"" + KelBuilder.nextDigest(a)
        + "\"],\"bt\":\"0\",\"br\":[],\"ba\":[],\"a\":[]");
    String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"1\",\"p\":\"" + pre + "\",\"a\":[]");
    byte[] input = KelBuilder.stream(
        KelBuilder.signed(icp, List.of(KelBuilder.Sig.of(a, 0))),
        KelBuilder.signed(rot, List.of(KelBuilder.Sig.of(c, 0))),
        KelBuilder.signed(ixn, List.of(KelBuilder.Sig.of(c, 0))));
    KelVerifier v = verifier(4); // 3 checks: on an executor, below the made threads' floor
    Outcome parallel = whole(v, input);
    assertEquals(whole(verifier(1), input), parallel);
    assertEquals(Status.ACCEPTED, parallel.intake().get(0).status());
    assertEquals(Reason.PRIOR_NEXT_UNMET, parallel.intake().get(1).reason());
    assertEquals(Reason.NO_VERIFIED_SIGNATURES, parallel.intake().get(2).reason());
    assertEquals(2, v.precomputedHits(), "the inception's and the rotation's signatures");
    assertEquals(1, v.precomputedMisses(), "the interaction's, checked against a's key");
  }

  /** A caller's executor runs the extra workers; the outcome is the serial one. */
  @Test
  void callersExecutorGivesTheSerialOutcome() {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    AtomicInteger tasks = new AtomicInteger();
    try {
      for (String f : PitSample.spread(list("/kel/A/"))) {
        if (f.endsWith(".cesr")) {
          byte[] input = bytes("/kel/A/" + f);
          KelVerifier v = KelVerifier.builder().threads(4).executor(r -> {
            tasks.incrementAndGet();
            pool.execute(r);
          }).build();
          assertEquals(whole(verifier(1), input), whole(v, input), f);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    if (Runtime.getRuntime().availableProcessors() >= 2) {
      assertTrue(tasks.get() > 0, "the executor ran workers");
    }
  }

  /**
   * {@link KelVerifier#acceptMessage} checks one message's signatures on a caller's executor
   * (as the Flink operator does with {@code --threads}) and gives the serial verdicts; without an
   * executor it stays serial, whatever the bound.
   */
  @Test
  void acceptMessageOnAnExecutorGivesTheSerialOutcome() {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    AtomicInteger tasks = new AtomicInteger();
    try {
      for (String f : PitSample.spread(list("/kel/A/"))) {
        if (!f.endsWith(".cesr")) {
          continue;
        }
        byte[] input = bytes("/kel/A/" + f);
        List<byte[]> slices = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        try (dev.cesrj.stream.Messages ms = dev.cesrj.stream.Messages.copyOf(input)) {
          for (dev.cesrj.stream.Message m : ms) {
            slices.add(java.util.Arrays.copyOfRange(input, (int) m.offset(),
                (int) (m.offset() + m.length())));
            offsets.add(m.offset());
          }
        } catch (CesrException e) {
          // the messages before a framing error
        }
        KelVerifier serial = verifier(1);
        KelVerifier noExecutor = verifier(2);
        KelVerifier onPool = KelVerifier.builder().threads(2).executor(r -> {
          tasks.incrementAndGet();
          pool.execute(r);
        }).build();
        List<Verdict> want = new ArrayList<>();
        List<Verdict> got = new ArrayList<>();
        List<Verdict> gotSerially = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) {
          want.add(serial.acceptMessage(slices.get(i), offsets.get(i)));
          got.add(onPool.acceptMessage(slices.get(i), offsets.get(i)));
          gotSerially.add(noExecutor.acceptMessage(slices.get(i), offsets.get(i)));
        }
        assertEquals(want, got, f);
        assertEquals(want, gotSerially, f);
        assertEquals(serial.finish(), onPool.finish(), f);
        assertEquals(serial.keyStates(), onPool.keyStates(), f);
        assertEquals(0, noExecutor.precomputedHits(), f);
      }
    } finally {
      pool.shutdownNow();
    }
    if (Runtime.getRuntime().availableProcessors() >= 2) {
      assertTrue(tasks.get() > 0, "the executor ran workers");
    }
  }

  /** One worker is the serial path: the executor is never called, no check is precomputed. */
  @Test
  void oneWorkerStartsNothing() {
    AtomicInteger tasks = new AtomicInteger();
    KelVerifier v = KelVerifier.builder().threads(1).executor(r -> {
      tasks.incrementAndGet();
      r.run();
    }).build();
    for (String f : list("/kel/A/")) {
      if (f.endsWith(".original.cesr")) {
        v.acceptAll(bytes("/kel/A/" + f));
      }
    }
    assertEquals(0, tasks.get());
    assertEquals(0, v.precomputedHits());
    assertEquals(1, v.threads());
  }

  /** The bound: builder, then system property, then the default; clamped per call. */
  @Test
  void boundPrecedenceAndClamp() {
    String before = System.getProperty(VerifyThreads.PROPERTY);
    try {
      System.clearProperty(VerifyThreads.PROPERTY);
      assertEquals(VerifyThreads.DEFAULT_THREADS, new KelVerifier().threads());
      System.setProperty(VerifyThreads.PROPERTY, "3");
      assertEquals(3, new KelVerifier().threads());
      assertEquals(5, KelVerifier.builder().threads(5).build().threads());
      System.setProperty(VerifyThreads.PROPERTY, "0");
      assertThrows(IllegalArgumentException.class, KelVerifier::new);
      System.setProperty(VerifyThreads.PROPERTY, "two");
      assertThrows(IllegalArgumentException.class, KelVerifier::new);
    } finally {
      if (before == null) {
        System.clearProperty(VerifyThreads.PROPERTY);
      } else {
        System.setProperty(VerifyThreads.PROPERTY, before);
      }
    }
    assertThrows(IllegalArgumentException.class, () -> KelVerifier.builder().threads(0));
    assertEquals(2, VerifyThreads.clamp(8, 2, 100));
    assertEquals(3, VerifyThreads.clamp(8, 16, 3));
    assertEquals(1, VerifyThreads.clamp(8, 16, 0));
    assertEquals(4, VerifyThreads.clamp(4, 16, 100));
    assertEquals(1, VerifyThreads.clamp(1, 16, 100));
    assertEquals(OptionalInt.of(2).getAsInt(), VerifyThreads.configured(OptionalInt.of(2)));
  }
}
