package dev.cesrj.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.cesrj.http.oobi.OobiException;
import dev.cesrj.http.oobi.OobiFailure;
import dev.cesrj.http.oobi.OobiResolver;
import dev.cesrj.http.oobi.OobiResponse;
import dev.cesrj.http.oobi.OobiSettings;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.reply.EndRole;
import dev.cesrj.keri.reply.LocScheme;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code cesrj oobi resolve [--json] [--max-body BYTES] [--timeout SECONDS] URL...}: resolves
 * each OOBI URL in turn into one verifier ({@link OobiResolver}, keripy's {@code kli oobi
 * resolve}) and prints what was learnt: each response, each failure, the key states, end roles
 * and locations. {@code --json} prints one object: {@code resolved} (url, status, contentType,
 * keriAid, bytes, messages), {@code errors} (url, kind, status, message), {@code keyStates} in
 * the form of keripy's verdict files and recording A's {@code keystate.json} ({@code sn said et k
 * kt n nt b bt}), {@code endRoles} ({@code cid role eid allowed}) and {@code locSchemes} ({@code
 * eid scheme url}).
 *
 * <p>Exit status, as {@code inspect}'s: 0 when every URL resolved; 2 for a wrong command line or
 * a URL that is no OOBI, or when a server sent what is not CESR over HTTP (not CESR, truncated,
 * too large, malformed HTTP, a bad redirect); 1 when a server could not be read (connection,
 * timeouts, a status other than 2xx such as keripy's 404). With several failures the highest
 * status wins.
 */
final class OobiCommand {
  /** The command line, as the usages show it. */
  static final String LINE =
      "cesrj oobi resolve [--json] [--max-body BYTES] [--timeout SECONDS] URL...\n";

  /** What it does, in the general usage ({@link Main#USAGE}). */
  static final String SUMMARY =
      "  oobi resolve  resolves OOBIs as keripy's kli oobi resolve does and prints the key"
          + " states\n";

  /** What {@code cesrj oobi --help} prints, and a wrong {@code oobi} command line. */
  static final String HELP = "usage: " + LINE
      + "  resolves each OOBI URL in turn as keripy's kli oobi resolve does and prints the key"
      + " states,\n"
      + "  end roles and locations learnt\n"
      + "  --json             print one JSON object {resolved, errors, keyStates, endRoles,"
      + " locSchemes}\n"
      + "  --max-body BYTES   the largest response body (default " + OobiSettings.DEFAULT
          .maxBodyBytes() + ")\n"
      + "  --timeout SECONDS  the most time for each GET, redirects included (default "
      + OobiSettings.DEFAULT.totalTimeout().toSeconds() + ")\n";

  private OobiCommand() {}

  /**
   * Runs {@code oobi} from {@code args[from]} on.
   *
   * @return the exit status
   * @throws UsageException for a wrong command line
   */
  static int run(String[] args, int from, PrintStream out, PrintStream err)
      throws IOException, UsageException {
    if (from >= args.length || !args[from].equals("resolve")) {
      throw new UsageException("oobi takes the subcommand resolve", HELP);
    }
    boolean json = false;
    OobiSettings settings = OobiSettings.DEFAULT;
    List<String> urls = new ArrayList<>();
    for (int i = from + 1; i < args.length; i++) {
      switch (args[i]) {
        case "--json" -> json = true;
        case "--max-body" -> settings = settings.withMaxBodyBytes(
            number(args, ++i, "--max-body", OptionNumbers.Unit.BYTES));
        case "--timeout" -> settings = settings.withTotalTimeout(
            Duration.ofSeconds(number(args, ++i, "--timeout", OptionNumbers.Unit.SECONDS)));
        default -> {
          if (args[i].startsWith("--")) {
            throw new UsageException("oobi resolve: unknown option " + args[i], HELP);
          }
          urls.add(args[i]);
        }
      }
    }
    if (urls.isEmpty()) {
      throw new UsageException("oobi resolve needs at least one URL", HELP);
    }
    List<OobiResponse> resolved = new ArrayList<>();
    List<OobiException> errors = new ArrayList<>();
    int status = Main.OK;
    try (OobiResolver resolver = new OobiResolver(settings)) {
      for (String url : urls) {
        try {
          resolved.add(resolver.resolve(url));
        } catch (OobiException e) {
          errors.add(e);
          status = Math.max(status, status(e.kind()));
          if (!json) {
            err.println("cesrj: " + Printable.of(line(e)));
          }
        }
      }
      if (json) {
        json(out, resolved, errors, resolver);
      } else {
        text(out, resolved, resolver);
      }
    }
    return status;
  }

  /**
   * The value after {@code option}, a whole number from 1 up ({@link OptionNumbers}); seconds at
   * most a day, as {@link OobiSettings} takes them.
   */
  private static long number(String[] args, int i, String option, OptionNumbers.Unit unit)
      throws UsageException {
    if (i >= args.length) {
      throw new UsageException("oobi resolve: " + option + " needs a value", HELP);
    }
    long max = unit == OptionNumbers.Unit.SECONDS ? Duration.ofDays(1).toSeconds() : Long.MAX_VALUE;
    return OptionNumbers.parse("oobi resolve", option, args[i], unit, 1, max, HELP);
  }

  /**
   * {@return the error line of a failure}: its message, with the HTTP status said once ({@link
   * OobiException}'s message gives it in parentheses after the URL, and a {@link
   * OobiFailure#STATUS} failure's detail says it again with its reason phrase)
   */
  static String line(OobiException e) {
    String m = String.valueOf(e.getMessage());
    if (e.status().isPresent()) {
      String status = "status " + e.status().getAsInt();
      String marker = " (" + status + "): ";
      int at = m.indexOf(marker);
      if (at >= 0 && m.indexOf(status, at + marker.length()) >= 0) {
        return m.substring(0, at) + ": " + m.substring(at + marker.length());
      }
    }
    return m;
  }

  /** The exit status of a failure: the server's content is bad (2) or it could not be read (1). */
  static int status(OobiFailure kind) {
    return switch (kind) {
      case CONNECT_FAILED, CONNECT_TIMEOUT, READ_TIMEOUT, TOTAL_TIMEOUT, STATUS, INTERRUPTED ->
          Main.IO_ERROR;
      case BAD_URL, UNSUPPORTED_SCHEME, TOO_LARGE, HEADERS_TOO_LARGE, MALFORMED_HTTP, TRUNCATED,
          NOT_CESR, REDIRECT_LOOP, REDIRECT_LIMIT, REDIRECT_SCHEME, REDIRECT_INVALID ->
          Main.BAD_INPUT;
    };
  }

  private static void text(PrintStream out, List<OobiResponse> resolved, OobiResolver r) {
    for (OobiResponse resp : resolved) {
      out.println(Printable.of("resolved " + resp.url() + ": " + resp.status() + " "
          + resp.contentType() + ", " + resp.bodyBytes() + " bytes, " + resp.messages()
          + " messages" + resp.keriAid().map(a -> ", Keri-Aid " + a).orElse("")));
    }
    for (Map.Entry<String, KeyState> e : r.keyStates().entrySet()) {
      KeyState s = e.getValue();
      out.println(Printable.of("key state " + e.getKey() + ": sn " + s.sn() + " " + s.et() + " "
          + s.said() + ", k " + s.keys() + " kt " + s.signingThreshold() + ", n "
          + s.nextKeyDigests() + " nt " + s.nextThreshold() + ", b " + s.witnesses() + " bt "
          + s.toad()));
    }
    for (EndRole e : r.endRoles()) {
      out.println(Printable.of("end role " + e.cid() + " " + e.role() + " " + e.eid()
          + (e.allowed() ? " allowed" : " cut")));
    }
    for (LocScheme l : r.locSchemes()) {
      out.println(Printable.of("location " + l.eid() + " " + l.scheme() + " " + l.url()));
    }
    out.flush();
  }

  private static void json(PrintStream out, List<OobiResponse> resolved,
      List<OobiException> errors, OobiResolver r) throws IOException {
    JsonGenerator json = JsonRenderer.generator(out);
    json.writeStartObject();
    json.writeArrayFieldStart("resolved");
    for (OobiResponse resp : resolved) {
      json.writeStartObject();
      json.writeStringField("url", resp.url().toString());
      json.writeNumberField("status", resp.status());
      json.writeStringField("contentType", resp.contentType());
      json.writeFieldName("keriAid");
      if (resp.keriAid().isPresent()) {
        json.writeString(resp.keriAid().get());
      } else {
        json.writeNull();
      }
      json.writeNumberField("bytes", resp.bodyBytes());
      json.writeNumberField("messages", resp.messages());
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeArrayFieldStart("errors");
    for (OobiException e : errors) {
      json.writeStartObject();
      json.writeStringField("url", String.valueOf(e.url()));
      json.writeStringField("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
      json.writeFieldName("status");
      if (e.status().isPresent()) {
        json.writeNumber(e.status().getAsInt());
      } else {
        json.writeNull();
      }
      json.writeStringField("message", String.valueOf(e.getMessage()));
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeObjectFieldStart("keyStates");
    for (Map.Entry<String, KeyState> e : r.keyStates().entrySet()) {
      json.writeFieldName(e.getKey());
      VerdictJsonRenderer.keyState(json, e.getValue());
    }
    json.writeEndObject();
    json.writeArrayFieldStart("endRoles");
    for (EndRole e : r.endRoles()) {
      json.writeStartObject();
      json.writeStringField("cid", e.cid());
      json.writeStringField("role", e.role());
      json.writeStringField("eid", e.eid());
      json.writeBooleanField("allowed", e.allowed());
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeArrayFieldStart("locSchemes");
    for (LocScheme l : r.locSchemes()) {
      json.writeStartObject();
      json.writeStringField("eid", l.eid());
      json.writeStringField("scheme", l.scheme());
      json.writeStringField("url", l.url());
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeEndObject();
    json.writeRaw('\n');
    json.flush();
  }
}
