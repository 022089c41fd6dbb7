package dev.cesrj.keri;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The signatures of a message, by role ({@link SignatureRole}), copied out of its attachment
 * groups: what each group signs ({@link SignatureTarget}) and whose keys it names.
 *
 * <p>Groups read (keripy {@code src/keri/core/parsing.py}; names per {@code counting.py}):
 * ControllerIdxSigs, WitnessIdxSigs, NonTransReceiptCouples, TransIdxSigGroups,
 * TransReceiptIdxSigGroups, TransReceiptQuadruples (legacy), TransLastIdxSigGroups and the legacy
 * SAD-path groups SadPathSigGroups and RootSadPathSigGroups (their nested signature groups, with
 * the path). Every other group (seal couples, first-seen replay couples, pathed material, ESSR
 * payloads) carries no signature of the message and is left out; nested messages have their own
 * signatures. Groups inside an AttachmentGroup are read as if bare. Stateless and thread-safe.
 */
public final class Signatures {
  private final List<SignatureGroup> groups;

  private Signatures(List<SignatureGroup> groups) {
    this.groups = List.copyOf(groups);
  }

  /**
   * Reads the signature groups of {@code m}.
   *
   * @param m a message whose buffer is still valid
   * @return its signatures
   * @throws CesrException if a primitive of a group does not decode (a value character that is
   *     not Base64url), or the body does not decode ({@link dev.cesrj.keri.body.KeriBodyException})
   */
  public static Signatures of(Message m) {
    Body body = Body.of(m);
    SignatureTarget target = "rct".equals(body.ilk().orElse(""))
        ? SignatureTarget.RECEIPTED_EVENT : SignatureTarget.BODY;
    List<SignatureGroup> out = new ArrayList<>();
    for (Group g : m.groups()) {
      read(g, target, Optional.empty(), out);
    }
    return new Signatures(out);
  }

  /** {@return every signature group, in stream order} */
  public List<SignatureGroup> all() {
    return groups;
  }

  /**
   * {@return the groups of role {@code role}, in stream order}
   *
   * @param role a role
   */
  public List<SignatureGroup> byRole(SignatureRole role) {
    List<SignatureGroup> out = new ArrayList<>();
    for (SignatureGroup g : groups) {
      if (g.role() == role) {
        out.add(g);
      }
    }
    return out;
  }

  /**
   * {@return the TransIdxSigGroups ({@code -F} in CESR 1.0, {@code -X} in 2.0) that name their
   * signer's prefix, sequence number and establishment event SAID, in stream order}: keripy's
   * {@code tsgs} (keripy {@code src/keri/core/parsing.py} {@code Parser.msgParsator}), the only
   * transferable signatures its parser hands {@code Exchanger.processEvent}; receipt quadruples
   * and TransLastIdxSigGroups of an {@code exn} sign nothing there.
   */
  public List<SignatureGroup> signerGroups() {
    List<SignatureGroup> out = new ArrayList<>();
    for (SignatureGroup g : byRole(SignatureRole.TRANSFERABLE)) {
      if (g.groupName().equals("TransIdxSigGroups") && g.signerPrefix().isPresent()
          && g.signerSn().isPresent() && g.signerSaid().isPresent()) {
        out.add(g);
      }
    }
    return out;
  }

  /** {@return the controller's indexed signatures, all groups together, in stream order} */
  public List<Siger> controller() {
    return sigers(SignatureRole.CONTROLLER);
  }

  /** {@return the witnesses' indexed signatures, all groups together, in stream order} */
  public List<Siger> witnesses() {
    return sigers(SignatureRole.WITNESS);
  }

  private List<Siger> sigers(SignatureRole role) {
    List<Siger> out = new ArrayList<>();
    for (SignatureGroup g : byRole(role)) {
      if (g.path().isEmpty()) {
        out.addAll(g.sigers());
      }
    }
    return out;
  }

