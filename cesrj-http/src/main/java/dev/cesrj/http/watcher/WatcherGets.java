package dev.cesrj.http.watcher;

import dev.cesrj.http.CesrHttp;
import dev.cesrj.http.OobiPath;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers of a {@link Watcher} to GET requests, read from its state: the OOBI forms ({@code
 * /oobi/{aid}}, {@code /oobi/{aid}/{role}}, {@code /oobi/{aid}/{role}/{eid}}: keripy {@code
 * src/keri/end/ending.py} {@code OOBIEnd.on_get}, what keripy {@code src/keri/app/oobiing.py}
 * {@code Oobiery.processOobis} fetches when it resolves an OOBI), receipts ({@code
 * /receipts?pre=&sn=}, keripy {@code src/keri/app/indirecting.py} {@code ReceiptEnd.on_get}) and
 * KELs ({@code /query?typ=kel&pre=}, keripy {@code indirecting.py} {@code QueryEnd.on_get}). The
 * forms and status codes are those {@link Watcher#get(String)} documents; bodies are CESR bytes,
 * or a JSON error naming what was expected.
 *
 * <p>It reads the watcher's state through {@link State} (the KEL verifier and reply book, which a
 * reset or compaction replaces) and the event and first-seen maps the watcher owns; it never
 * calls the watcher. Not thread-safe: called only from the watcher's methods that hold its lock
 * (each is {@code synchronized} on the watcher), after the watcher caught up with its store.
 */
final class WatcherGets {
  /** The response header naming the AID an OOBI answer is about (keripy's {@code Keri-Aid}). */
  static final String KERI_AID_HEADER = "Keri-Aid";

  /** What the answers read of the watcher that it replaces over time. */
  interface State {
    /** {@return the watcher's KEL verifier now} */
    KelVerifier kvy();

    /** {@return the watcher's reply book now} */
    ReplyBook replies();
  }

  private final State state;
  private final Map<String, HeldEvent> events;
  private final Map<String, FirstSeen> firstSeen;
  private final WatcherStats stats;

  /**
   * Answers over the watcher's state.
   *
   * @param state the KEL verifier and reply book, read at each answer
   * @param events the watcher's held events, by SAID (read only)
   * @param firstSeen the watcher's first-seen records, by SAID (read only)
   * @param stats the watcher's counters ({@code gets} counts the GETs answered)
   */
  WatcherGets(State state, Map<String, HeldEvent> events, Map<String, FirstSeen> firstSeen,
      WatcherStats stats) {
    this.state = state;
    this.events = events;
    this.firstSeen = firstSeen;
    this.stats = stats;
  }

