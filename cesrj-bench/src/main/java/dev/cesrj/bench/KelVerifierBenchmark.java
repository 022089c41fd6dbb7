package dev.cesrj.bench;

import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * KEL verification on corpus A's KELs (cesrj-core's test jar: every {@code kel_*} stream, each
 * form: v1 and v2 bodies, text and binary domains, bare and grouped attachments, JSON, CBOR and
 * MGPK bodies, Ed25519, secp256k1 and secp256r1 keys), against the bare signature checks of the
 * same signatures and against framing alone. One operation is one pass over every stream; the
 * {@code events} and {@code signatures} counters give the per-second rates (JMH
 * {@code @AuxCounters}).
 *
 * <ul>
 *   <li>{@code verify}: frame each stream ({@link Messages#copyOf(byte[])}), give each message to
 *       a new {@link KelVerifier} per stream and {@code finish()}: body decoding, typed events,
 *       SAIDs, the controller and witness signatures it checks, thresholds, next-key digests,
 *       key state and escrows;
 *   <li>{@code bareSignatures}: the very signatures {@code verify} checks, with the same {@link
 *       Verfer} (the same crypto library per suite), from triples (key, raw signature, signed
 *       body) extracted in {@code @Setup}: no framing, no decoding, no key state;
 *   <li>{@code bareFloor}: the same checks with the fastest library measured per suite (Ed25519:
 *       libsodium through {@link Ed25519Jna}'s direct JNA binding; ECDSA: BouncyCastle, the only
 *       one served here), no {@link Verfer} in between;
 *   <li>{@code frame}: the framing of {@code verify} alone (every message and its attachment
 *       groups read);
 *   <li>{@code verify1w} .. {@code verify8w}: {@code verify} with {@link
 *       KelVerifier#acceptAll(byte[])} at 1, 2, 4 and 8 signature-checking workers ({@link
 *       dev.cesrj.keri.kever.KelVerifierBuilder#threads(int)}; clamped to the processors).
 * </ul>
 *
 * <p>{@code verify} is {@code verify1w}: a verifier with one worker (the serial path) per stream,
 * each stream given whole to {@link KelVerifier#acceptAll(byte[])}, then {@code finish()}.
 *
 * <p>The signatures {@code verify} checks, and so {@code bareSignatures} too: each controller
 * signature of a key event whose index names one of the keys in force (the event's own keys for
 * an establishment event, the last establishment event's for an interaction), and each witness
 * signature of an event whose {@code bt} is above 0 whose index names a witness in force.
 * {@code KelVerifier} checks no signature of a receipt ({@code rct}) it accepts: its couples are
 * kept to count toward the receipted event's witnesses, and transferable receipt groups are
 * checked for their signer's establishment event only. keripy's {@code Kevery} is not measured
 * beside it: PyPI is not reachable from the machine the figures were taken on
 * ({@code docs/performance.md}).
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar KelVerifierBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Benchmark)
public class KelVerifierBenchmark {
  /** One signature check: the key, the raw signature, the signed bytes. */
  record Triple(Verfer key, byte[] sig, byte[] ser) {}

  private List<byte[]> streams;
  private Triple[] triples;
  /** The raw Ed25519 key of each triple (null for ECDSA), for {@code bareFloor}. */
  private byte[][] floorKeys;
  private int events;
  private int messages;

  /** Per-operation counts, reported by JMH as rates (events/s, signatures/s). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counts {
    /** Key events verified (or framed) so far (receipts and other messages not counted). */
    public long events;
    /** Signatures checked so far. */
    public long signatures;

    /** Zeroes the counts before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      events = 0;
      signatures = 0;
    }
  }

  /** Reads the streams and extracts the triples; checks that {@code verify} accepts every event. */
  @Setup
  public void setup() {
    streams = new ArrayList<>();
    List<Triple> all = new ArrayList<>();
    int accepted = 0;
    for (String s : Corpus.streams()) {
      if (!s.startsWith("kel_")) {
        continue;
      }
      byte[] b = Corpus.bytes(s);
      streams.add(b);
      KelVerifier v = new KelVerifier();
      Map<String, List<Verfer>> keys = new HashMap<>();
      Map<String, List<String>> wits = new HashMap<>();
      Map<String, Long> toads = new HashMap<>();
      try (Messages ms = Messages.copyOf(b)) {
        for (Message m : ms) {
          v.accept(m);
          messages++;
          if (triples(m, keys, wits, toads, all)) {
            events++;
          }
        }
      }
      for (Verdict x : v.finish()) {
        if (x.status() == Status.ACCEPTED) {
          accepted++;
        }
      }
    }
    triples = all.toArray(new Triple[0]);
    floorKeys = floorKeys(triples);
    for (Triple t : triples) {
      if (!t.key().verify(t.sig(), t.ser())) {
        throw new IllegalStateException("a corpus signature does not verify: " + t.key());
      }
    }
    System.out.printf("%nKelVerifierBenchmark: %d streams, %d messages (%d key events, %d accepted),"
        + " %d signatures%n", streams.size(), messages, events, accepted, triples.length);
    if (accepted != messages) {
      throw new IllegalStateException(accepted + " of " + messages + " messages accepted");
    }
  }

  /**
   * Adds the signatures KelVerifier checks for message {@code m} (the corpus KELs are in order);
   * true if {@code m} is a key event.
   */
  static boolean triples(Message m, Map<String, List<Verfer>> keys,
      Map<String, List<String>> wits, Map<String, Long> toads, List<Triple> out) {
    KeriEvent ev = KeriEvents.of(m);
    if (!(ev instanceof KeyEvent)) {
      return false;
    }
    KeyEvent ke = (KeyEvent) ev;
    String pre = ke.prefix();
    if (ev instanceof EstablishmentEvent) {
      EstablishmentEvent est = (EstablishmentEvent) ev;
      keys.put(pre, est.verfers());
      toads.put(pre, est.toad());
      if (ev instanceof InceptionEvent) {
        wits.put(pre, ((InceptionEvent) ev).witnesses());
      } else {
        RotationEvent rot = (RotationEvent) ev;
        List<String> w = new ArrayList<>(wits.getOrDefault(pre, List.of()));
        w.removeAll(rot.cuts());
        w.addAll(rot.adds());
        wits.put(pre, w);
      }
    }
    byte[] ser = ev.body().bytes();
    Signatures sigs = Signatures.of(m);
    List<Verfer> k = keys.getOrDefault(pre, List.of());
    for (SignatureGroup g : sigs.byRole(SignatureRole.CONTROLLER)) {
      if (g.path().isEmpty()) {
        for (Siger s : g.sigers()) {
          if (s.index() < k.size() && k.get(s.index()).algorithm() == s.algorithm()) {
            out.add(new Triple(k.get(s.index()), s.raw(), ser));
          }
        }
      }
    }
    if (toads.getOrDefault(pre, 0L) > 0) {
      List<String> w = wits.getOrDefault(pre, List.of());
      for (SignatureGroup g : sigs.byRole(SignatureRole.WITNESS)) {
        for (Siger s : g.sigers()) {
          if (s.index() < w.size()) {
            out.add(new Triple(Verfer.of(w.get(s.index())), s.raw(), ser));
          }
        }
      }
    }
    return true;
  }

  /** {@return the streams: every {@code kel_*} stream of corpus A} */
  List<byte[]> streams() {
    return streams;
  }

  /** {@return the signature checks of {@code verify}} */
  Triple[] triples() {
    return triples;
  }

  /** {@return the key events in one pass} */
  int events() {
    return events;
  }

  /** {@return the triples' raw Ed25519 keys, null where the key is ECDSA} */
  static byte[][] floorKeys(Triple[] triples) {
    byte[][] out = new byte[triples.length][];
    for (int i = 0; i < triples.length; i++) {
      if (triples[i].key().algorithm() == dev.cesrj.keri.crypto.SignatureAlgorithm.ED25519) {
        out[i] = triples[i].key().raw();
      }
    }
    return out;
  }

  /** {@return the raw Ed25519 keys of {@link #triples()}} */
  byte[][] floorKeys() {
    return floorKeys;
  }

  /** {@return the accepted verdicts: a one-worker KelVerifier per stream, then finish()} */
  static long verifyAll(List<byte[]> streams) {
    return verifyAll(streams, 1);
  }

  /**
   * {@return the accepted verdicts: a KelVerifier with {@code threads} signature-checking workers
   * per stream, the stream given whole ({@link KelVerifier#acceptAll(byte[])}), then finish()}
   */
  static long verifyAll(List<byte[]> streams, int threads) {
    return verifyAll(streams, threads, null);
  }

  /**
   * {@return the accepted verdicts as {@link #verifyAll(List, int)}, the extra workers tasks on
   * the caller's {@code executor} (threads already running, none made per call) if not null}
   */
  static long verifyAll(List<byte[]> streams, int threads, Executor executor) {
    long accepted = 0;
    for (byte[] b : streams) {
      KelVerifier v = executor == null ? KelVerifier.builder().threads(threads).build()
          : KelVerifier.builder().threads(threads).executor(executor).build();
      v.acceptAll(b);
      for (Verdict x : v.finish()) {
        accepted += x.status() == Status.ACCEPTED ? 1 : 0;
      }
    }
    return accepted;
  }

  /** {@return the signatures that verify} */
  static long bareAll(Triple[] triples) {
    long ok = 0;
    for (Triple t : triples) {
      ok += t.key().verify(t.sig(), t.ser()) ? 1 : 0;
    }
    return ok;
  }

  /**
   * {@return the signatures that verify, with the fastest library measured per suite: Ed25519
   * through the direct JNA binding, ECDSA through BouncyCastle ({@link Verfer})}
   */
  static long bareFloorAll(Triple[] triples, byte[][] floorKeys) {
    long ok = 0;
    for (int i = 0; i < triples.length; i++) {
      Triple t = triples[i];
      ok += (floorKeys[i] != null ? Ed25519Jna.verify(t.sig(), t.ser(), floorKeys[i])
          : t.key().verify(t.sig(), t.ser())) ? 1 : 0;
    }
    return ok;
  }

  /** {@return the signatures that verify, each key decoded from its qb64 for its check} */
  static long bareFreshKeysAll(Triple[] triples) {
    long ok = 0;
    for (Triple t : triples) {
      ok += Verfer.of(t.key().qb64()).verify(t.sig(), t.ser()) ? 1 : 0;
    }
    return ok;
  }

  /** {@return the attachment groups framed} */
  static long frameAll(List<byte[]> streams) {
    long groups = 0;
    for (byte[] b : streams) {
      try (Messages ms = Messages.copyOf(b)) {
        for (Message m : ms) {
          groups += m.groups().size();
        }
      }
    }
    return groups;
  }

  /** KelVerifier over every stream. */
  @Benchmark
  public long verify(Counts c) {
    c.events += events;
    c.signatures += triples.length;
    return verifyAll(streams);
  }

  /** The same signatures, verified directly. */
  @Benchmark
  public long bareSignatures(Counts c) {
    c.events += events;
    c.signatures += triples.length;
    return bareAll(triples);
  }

  /** The same signatures with the fastest library per suite. */
  @Benchmark
  public long bareFloor(Counts c) {
    c.events += events;
    c.signatures += triples.length;
    return bareFloorAll(triples, floorKeys);
  }

  /** {@code verify} at 1 worker. */
  @Benchmark
  public long verify1w(Counts c) {
    c.events += events;
    return verifyAll(streams, 1);
  }

  /** {@code verify} at 2 workers. */
  @Benchmark
  public long verify2w(Counts c) {
    c.events += events;
    return verifyAll(streams, 2);
  }

  /** {@code verify} at 4 workers (clamped to the processors). */
  @Benchmark
  public long verify4w(Counts c) {
    c.events += events;
    return verifyAll(streams, 4);
  }

  /** {@code verify} at 8 workers (clamped to the processors). */
  @Benchmark
  public long verify8w(Counts c) {
    c.events += events;
    return verifyAll(streams, 8);
  }

  /** Framing only. */
  @Benchmark
  public long frame(Counts c) {
    c.events += events;
    return frameAll(streams);
  }
}