  private static void read(Group g, SignatureTarget target, Optional<String> path,
      List<SignatureGroup> out) {
    String name = g.code().baseName();
    switch (name) {
      case "ControllerIdxSigs":
        out.add(indexed(g, SignatureRole.CONTROLLER, target, path));
        break;
      case "WitnessIdxSigs":
        out.add(indexed(g, SignatureRole.WITNESS, target, path));
        break;
      case "NonTransReceiptCouples": {
        List<Cigar> cigars = new ArrayList<>();
        for (Element e : g.elements()) {
          List<Element> parts = ((Tuple) e).parts();
          Matter verfer = (Matter) parts.get(0);
          Matter cigar = (Matter) parts.get(1);
          cigar.raw(); // its value checked now, so that Cigar.verify never throws for it
          cigars.add(new Cigar(Verfer.of(verfer), cigar.qb64Text(), e.offset()));
        }
        out.add(new SignatureGroup(SignatureRole.NON_TRANSFERABLE, target, g.name(),
            g.code().code(), g.offset(), Optional.empty(), Optional.empty(), Optional.empty(),
            List.of(), cigars, path));
        break;
      }
      case "TransIdxSigGroups":
      case "TransReceiptIdxSigGroups":
        for (Element e : g.elements()) {
          List<Element> parts = ((Tuple) e).parts();
          out.add(new SignatureGroup(SignatureRole.TRANSFERABLE, target, g.name(),
              g.code().code(), e.offset(), Optional.of(qb64(parts.get(0))),
              Optional.of(number(parts.get(1))), Optional.of(qb64(parts.get(2))),
              sigers(((Group) parts.get(3)).signatures()), List.of(), path));
        }
        break;
      case "TransReceiptQuadruples":
        for (Element e : g.elements()) {
          List<Element> parts = ((Tuple) e).parts();
          out.add(new SignatureGroup(SignatureRole.TRANSFERABLE, target, g.name(),
              g.code().code(), e.offset(), Optional.of(qb64(parts.get(0))),
              Optional.of(number(parts.get(1))), Optional.of(qb64(parts.get(2))),
              List.of(Siger.of((IndexedSignature) parts.get(3))), List.of(), path));
        }
        break;
      case "TransLastIdxSigGroups":
        for (Element e : g.elements()) {
          List<Element> parts = ((Tuple) e).parts();
          out.add(new SignatureGroup(SignatureRole.TRANSFERABLE_LAST, target, g.name(),
              g.code().code(), e.offset(), Optional.of(qb64(parts.get(0))), Optional.empty(),
              Optional.empty(), sigers(((Group) parts.get(1)).signatures()), List.of(), path));
        }
        break;
      case "SadPathSigGroups":
        for (Element e : g.elements()) {
          if (e instanceof Tuple) {
            List<Element> parts = ((Tuple) e).parts();
            String p = join(path, pathText((Matter) parts.get(0)));
            read((Group) parts.get(1), target, Optional.of(p), out);
          }
        }
        break;
      case "RootSadPathSigGroups": {
        List<Element> es = g.elements();
        String root = join(path, pathText((Matter) es.get(0)));
        for (Element e : es.subList(1, es.size())) {
          read((Group) e, target, Optional.of(root), out);
        }
        break;
      }
      case "AttachmentGroup":
        // its content is in Message.groups() already
        break;
      default:
        break;
    }
  }

  private static SignatureGroup indexed(Group g, SignatureRole role, SignatureTarget target,
      Optional<String> path) {
    return new SignatureGroup(role, target, g.name(), g.code().code(), g.offset(),
        Optional.empty(), Optional.empty(), Optional.empty(), sigers(g.signatures()), List.of(),
        path);
  }

  private static List<Siger> sigers(List<IndexedSignature> s) {
    List<Siger> out = new ArrayList<>(s.size());
    for (IndexedSignature i : s) {
      out.add(Siger.of(i));
    }
    return out;
  }

  private static String qb64(Element e) {
    return e.qb64Text();
  }

  private static BigInteger number(Element e) {
    return new BigInteger(1, ((Matter) e).raw());
  }

  /** A Pather's path: its Base64 text, {@code -} read as {@code /} (keripy {@code Pather.path}). */
  private static String pathText(Matter m) {
    String qb64 = m.qb64Text();
    String v = qb64.substring(m.code().cs());
    int ls = m.code().ls();
    int strip = ls == 0 ? (v.startsWith("A") ? 1 : 0) : (ls + 1) % 4;
    return v.substring(Math.min(strip, v.length())).replace('-', '/');
  }

  private static String join(Optional<String> root, String p) {
    return root.map(r -> r.endsWith("/") || p.startsWith("/") ? r + p : r + "/" + p).orElse(p);
  }

  @Override
  public String toString() {
    return "Signatures " + groups;
  }
}
