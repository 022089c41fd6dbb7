package dev.cesrj.group;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.testing.Qb64;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;

/**
 * Generates random text-domain attachment streams with {@link Qb64} and keeps the expected parse
 * of each (a tree of {@link Node}s): groups of both counter tables (signature groups with random
 * Indexer codes, indexes, ondexes and raw bytes; receipt couples; TransIdxSigGroups with nested
 * signature groups; seal and replay couples; pathed material; AttachmentGroups wrapping others,
 * in small and big forms, with an optional leading genus-version code) and genus-version codes
 * that switch the table between top-level groups.
 */
final class StreamGen {

  /** An expected element. */
  interface Node {
    String qb64();
  }

  /** A Matter primitive; {@code raw} is its raw value. */
  record Prim(String qb64, MatterCode code, byte[] raw) implements Node {}

  /** An indexed signature. */
  record Sig(String qb64, IndexerCode code, int index, OptionalInt ondex, byte[] raw)
      implements Node {}

  /** Material after a Pather, kept as bytes. */
  record Opaque(String qb64) implements Node {}

  /** One element of a multi-slot grammar. */
  record Tup(List<Node> parts) implements Node {
    @Override
    public String qb64() {
      StringBuilder sb = new StringBuilder();
      parts.forEach(p -> sb.append(p.qb64()));
      return sb.toString();
    }
  }

  /** A group: its code and count, the table it is read with, its elements. */
  record Grp(CounterCode code, long count, String counterText, List<Node> elements,
      CounterTable table) implements Node {
    @Override
    public String qb64() {
      StringBuilder sb = new StringBuilder(counterText);
      elements.forEach(e -> sb.append(e.qb64()));
      return sb.toString();
    }

    boolean isGenusVersion() {
      return code.unit() == CountUnit.NONE;
    }
  }

  /** A generated stream: its text and its top-level groups in order. */
  record Stream(String text, List<Grp> groups) {
    /** Offsets of the group boundaries: 0, end of group 0, end of group 1, ... */
    List<Integer> boundaries() {
      List<Integer> b = new ArrayList<>();
      int p = 0;
      b.add(p);
      for (Grp g : groups) {
        p += g.qb64().length();
        b.add(p);
      }
      return b;
    }

    byte[] bytes() {
      return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
  }

  private static final Base64.Decoder DEC = Base64.getUrlDecoder();
  private static final MatterCode[] FIXED;

  static {
    List<MatterCode> fixed = new ArrayList<>();
    for (MatterCode c : MatterCode.values()) {
      if (!c.isVariable()) {
        fixed.add(c);
      }
    }
    FIXED = fixed.toArray(new MatterCode[0]);
  }

  private final SplittableRandom rnd;
  private final int size;
  private final int maxDepth;

  /**
   * @param size how large streams get (number of top-level groups and elements grow with it)
   * @param maxDepth deepest nesting generated (a top-level group is depth 1)
   */
  StreamGen(SplittableRandom rnd, int size, int maxDepth) {
    this.rnd = rnd;
    this.size = size;
    this.maxDepth = maxDepth;
  }

  /**
   * A stream of top-level groups, read from the CESR 1.0 table at first; half of the streams
   * start with the genus-version code of CESR 2.0.
   */
  Stream stream() {
    List<Grp> groups = new ArrayList<>();
    CounterTable t = CounterTable.CESR_1_0;
    int n = 1 + rnd.nextInt(Math.min(size, 6));
    if (rnd.nextBoolean()) {
      Grp gv = genusVersion(t, 2);
      groups.add(gv);
      t = CounterTable.CESR_2_0;
    }
    for (int i = 0; i < n; i++) {
      if (rnd.nextInt(6) == 0) {
        Grp gv = genusVersion(t, 1 + rnd.nextInt(2));
        groups.add(gv);
        t = CounterTable.ofMajor((int) (gv.count() >> 12));
      } else {
        groups.add(group(t, 1));
      }
    }
    StringBuilder sb = new StringBuilder();
    groups.forEach(g -> sb.append(g.qb64()));
    return new Stream(sb.toString(), groups);
  }

