package dev.cesrj.keri.exchange;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * IPEX's chain rules for an {@code exn} whose route is one of the six IPEX verbs (keripy {@code
 * src/keri/acdc/ipexing.py} {@code IpexHandler.verify}, {@code PreviousRoutes}, registered by
 * {@code loadHandlers} for {@code /ipex/apply}, {@code offer}, {@code agree}, {@code grant},
 * {@code admit}, {@code spurn}): an apply starts a flow (no prior); an offer or a grant may start
 * one; an agree, admit or spurn answers a prior; a prior must be an accepted exchange whose verb
 * may precede this one, not answered yet.
 *
 * <p>Not checked here: the nested artifacts ({@code a.acdc}, {@code iss}, {@code anc}) keripy
 * HEAD compares with the version 2 nested substreams of an offer or grant.
 */
final class IpexChain {
  /** The IPEX routes keripy registers a handler for. */
  static final String PREFIX = "/ipex/";

  private static final Map<String, Set<String>> PREVIOUS = Map.of(
      "offer", Set.of("apply"),
      "agree", Set.of("offer"),
      "grant", Set.of("agree"),
      "admit", Set.of("grant"),
      "spurn", Set.of("apply", "offer", "agree"));

  private static final Set<String> VERBS =
      Set.of("apply", "offer", "agree", "grant", "admit", "spurn");

  private IpexChain() {}

  /** {@return true if keripy registers an IPEX handler for {@code route}} */
  static boolean governs(String route) {
    return route.startsWith(PREFIX) && VERBS.contains(route.substring(PREFIX.length()));
  }

  /**
   * {@return why {@code route} with prior {@code prior} breaks the chain, or empty if it does not}
   *
   * @param said the exchange's own SAID (an answer that is this exchange is no other answer)
   * @param route an IPEX route ({@link #governs})
   * @param prior {@code p}, empty text for none
   * @param routes the route of each accepted exchange, by SAID
   * @param answers the SAID of the accepted exchange answering each, by the SAID it answers
   */
  static Optional<String> breach(String said, String route, String prior,
      Map<String, String> routes, Map<String, String> answers) {
    String verb = route.substring(PREFIX.length());
    if (verb.equals("apply")) {
      return prior.isEmpty() ? Optional.empty() : Optional.of("an apply has no prior");
    }
    if (prior.isEmpty()) {
      return verb.equals("offer") || verb.equals("grant") ? Optional.empty()
          : Optional.of("an " + verb + " answers a prior exchange; p is empty");
    }
    String priorRoute = routes.get(prior);
    if (priorRoute == null) {
      return Optional.of("prior " + prior + " is no accepted exchange");
    }
    if (!priorRoute.startsWith(PREFIX)
        || !PREVIOUS.get(verb).contains(priorRoute.substring(PREFIX.length()))) {
      return Optional.of("prior route " + priorRoute + " may not precede " + route);
    }
    String answer = answers.get(prior);
    if (answer != null && !answer.equals(said)) {
      return Optional.of("prior " + prior + " is already answered by " + answer);
    }
    return Optional.empty();
  }
}
