package dev.cesrj.cli;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one table of the list (keripy's {@code MsgParseDom} field) that each leaf group of every
 * counter table fills in {@code inspect --json}: the group's {@code field}, and the message-level
 * list its items are added to. Rows are in the order the lists are written.
 *
 * <table>
 *   <caption>List names</caption>
 *   <tr><th>group name (its {@code Big} form too)</th><th>list</th><th>source of the name</th></tr>
 *   <tr><td>ControllerIdxSigs</td><td>sigers</td><td rowspan="3">keripy {@code
 *       src/keri/core/parsing.py} {@code MsgParseDom}</td></tr>
 *   <tr><td>WitnessIdxSigs</td><td>wigers</td></tr>
 *   <tr><td>NonTransReceiptCouples</td><td>cigars</td></tr>
 *   <tr><td>TransReceiptIdxSigGroups</td><td>rsgs</td><td>the corpus recorder (keripy HEAD calls
 *       the list {@code trqs})</td></tr>
 *   <tr><td>TransReceiptQuadruples (legacy {@code -D})</td><td>trqs</td><td>keripy 1.1 {@code
 *       parsing.py}</td></tr>
 *   <tr><td>TransIdxSigGroups</td><td>tsgs</td><td rowspan="9">keripy {@code MsgParseDom}</td></tr>
 *   <tr><td>TransLastIdxSigGroups</td><td>lsgs</td></tr>
 *   <tr><td>FirstSeenReplayCouples</td><td>frcs</td></tr>
 *   <tr><td>SealSourceCouples</td><td>sscs</td></tr>
 *   <tr><td>SealSourceTriples</td><td>ssts</td></tr>
 *   <tr><td>TypedDigestSealCouples</td><td>tdcs</td></tr>
 *   <tr><td>BlindedStateQuadruples</td><td>bsqs</td></tr>
 *   <tr><td>BoundStateSextuples</td><td>bsss</td></tr>
 *   <tr><td>TypedMediaQuadruples</td><td>tmqs</td></tr>
 *   <tr><td>legacy SadPathSigGroups {@code -J} and RootSadPathSigGroups {@code -K}, signed by a
 *       TransIdxSigGroups {@code -F}</td><td>sadtsgs</td><td rowspan="2">keripy 1.1 {@code
 *       parsing.py}</td></tr>
 *   <tr><td>the same, signed by NonTransReceiptCouples {@code -C}</td><td>sadcigs</td></tr>
 *   <tr><td>the same, signed by ControllerIdxSigs {@code -A}</td><td>sadsigers</td><td>cesrj
 *       (keripy 1.1 reads that form but records it nowhere)</td></tr>
 *   <tr><td>ESSRPayloadGroup</td><td>essrs</td><td rowspan="2">keripy {@code MsgParseDom}</td></tr>
 *   <tr><td>PathedMaterialCouples, legacy PathedMaterialGroup</td><td>ptds</td></tr>
 *   <tr><td>DigestSealSingles</td><td>dsss</td><td rowspan="4">cesrj: keripy parses these only
 *       inside CESR-native bodies, never as attachments (cesrj reports them there as an
 *       UnsupportedException)</td></tr>
 *   <tr><td>MerkleRootSealSingles</td><td>mrss</td></tr>
 *   <tr><td>SealSourceLastSingles</td><td>ssls</td></tr>
 *   <tr><td>BackerRegistrarSealCouples</td><td>brcs</td></tr>
 * </table>
 *
 * <p>A SAD-path group's list is chosen by the signature group inside each of its elements (a row
 * keyed {@code outer/inner}); the group's own {@code field} is that of its first element. A group
 * of a name not in the table (none today: {@code DomListsTest} checks every code of every table)
 * has no list: its items are still written, under {@code "field": null}.
 */
final class DomLists {
  /** SAD-path rows are keyed by the outer group's name, {@code /}, the signature group's. */
  static final String SAD_PATH = "SadPathSigGroups";

  static final String ROOT_SAD_PATH = "RootSadPathSigGroups";

  private static final Map<String, String> BY_NAME = new LinkedHashMap<>();

