package dev.cesrj.http.watcher;

/**
 * A TEL event or ACDC the watcher kept (accepted or escrowed): its bytes as stored, and its
 * message index in the current {@link dev.cesrj.keri.credential.CredentialVerifier}, whose verdict
 * on it says at the next compaction whether it is still held or was evicted from its escrow.
 *
 * @param raw the message and its attachments, as stored
 * @param index its index among the credential verifier's messages
 */
record KeptCredentialMessage(byte[] raw, int index) {}
