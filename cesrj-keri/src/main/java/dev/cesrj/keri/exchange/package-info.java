/**
 * Exchange messages ({@code exn}) verified against the key states of a {@link
 * dev.cesrj.keri.kever.KelVerifier}: SAID, the sender's signatures at the establishment event
 * they name, IPEX's chain of priors, and the partially signed exchange escrow (keripy {@code
 * src/keri/peer/exchanging.py} {@code Exchanger}).
 */
package dev.cesrj.keri.exchange;
