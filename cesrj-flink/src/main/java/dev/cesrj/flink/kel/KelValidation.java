package dev.cesrj.flink.kel;

import dev.cesrj.flink.CesrRecord;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.kever.VerifierState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.TimeDomain;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * KEL validation as a keyed Flink operator: keripy's {@code Kever}/{@code Kevery} rules, as
 * cesrj-keri's {@link KelVerifier} applies them (one copy of the rules), with one verifier per
 * key whose {@link VerifierState} lives in Flink keyed state (written by
 * {@link VerifierStateCodec}), so that key states and escrows are in every checkpoint and move with
 * their key when the job is rescaled.
 *
 * <p><b>State layout, per key (scope).</b> {@value #KEL_STATE}, a {@code MapState<String, byte[]>}:
 * one entry per prefix with an accepted inception, its key the prefix (qb64), its value that
 * prefix's accepted KEL ({@link VerifierState.KelRecord}: key state, last establishment message,
 * each accepted event's SAID and seals) and its place in order of inception
 * ({@link VerifierStateCodec#encodeKel}). {@value #REST_STATE}, a {@code ValueState<byte[]>}: the
 * rest of the verifier's state ({@link VerifierStateCodec#encodeRest}: next message index, change
 * clock, the change counts an escrow retry can still read, the escrowed messages, the kept receipt
 * couples): the size of the escrows ({@link EscrowLimits}) plus about 50 bytes for each prefix
 * changed since the oldest escrowed message's last try, not of the KELs. After each call (a message, a
 * timer) the operator writes the rest and the entries of the prefixes whose KEL the call changed
 * ({@link KelVerifier#takeChangedKels()}: an event accepted), nothing else: a message for one
 * prefix costs that prefix's record and the rest, not the scope's other KELs. A key's verifier is
 * rebuilt from the rest and all its entries (sorted by place in order of inception) when it is not
 * in the cache below. Three small values hold the timers' bookkeeping ({@code expire-before},
 * {@code expiry-timer}, {@code end-timer}).
 *
 * <p><b>Keys and delegation: co-partitioning.</b> The key is the record's {@link CesrRecord#scope}:
 * the messages of one scope are validated together, as one keripy {@code Kevery} validates one
 * stream, and the prefixes of a scope live in the key's one verifier. A delegated event needs its
 * delegator's accepted events, a transferable receipt its signer's establishment event: both must
 * be in the same scope as what they depend on. Flink has no cycles in a job graph (iterations are
 * gone in Flink 2), and a delegate's acceptance depends on the delegator's and a delegator's
 * receipts on the delegate's, so the pattern is co-partitioning: whatever writes the records gives
 * a delegator, its delegates and the signers of its receipts one scope (a Kafka producer gives them
 * one record key, {@link dev.cesrj.flink.CesrKafkaDeserializationSchema}; a file is one scope).
 * Scopes spread over the subtasks by Flink's key groups; a prefix never spans two scopes' state.
 * The key a producer should give is a prefix: that of the delegation tree's root (the delegator
 * whose KEL anchors the others), so an AID that neither delegates nor is delegated is keyed by
 * its own prefix. Keying by each event's own prefix would put a delegate under another key than
 * its delegator, and the delegate's verdict would need state that no operator upstream has.
 *
 * <p><b>Output.</b> One {@link KelVerdict} per message at intake, then one per change (an escrowed
 * message accepted, rejected, or expired): the last for a message is its final verdict. A
 * {@link KeyStateChange} to {@link #KEY_STATES} for each prefix whose KEL (so key state) the call
 * changed, after the call's verdicts.
 *
 * <p><b>Escrow retries and bounds.</b> With {@link Settings#retryEachMessage} the escrows are
 * retried after every message ({@link KelVerifier#retryEscrows()}, for unbounded streams);
 * otherwise only at the end of the input (an event-time timer at the last watermark), which is
 * when {@link KelVerifier#finish()} retries them, so that a bounded job gives that call's verdicts.
 * Escrows are bounded in count and bytes by {@link EscrowLimits} per key, and in time: a message
 * still escrowed {@link Settings#maxEscrowAge} after it arrived (processing time, a timer per key)
 * is rejected with {@link dev.cesrj.keri.kever.Reason#ESCROW_EXPIRED}.
 *
 * <p>A transient cache keeps the live verifier of recently used keys (at most
 * {@link Settings#cachedKeys}, each dropped after {@value #CACHED_MESSAGES} messages, since a live
 * verifier keeps a verdict per message it saw); the keyed state is written after every call (the
 * rest and the changed prefixes' entries, above) and is the truth: a restored or rescaled operator
 * starts with an empty cache and rebuilds each verifier from it.
 */
public final class KelValidation
    extends KeyedProcessFunction<String, CesrRecord, KelVerdict> {
  private static final long serialVersionUID = 1L;

  /** The name of the per-prefix {@code MapState} (see the class comment). */
  public static final String KEL_STATE = "kel-records";
  /** The name of the {@code ValueState} holding the rest of each key's verifier state. */
  public static final String REST_STATE = "verifier-rest";

  /** The side output of key-state changes. */
  public static final OutputTag<KeyStateChange> KEY_STATES =
      new OutputTag<>("kel-key-states") { };

  /**
   * How the operator bounds and retries its escrows.
   *
   * @param maxMessages escrowed messages per key ({@link EscrowLimits#maxMessages()})
   * @param maxBytes escrowed bytes per key ({@link EscrowLimits#maxBytes()})
   * @param maxEscrowAge how long a message may wait in escrow (processing time)
   * @param retryEachMessage retry the escrows after every message, not only at end of input
   * @param cachedKeys the live verifiers kept per subtask
   */
  public record Settings(int maxMessages, long maxBytes, Duration maxEscrowAge,
      boolean retryEachMessage, int cachedKeys) {
    /** {@link EscrowLimits#DEFAULT}, one hour, retries at end of input, 1,024 keys. */
    public static final Settings DEFAULT = new Settings(EscrowLimits.DEFAULT.maxMessages(),
        EscrowLimits.DEFAULT.maxBytes(), Duration.ofHours(1), false, 1024);

    /**
     * Checks the values.
     *
     * @param maxMessages see the record description
     * @param maxBytes see the record description
     * @param maxEscrowAge see the record description
     * @param retryEachMessage see the record description
     * @param cachedKeys see the record description
     * @throws IllegalArgumentException if a bound is not positive
     */
    public Settings {
      new EscrowLimits(maxMessages, maxBytes);
      if (maxEscrowAge.isNegative() || maxEscrowAge.isZero() || cachedKeys < 1) {
        throw new IllegalArgumentException("maxEscrowAge and cachedKeys must be positive");
      }
    }

    /**
     * {@return these settings with escrows retried after every message, or not}
     *
     * @param each whether to retry after every message
     */
    public Settings retryEachMessage(boolean each) {
      return new Settings(maxMessages, maxBytes, maxEscrowAge, each, cachedKeys);
    }

    /**
     * {@return these settings with another escrow age bound}
     *
     * @param age the bound
     */
    public Settings maxEscrowAge(Duration age) {
      return new Settings(maxMessages, maxBytes, age, retryEachMessage, cachedKeys);
    }

    EscrowLimits limits() {
      return new EscrowLimits(maxMessages, maxBytes);
    }
  }

  /** The messages a cached verifier takes before it is rebuilt from the keyed state. */
  public static final int CACHED_MESSAGES = 4096;
  /** {@link Settings#maxMessages}. */
  private final int maxMessages;
  /** {@link Settings#maxBytes}. */
  private final long maxBytes;
  /** {@link Settings#maxEscrowAge}, in milliseconds. */
  private final long maxEscrowAgeMillis;
  /** {@link Settings#retryEachMessage}. */
  private final boolean retryEachMessage;
  /** {@link Settings#cachedKeys}. */
  private final int cachedKeys;
  private transient Settings settings;
  /** The signature-checking workers of each verifier ({@code --threads}); 1: serial. */
  private final int threads;
  /** The operator's pool for the extra workers while open, if {@link #threads} is above 1. */
  private transient java.util.concurrent.ExecutorService pool;
  /** {@link #KEL_STATE}. */
  private transient MapState<String, byte[]> kelRecords;
  /** {@link #REST_STATE}. */
  private transient ValueState<byte[]> rest;
  /** The index before which escrowed messages expire when the pending timer fires. */
  private transient ValueState<Integer> expireBefore;
  private transient ValueState<Long> expiryTimer;
  private transient ValueState<Boolean> endTimer;
  private transient Map<String, KelVerifier> live;
  private transient Map<String, Integer> fed;

  /**
   * An operator with these settings.
   *
   * @param settings the escrow bounds and retries
   */
  public KelValidation(Settings settings) {
    this(settings, 1);
  }

  /**
   * An operator with these settings whose verifiers check each message's signatures on {@code
   * threads} workers (the task thread and a pool of {@code threads - 1} made in {@link #open}
   * and shut down in {@link #close}; {@code dev.cesrj.keri.kever.VerifyThreads}, ADR 0002);
   * verdicts are those of 1, the serial path.
   *
   * @param settings the escrow bounds and retries
   * @param threads at least 1
   * @throws IllegalArgumentException if {@code threads} is below 1
   */
  public KelValidation(Settings settings, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.threads = threads;
    maxMessages = settings.maxMessages();
    maxBytes = settings.maxBytes();
    maxEscrowAgeMillis = settings.maxEscrowAge().toMillis();
    retryEachMessage = settings.retryEachMessage();
    cachedKeys = settings.cachedKeys();
  }

  /**
   * Validates the messages of a record stream (errors already split off,
   * {@link dev.cesrj.flink.CesrRecords#split}), keyed by scope. The operator's uid is
   * {@code kel-validation} (a savepoint maps its state to it).
   *
   * @param messages the messages
   * @param settings the escrow bounds and retries
   * @return the verdicts, with the key-state changes as side output {@link #KEY_STATES}
   */
  public static SingleOutputStreamOperator<KelVerdict> validate(DataStream<CesrRecord> messages,
      Settings settings) {
    return validate(messages, settings, 1);
  }

  /**
   * As {@link #validate(DataStream, Settings)}, each subtask's verifiers checking signatures on
   * {@code threads} workers ({@link #KelValidation(Settings, int)}).
   *
   * @param messages the messages
   * @param settings the escrow bounds and retries
   * @param threads the signature-checking workers per subtask, at least 1
   * @return the verdicts, with the key-state changes as side output {@link #KEY_STATES}
   */
  public static SingleOutputStreamOperator<KelVerdict> validate(DataStream<CesrRecord> messages,
      Settings settings, int threads) {
    return messages.keyBy(r -> r.scope, Types.STRING)
        .process(new KelValidation(settings, threads)).name("kel-validation")
        .uid("kel-validation");
  }

  @Override
  public void close() throws Exception {
    if (pool != null) {
      pool.shutdownNow();
      pool = null;
    }
    super.close();
  }

  /** {@return a builder of this operator's verifiers: its limits, workers and pool} */
  private dev.cesrj.keri.kever.KelVerifierBuilder verifiers() {
    if (threads > 1 && pool == null) {
      pool = java.util.concurrent.Executors.newFixedThreadPool(threads - 1, r -> {
        Thread t = new Thread(r, "cesrj-kel-verify");
        t.setDaemon(true);
        return t;
      });
    }
    return KelVerifier.builder().limits(settings.limits()).threads(threads).executor(pool);
  }

  @Override
  public void open(OpenContext ctx) {
    settings = new Settings(maxMessages, maxBytes, Duration.ofMillis(maxEscrowAgeMillis),
        retryEachMessage, cachedKeys);
    kelRecords = getRuntimeContext().getMapState(new MapStateDescriptor<>(KEL_STATE,
        Types.STRING, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
    rest = getRuntimeContext().getState(new ValueStateDescriptor<>(REST_STATE,
        PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
    expireBefore = getRuntimeContext().getState(
        new ValueStateDescriptor<>("expire-before", Types.INT));
    expiryTimer = getRuntimeContext().getState(
        new ValueStateDescriptor<>("expiry-timer", Types.LONG));
    endTimer = getRuntimeContext().getState(new ValueStateDescriptor<>("end-timer", Types.BOOLEAN));
    int max = settings.cachedKeys();
    fed = new java.util.HashMap<>();
    live = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, KelVerifier> eldest) {
        if (size() > max) {
          fed.remove(eldest.getKey());
          return true;
        }
        return false;
      }
    };
  }

  @Override
  public void processElement(CesrRecord r, Context ctx, Collector<KelVerdict> out)
      throws Exception {
    String key = ctx.getCurrentKey();
    KelVerifier v = verifier(key);
    emit(key, List.of(v.acceptMessage(r.bytes, r.offset)), true, out);
    if (settings.retryEachMessage()) {
      emit(key, v.retryEscrows(), false, out);
    } else if (endTimer.value() == null) {
      ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
      endTimer.update(true);
    }
    if (v.escrowedCount() > 0 && expiryTimer.value() == null) {
      long at = ctx.timerService().currentProcessingTime() + settings.maxEscrowAge().toMillis();
      ctx.timerService().registerProcessingTimeTimer(at);
      expiryTimer.update(at);
      expireBefore.update(v.nextIndex());
    }
    save(key, v, ctx);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<KelVerdict> out)
      throws Exception {
    String key = ctx.getCurrentKey();
    KelVerifier v = verifier(key);
    if (ctx.timeDomain() == TimeDomain.EVENT_TIME) {
      endTimer.clear();
      emit(key, v.retryEscrows(), false, out);
    } else {
      expiryTimer.clear();
      Integer before = expireBefore.value();
      if (before != null) {
        emit(key, v.expire(before), false, out);
        emit(key, v.retryEscrows(), false, out);
      }
      expireBefore.clear();
      if (v.escrowedCount() > 0) {
        long at = timestamp + settings.maxEscrowAge().toMillis();
        ctx.timerService().registerProcessingTimeTimer(at);
        expiryTimer.update(at);
        expireBefore.update(v.nextIndex());
      }
    }
    save(key, v, ctx);
  }

  /** The key's live verifier, from the cache, else rebuilt from the rest and every KEL entry. */
  private KelVerifier verifier(String key) throws Exception {
    KelVerifier v = live.get(key);
    if (v == null) {
      byte[] b = rest.value();
      if (b == null) {
        v = verifiers().build();
      } else {
        VerifierState r = VerifierStateCodec.decodeRest(b);
        List<VerifierStateCodec.KelEntry> entries = new ArrayList<>();
        for (byte[] e : kelRecords.values()) {
          entries.add(VerifierStateCodec.decodeKel(e));
        }
        entries.sort(Comparator.comparingInt(VerifierStateCodec.KelEntry::position));
        List<VerifierState.KelRecord> kels = new ArrayList<>(entries.size());
        for (VerifierStateCodec.KelEntry e : entries) {
          kels.add(e.kel());
        }
        v = verifiers().restore(new VerifierState(r.nextIndex(), r.clock(), r.changedAt(), kels,
            r.held(), r.couples()));
      }
      live.put(key, v);
    }
    return v;
  }

  /**
   * Writes what the call changed: the entry of each prefix whose KEL changed, and the rest; emits
   * those prefixes' key states.
   */
  private void save(String key, KelVerifier v,
      KeyedProcessFunction<String, CesrRecord, KelVerdict>.Context ctx) throws Exception {
    for (String prefix : v.takeChangedKels()) {
      kelRecords.put(prefix, VerifierStateCodec.encodeKel(v.kelPosition(prefix).orElseThrow(),
          v.kelRecord(prefix).orElseThrow()));
      ctx.output(KEY_STATES, KeyStateChange.of(key, v.keyState(prefix).orElseThrow()));
    }
    rest.update(VerifierStateCodec.encodeRest(v.stateWithoutKels()));
    if (fed.merge(key, 1, Integer::sum) >= CACHED_MESSAGES) {
      live.remove(key);
      fed.remove(key);
    }
  }

  private static void emit(String key, List<Verdict> vs, boolean intake,
      Collector<KelVerdict> out) {
    for (Verdict v : vs) {
      out.collect(KelVerdict.of(key, v, intake));
    }
  }
}
