package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import java.util.Optional;

/**
 * A routed peer message: query {@code qry}, reply {@code rpy}, prod {@code pro}, bare
 * {@code bar}, exchange inception {@code xip} and exchange {@code exn} (keripy
 * {@code serdering.py} {@code Fields}). Version 1: {@code qry}/{@code pro} {@code v t d dt r rr q},
 * {@code rpy}/{@code bar} {@code v t d dt r a}, {@code exn} {@code v t d i rp p dt r q a e}.
 * Version 2 adds {@code i} to all, and {@code exn} is {@code v t d i ri x p dt r q a}, {@code xip}
 * {@code v t d u i ri dt r q a}. Fields not named here are in {@link #fields()}.
 *
 * @param body the body
 * @param ilk the message type
 * @param said {@code d}
 * @param prefix {@code i}, the sender (absent from version 1 qry, rpy, pro, bar)
 * @param datetime {@code dt}, ISO-8601
 * @param route {@code r}
 * @param returnRoute {@code rr} (qry, pro)
 * @param recipient {@code rp} (version 1 exn) or {@code ri} (version 2 exn, xip); empty text when
 *     written so
 * @param priorSaid {@code p} (exn)
 */
public record RoutedMessage(
    Body body,
    Ilk ilk,
    String said,
    Optional<String> prefix,
    String datetime,
    String route,
    Optional<String> returnRoute,
    Optional<String> recipient,
    Optional<String> priorSaid)
    implements KeriEvent {}
