package dev.cesrj.keri.vlei;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.Missing;
import dev.cesrj.keri.credential.MissingKind;
import dev.cesrj.keri.vlei.CredentialForge.Made;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Order does not decide a vLEI verdict: the messages of a whole vLEI chain ({@link VleiFixture})
 * in seeded random orders (seed {@code -Dcesrj.seed}, default 29, printed on failure) give every
 * credential {@link VleiStatus#VALID}; without GLEIF Root's KEL, every credential is {@link
 * VleiStatus#INCOMPLETE} and the QVI credential misses exactly that KEL, whatever the order.
 */
@ExtendWith(LeakDetectionExtension.class)
class VleiOrderTest {
  private static final long SEED = Long.getLong("cesrj.seed", 29);

  private static byte[] shuffled(List<Made> made, SplittableRandom random) {
    List<Made> order = new ArrayList<>(made);
    for (int i = order.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Made t = order.get(i);
      order.set(i, order.get(j));
      order.set(j, t);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    order.forEach(m -> out.writeBytes(m.bytes()));
    return out.toByteArray();
  }

  @Test
  void everyOrderGivesTheSameVerdicts() throws Exception {
    VleiFixture x = new VleiFixture();
    VleiPolicy policy = VleiPolicy.of(x.root.prefix);
    SplittableRandom random = new SplittableRandom(SEED);
    List<Made> all = x.forge.made;
    List<Made> withoutRoot = all.stream().filter(m -> !m.id().equals(x.root.prefix)).toList();
    Missing rootKel = new Missing(MissingKind.DELEGATOR_KEL, x.root.prefix, x.external.prefix);
    for (int n = 0; n < 12; n++) {
      String at = "seed " + SEED + " round " + n;
      CredentialVerifier v = new CredentialVerifier(VleiFixture.schemas());
      v.acceptAll(shuffled(all, random));
      assertEquals(List.of(VleiStatus.VALID, VleiStatus.VALID, VleiStatus.VALID,
          VleiStatus.VALID, VleiStatus.VALID, VleiStatus.VALID),
          policy.check(v).values().stream().map(VleiVerdict::status).toList(), at);

      CredentialVerifier w = new CredentialVerifier(VleiFixture.schemas());
      w.acceptAll(shuffled(withoutRoot, random));
      assertEquals(List.of(VleiStatus.INCOMPLETE), policy.check(w).values().stream()
          .map(VleiVerdict::status).distinct().toList(), at);
      assertEquals(List.of(rootKel), w.missing(x.qviCred.said()), at);
    }
  }
}
