package dev.cesrj.flink.job;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.cesrj.flink.CesrRecord;
import dev.cesrj.flink.CesrRecords;
import dev.cesrj.flink.CesrStreamFormat;
import dev.cesrj.flink.kel.KelValidation;
import dev.cesrj.flink.kel.KelVerdict;
import dev.cesrj.keri.kever.FailOn;
import dev.cesrj.keri.kever.Status;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * The example job: {@code [--parallelism N] [--threads N] [--fail-on
 * rejected|escrowed|notaccepted]... FILE...} ({@code --threads}: the signature-checking workers of
 * each subtask's verifiers, {@link KelValidation#KelValidation(KelValidation.Settings, int)}; 1 by
 * default; {@code --fail-on}: see the exit status below). Each {@code .cesr} file is read by a
 * FileSource ({@link CesrStreamFormat}, the file's path its scope), validated by {@link
 * KelValidation} (escrows retried at the end of input), and each message's final verdict is
 * printed as one JSON line ({@code {"file":…,"offset":…,"prefix":…,"sn":…,"said":…,
 * "status":"accepted|escrowed|rejected","reason":…}}, every string from the input JSON-escaped by
 * Jackson), then {@code accepted=N escrowed=M rejected=K}, the counts of those lines.
 *
 * <p><b>Streamed, one line per message, each final.</b> A line is printed as soon as its message's
 * verdict is final, while the job runs: a message accepted or rejected (at intake, or later when
 * an escrow retry or the escrow age bound decides it; neither ever changes) is printed when the
 * job's sink receives that verdict. A message escrowed is not printed then: the verdict is held
 * until a later one of the same message is final (it is printed instead, once), and what is still
 * escrowed when the input ends is printed last, with status {@code escrowed}, in file and offset
 * order. So every line is final and every message has exactly one; the job holds the verdicts of
 * the messages escrowed now, not of all. Order: within a file, by when the verdicts were decided
 * (a file's messages are validated in offset order, so those accepted or rejected at intake come
 * in offset order, and an escrowed message comes later, when it is decided); the files' lines
 * interleave as their subtasks produce them.
 *
 * <p>A file that stops framing gives one {@code {"file":…,"offset":…,"error":…,"message":…}} line
 * on standard error, printed when it arrives, and the job goes on. A name that is no file (none
 * such, or a directory) is one line on standard error, exit status 1, before any job starts.
 *
 * <p>Exit status: 0 once every line is printed; 3 ({@link FailOn#EXIT_STATUS}) if a {@code
 * --fail-on} value (repeatable) names a verdict given: {@code rejected}, a message's final line
 * says rejected; {@code escrowed}, a message is still escrowed at the end of input; {@code
 * notaccepted}, a credential is not accepted, which never happens here (the job verifies KELs,
 * no credentials; the value is taken so that {@code inspect --verify}'s options carry over). The
 * decision is {@link FailOn}'s, the one {@code cesrj inspect --verify --fail-on} makes, with the
 * same status. A file that stops framing does not change the status (its messages before the
 * error are judged).
 *
 * <p>{@code java -jar cesrj-flink-VERSION-job.jar} runs it on a local MiniCluster
 * ({@link StreamExecutionEnvironment#getExecutionEnvironment()} outside a cluster); {@code flink run
 * -c dev.cesrj.flink.job.VerifyKelsJob cesrj-flink-VERSION-job.jar FILE...} on a cluster.
 */
public final class VerifyKelsJob {
  private static final JsonFactory JSON = new JsonFactory();
  /** The usage line: the jar as the build names it ({@code cesrj-flink-VERSION-job.jar}). */
  static final String USAGE = "usage: java -jar cesrj-flink-VERSION-job.jar [--parallelism N]"
      + " [--threads N] [--fail-on rejected|escrowed|notaccepted]... FILE...";

  /** What {@code --help} (or {@code -h}) prints: the usage line and each option's default. */
  static final String HELP = USAGE + "\n"
      + "  validates the KELs of each CESR FILE (keripy's Kevery rules), one JSON line per message's"
      + " final verdict,\n"
      + "  then accepted=N escrowed=M rejected=K\n"
      + "  --parallelism N  the job's parallelism (default 1)\n"
      + "  --threads N      signature-checking workers per subtask's verifier (default 1)\n"
      + "  --fail-on V      exit with status 3 if a message ends rejected (rejected), is still"
      + " escrowed\n"
      + "                   at the end of input (escrowed), or a credential is not accepted"
      + " (notaccepted,\n"
      + "                   never here); repeatable\n"
      + "  --help, -h       print this and exit with status 0\n";

  private VerifyKelsJob() {
  }

  /**
   * Runs the job.
   *
   * @param args {@code [--parallelism N] [--threads N] [--fail-on V]... FILE...}
   * @throws Exception if the job fails
   */
  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the job, printing to the given streams.
   *
   * @param args {@code [--parallelism N] [--threads N] [--fail-on V]... FILE...}
   * @param out the JSON lines and the count line
   * @param err usage and framing errors
   * @return the exit status: 0 (also after {@code --help} or {@code -h}, which prints the usage
   *     and each option's default on {@code out} and runs nothing); 3 ({@link FailOn#EXIT_STATUS}) if a verdict a {@code --fail-on}
   *     value names was given; 1 if a file does not exist or is a directory (one line on {@code
   *     err}, the name JSON-escaped, before any job starts); 2 for bad arguments (a FILE given
   *     twice among them, a {@code --fail-on} value that is none of the three)
   * @throws Exception if the job fails
   */
  public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    int parallelism = 1;
    int threads = 1;
    Set<FailOn> failOn = EnumSet.noneOf(FailOn.class);
    List<String> files = new ArrayList<>();
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h")) {
        out.print(HELP);
        out.flush();
        return 0;
      }
    }
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--fail-on") && i + 1 < args.length) {
        try {
          failOn.add(FailOn.of(args[++i]));
        } catch (IllegalArgumentException e) {
          err.println(e.getMessage() + "; " + USAGE);
          return 2;
        }
      } else if (args[i].equals("--threads") && i + 1 < args.length) {
        try {
          threads = Integer.parseInt(args[++i]);
        } catch (NumberFormatException e) {
          threads = 0;
        }
        if (threads < 1) {
          err.println("--threads takes a positive number");
          return 2;
        }
      } else if (args[i].equals("--parallelism") && i + 1 < args.length) {
        try {
          parallelism = Integer.parseInt(args[++i]);
        } catch (NumberFormatException e) {
          parallelism = 0;
        }
        if (parallelism < 1) {
          err.println("--parallelism takes a positive number");
          return 2;
        }
      } else {
        files.add(args[i]);
      }
    }
    if (files.isEmpty()) {
      err.println(USAGE);
      return 2;
    }
    if (new HashSet<>(files).size() < files.size()) {
      // one scope per path: the same file twice would be validated as one stream of its messages twice
      err.println("a FILE is given twice; " + USAGE);
      return 2;
    }
    for (String f : files) {
      String problem = unreadable(f);
      if (problem != null) {
        err.println("cannot read " + quoted(f) + ": " + problem);
        return 1;
      }
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(parallelism);
    DataStream<CesrRecord> records = null;
    for (String f : files) {
      FileSource<CesrRecord> source =
          FileSource.forRecordStreamFormat(new CesrStreamFormat(f), new Path(f)).build();
      DataStream<CesrRecord> one = env.fromSource(source, WatermarkStrategy.noWatermarks(), f);
      records = records == null ? one : records.union(one);
    }
    SingleOutputStreamOperator<CesrRecord> messages = CesrRecords.split(records);
    DataStream<KelVerdict> errors = messages.getSideOutput(CesrRecords.ERRORS)
        .map((MapFunction<CesrRecord, KelVerdict>) VerifyKelsJob::errorLine)
        .returns(KelVerdict.class);
    DataStream<KelVerdict> verdicts =
        KelValidation.validate(messages, KelValidation.Settings.DEFAULT, threads).union(errors);

    FinalVerdicts lines = new FinalVerdicts(out, files, failOn);
    try (CloseableIterator<KelVerdict> it = verdicts.executeAndCollect("cesrj verify-kels")) {
      while (it.hasNext()) {
        KelVerdict v = it.next();
        if (v.status.equals("ERROR")) {
          err.println(json(v));
        } else {
          lines.take(v);
        }
      }
    }
    lines.end();
    return lines.failed() ? FailOn.EXIT_STATUS : 0;
  }

  /**
   * Prints each message's final verdict once, as soon as it is final (see the class comment):
   * holds the verdicts of the messages escrowed now, prints the rest at once, and at the end of
   * input the ones still escrowed (in file and offset order) and the count line. A message is
   * known by its scope and index ({@link KelVerdict#index}, one per message of a scope); the
   * verdicts of one scope come in the order its operator emitted them (one subtask, one channel).
   * It also tells whether a printed verdict is one the {@code --fail-on} values name ({@link
   * FailOn#failsMessage}).
   */
  static final class FinalVerdicts {
    private final PrintStream out;
    private final List<String> files;
    private final Set<FailOn> failOn;
    private boolean failed;
    /** The verdicts of the messages escrowed now, by scope and index. */
    private final Map<String, KelVerdict> escrowed = new HashMap<>();
    private int accepted;
    private int rejected;

    FinalVerdicts(PrintStream out, List<String> files) {
      this(out, files, Set.of());
    }

    FinalVerdicts(PrintStream out, List<String> files, Set<FailOn> failOn) {
      this.out = out;
      this.files = files;
      this.failOn = Set.copyOf(failOn);
    }

    /** Prints one final line and notes whether it fails the run. */
    private void print(KelVerdict v) {
      out.println(json(v));
      failed |= FailOn.failsMessage(failOn, Status.valueOf(v.status));
    }

    /**
     * {@return whether a line printed so far is a verdict the {@code --fail-on} values name: after
     * {@link #end()}, whether the job exits with {@link FailOn#EXIT_STATUS}}
     */
    boolean failed() {
      return failed;
    }

    /** Takes the next verdict from the job. */
    void take(KelVerdict v) {
      String id = v.scope + "\u0000" + v.index;
      if (v.status.equals("ESCROWED")) {
        escrowed.put(id, v);
        return;
      }
      escrowed.remove(id);
      print(v);
      if (v.status.equals("ACCEPTED")) {
        accepted++;
      } else {
        rejected++;
      }
    }

    /** {@return how many verdicts are held: the messages escrowed now} */
    int held() {
      return escrowed.size();
    }

    /** Prints the messages still escrowed, then the count line. */
    void end() {
      List<KelVerdict> still = new ArrayList<>(escrowed.values());
      still.sort(Comparator.comparing((KelVerdict v) -> files.indexOf(v.scope))
          .thenComparing(v -> v.scope).thenComparingLong(v -> v.offset));
      for (KelVerdict v : still) {
        print(v);
      }
      out.println("accepted=" + accepted + " escrowed=" + still.size() + " rejected="
          + rejected);
      escrowed.clear();
    }
  }

  /**
   * Why {@code file} cannot be one input of the job, or null if it can: it must exist and be a
   * file, not a directory (a FileSource reads a directory's files one after another under one
   * scope, and their offsets would collide). Checked before the job starts, so that a wrong name
   * is one line, not a failed job's stack trace.
   */
  private static String unreadable(String file) {
    try {
      Path p = new Path(file);
      FileStatus st = p.getFileSystem().getFileStatus(p);
      return st.isDir() ? "a directory, not a file" : null;
    } catch (FileNotFoundException e) {
      return "no such file";
    } catch (IOException | IllegalArgumentException e) {
      return String.valueOf(e.getMessage());
    }
  }

  /** {@code s} as a JSON string: quotes, control characters (newlines, ANSI escapes) escaped. */
  private static String quoted(String s) {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(w)) {
      g.writeString(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  private static KelVerdict errorLine(CesrRecord e) {
    KelVerdict v = new KelVerdict();
    v.scope = e.scope;
    v.offset = e.offset;
    v.index = -1;
    v.status = "ERROR";
    v.reason = e.errorKind;
    v.detail = e.errorMessage;
    return v;
  }

  /**
   * {@return one JSON line for a verdict (or a framing error line), strings escaped by Jackson}
   *
   * @param v the verdict
   */
  public static String json(KelVerdict v) {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("file", v.scope);
      g.writeNumberField("offset", v.offset);
      if (v.status.equals("ERROR")) {
        g.writeStringField("error", v.reason);
        g.writeStringField("message", v.detail);
      } else {
        g.writeStringField("prefix", v.prefix);
        if (v.sn == null) {
          g.writeNullField("sn");
        } else {
          g.writeNumberField("sn", new BigInteger(v.sn));
        }
        g.writeStringField("said", v.said);
        g.writeStringField("status", v.status.toLowerCase(Locale.ROOT));
        if (v.reason == null || v.reason.equals("NONE")) {
          g.writeNullField("reason");
        } else {
          g.writeStringField("reason", v.reason.toLowerCase(Locale.ROOT));
        }
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }
}
