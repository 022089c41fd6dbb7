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
 * what a restored or rescaled job reads back. Two formats, each starting with its version byte
 * {@value #VERSION} (a later format reads this one or refuses it by that byte): one KEL's record
 * with its place in order of inception ({@link #encodeKel}, what {@link KelValidation} keeps per
 * prefix), and the rest of a state, its KELs left out ({@link #encodeRest}). A KEL's record costs its last establishment message plus about 100 bytes
 * per accepted event; the rest its escrowed messages, kept couples and change counts.
 */
public final class VerifierStateCodec {
  /** The format version, written first. */
  public static final int VERSION = 1;
  /** The most elements a list or map of a state may have (a corrupt count is refused). */
  private static final int MAX_COUNT = 1 << 24;

  private VerifierStateCodec() {
  }

  /**
   * Writes a state without its KELs ({@link VerifierState#kels()} is not written, whatever it
   * holds): the indexes, clocks, change counts, escrowed messages and kept couples.
   *
   * @param s the state
   * @return its bytes, read by {@link #decodeRest}
   */
  public static byte[] encodeRest(VerifierState s) {
    return write(s);
  }

  /**
   * One KEL's record and its place in order of inception.
   *
   * @param position the index of the record among the state's KELs, in order of inception
   *     ({@link dev.cesrj.keri.kever.KelVerifier#kelPosition(String)}), 0 or more
   * @param kel the record
   */
  public record KelEntry(int position, VerifierState.KelRecord kel) {
  }

  /**
   * Writes one KEL's record with its place in order of inception.
   *
   * @param position see {@link KelEntry#position()}
   * @param kel the record
   * @return its bytes, read by {@link #decodeKel}
   */
  public static byte[] encodeKel(int position, VerifierState.KelRecord kel) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      out.writeInt(position);
      kel(out, kel);
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads one KEL's record.
   *
   * @param b bytes from {@link #encodeKel}
   * @return the record and its place
   * @throws IllegalArgumentException if the bytes are not such a record of this format (its
   *     position negative, a count or length past the bytes, trailing bytes)
   */
  public static KelEntry decodeKel(byte[] b) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
      version(in);
      int position = in.readInt();
      if (position < 0) {
        throw new IOException("position " + position);
      }
      VerifierState.KelRecord kel = kel(in);
      end(in);
      return new KelEntry(position, kel);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a KEL record: " + e, e);
    }
  }

  /**
   * Reads the rest of a state.
   *
   * @param b bytes from {@link #encodeRest}
   * @return the state, its {@link VerifierState#kels()} empty
   * @throws IllegalArgumentException if the bytes are not such a state of this format
   */
  public static VerifierState decodeRest(byte[] b) {
    return read(b);
  }

  private static byte[] write(VerifierState s) {
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

  private static VerifierState read(byte[] b) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
      version(in);
      int nextIndex = in.readInt();
      long clock = in.readLong();
      Map<String, Long> changedAt = new LinkedHashMap<>();
      for (int i = count(in); i > 0; i--) {
        changedAt.put(in.readUTF(), in.readLong());
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
      end(in);
      return new VerifierState(nextIndex, clock, changedAt, List.of(), held, couples);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a verifier state: " + e, e);
    }
  }

  private static void version(DataInputStream in) throws IOException {
    int version = in.readUnsignedByte();
    if (version != VERSION) {
      throw new IOException("format " + version + ", not " + VERSION);
    }
  }

  private static void end(DataInputStream in) throws IOException {
    if (in.available() > 0) {
      throw new IOException(in.available() + " bytes after the end");
    }
  }

  private static void kel(DataOutputStream out, VerifierState.KelRecord k) throws IOException {
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

  private static VerifierState.KelRecord kel(DataInputStream in) throws IOException {
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
    return new VerifierState.KelRecord(prefix, delegator, eo, dnd, sn, said, et, est, wits, toad,
        events);
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
