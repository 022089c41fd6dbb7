/**
 * KERI over HTTP: what keripy's HTTP endpoints and clients agree on, shared by the OOBI resolver
 * and the watcher service (their sub-packages).
 *
 * <p>May depend on {@code dev.cesrj}, {@code dev.cesrj.keri} and its sub-packages, {@code
 * dev.cesrj.netty} and Netty; nothing in cesrj-core, cesrj-netty or cesrj-keri depends on it.
 */
package dev.cesrj.http;
