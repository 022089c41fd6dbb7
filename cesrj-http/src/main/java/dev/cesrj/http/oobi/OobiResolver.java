package dev.cesrj.http.oobi;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.http.OobiPath;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.reply.EndRole;
import dev.cesrj.keri.reply.LocScheme;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Resolves OOBIs over HTTP as keripy's {@code Oobiery} does (keripy {@code src/keri/app/oobiing.py}
 * {@code Oobiery.processFlows}, {@code processClients}: a GET of the OOBI URL, its {@code
 * application/cesr} body parsed into the {@code Kevery} and {@code Revery}), and fetches a
 * witness's receipts ({@code GET /receipts?pre=&sn=}, keripy {@code src/keri/app/indirecting.py}
 * {@code ReceiptEnd.on_get}) and KEL ({@code GET /query?typ=kel&pre=}, {@code QueryEnd.on_get}).
 *
 * <p>Each body is streamed, read by read, through cesrj's push parser ({@link CesrStreamParser})
 * into the {@link OobiSink} (by default a {@link KeriSink}: a {@code KelVerifier} and a {@code
 * Revery}); nothing of a body is kept past the message the parser is framing. Bodies of type
 * {@code text/event-stream} (keripy's mailbox) are read as server-sent events, their {@code data}
 * lines being the CESR. A redirect (301, 302, 303, 307, 308) is followed to a URL of the same
 * scheme, at most {@link OobiSettings#maxRedirects()} times and never back to one visited. Every
 * failure is an {@link OobiException} whose {@link OobiFailure} says what failed; a failure
 * leaves in the sink what the messages before it brought (keripy keeps those too).
 *
 * <p>HTTP: Netty's HTTP/1.1 codec on one I/O thread owned by the resolver (chosen over the JDK's
 * {@code HttpClient}, which refuses keripy's 204 with a chunked terminator; {@code
 * docs/performance.md} has the measurements). Requests send {@code Host} and {@code
 * Accept-Encoding: identity}, as keripy's client does. Plain {@code http} only: {@code https} is
 * {@link OobiFailure#UNSUPPORTED_SCHEME} for now.
 *
 * <p>Thread-safe to call from one thread at a time (calls are serialized); {@link #close()} frees
 * the I/O thread and the idle connections.
 */
public final class OobiResolver implements AutoCloseable {
  private final OobiSettings settings;
  private final OobiSink sink;
  private final HttpGetter http;

  /** A resolver with {@link OobiSettings#DEFAULT} into a new {@link KeriSink}. */
  public OobiResolver() {
    this(OobiSettings.DEFAULT, new KeriSink());
  }

  /**
   * A resolver into a new {@link KeriSink}.
   *
   * @param settings the limits
   */
  public OobiResolver(OobiSettings settings) {
    this(settings, new KeriSink());
  }

  /**
   * A resolver into {@code sink} (a watcher's, a credential verifier's).
   *
   * @param settings the limits
   * @param sink what takes each response's messages
   */
  public OobiResolver(OobiSettings settings, OobiSink sink) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.sink = Objects.requireNonNull(sink, "sink");
    this.http = new HttpGetter(settings);
  }

  /** {@return the sink the responses go to} */
  public OobiSink sink() {
    return sink;
  }

  /**
   * Resolves one OOBI URL: its path must be one of {@link OobiPath}'s forms ({@code /oobi},
   * {@code /oobi/{aid}}, {@code /oobi/{aid}/{role}}, {@code /oobi/{aid}/{role}/{eid}}, {@code
   * /.well-known/keri/oobi/{aid}}); a query is allowed and sent.
   *
   * @param url an absolute {@code http} URL
   * @return the response taken
   * @throws OobiException {@link OobiFailure#BAD_URL} for a URL that is none of those, or any
   *     failure of {@link #fetch(URI)}
   */
  public synchronized OobiResponse resolve(String url) {
    URI uri = parse(url);
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    if (OobiPath.parse(path).isEmpty()) {
      throw new OobiException(OobiFailure.BAD_URL, uri, OptionalInt.empty(), 0,
          "the path " + path + " is none of keripy's OOBI forms", null);
    }
    return fetch(uri);
  }

  /**
   * Fetches a witness's receipts of {@code pre}'s event {@code sn} ({@code GET
   * /receipts?pre=&sn=}: an {@code rct} that needs its event in the sink first, else it waits in
   * an escrow or is rejected, as keripy's {@code UnverifiedReceiptError}).
   *
   * @param base the witness's URL ({@code http://host:port/})
   * @param pre the AID
   * @param sn the sequence number, at least 0
   * @return the response taken
   * @throws OobiException as {@link #fetch(URI)}
   */
  public synchronized OobiResponse receipts(String base, String pre, BigInteger sn) {
    if (sn.signum() < 0) {
      throw new IllegalArgumentException("sn " + sn);
    }
    return fetch(under(base, "receipts", "pre=" + query(pre) + "&sn=" + sn));
  }

  /**
   * Fetches a witness's copy of {@code pre}'s KEL ({@code GET /query?typ=kel&pre=}).
   *
   * @param base the witness's URL ({@code http://host:port/})
   * @param pre the AID
   * @return the response taken
   * @throws OobiException as {@link #fetch(URI)}
   */
  public synchronized OobiResponse kel(String base, String pre) {
    return fetch(under(base, "query", "typ=kel&pre=" + query(pre)));
  }

  /**
   * GETs {@code url} and streams its CESR body into the sink, following redirects; at its end
   * calls {@link OobiSink#endOfResponse(URI)}.
   *
   * @param url an absolute {@code http} URL
   * @return the response taken
   * @throws OobiException whatever failed
   */
  public synchronized OobiResponse fetch(URI url) {
    check(url);
    List<URI> redirects = new ArrayList<>();
    Set<String> visited = new LinkedHashSet<>();
    URI at = url;
    visited.add(at.normalize().toString());
    while (true) {
      Taker taker = new Taker(at);
      HttpGetter.Head head;
      try {
        head = http.get(at, taker);
      } finally {
        taker.close();
      }
      if (taker.location == null) {
        return new OobiResponse(url, at, redirects, head.status(), taker.contentType,
            Optional.ofNullable(head.headers().get("Keri-Aid")), head.bodyBytes(),
            taker.messages, taker.peak);
      }
      URI next = taker.location;
      if (!next.getScheme().equalsIgnoreCase(at.getScheme())) {
        throw new OobiException(OobiFailure.REDIRECT_SCHEME, at, OptionalInt.of(head.status()), 0,
            "redirect to another scheme: " + next, null);
      }
      if (next.getHost() == null || next.getHost().isEmpty()) {
        throw new OobiException(OobiFailure.REDIRECT_INVALID, at, OptionalInt.of(head.status()), 0,
            "redirect to a URL without a host: " + next, null);
      }
      if (!visited.add(next.normalize().toString())) {
        throw new OobiException(OobiFailure.REDIRECT_LOOP, at, OptionalInt.of(head.status()), 0,
            "redirect back to " + next + " after " + redirects, null);
      }
      if (redirects.size() >= settings.maxRedirects()) {
        throw new OobiException(OobiFailure.REDIRECT_LIMIT, at, OptionalInt.of(head.status()), 0,
            "more than " + settings.maxRedirects() + " redirects: " + next, null);
      }
      redirects.add(next);
      at = next;
    }
  }

  /**
   * {@return the key states the default sink holds (every prefix accepted so far)}
   *
   * @throws IllegalStateException if the sink is not a {@link KeriSink}
   */
  public synchronized Map<String, KeyState> keyStates() {
    return keri().kevers().keyStates();
  }

  /**
   * {@return the end roles the default sink's revery stored}
   *
   * @throws IllegalStateException if the sink is not a {@link KeriSink}
   */
  public synchronized List<EndRole> endRoles() {
    return keri().revery().endRoles();
  }

  /**
   * {@return the locations the default sink's revery stored}
   *
   * @throws IllegalStateException if the sink is not a {@link KeriSink}
   */
  public synchronized List<LocScheme> locSchemes() {
    return keri().revery().locSchemes();
  }

  private KeriSink keri() {
    if (sink instanceof KeriSink k) {
      return k;
    }
    throw new IllegalStateException("the sink is a " + sink.getClass().getName());
  }

  /** {@return connections opened so far (one per request unless a server keeps them alive)} */
  long connections() {
    return http.connections();
  }

  @Override
  public void close() {
    http.close();
  }

  // --- URLs --------------------------------------------------------------------------------

  private static URI parse(String url) {
    Objects.requireNonNull(url, "url");
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new OobiException(OobiFailure.BAD_URL, null, OptionalInt.empty(),
          0, "not a URL: " + url, e);
    }
    check(uri);
    return uri;
  }

  private static void check(URI uri) {
    if (!uri.isAbsolute() || uri.getScheme() == null) {
      throw new OobiException(OobiFailure.BAD_URL, uri, OptionalInt.empty(),
          0, "not an absolute URL", null);
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http")) {
      throw new OobiException(OobiFailure.UNSUPPORTED_SCHEME, uri, OptionalInt.empty(), 0,
          "scheme " + scheme + " (http only)", null);
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw new OobiException(OobiFailure.BAD_URL, uri, OptionalInt.empty(), 0, "no host", null);
    }
  }

  private static URI under(String base, String path, String query) {
    URI b = parse(base);
    String p = b.getRawPath() == null || b.getRawPath().isEmpty() ? "/" : b.getRawPath();
    if (!p.endsWith("/")) {
      p += "/";
    }
    return URI.create(b.getScheme() + "://" + b.getRawAuthority() + p + path + "?" + query);
  }

  private static String query(String v) {
    return URLEncoder.encode(v, StandardCharsets.UTF_8);
  }

  // --- one body ----------------------------------------------------------------------------

  /** Takes one response: its head, then its body into the parser and the sink. */
  private final class Taker implements HttpGetter.Body {
    final URI url;
    final CesrStreamParser parser;
    EventStreamData events;
    String contentType = "";
    URI location;
    int messages;
    long peak;
    /** The 2xx status of the response whose body is being read (named in its failures). */
    int okStatus = 200;

    Taker(URI url) {
      this.url = url;
      long frame = Math.max(CesrOptions.MIN_FRAME_BYTES,
          Math.min(settings.maxBodyBytes(), CesrOptions.DEFAULT_MAX_FRAME_BYTES));
      this.parser = new CesrStreamParser(CesrOptions.builder().maxFrameBytes(frame).build());
    }

    @Override
    public void head(HttpResponse head, URI at) {
      int status = head.status().code();
      okStatus = status;
      String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE);
      contentType = type == null ? "" : type;
      if (isRedirect(status)) {
        String loc = head.headers().get(HttpHeaderNames.LOCATION);
        if (loc == null || loc.isBlank()) {
          throw new OobiException(OobiFailure.REDIRECT_INVALID, url, OptionalInt.of(status), 0,
              "a redirect without Location", null);
        }
        try {
          location = url.resolve(new URI(loc.trim()));
        } catch (URISyntaxException | IllegalArgumentException e) {
          throw new OobiException(OobiFailure.REDIRECT_INVALID, url, OptionalInt.of(status), 0,
              "a Location that is no URL: " + loc, e);
        }
        if (location.getScheme() == null) {
          throw new OobiException(OobiFailure.REDIRECT_INVALID, url, OptionalInt.of(status), 0,
              "a Location without a scheme: " + loc, null);
        }
        return;
      }
      if (status < 200 || status > 299) {
        throw new OobiException(OobiFailure.STATUS, url, OptionalInt.of(status), 0,
            "status " + status + " " + head.status().reasonPhrase(), null);
      }
      String media = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
      switch (media) {
        case "", "application/cesr", "application/json" -> { }
        case "text/event-stream" -> events = new EventStreamData(
            Math.max(1, Math.min(settings.maxBodyBytes(), CesrOptions.DEFAULT_MAX_FRAME_BYTES)),
            this::feed);
        default -> throw new OobiException(OobiFailure.NOT_CESR, url, OptionalInt.of(status), 0,
            "Content-Type " + contentType + ", not application/cesr", null);
      }
    }

    @Override
    public void content(ByteBuf content) {
      if (location != null) {
        return; // a redirect's body is read (within the limit) and dropped
      }
      if (events != null) {
        try {
          events.feed(content);
        } catch (EventStreamData.LineTooLong e) {
          throw new OobiException(OobiFailure.TOO_LARGE, url, OptionalInt.of(okStatus),
              0, e.getMessage(), e);
        }
        return;
      }
      take(parser.feedCopy(content));
    }

    private void feed(byte[] data) {
      take(parser.feed(data));
    }

    private void take(Framed framed) {
      try {
        peak = Math.max(peak, parser.buffered());
        if (framed.error().isPresent()) {
          CesrException e = framed.error().get();
          sink.accept(framed, url); // the messages before the error
          OobiFailure kind = e instanceof TruncatedException ? OobiFailure.TRUNCATED
              : OobiFailure.NOT_CESR;
          throw new OobiException(kind, url, OptionalInt.of(okStatus),
              e.offset(), "CESR: " + e.getMessage(),
              e);
        }
        messages += framed.messages().size();
        sink.accept(framed, url);
      } finally {
        framed.close();
      }
    }

    @Override
    public void end() {
      if (location != null) {
        return;
      }
      if (events != null) {
        try {
          events.end();
        } catch (EventStreamData.LineTooLong e) {
          throw new OobiException(OobiFailure.TOO_LARGE, url, OptionalInt.of(okStatus),
              0, e.getMessage(), e);
        }
      }
      take(parser.endOfInput());
      sink.endOfResponse(url);
    }

    void close() {
      parser.close();
    }
  }

  private static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }
}
