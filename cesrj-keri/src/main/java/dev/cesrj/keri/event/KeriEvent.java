package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.FieldMap;

/**
 * The typed view of one message body: a KERI event, a KERI peer message, a TEL event or an ACDC
 * message, with its {@link Body} (bytes and all fields). Built by
 * {@code dev.cesrj.keri.KeriEvents}; immutable and thread-safe.
 */
public sealed interface KeriEvent
    permits KeyEvent, ReceiptEvent, RoutedMessage, TelEvent, AcdcMessage {
  /** {@return the message type} */
  Ilk ilk();

  /** {@return the body: its bytes, version string and fields} */
  Body body();

  /**
   * {@return the {@code d} field: the SAID of this body (for a receipt, the SAID of the receipted
   * event)}
   */
  String said();

  /** {@return every top-level field, typed or not} */
  default FieldMap fields() {
    return body().fields();
  }
}