  /**
   * A genus-version code for version 1.0 or 2.0 ({@code major}), read under {@code t}: keripy
   * (and cesrj) support no minor version above 0.
   */
  Grp genusVersion(CounterTable t, int major) {
    int minor = 0;
    String text = Qb64.genusVersion(major, minor);
    return new Grp(t.genusVersion(), (major << 12) | minor, text, List.of(), t);
  }

  /** A random group of {@code t} at {@code depth}. */
  Grp group(CounterTable t, int depth) {
    List<CounterCode> codes = new ArrayList<>();
    for (CounterCode c : t.codes()) {
      if (c.isBig()) {
        continue;
      }
      Layout l = c.layout();
      if (l == Layout.TUPLES || l == Layout.PATHED
          || (l == Layout.ATTACHMENTS && depth < maxDepth)) {
        codes.add(c);
      }
    }
    CounterCode c = codes.get(rnd.nextInt(codes.size()));
    if (c.layout() == Layout.TUPLES && c.slots().contains(Slot.SIGS) && depth >= maxDepth) {
      c = t.controllerIdxSigs();
    }
    switch (c.layout()) {
      case ATTACHMENTS:
        return attachmentGroup(t, c, depth);
      case PATHED:
        return pathed(t, c);
      default:
        return tuples(t, c, depth, rnd.nextInt(6) == 0);
    }
  }

  /** A tuple group of {@code c} with random elements; the big form when asked and possible. */
  Grp tuples(CounterTable t, CounterCode c, int depth, boolean big) {
    int n = rnd.nextInt(Math.min(size, 5) + 1);
    List<Node> elements = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Node> parts = new ArrayList<>();
      for (Slot s : c.slots()) {
        parts.add(item(t, s, depth));
      }
      elements.add(parts.size() == 1 ? parts.get(0) : new Tup(List.copyOf(parts)));
    }
    long count = c.unit() == CountUnit.ELEMENTS ? n : quadlets(elements);
    String counter = Qb64.counter(t, c.code().charAt(1), count, big);
    CounterCode used = counter.startsWith("--") ? t.big(c.code().charAt(1)) : c;
    return new Grp(used, count, counter, List.copyOf(elements), t);
  }

  /** An AttachmentGroup: optional leading genus-version code (scoped), then groups. */
  Grp attachmentGroup(CounterTable t, CounterCode c, int depth) {
    List<Node> children = new ArrayList<>();
    CounterTable inner = t;
    if (rnd.nextInt(4) == 0) {
      Grp gv = genusVersion(t, 1 + rnd.nextInt(2));
      children.add(gv);
      inner = CounterTable.ofMajor((int) (gv.count() >> 12));
    }
    int n = rnd.nextInt(Math.min(size, 4) + 1);
    for (int i = 0; i < n; i++) {
      children.add(group(inner, depth + 1));
    }
    long count = quadlets(children);
    String counter = Qb64.counter(t, c.code().charAt(1), count, rnd.nextInt(3) == 0);
    CounterCode used = counter.startsWith("--") ? t.big(c.code().charAt(1)) : c;
    return new Grp(used, count, counter, List.copyOf(children), t);
  }

  /** PathedMaterialCouples: a Pather, then other material kept opaque. */
  Grp pathed(CounterTable t, CounterCode c) {
    Prim pather = variable('A', rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(30));
    StringBuilder rest = new StringBuilder();
    int quads = rnd.nextInt(Math.min(size, 8) + 1);
    for (int i = 0; i < quads * 4; i++) {
      rest.append(B64.charOf(rnd.nextInt(64)));
    }
    List<Node> elements = List.of(pather, new Opaque(rest.toString()));
    long count = quadlets(elements);
    String counter = Qb64.counter(t, c.code().charAt(1), count, rnd.nextInt(4) == 0);
    CounterCode used = counter.startsWith("--") ? t.big(c.code().charAt(1)) : c;
    return new Grp(used, count, counter, elements, t);
  }

  private static long quadlets(List<Node> nodes) {
    long chars = 0;
    for (Node n : nodes) {
      chars += n.qb64().length();
    }
    if (chars % 4 != 0) {
      throw new IllegalStateException("content of " + chars + " chars is not quadlets");
    }
    return chars / 4;
  }