  /**
   * {@return the KEL of {@code prefix} as {@link Watcher#kel(String)} documents, or empty}
   *
   * @param prefix a prefix (qb64)
   */
  Optional<byte[]> kel(String prefix) {
    KelVerifier kvy = state.kvy();
    Optional<KeyState> ks = kvy.keyState(prefix);
    if (ks.isEmpty()) {
      return Optional.empty();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BigInteger sn = BigInteger.ZERO;
    for (var a = kvy.acceptedEvent(prefix, sn); a.isPresent();
        sn = sn.add(BigInteger.ONE), a = kvy.acceptedEvent(prefix, sn)) {
      HeldEvent e = events.get(a.get().said());
      FirstSeen fs = firstSeen.get(a.get().said());
      if (e == null || e.body == null || fs == null) {
        break; // cannot happen for an event accepted from this watcher's own intake
      }
      KelStreams.writeEvent(out, e, fs);
    }
    return Optional.of(out.toByteArray());
  }

  /**
   * {@return the receipt as {@link Watcher#receipt(String, BigInteger)} documents, or empty}
   *
   * @param prefix a prefix (qb64)
   * @param sn a sequence number
   */
  Optional<byte[]> receipt(String prefix, BigInteger sn) {
    return state.kvy().acceptedEvent(prefix, sn).map(a -> receiptBody(prefix, sn, a.said()));
  }

  /** {@return the receipt of an accepted event: its {@code rct} body with the wigs held} */
  byte[] receiptBody(String prefix, BigInteger sn, String said) {
    HeldEvent e = events.get(said);
    List<String> wigs = e == null ? List.of() : new ArrayList<>(e.wigs.values());
    return KelStreams.receipt(prefix, sn, said, wigs, wigs.size());
  }

  /**
   * Answers a GET of {@code target} (path and query) as {@link Watcher#get(String)} documents,
   * counting it in {@code stats}.
   *
   * @param target the request target, e.g. {@code /receipts?pre=E...&sn=0}
   * @return the answer
   */
  WatcherAnswer get(String target) {
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    stats.gets++;
    Map<String, String> params;
    try {
      params = q < 0 ? Map.of() : params(target.substring(q + 1));
    } catch (IllegalArgumentException e) {
      return WatcherAnswer.error(400, "malformed percent-encoding in the query after offset "
          + (q + 1) + ": expected %XX with two hex digits");
    }
    if (path.equals("/receipts")) {
      String pre = params.get("pre");
      BigInteger sn = snParam(params.get("sn"));
      if (pre == null || sn == null) {
        return WatcherAnswer.error(400, "query params 'pre' and 'sn' (a decimal number) are "
            + "required");
      }
      return receipt(pre, sn).map(b -> WatcherAnswer.of(200, CesrHttp.CONTENT_TYPE, b))
          .orElseGet(() -> WatcherAnswer.error(404, "event for " + pre + " at " + sn
              + " not found"));
    }
    if (path.equals("/query")) {
      String pre = params.get("pre");
      if (!"kel".equals(params.get("typ")) || pre == null) {
        return WatcherAnswer.error(400, "query params 'typ=kel' and 'pre' are required");
      }
      return kel(pre).map(b -> WatcherAnswer.of(200, CesrHttp.CONTENT_TYPE, b))
          .orElseGet(() -> WatcherAnswer.error(404, "unknown AID " + pre));
    }
    Optional<OobiPath> oobi = OobiPath.parse(path);
    if (oobi.isEmpty() || oobi.get().aid().isEmpty()
        || oobi.get().form() == OobiPath.Form.WELL_KNOWN) {
      return WatcherAnswer.of(404, "application/json", new byte[0]);
    }
    String aid = oobi.get().aid().get();
    Optional<byte[]> kel = kel(aid);
    if (kel.isEmpty()) {
      return WatcherAnswer.of(404, "application/json", new byte[0]);
    }
    byte[] body = kel.get();
    if (oobi.get().role().filter(r -> r == dev.cesrj.http.Role.WITNESS).isPresent()) {
      body = withLocSchemes(body, aid, oobi.get().eid());
    }
    return WatcherAnswer.of(200, CesrHttp.CONTENT_TYPE, body).with(KERI_AID_HEADER, aid);
  }

  /**
   * {@code kel} followed by the accepted {@code /loc/scheme} replies of {@code aid}'s witnesses
   * (of {@code eid} alone if given), in witness-list order, as keripy's {@code OOBIEnd.on_get}
   * serves the witness role (the replies as they were POSTed: signed by each witness, never by
   * this watcher).
   */
  private byte[] withLocSchemes(byte[] kel, String aid, Optional<String> eid) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(kel);
    List<String> wits = state.kvy().keyState(aid).map(KeyState::witnesses).orElse(List.of());
    for (String w : wits) {
      if (eid.isPresent() && !eid.get().equals(w)) {
        continue;
      }
      for (HeldReply kept : state.replies().locSchemes(w)) {
        out.writeBytes(kept.message().raw());
      }
    }
    return out.toByteArray();
  }

  private static BigInteger snParam(String s) {
    if (s == null || s.isEmpty() || s.length() > 40) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return null;
      }
    }
    return new BigInteger(s);
  }

  /** @throws IllegalArgumentException on a malformed percent-encoding (URLDecoder's) */
  private static Map<String, String> params(String query) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String kv : query.split("&")) {
      int eq = kv.indexOf('=');
      String k = java.net.URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq),
          StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : java.net.URLDecoder.decode(kv.substring(eq + 1),
          StandardCharsets.UTF_8);
      out.putIfAbsent(k, v);
    }
    return out;
  }
}
