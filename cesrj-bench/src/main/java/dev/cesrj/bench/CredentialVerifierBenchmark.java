package dev.cesrj.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.acdc.SchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * Credential verification (issue 31's credential workload, issue 29's benchmark): {@link
 * CredentialVerifier} over the valid credential streams of acdc set A, the 12 {@code
 * *.original.cesr} export streams (4 topics: one credential, one revoked, a vLEI QVI to Legal
 * Entity chain, a witnessed issuer; 3 forms: v1, v2 and keripy 1.1's legacy framing), read from
 * the benchmarks' own resources ({@code src/main/resources/acdc}, copied from cesrj-keri's test
 * resources; never the shared data). One operation is one pass over the 12 streams: 96 messages,
 * 15 credentials (12 issued, 3 revoked), 75 signature checks.
 *
 * <p>{@link #setup()} verifies every stream once and checks, before anything is timed, that every
 * message ends accepted and that every credential ends with the status keripy gave it ({@code
 * credentials[SAID].status} of the stream's {@code .verdict.json}: {@code issued} or {@code
 * revoked}), and that the signatures of {@code bareSignatures} all verify.
 *
 * <ul>
 *   <li>{@code credentials}: a new {@link CredentialVerifier} per stream (its {@link KelVerifier}
 *       at one worker, the serial path), the stream given whole ({@link
 *       CredentialVerifier#acceptAll(byte[])}: framing, routing, KEL rules, TEL rules, ACDC SAIDs,
 *       schema validation, edges, escrow retries), the schemas loaded once in {@code @Setup};
 *   <li>{@code bareSignatures}: the very signature checks {@code credentials} makes (the key
 *       events' controller signatures, and the witness signatures where {@code bt} is above 0: TEL
 *       events and ACDCs are anchored by seals, not signed), with the same {@link Verfer}s, from
 *       (key, signature, signed body) triples extracted in {@code @Setup};
 *   <li>{@code credentials1w} .. {@code credentials4w}: {@code credentials} with the KEL
 *       verifier's signature checks on 1, 2 and 4 workers ({@link
 *       dev.cesrj.keri.kever.KelVerifierBuilder#threads(int)}, clamped to the processors).
 * </ul>
 *
 * <p>The {@code credentials} and {@code signatures} counters give credentials/s and signatures/s
 * (JMH {@code @AuxCounters}). {@link CredentialVerifierCpuTime} times the same arms in turns, in
 * processor time.
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar -f 1 -wi 2 -i 3 CredentialVerifierBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Benchmark)
public class CredentialVerifierBenchmark {
  /** The topics and forms of the streams: {@code <topic>.<form>.original.cesr}. */
  static final List<String> TOPICS = List.of("single", "revoked", "chain", "witnessed");
  static final List<String> FORMS = List.of("v1", "v2", "legacy");
  private static final String ROOT = "/acdc/";
  private static final List<String> SCHEMAS = List.of("simple-attestation.json",
      "qualified-vLEI-issuer-vLEI-credential.json", "legal-entity-vLEI-credential.json");

  private List<byte[]> streams;
  private SchemaResolver schemas;
  private KelVerifierBenchmark.Triple[] triples;
  private int credentials;
  private int messages;

  /** Per-operation counts, reported by JMH as rates (credentials/s, signatures/s). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counts {
    /** Credentials verified (or, for the bare arm, whose signatures were checked) so far. */
    public long credentials;
    /** Signatures checked so far. */
    public long signatures;

