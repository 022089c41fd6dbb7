package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.cesrj.group.StreamGen.Grp;
import dev.cesrj.group.StreamGen.Node;
import dev.cesrj.group.StreamGen.Opaque;
import dev.cesrj.group.StreamGen.Prim;
import dev.cesrj.group.StreamGen.Sig;
import dev.cesrj.group.StreamGen.Tup;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import java.util.ArrayList;
import java.util.List;

/** Asserts that parsed views hold exactly what {@link StreamGen} encoded. */
final class Expect {
  private Expect() {}

  /** {@code g}, read at {@code offset} and {@code depth}, is {@code spec} in every detail. */
  static void group(Grp spec, Group g, long offset, int depth) {
    String where = spec.counterText() + " at " + offset;
    assertSame(spec.code(), g.code(), where);
    assertEquals(spec.code().name(), g.name(), where);
    assertEquals(spec.count(), g.count(), where);
    assertEquals(spec.table(), g.table(), where);
    assertEquals(spec.counterText(), g.counterText(), where);
    assertEquals(offset, g.offset(), where);
    assertEquals(depth, g.depth(), where);
    assertEquals(spec.qb64().length(), g.length(), where);
    assertEquals(spec.qb64(), g.qb64Text(), where);
    List<Element> elements = g.elements();
    assertEquals(spec.elements().size(), elements.size(), where + " elements");
    long p = offset + spec.counterText().length();
    for (int i = 0; i < elements.size(); i++) {
      node(spec.elements().get(i), elements.get(i), p, depth + 1);
      p += spec.elements().get(i).qb64().length();
    }
    List<Sig> sigs = new ArrayList<>();
    collectSigs(spec, sigs);
    List<IndexedSignature> got = g.signatures();
    assertEquals(sigs.size(), got.size(), where + " signatures");
    for (int i = 0; i < sigs.size(); i++) {
      assertEquals(sigs.get(i).qb64(), got.get(i).qb64Text(), where + " signature " + i);
    }
  }

  private static void node(Node spec, Element e, long offset, int depth) {
    assertEquals(offset, e.offset(), spec.qb64());
    assertEquals(spec.qb64().length(), e.length(), spec.qb64());
    assertEquals(spec.qb64(), e.qb64Text());
    if (spec instanceof Grp) {
      group((Grp) spec, assertInstanceOf(Group.class, e), offset, depth);
    } else if (spec instanceof Sig) {
      Sig s = (Sig) spec;
      IndexedSignature got = assertInstanceOf(IndexedSignature.class, e);
      assertSame(s.code(), got.code(), s.qb64());
      assertEquals(s.index(), got.index(), s.qb64());
      assertEquals(s.ondex(), got.ondex(), s.qb64());
      assertArrayEquals(s.raw(), got.raw(), s.qb64());
    } else if (spec instanceof Prim) {
      Prim m = (Prim) spec;
      Matter got = assertInstanceOf(Matter.class, e);
      assertSame(m.code(), got.code(), m.qb64());
      assertArrayEquals(m.raw(), got.raw(), m.qb64());
    } else if (spec instanceof Tup) {
      Tuple got = assertInstanceOf(Tuple.class, e);
      List<Node> parts = ((Tup) spec).parts();
      assertEquals(parts.size(), got.parts().size());
      assertEquals(parts.size(), got.slots().size());
      long p = offset;
      for (int i = 0; i < parts.size(); i++) {
        // a nested signature group inside a tuple is one level deeper than the tuple's group
        node(parts.get(i), got.parts().get(i), p, depth);
        p += parts.get(i).qb64().length();
      }
    } else if (spec instanceof Opaque) {
      assertInstanceOf(OpaqueMaterial.class, e);
    } else {
      throw new AssertionError("unknown node " + spec);
    }
  }

  static void collectSigs(Node n, List<Sig> out) {
    if (n instanceof Sig) {
      out.add((Sig) n);
    } else if (n instanceof Grp) {
      ((Grp) n).elements().forEach(e -> collectSigs(e, out));
    } else if (n instanceof Tup) {
      ((Tup) n).parts().forEach(e -> collectSigs(e, out));
    }
  }
}
