package dev.cesrj.keri.kever;

import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Long key event logs made with {@link KelBuilder}, for tests that need more events than the
 * keripy-made corpus holds: one Ed25519 controller (basic transferable prefix {@code D}), an
 * inception with {@code kt 1}, {@code nt 1}, no witnesses, then interactions with empty anchors,
 * each signed by the controller at index 0.
 */
final class SyntheticKel {
  private SyntheticKel() {}

  /** {@return the messages: inception, then {@code interactions} interactions, each signed} */
  static List<byte[]> messages(int interactions) throws Exception {
    KeyPair current = KelBuilder.key(1);
    KeyPair next = KelBuilder.key(2);
    String pre = KelBuilder.verfer(current, true);
    List<KelBuilder.Sig> sig = List.of(KelBuilder.Sig.of(current, 0));
    List<byte[]> out = new ArrayList<>();
    String icp = KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + pre
        + "\",\"s\":\"0\",\"kt\":\"1\",\"k\":[\"" + pre + "\"],\"nt\":\"1\",\"n\":[\""
        + KelBuilder.nextDigest(next) + "\"],\"bt\":\"0\",\"b\":[],\"c\":[],\"a\":[]");
    out.add(KelBuilder.signed(icp, sig));
    String prior = KelBuilder.said(icp);
    for (int sn = 1; sn <= interactions; sn++) {
      String ixn = KelBuilder.body("\"t\":\"ixn\",\"d\":\"\",\"i\":\"" + pre + "\",\"s\":\""
          + Integer.toHexString(sn) + "\",\"p\":\"" + prior + "\",\"a\":[]");
      out.add(KelBuilder.signed(ixn, sig));
      prior = KelBuilder.said(ixn);
    }
    return out;
  }

  /** {@return the messages joined, last first if {@code reversed}} */
  static byte[] stream(List<byte[]> messages, boolean reversed) {
    List<byte[]> order = new ArrayList<>(messages);
    if (reversed) {
      Collections.reverse(order);
    }
    return KelBuilder.stream(order.toArray(new byte[0][]));
  }
}
