/**
 * OOBI resolution over HTTP as keripy's {@code Oobiery} does it (keripy {@code
 * src/keri/app/oobiing.py} {@code Oobiery.processFlows}, {@code processClients}): GET an OOBI URL
 * ({@link dev.cesrj.http.OobiPath}), stream the CESR body through cesrj's push parser into a
 * verifier ({@link dev.cesrj.keri.kever.KelVerifier} for key events and receipts, {@link
 * dev.cesrj.keri.reply.Revery} for replies, or any {@link dev.cesrj.http.oobi.OobiSink}), and
 * report key states and endpoints. Every failure is an {@link
 * dev.cesrj.http.oobi.OobiException} with a {@link dev.cesrj.http.oobi.OobiFailure} kind.
 *
 * <p>May depend on {@code dev.cesrj.http}, {@code dev.cesrj}, {@code dev.cesrj.keri} and its
 * sub-packages, and Netty (buffer, transport, HTTP codec, handler).
 */
package dev.cesrj.http.oobi;
