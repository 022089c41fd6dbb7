package dev.cesrj.flink.kel;

import dev.cesrj.keri.kever.Escrow;
import dev.cesrj.keri.kever.Reason;
import dev.cesrj.keri.kever.VerifierState;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes of a {@link VerifierState} in Flink keyed state: what a checkpoint holds per key, and
 * what a restored or rescaled job reads back. Format version {@value #VERSION}, a first byte; a
 * later format reads this one or refuses it by that byte.
 */
public final class VerifierStateCodec {
  /** The format version, written first. */
  public static final int VERSION = 1;
  /** The most elements a list or map of a state may have (a corrupt count is refused). */
  private static final int MAX_COUNT = 1 << 24;

  private VerifierStateCodec() {
  }

  /**
   * Writes a state.
   *
   * @param s the state
   * @return its bytes
   */
  public static byte[] encode(VerifierState s) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      out.writeInt(s.nextIndex());
      out.writeLong(s.clock());
      out.writeInt(s.changedAt().size());
      for (Map.Entry<String, Long> e : s.changedAt().entrySet()) {
        out.writeUTF(e.getKey());
        out.writeLong(e.getValue());
      }
      out.writeInt(s.kels().size());
      for (VerifierState.KelRecord k : s.kels()) {
        out.writeUTF(k.prefix());
        out.writeUTF(k.delegator());
        out.writeBoolean(k.establishmentOnly());
        out.writeBoolean(k.doNotDelegate());
        big(out, k.sn());
        out.writeUTF(k.said());
        out.writeUTF(k.et());
        bytes(out, k.establishment());
        strings(out, k.witnesses());
        out.writeLong(k.toad());
        out.writeInt(k.events().size());
        for (VerifierState.AcceptedEvent a : k.events()) {
          big(out, a.sn());
          out.writeUTF(a.said());
          out.writeInt(a.seals().size());
          for (VerifierState.EventSeal seal : a.seals()) {
            out.writeUTF(seal.prefix());
            out.writeUTF(seal.sn());
            out.writeUTF(seal.said());
          }
        }
      }
      out.writeInt(s.held().size());
      for (VerifierState.HeldMessage h : s.held()) {
        out.writeInt(h.index());
        out.writeLong(h.offset());
        bytes(out, h.message());
        out.writeBoolean(h.retried());
        out.writeLong(h.triedAt());
        out.writeUTF(h.escrow().name());
        out.writeUTF(h.reason().name());
        longString(out, h.detail());
      }
      out.writeInt(s.couples().size());
      for (VerifierState.KeptCouple c : s.couples()) {
        out.writeUTF(c.event());
        out.writeUTF(c.key());
        out.writeUTF(c.signature());
        out.writeLong(c.offset());
      }
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads a state.
   *
   * @param b bytes from {@link #encode}
   * @return the state
   * @throws IllegalArgumentException if the bytes are not a state of this format
   */
  public static VerifierState decode(byte[] b) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
      int version = in.readUnsignedByte();
      if (version != VERSION) {
        throw new IllegalArgumentException("verifier state format " + version + ", not "
            + VERSION);
      }
      int nextIndex = in.readInt();
      long clock = in.readLong();
      Map<String, Long> changedAt = new LinkedHashMap<>();
      for (int i = count(in); i > 0; i--) {
        changedAt.put(in.readUTF(), in.readLong());
      }
      List<VerifierState.KelRecord> kels = new ArrayList<>();
      for (int i = count(in); i > 0; i--) {
        String prefix = in.readUTF();
        String delegator = in.readUTF();
        boolean eo = in.readBoolean();
        boolean dnd = in.readBoolean();
        BigInteger sn = big(in);
        String said = in.readUTF();
        String et = in.readUTF();
        byte[] est = bytes(in);
        List<String> wits = strings(in);
        long toad = in.readLong();
        List<VerifierState.AcceptedEvent> events = new ArrayList<>();
        for (int j = count(in); j > 0; j--) {
          BigInteger esn = big(in);
          String esaid = in.readUTF();
          List<VerifierState.EventSeal> seals = new ArrayList<>();
          for (int k = count(in); k > 0; k--) {
            seals.add(new VerifierState.EventSeal(in.readUTF(), in.readUTF(), in.readUTF()));
          }
          events.add(new VerifierState.AcceptedEvent(esn, esaid, seals));
        }
        kels.add(new VerifierState.KelRecord(prefix, delegator, eo, dnd, sn, said, et, est, wits,
            toad, events));
      }
      List<VerifierState.HeldMessage> held = new ArrayList<>();
      for (int i = count(in); i > 0; i--) {
        held.add(new VerifierState.HeldMessage(in.readInt(), in.readLong(), bytes(in),
            in.readBoolean(), in.readLong(), Escrow.valueOf(in.readUTF()),
            Reason.valueOf(in.readUTF()), longString(in)));
      }
      List<VerifierState.KeptCouple> couples = new ArrayList<>();
      for (int i = count(in); i > 0; i--) {
        couples.add(new VerifierState.KeptCouple(in.readUTF(), in.readUTF(), in.readUTF(),
            in.readLong()));
      }
      return new VerifierState(nextIndex, clock, changedAt, kels, held, couples);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a verifier state: " + e, e);
    }
  }

  private static int count(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > MAX_COUNT) {
      throw new IOException("count " + n);
    }
    return n;
  }

  private static void big(DataOutputStream out, BigInteger v) throws IOException {
    bytes(out, v.toByteArray());
  }

  private static BigInteger big(DataInputStream in) throws IOException {
    return new BigInteger(bytes(in));
  }

  private static void bytes(DataOutputStream out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  private static byte[] bytes(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw new IOException("length " + n);
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }

  /** A string that may pass writeUTF's 65,535 bytes (a detail quoting input). */
  private static void longString(DataOutputStream out, String s) throws IOException {
    bytes(out, s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static String longString(DataInputStream in) throws IOException {
    return new String(bytes(in), java.nio.charset.StandardCharsets.UTF_8);
  }

  private static void strings(DataOutputStream out, List<String> ss) throws IOException {
    out.writeInt(ss.size());
    for (String s : ss) {
      out.writeUTF(s);
    }
  }

  private static List<String> strings(DataInputStream in) throws IOException {
    List<String> out = new ArrayList<>();
    for (int i = count(in); i > 0; i--) {
      out.add(in.readUTF());
    }
    return out;
  }
}
