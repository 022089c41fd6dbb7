/**
 * Reply messages ({@code rpy}) verified against the key states of a {@link
 * dev.cesrj.keri.kever.KelVerifier} and stored as keripy stores them: the end roles ({@code
 * /end/role/add}, {@code /end/role/cut}; keripy's {@code ends}/{@code eans}) and location schemes
 * ({@code /loc/scheme}; keripy's {@code locs}/{@code lans}) an OOBI answer carries, with keripy's
 * Best Available Data Acceptance rule and its reply escrow (keripy {@code
 * src/keri/core/routing.py} {@code Revery}, {@code src/keri/core/eventing.py} {@code
 * Kevery.processReplyEndRole}, {@code processReplyLocScheme}).
 */
package dev.cesrj.keri.reply;
