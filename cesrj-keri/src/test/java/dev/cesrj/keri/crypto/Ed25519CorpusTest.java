package dev.cesrj.keri.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.PitSample;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every Ed25519 signature of the test corpus (the KEL mutants of {@code kel/A} and the attack
 * streams of {@code attack/A}) gets the same verdict from libsodium and from the pure-Java check:
 * controller signatures against their event's keys (an interaction's against the last
 * establishment event's keys seen in the stream), witness signatures against {@code b}, and
 * receipt couples against the receipted event. Only the torsion-R signatures of the attack streams
 * {@code ed-E*} split libsodium from BouncyCastle.
 */
@ExtendWith(LeakDetectionExtension.class)
class Ed25519CorpusTest {
  // each distinct (signature, message, key) once: the mutants repeat most signatures
  private int checked;
  /** The (signature, message, key) triples seen: the mutants repeat most signatures. */
  private final java.util.Set<String> seen = new java.util.HashSet<>();
  private final TreeSet<String> splitFromBouncyCastle = new TreeSet<>();

  @Test
  void everyCorpusSignatureGetsOneVerdictThroughBothPaths() throws Exception {
    for (String dir : List.of("/kel/A", "/attack/A")) {
      Path root = Paths.get(getClass().getResource(dir).toURI());
      List<String> streams;
      try (Stream<Path> s = Files.list(root)) {
        streams = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cesr")).sorted()
            .collect(Collectors.toList());
      }
      if (dir.equals("/kel/A")) {
        streams = PitSample.covering(streams, PitSample::kelKeys); // whole but under PIT
      }
      for (String n : streams) {
        stream(dir + "/" + n, Files.readAllBytes(root.resolve(n)));
      }
    }
    if (!PitSample.sampling()) {
      assertEquals(EXPECTED_CHECKED, checked);
    }
    assertEquals(EXPECTED_SPLIT, splitFromBouncyCastle.toString());
  }

  /** The distinct Ed25519 signatures over bodies that read (the non-canonical P1, CB, P3b do not). */
  private static final int EXPECTED_CHECKED = 1750;
  private static final String EXPECTED_SPLIT = "[ed-E1-icp-torsionR.cesr, ed-E7-witness-torsionR.cesr]";

  private void stream(String name, byte[] input) {
    Map<String, List<Verfer>> keys = new HashMap<>();
    Map<String, List<String>> wits = new HashMap<>();
    Map<String, byte[]> bodies = new HashMap<>();
    try (Messages ms = Messages.copyOf(input)) {
      while (ms.hasNext()) {
        Message m = ms.next();
        KeriEvent ev;
        Signatures sigs;
        try {
          ev = KeriEvents.of(m);
          sigs = Signatures.of(m);
        } catch (CesrException e) {
          continue;
        }
        byte[] ser = ev.body().bytes();
        if (ev instanceof KeyEvent) {
          KeyEvent ke = (KeyEvent) ev;
          bodies.put(ke.said(), ser);
          if (ev instanceof EstablishmentEvent) {
            keys.put(ke.prefix(), ((EstablishmentEvent) ev).verfers());
          }
          if (ev instanceof InceptionEvent) {
            wits.put(ke.prefix(), ((InceptionEvent) ev).witnesses());
          }
          List<Verfer> k = keys.getOrDefault(ke.prefix(), List.of());
          for (Siger s : sigs.controller()) {
            if (s.index() < k.size()) {
              check(name, s.raw(), ser, k.get(s.index()));
            }
          }
          List<String> w = wits.getOrDefault(ke.prefix(), List.of());
          for (Siger s : sigs.witnesses()) {
            if (s.index() < w.size()) {
              try {
                check(name, s.raw(), ser, Verfer.of(w.get(s.index())));
              } catch (CesrException e) {
                // a witness that is no key (attack ec-EC4)
              }
            }
          }
        }
        byte[] target = ev instanceof ReceiptEvent ? bodies.get(((ReceiptEvent) ev).said()) : ser;
        for (SignatureGroup g : sigs.byRole(SignatureRole.NON_TRANSFERABLE)) {
          for (Cigar c : g.cigars()) {
            if (target != null) {
              check(name, Matter.parse(c.qb64()).raw(), target, c.verfer());
            }
          }
        }
      }
    } catch (CesrException e) {
      // a framing error ends the stream
    }
  }

  private void check(String name, byte[] sig, byte[] ser, Verfer key) {
    if (key.algorithm() != SignatureAlgorithm.ED25519) {
      return;
    }
    byte[] pk = key.raw();
    if (!seen.add(java.util.HexFormat.of().formatHex(sig) + java.util.Arrays.hashCode(ser)
        + java.util.HexFormat.of().formatHex(pk) + ser.length)) {
      return;
    }
    boolean sodium = Ed25519Verifier.verify(Ed25519Implementation.LIBSODIUM, sig, ser, pk);
    boolean java = Ed25519Verifier.verify(Ed25519Implementation.PURE_JAVA, sig, ser, pk);
    assertEquals(sodium, java, name);
    checked++;
    if (sig.length == 64 && sodium != Ed25519.verify(sig, 0, pk, 0, ser, 0, ser.length)) {
      splitFromBouncyCastle.add(name.substring(name.lastIndexOf('/') + 1));
    }
  }

}
