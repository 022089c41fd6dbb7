/**
 * cesrj-keri: KERI on cesrj. Typed events of every KERI ilk from JSON, CBOR, MGPK and CESR-native
 * bodies ({@link dev.cesrj.keri.event}, {@link dev.cesrj.keri.body}), signatures by role, SAIDs
 * and prefix derivation ({@link dev.cesrj.keri}), signature verification ({@link
 * dev.cesrj.keri.crypto}) and key-state validation with keripy's Kever/Kevery rules ({@link
 * dev.cesrj.keri.kever}), exchange messages verified against those key states ({@link
 * dev.cesrj.keri.exchange}), replies ({@code rpy}: end roles and locations, keripy's Revery,
 * {@link dev.cesrj.keri.reply}), ACDC credentials checked on their own: SAIDs, schema, edges
 * ({@link dev.cesrj.keri.acdc}), credential registries' transaction event logs with keripy's
 * Tevery rules ({@link dev.cesrj.keri.tel}), credential streams verified whole ({@link
 * dev.cesrj.keri.credential}), and the vLEI chain policy from GLEIF's root of trust ({@link
 * dev.cesrj.keri.vlei}).
 *
 * <p>Requires cesrj-core ({@code dev.cesrj}, transitively: its messages are the input), Jackson
 * for JSON and CBOR bodies, and BouncyCastle ({@code org.bouncycastle.provider}) for secp256k1,
 * Blake3/Blake2, lazysodium-java ({@code lazysodium.java}, with JNA {@code com.sun.jna})
 * for Ed25519 by libsodium, keripy's verifier, and networknt's JSON Schema validator (with the
 * Jackson 3 databind it is built on) for credential schemas.
 */
module dev.cesrj.keri {
  requires transitive dev.cesrj;
  requires com.fasterxml.jackson.core;
  requires com.fasterxml.jackson.dataformat.cbor;
  requires org.bouncycastle.provider;
  // libsodium through JNA (automatic modules: lazysodium-java has no module name of its own)
  requires lazysodium.java;
  requires com.sun.jna;
  requires org.slf4j; // lazysodium's logging: resolved only if a named module requires it
  requires com.networknt.schema;
  requires tools.jackson.core;
  requires tools.jackson.databind;

  exports dev.cesrj.keri;
  exports dev.cesrj.keri.acdc;
  exports dev.cesrj.keri.body;
  exports dev.cesrj.keri.credential;
  exports dev.cesrj.keri.crypto;
  exports dev.cesrj.keri.event;
  exports dev.cesrj.keri.exchange;
  exports dev.cesrj.keri.kever;
  exports dev.cesrj.keri.reply;
  exports dev.cesrj.keri.tel;
  exports dev.cesrj.keri.vlei;
}