    /** Zeroes the counts before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      credentials = 0;
      signatures = 0;
    }
  }

  /**
   * Reads the streams and schemas, extracts the signature checks, and checks every verdict.
   *
   * @throws IllegalStateException if a message is not accepted, a credential's status is not
   *     keripy's, or a signature does not verify
   */
  @Setup
  public void setup() {
    streams = new ArrayList<>();
    InMemorySchemaResolver r = new InMemorySchemaResolver();
    for (String s : SCHEMAS) {
      r.add(resource("schemas/" + s));
    }
    schemas = r;
    ObjectMapper json = new ObjectMapper();
    List<KelVerifierBenchmark.Triple> all = new ArrayList<>();
    Map<String, Integer> byStatus = new TreeMap<>();
    for (String name : names()) {
      byte[] b = resource("A/" + name);
      streams.add(b);
      JsonNode verdict;
      try {
        verdict = json.readTree(resource("A/" + name + ".verdict.json"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      CredentialVerifier v = verifier(schemas, 1);
      List<MessageVerdict> ms = v.acceptAll(b);
      for (MessageVerdict m : ms) {
        if (m.status() != Status.ACCEPTED) {
          throw new IllegalStateException(name + ": message " + m.index() + " " + m.status()
              + " " + m.reason() + " " + m.detail());
        }
      }
      messages += ms.size();
      Map<String, String> want = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = verdict.get("credentials").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        want.put(e.getKey(), e.getValue().get("status").asText());
      }
      Map<String, String> got = new TreeMap<>();
      for (Map.Entry<String, CredentialVerdict> e : v.credentials().entrySet()) {
        got.put(e.getKey(), e.getValue().status().keripyName());
        byStatus.merge(e.getValue().status().keripyName(), 1, Integer::sum);
      }
      if (!want.equals(got) || want.containsValue("notAccepted")) {
        throw new IllegalStateException(name + ": credentials " + got + ", keripy " + want);
      }
      credentials += got.size();
      Map<String, List<Verfer>> keys = new HashMap<>();
      Map<String, List<String>> wits = new HashMap<>();
      Map<String, Long> toads = new HashMap<>();
      try (Messages framed = Messages.copyOf(b)) {
        for (Message m : framed) {
          KelVerifierBenchmark.triples(m, keys, wits, toads, all);
        }
      }
    }
    triples = all.toArray(new KelVerifierBenchmark.Triple[0]);
    if (KelVerifierBenchmark.bareAll(triples) != triples.length) {
      throw new IllegalStateException("a credential stream's signature does not verify");
    }
    System.out.printf("%nCredentialVerifierBenchmark: %d streams, %d messages, %d credentials %s,"
        + " %d signatures%n", streams.size(), messages, credentials, byStatus, triples.length);
  }

  /** {@return the stream names, topic by topic, each in its three forms} */
  static List<String> names() {
    List<String> out = new ArrayList<>();
    for (String t : TOPICS) {
      for (String f : FORMS) {
        out.add(t + "." + f + ".original.cesr");
      }
    }
    return out;
  }

  private static byte[] resource(String path) {
    try (InputStream in = CredentialVerifierBenchmark.class.getResourceAsStream(ROOT + path)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + ROOT + path + " in the benchmarks jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@return a verifier over {@code schemas} whose KEL verifier has {@code threads} workers} */
  private static CredentialVerifier verifier(SchemaResolver schemas, int threads) {
    return new CredentialVerifier(schemas, CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT, KelVerifier.builder().threads(threads).build());
  }

  /**
   * {@return the credentials accepted (issued or revoked): a new verifier with {@code threads}
   * signature-checking workers per stream, each stream given whole}
   */
  static long verifyAll(List<byte[]> streams, SchemaResolver schemas, int threads) {
    long accepted = 0;
    for (byte[] b : streams) {
      CredentialVerifier v = verifier(schemas, threads);
      v.acceptAll(b);
      for (CredentialVerdict c : v.credentials().values()) {
        accepted += c.accepted() ? 1 : 0;
      }
    }
    return accepted;
  }

  /** {@return the streams} */
  List<byte[]> streams() {
    return streams;
  }

  /** {@return the schemas} */
  SchemaResolver schemas() {
    return schemas;
  }

  /** {@return the signature checks of one pass} */
  KelVerifierBenchmark.Triple[] triples() {
    return triples;
  }

  /** {@return the credentials of one pass} */
  int credentials() {
    return credentials;
  }

  /** CredentialVerifier over every stream, serially. */
  @Benchmark
  public long credentials(Counts c) {
    c.credentials += credentials;
    c.signatures += triples.length;
    return verifyAll(streams, schemas, 1);
  }

  /** The same signature checks, bare. */
  @Benchmark
  public long bareSignatures(Counts c) {
    c.credentials += credentials;
    c.signatures += triples.length;
    return KelVerifierBenchmark.bareAll(triples);
  }

  /** {@code credentials} at 1 worker. */
  @Benchmark
  public long credentials1w(Counts c) {
    c.credentials += credentials;
    return verifyAll(streams, schemas, 1);
  }

  /** {@code credentials} at 2 workers. */
  @Benchmark
  public long credentials2w(Counts c) {
    c.credentials += credentials;
    return verifyAll(streams, schemas, 2);
  }

  /** {@code credentials} at 4 workers (clamped to the processors). */
  @Benchmark
  public long credentials4w(Counts c) {
    c.credentials += credentials;
    return verifyAll(streams, schemas, 4);
  }
}
