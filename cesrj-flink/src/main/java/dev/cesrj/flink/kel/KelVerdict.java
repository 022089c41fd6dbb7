package dev.cesrj.flink.kel;

import dev.cesrj.keri.kever.Verdict;
import java.util.Objects;

/**
 * A verdict on one message, as the validation operator emits it (a Flink POJO): one at intake,
 * then one each time an escrow retry or expiry changes it; the last one emitted for a
 * ({@link #scope}, {@link #offset}) is its final verdict.
 */
public class KelVerdict {
  /** The message's scope (the operator's key). */
  public String scope;
  /** The message's stream offset. */
  public long offset;
  /** Its index among the messages of its scope, in order of arrival ({@link Verdict#index()}). */
  public int index;
  /** Its ilk ({@code icp}, {@code rct}, ...), or null if its body did not decode. */
  public String ilk;
  /** The event's prefix (a receipt's: the receipted event's), or null. */
  public String prefix;
  /** Its sequence number, in decimal, or null. */
  public String sn;
  /** Its SAID, or null. */
  public String said;
  /** {@code ACCEPTED}, {@code ESCROWED} or {@code REJECTED}. */
  public String status;
  /** The escrow it waits in, or null. */
  public String escrow;
  /** The {@link dev.cesrj.keri.kever.Reason} name ({@code NONE} when accepted). */
  public String reason;
  /** The verifier's detail. */
  public String detail;
  /** True for the verdict at intake (one per message), false for a later change. */
  public boolean intake;

  /** An empty verdict (for Flink's POJO serializer). */
  public KelVerdict() {
  }

  /**
   * The POJO of a verifier's verdict.
   *
   * @param scope the scope
   * @param v the verdict
   * @param intake whether it is the verdict at intake
   * @return the POJO
   */
  public static KelVerdict of(String scope, Verdict v, boolean intake) {
    KelVerdict k = new KelVerdict();
    k.intake = intake;
    k.scope = scope;
    k.offset = v.offset();
    k.index = v.index();
    k.ilk = v.ilk().orElse(null);
    k.prefix = v.prefix().orElse(null);
    k.sn = v.sn().map(Object::toString).orElse(null);
    k.said = v.said().orElse(null);
    k.status = v.status().name();
    k.escrow = v.escrow().map(Enum::name).orElse(null);
    k.reason = v.reason().name();
    k.detail = v.detail();
    return k;
  }

  /** {@return status, then {@code :escrow} if escrowed} */
  public String describe() {
    return escrow == null ? status : status + ":" + escrow;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KelVerdict k && Objects.equals(scope, k.scope) && offset == k.offset
        && index == k.index && Objects.equals(status, k.status)
        && Objects.equals(escrow, k.escrow) && Objects.equals(reason, k.reason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(scope, offset, status);
  }

  @Override
  public String toString() {
    return scope + "@" + offset + " " + describe() + " " + reason;
  }
}
