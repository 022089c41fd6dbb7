package dev.cesrj.cli;

import dev.cesrj.CesrException;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.stream.Message;

/**
 * The top-level text fields of a message body that the inspector shows: ilk ({@code t}), SAID
 * ({@code d}), identifier prefix ({@code i}), sequence number ({@code s}, hex text) and route
 * ({@code r}), as keripy's Serder reads them ({@code serder.ilk}, {@code said}, {@code pre},
 * {@code snh}, {@code route}). Each is {@code null} when the body has no such text field.
 *
 * <p>The framer never decodes a body beyond its version string; this does, for display only,
 * with {@link Body#of(Message)} (JSON, CBOR, MGPK and CESR-native bodies; a native body's values
 * as keripy's Serder gives them). A body that does not decode gives all fields {@code null} and
 * {@link #decoded()} false: the inspector still shows the message.
 *
 * @param ilk message type, e.g. {@code icp}
 * @param said the {@code d} field
 * @param pre the {@code i} field
 * @param sn the {@code s} field as written (lowercase hex)
 * @param route the {@code r} field
 * @param decoded false if the body could not be read as a map of its kind
 */
record BodyFields(String ilk, String said, String pre, String sn, String route, boolean decoded) {
  private static final BodyFields NONE = new BodyFields(null, null, null, null, null, false);

  /** Reads the fields of the body of {@code m}, whatever its kind. */
  static BodyFields of(Message m) {
    FieldMap f;
    try {
      f = Body.of(m).fields();
    } catch (CesrException e) {
      return NONE; // shown undecoded
    }
    return new BodyFields(f.text("t").orElse(null), f.text("d").orElse(null),
        f.text("i").orElse(null), f.text("s").orElse(null), f.text("r").orElse(null), true);
  }
}