  /** One item for {@code slot}. */
  Node item(CounterTable t, Slot slot, int depth) {
    switch (slot) {
      case SIGER:
        return sig();
      case SIGS:
        return sigs(t);
      case DATER:
        return dater();
      case TEXTER:
        return variable('B', rnd.nextInt(8) == 0 ? 0 : rnd.nextInt(80));
      case PATHER:
        return variable('A', rnd.nextInt(30));
      case VERSER:
        return rnd.nextBoolean()
            ? fixed(MatterCode.Tag7)
            : fixed(MatterCode.Tag10);
      default:
        return matterFor(slot);
    }
  }

  /** The ControllerIdxSigs group nested in a tuple: always the small code. */
  Grp sigs(CounterTable t) {
    CounterCode c = t.controllerIdxSigs();
    int n = rnd.nextInt(Math.min(size, 4) + 1);
    List<Node> sigs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sigs.add(sig());
    }
    long count = c.unit() == CountUnit.ELEMENTS ? n : quadlets(sigs);
    return new Grp(c, count, Qb64.counter(c, count), List.copyOf(sigs), t);
  }

  /** A random indexed signature: random code, index, ondex and raw bytes. */
  Sig sig() {
    IndexerCode[] codes = IndexerCode.values();
    IndexerCode code = codes[rnd.nextInt(codes.length)];
    int index = rnd.nextInt(3) == 0 ? rnd.nextInt(code.maxIndex() + 1) : rnd.nextInt(4);
    OptionalInt ondex;
    int ondexChars;
    if (code.currentOnly()) {
      ondex = OptionalInt.empty();
      ondexChars = 0;
    } else if (code.os() == 0) {
      ondex = OptionalInt.of(index);
      ondexChars = 0;
    } else {
      ondexChars = rnd.nextInt(1 << (6 * code.os()));
      ondex = OptionalInt.of(ondexChars);
    }
    byte[] raw = bytes(code.rawSize());
    return new Sig(Qb64.indexer(code, index, ondexChars, raw), code, index, ondex, raw);
  }

  /** A random primitive of a code that {@code slot} accepts. */
  Prim matterFor(Slot slot) {
    for (int tries = 0; ; tries++) {
      MatterCode c;
      if (slot == Slot.NONCER || slot == Slot.LABELER) {
        if (rnd.nextInt(5) == 0) {
          return variable(rnd.nextBoolean() ? 'A' : 'B', rnd.nextInt(20));
        }
        c = FIXED[rnd.nextInt(FIXED.length)];
      } else {
        c = FIXED[rnd.nextInt(FIXED.length)];
        if (!slot.accepts(c) && tries < 1000) {
          continue;
        }
      }
      return fixed(c);
    }
  }

  /** A random fixed-size primitive of {@code c}. */
  Prim fixed(MatterCode c) {
    StringBuilder soft = new StringBuilder();
    for (int i = c.xs(); i < c.ss(); i++) {
      soft.append(B64.charOf(rnd.nextInt(64)));
    }
    byte[] raw = bytes(c.rawSize());
    return new Prim(Qb64.matter(c, soft.toString(), raw), c, raw);
  }

  /** A variable-size primitive of family {@code type} with {@code n} random raw bytes. */
  Prim variable(char type, int n) {
    byte[] raw = bytes(n);
    String qb64 = Qb64.variable(type, raw, rnd.nextInt(10) == 0);
    return new Prim(qb64, codeOf(qb64), raw);
  }

  /** A DateTime ({@code 1AAG}) primitive: ISO-8601 text with {@code : . +} as {@code c d p}. */
  Prim dater() {
    String text = String.format("%04d-%02d-%02dT%02dc%02dc%02dd%06dp00c00",
        2000 + rnd.nextInt(100), 1 + rnd.nextInt(12), 1 + rnd.nextInt(28), rnd.nextInt(24),
        rnd.nextInt(60), rnd.nextInt(60), rnd.nextInt(1_000_000));
    String qb64 = MatterCode.DateTime.code() + text;
    return new Prim(qb64, MatterCode.DateTime, DEC.decode(text));
  }

  byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) rnd.nextInt(256);
    }
    return b;
  }

  /** The Matter code a qb64 primitive starts with (by its first character, the selector). */
  static MatterCode codeOf(String qb64) {
    int hs = MatterCode.hardSize(qb64.charAt(0));
    return MatterCode.lookup(qb64.substring(0, hs));
  }
}
