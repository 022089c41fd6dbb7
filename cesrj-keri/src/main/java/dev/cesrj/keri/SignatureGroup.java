package dev.cesrj.keri;

import dev.cesrj.keri.crypto.Verfer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The signatures of one signer in one attachment group, with what they sign and which keys they
 * must verify against. Immutable; independent of the stream's buffer.
 *
 * <p>Which keys: {@link SignatureRole#CONTROLLER}: the current keys of the signed event's
 * controller (the event's own {@code k} if it is an establishment event, else the latest
 * establishment event of its prefix); {@link SignatureRole#WITNESS}: the signed event's
 * witnesses; {@link SignatureRole#NON_TRANSFERABLE}: each {@link Cigar}'s own key;
 * {@link SignatureRole#TRANSFERABLE}: the keys {@code k} of the establishment event
 * ({@link #signerPrefix()}, {@link #signerSn()}, {@link #signerSaid()});
 * {@link SignatureRole#TRANSFERABLE_LAST}: the keys of {@link #signerPrefix()}'s latest
 * establishment event. A key-state validator looks those keys up and calls {@link #verify}.
 *
 * @param role who signed
 * @param target what is signed
 * @param groupName the attachment group's name, e.g. {@code ControllerIdxSigs}
 * @param groupCode its counter code, e.g. {@code -A}
 * @param offset the group's byte offset in the stream
 * @param signerPrefix the signer's prefix (TRANSFERABLE, TRANSFERABLE_LAST)
 * @param signerSn the sequence number of the signer's establishment event (TRANSFERABLE)
 * @param signerSaid the SAID of the signer's establishment event (TRANSFERABLE)
 * @param sigers the indexed signatures (all roles but NON_TRANSFERABLE)
 * @param cigars the couples (NON_TRANSFERABLE)
 * @param path the SAD path the signatures sign under, for the legacy SadPathSigGroups
 *     ({@code -J}, {@code -K}); empty otherwise
 */
public record SignatureGroup(
    SignatureRole role,
    SignatureTarget target,
    String groupName,
    String groupCode,
    long offset,
    Optional<String> signerPrefix,
    Optional<BigInteger> signerSn,
    Optional<String> signerSaid,
    List<Siger> sigers,
    List<Cigar> cigars,
    Optional<String> path) {
  /**
   * Copies the lists.
   *
   * @param role see the record description
   * @param target see the record description
   * @param groupName see the record description
   * @param groupCode see the record description
   * @param offset see the record description
   * @param signerPrefix see the record description
   * @param signerSn see the record description
   * @param signerSaid see the record description
   * @param sigers see the record description
   * @param cigars see the record description
   * @param path see the record description
   */
  public SignatureGroup {
    sigers = List.copyOf(sigers);
    cigars = List.copyOf(cigars);
  }

  /**
   * Verifies the indexed signatures against {@code keys}: each against the key at its index.
   *
   * @param keys the signer's keys, in index order
   * @param ser the signed bytes
   * @return the indices whose signatures verified, in signature order (a signature whose index
   *     has no key does not verify; one is verified with its key's suite whatever suite its code
   *     names, as keripy's {@code verifySigs} does)
   */
  public List<Integer> verify(List<Verfer> keys, byte[] ser) {
    List<Integer> ok = new ArrayList<>();
    for (Siger s : sigers) {
      if (s.index() < keys.size() && keys.get(s.index()).verify(s.raw(), ser)) {
        ok.add(s.index());
      }
    }
    return ok;
  }

  /**
   * Verifies the couples, each with its own key.
   *
   * @param ser the signed bytes
   * @return the cigars that verified, in order
   */
  public List<Cigar> verifyCigars(byte[] ser) {
    List<Cigar> ok = new ArrayList<>();
    for (Cigar c : cigars) {
      if (c.verify(ser)) {
        ok.add(c);
      }
    }
    return ok;
  }
}
