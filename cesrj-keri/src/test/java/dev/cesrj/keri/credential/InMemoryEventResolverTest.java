package dev.cesrj.keri.credential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrException;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link InMemoryEventResolver} files the real-world streams' messages by identifier (cesrj-core's
 * {@code realworld/}): key events by prefix, TEL events by their {@code i}, ACDCs by SAID, replies
 * not at all; a stream that breaks off files the messages before the break.
 */
@ExtendWith(LeakDetectionExtension.class)
class InMemoryEventResolverTest {
  /** {@return the ilk and the byte count of each message of a stream} */
  private static List<String> ilks(Optional<byte[]> stream) {
    List<String> out = new ArrayList<>();
    try (Messages ms = Messages.copyOf(stream.orElseThrow())) {
      for (Message m : ms) {
        out.add(KeriEvents.of(m).ilk().code() + " " + m.length());
      }
    }
    return out;
  }

  @Test
  void filesEachMessageUnderItsIdentifier() {
    InMemoryEventResolver r = new InMemoryEventResolver().add(RealWorld.bytes("cd_vlei_vc.cesr"))
        .add(RealWorld.bytes("cd_gleif_root_witness.cesr"));
    assertEquals(3, ilks(r.kel("EGq24VD48smR5JzSV2PnW9i_g1cdwzpSyZwNAse6JwkH")).size());
    assertEquals(List.of("dip", "ixn", "ixn"),
        ilks(r.kel("ECZkQcTnisqasWUNupkGw5LC8RhOQCacu5lzmNN2R7E-")).stream()
            .map(s -> s.split(" ")[0]).toList());
    assertEquals(List.of("icp", "rot", "rot"),
        ilks(r.kel("EDP1vHcw_wc4M__Fj53-cJaBnZZASd-aMTaSyWEQ-PC2")).stream()
            .map(s -> s.split(" ")[0]).toList());
    assertEquals(List.of("vcp"), ilks(r.tel("EJBhHOdPC9481jT_AF6DZjvwRNeHjO9-uof0HJz0cEGW"))
        .stream().map(s -> s.split(" ")[0]).toList());
    assertEquals(List.of("iss"), ilks(r.tel("EOiLKDVNJj-2FCWypOKEwC_QcWmu5KIJ7Ux2qXVXSo3I"))
        .stream().map(s -> s.split(" ")[0]).toList());
    assertEquals(1, ilks(r.credential("EFqofzPcuO58Jbs2XrzdDmJMGEXu-CeA5dNmdjyAB3r5")).size());
    assertEquals(Optional.empty(), r.kel("EPgISkuC1ZS9kisgufpzQYvurZcuu2hpLRBT2ZJuOJ9z"));
    assertEquals(Optional.empty(), r.credential("EGq24VD48smR5JzSV2PnW9i_g1cdwzpSyZwNAse6JwkH"));
  }

  @Test
  void aStreamThatBreaksOffFilesTheMessagesBeforeTheBreak() {
    byte[] whole = RealWorld.bytes("cd_vlei_vc.cesr");
    InMemoryEventResolver r = new InMemoryEventResolver();
    byte[] cut = Arrays.copyOf(whole, whole.length - 10);
    assertThrows(CesrException.class, () -> r.add(cut));
    assertEquals(3, ilks(r.kel("EGq24VD48smR5JzSV2PnW9i_g1cdwzpSyZwNAse6JwkH")).size());
    assertEquals(Optional.empty(), r.credential("EFqofzPcuO58Jbs2XrzdDmJMGEXu-CeA5dNmdjyAB3r5"));
  }
}