  static {
    row("ControllerIdxSigs", "sigers");
    row("WitnessIdxSigs", "wigers");
    row("NonTransReceiptCouples", "cigars");
    row("TransReceiptIdxSigGroups", "rsgs");
    row("TransReceiptQuadruples", "trqs");
    row("TransIdxSigGroups", "tsgs");
    row("TransLastIdxSigGroups", "lsgs");
    row("FirstSeenReplayCouples", "frcs");
    row("SealSourceCouples", "sscs");
    row("SealSourceTriples", "ssts");
    row("TypedDigestSealCouples", "tdcs");
    row("BlindedStateQuadruples", "bsqs");
    row("BoundStateSextuples", "bsss");
    row("TypedMediaQuadruples", "tmqs");
    row(SAD_PATH + "/TransIdxSigGroups", "sadtsgs");
    row(SAD_PATH + "/NonTransReceiptCouples", "sadcigs");
    row(SAD_PATH + "/ControllerIdxSigs", "sadsigers");
    row(SAD_PATH, "sadtsgs"); // no element to judge by: the form keripy writes
    row(ROOT_SAD_PATH, "sadtsgs");
    row("ESSRPayloadGroup", "essrs");
    row("PathedMaterialCouples", "ptds");
    row("PathedMaterialGroup", "ptds");
    row("DigestSealSingles", "dsss");
    row("MerkleRootSealSingles", "mrss");
    row("SealSourceLastSingles", "ssls");
    row("BackerRegistrarSealCouples", "brcs");
  }

  private DomLists() {}

  private static void row(String name, String list) {
    BY_NAME.put(name, list);
  }

  /** Every list name, each once, in the order the lists are written. */
  static List<String> names() {
    List<String> out = new ArrayList<>();
    for (String list : BY_NAME.values()) {
      if (!out.contains(list)) {
        out.add(list);
      }
    }
    return out;
  }

  /**
   * The name of the small form of the group named {@code name} in any table ({@link
   * CounterCode#baseName()}): both forms fill the same list. A name no table has is returned as
   * it is.
   */
  static String baseName(String name) {
    for (CounterTable t : CounterTable.values()) {
      CounterCode c = t.named(name);
      if (c != null) {
        return c.baseName();
      }
    }
    return name;
  }

  /** The list a group of {@code name} fills (by its name alone), or {@code null}. */
  static String forName(String name) {
    return BY_NAME.get(baseName(name));
  }

  /** The list a group of code {@code c} fills (by its name alone), or {@code null}. */
  static String forCode(CounterCode c) {
    return BY_NAME.get(c.baseName());
  }

  /**
   * The list leaf group {@code g} fills, or {@code null} if {@code g} is not a leaf (a wrapper,
   * a body, a genus-version code) or its name is not in the table.
   */
  static String of(Group g) {
    if (!isLeaf(g.code().layout())) {
      return null;
    }
    List<SadItem> sad = sadItems(g);
    return sad.isEmpty() ? forCode(g.code()) : sad.get(0).list();
  }

  /**
   * True for the layouts of leaf groups, whose elements are primitives and tuples (not groups of
   * messages or attachments): tuple groups (those keripy does not parse among attachments, the
   * seal groups, included) and pathed material.
   */
  static boolean isLeaf(Layout layout) {
    Layout.Content content = layout.content();
    return content == Layout.Content.TUPLES || content == Layout.Content.PATHED;
  }

  /** True for the legacy SAD-path groups {@code -J} and {@code -K}. */
  static boolean isSadPath(Group g) {
    String name = g.code().baseName();
    return name.equals(SAD_PATH) || name.equals(ROOT_SAD_PATH);
  }

  /**
   * One element of a legacy SAD-path group: the root Pather of the {@code -K} around it (or
   * {@code null}), its own Pather, its signature group and the list that group fills.
   */
  record SadItem(Element root, Element path, Group signatures, String list) {}

  /** The SAD-path elements of {@code g} in stream order (none if {@code g} is no SAD-path group). */
  static List<SadItem> sadItems(Group g) {
    List<SadItem> out = new ArrayList<>();
    String name = g.code().baseName();
    if (name.equals(SAD_PATH)) {
      sadPath(g, null, out);
    } else if (name.equals(ROOT_SAD_PATH)) {
      Element root = null;
      for (Element e : g.elements()) {
        if (e instanceof Group && ((Group) e).code().baseName().equals(SAD_PATH)) {
          sadPath((Group) e, root, out);
        } else if (e instanceof Tuple) {
          for (Element part : ((Tuple) e).parts()) {
            if (part instanceof Group && ((Group) part).code().baseName().equals(SAD_PATH)) {
              sadPath((Group) part, root, out);
            } else if (root == null) {
              root = part;
            }
          }
        } else if (root == null) {
          root = e;
        }
      }
    }
    return out;
  }

  private static void sadPath(Group g, Element root, List<SadItem> out) {
    for (Element e : g.elements()) {
      if (!(e instanceof Tuple)) {
        continue;
      }
      Tuple t = (Tuple) e;
      Element path = null;
      Group sigs = null;
      for (Element part : t.parts()) {
        if (part instanceof Group) {
          sigs = (Group) part;
        } else if (path == null) {
          path = part;
        }
      }
      if (sigs != null) {
        String list = BY_NAME.get(SAD_PATH + "/" + sigs.code().baseName());
        out.add(new SadItem(root, path, sigs, list != null ? list : BY_NAME.get(SAD_PATH)));
      }
    }
  }
}
