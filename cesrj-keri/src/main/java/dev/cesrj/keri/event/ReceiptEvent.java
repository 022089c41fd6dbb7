package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import java.math.BigInteger;

/**
 * A receipt ({@code rct}): {@code v t d i s}, naming the receipted event (keripy
 * {@code serdering.py}; {@code eventing.py} {@code Kevery.processReceipt}). Its signatures sign
 * the receipted event's body, not this one.
 *
 * @param body the body
 * @param said {@code d}: the receipted event's SAID
 * @param prefix {@code i}: the receipted event's prefix
 * @param sn {@code s}: the receipted event's sequence number
 */
public record ReceiptEvent(Body body, String said, String prefix, BigInteger sn)
    implements KeriEvent {
  @Override
  public Ilk ilk() {
    return Ilk.RCT;
  }
}
