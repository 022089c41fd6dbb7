package dev.cesrj.keri.credential;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.acdc.Acdc;
import dev.cesrj.keri.acdc.AcdcFailure;
import dev.cesrj.keri.acdc.AcdcReason;
import dev.cesrj.keri.acdc.AcdcVerdict;
import dev.cesrj.keri.acdc.AcdcVerifier;
import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.Edge;
import dev.cesrj.keri.acdc.SchemaResolver;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.exchange.ExchangeVerdict;
import dev.cesrj.keri.exchange.Exchanger;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.PlannedBatch;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.tel.CredentialEvent;
import dev.cesrj.keri.tel.CredentialState;
import dev.cesrj.keri.tel.KelAnchors;
import dev.cesrj.keri.tel.RegistryState;
import dev.cesrj.keri.tel.TelVerdict;
import dev.cesrj.keri.tel.Tevery;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Verifies a credential stream (as {@code kli vc export --full} writes one: KELs, registry and
 * credential TELs, ACDCs) message by message and gives keripy's verdicts: each message is routed
 * by kind to a {@link KelVerifier} (key events, receipts and whatever no other verifier reads), a
 * {@link Tevery} over it (vcp, vrt, iss, rev, bis, brv), the credential rules below (ACDC bodies)
 * or an {@link Exchanger} ({@code exn}); {@link #finish()} retries the KEL, TEL, exchange and
 * credential escrows together until a pass changes nothing (as keripy's {@code Kevery}, {@code
 * Tevery} and {@code Verifier} {@code processEscrows()}).
 *
 * <p>The credential rules, in keripy's order (keripy {@code src/keri/vdr/verifying.py} {@code
 * Verifier.processCredential}): the ACDC's SAIDs ({@link AcdcVerifier}; keripy's parser rejects
 * with {@code ValidationError}); its registry {@code ri} has an accepted {@code vcp} and the
 * credential an accepted issuance, else it waits in {@link CredentialEscrow#MISSING_REGISTRY}
 * ({@code mre}); its schema is known ({@link CredentialEscrow#MISSING_SCHEMA}, {@code mse}) and
 * the credential valid against it (rejected); each edge's far node is a saved credential that fits
 * the edge's operator and schema ({@link CredentialEscrow#MISSING_CHAIN}, {@code mce}); no far
 * node is revoked ({@link CredentialReason#REVOKED_CHAIN}, keripy {@code RevokedChainError}).
 * Where keripy checks too little cesrj rejects: an ACDC whose issuer {@code i} is not its
 * registry's issuer ({@link CredentialReason#ISSUER_NOT_REGISTRY_ISSUER}; keripy saves it), an
 * ACDC whose SealSourceTriples attachment names another KEL event than the one anchoring its
 * issuance ({@link CredentialReason#ANCHOR_MISMATCH}; keripy stores the triple unchecked), a
 * credential whose {@code ri} is not its issuance's registry, and a revoked credential anywhere up
 * its chain (keripy looks at the direct far nodes only). keripy's credential expiry
 * ({@code CredentialExpiry}, a wall-clock check) is not applied: verdicts do not depend on time.
 *
 * <p>Schemas come from the {@link SchemaResolver}; far nodes of edges from the credentials this
 * verifier accepted, then from the {@link CredentialResolver} given (which should hold only
 * credentials its owner verified). KELs, TELs and credentials a stream lacks are given by feeding
 * their messages to {@link #accept(Message)} (before or after: escrows settle it), or by an
 * {@link EventResolver}: {@link #finish()} asks it, once per identifier, for each thing {@link
 * #missing(String)} names (the KEL of an issuer or of its delegator, a registry's or a
 * credential's TEL, a far node), verifies what it gives like the stream's own messages (their
 * verdicts are not among {@link #messages()}, their credentials not among {@link
 * #credentials()}), and retries the escrows again, until nothing more arrives.
 *
 * <p>Mutable and not thread-safe: one instance per stream, used from one thread. Message buffers
 * may be released once {@code accept} returns. Escrowed credentials are bounded by the limit given
 * (default {@value #DEFAULT_ESCROW_LIMIT}); beyond it a credential is rejected with {@link
 * CredentialReason#ESCROW_FULL}.
 */
public final class CredentialVerifier {
  /** The default bound on escrowed credentials. */
  public static final int DEFAULT_ESCROW_LIMIT = 1024;

  private final KelVerifier kel;
  private final Tevery tevery;
  private final Exchanger exchanger;
  private final AcdcVerifier acdcs;
  private final SchemaResolver schemas;
  private final CredentialResolver farNodes;
  private final EventResolver resolver;
  private final int escrowLimit;
  /** The delegator {@code di} of each delegated inception seen, by the delegated prefix. */
  private final Map<String, String> delegators = new HashMap<>();
  /** What was asked of the resolver, as "method id", so that each is asked once. */
  private final Set<String> asked = new HashSet<>();
  /** What the resolver gave, in order. */
  private final List<Missing> resolved = new ArrayList<>();
  /** The {@code i} of every TEL message given (registries and credentials). */
  private final Set<String> telIds = new HashSet<>();
  /** Credentials the resolver gave, by SAID (not among the stream's). */
  private final Map<String, Cred> resolvedBySaid = new HashMap<>();
  /** Per stream message: its kind and its index in the verifier that decides it. */
  private final List<Routed> routed = new ArrayList<>();
  private final List<MessageVerdict> intake = new ArrayList<>();
  private final List<Cred> creds = new ArrayList<>();
  /** The credentials accepted, by SAID (keripy's {@code reger.saved}). */
  private final Map<String, Acdc> saved = new LinkedHashMap<>();
  /** The last message of each credential, by SAID. */
  private final Map<String, Cred> bySaid = new LinkedHashMap<>();
  private int escrowed;

  /**
   * A verifier with the given schemas, no credentials from outside the stream, and {@link
   * #DEFAULT_ESCROW_LIMIT}.
   *
   * @param schemas the schemas credentials may name
   */
  public CredentialVerifier(SchemaResolver schemas) {
    this(schemas, CredentialResolver.NONE, DEFAULT_ESCROW_LIMIT);
  }

  /**
   * A verifier with the given schemas and a resolver of what the stream lacks, no far nodes from
   * outside the stream but what the resolver gives, and {@link #DEFAULT_ESCROW_LIMIT}.
   *
   * @param schemas the schemas credentials may name
   * @param resolver asked by {@link #finish()} for the KELs, TELs and credentials {@link
   *     #missing(String)} names
   */
  public CredentialVerifier(SchemaResolver schemas, EventResolver resolver) {
    this(schemas, CredentialResolver.NONE, DEFAULT_ESCROW_LIMIT, new KelVerifier(), resolver);
  }

  /**
   * A verifier with the given schemas and far nodes.
   *
   * @param schemas the schemas credentials may name
   * @param credentials credentials verified elsewhere, looked up as far nodes of edges after the
   *     ones this verifier accepted
   * @param escrowLimit the most credentials escrowed at once (at least 0)
   * @throws IllegalArgumentException if {@code escrowLimit} is negative
   */
  public CredentialVerifier(SchemaResolver schemas, CredentialResolver credentials,
      int escrowLimit) {
    this(schemas, credentials, escrowLimit, new KelVerifier());
  }

  /**
   * A verifier with the given schemas, far nodes and KEL verifier: for its signature-checking
   * workers ({@link KelVerifier#builder()}), which check the signatures of each run of key events
   * and receipts in {@link #acceptAll(List, long)} ahead of the rules.
   *
   * @param schemas the schemas credentials may name
   * @param credentials credentials verified elsewhere, looked up as far nodes of edges after the
   *     ones this verifier accepted
   * @param escrowLimit the most credentials escrowed at once (at least 0)
   * @param kel a fresh KEL verifier, owned by this verifier from now on
   * @throws IllegalArgumentException if {@code escrowLimit} is negative
   */
  public CredentialVerifier(SchemaResolver schemas, CredentialResolver credentials,
      int escrowLimit, KelVerifier kel) {
    this(schemas, credentials, escrowLimit, kel, EventResolver.NONE);
  }

  /**
   * A verifier with the given schemas, far nodes, KEL verifier and resolver of what the stream
   * lacks.
   *
   * @param schemas the schemas credentials may name
   * @param credentials credentials verified elsewhere, looked up as far nodes of edges after the
   *     ones this verifier accepted
   * @param escrowLimit the most credentials escrowed at once (at least 0)
   * @param kel a fresh KEL verifier, owned by this verifier from now on
   * @param resolver asked by {@link #finish()} for the KELs, TELs and credentials {@link
   *     #missing(String)} names ({@link EventResolver#NONE} for none)
   * @throws IllegalArgumentException if {@code escrowLimit} is negative
   */
  public CredentialVerifier(SchemaResolver schemas, CredentialResolver credentials,
      int escrowLimit, KelVerifier kel, EventResolver resolver) {
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    this.schemas = schemas;
    this.farNodes = credentials;
    this.kel = Objects.requireNonNull(kel, "kel");
    this.tevery = new Tevery(KelAnchors.of(kel));
    this.exchanger = new Exchanger(kel);
    Objects.requireNonNull(schemas, "schemas");
    Objects.requireNonNull(credentials, "credentials");
    if (escrowLimit < 0) {
      throw new IllegalArgumentException("escrowLimit " + escrowLimit + " < 0");
    }
    this.escrowLimit = escrowLimit;
    this.acdcs = new AcdcVerifier(schemas, said -> {
      Acdc a = saved.get(said);
      return a != null ? Optional.of(a) : credentials.resolve(said);
    });
  }

  /**
   * Verifies one message at offset 0 plus its own.
   *
   * @param m a framed message whose buffer is valid for this call
   * @return the verdict at intake
   */
  public MessageVerdict accept(Message m) {
    return accept(m, 0);
  }

  /**
   * Verifies the messages of one result of the push parser, in order, each at {@link
   * Framed#offsetBase()} plus its own offset. The caller keeps owning {@code framed}.
   *
   * @param framed a result of the push parser
   * @return the verdicts at intake, one per message
   */
  public List<MessageVerdict> accept(Framed framed) {
    return acceptAll(framed.messages(), framed.offsetBase());
  }

  /**
   * Verifies messages the caller framed, in order, each at {@code offsetBase} plus its own offset.
   * The signatures of the list's key events, receipts and exchanges ({@code exn}) are planned at
   * once and checked on the KEL verifier's workers while the rules run ({@link
   * KelVerifier#plan}; the verdicts those of one worker): each run of key events and receipts goes
   * to the KEL verifier as one batch ({@link KelVerifier#acceptAll(List, long)}), every other
   * message as {@link #accept(Message, long)} takes it, an exchange's checks taken from the plan.
   * Escrows are not retried here ({@link #finish()}).
   *
   * @param messages framed messages whose buffers are valid for this call
   * @param offsetBase what to add to each message's offset
   * @return the verdicts at intake, one per message, in order
   */
  public List<MessageVerdict> acceptAll(List<Message> messages, long offsetBase) {
    List<MessageVerdict> out = new ArrayList<>(messages.size());
    List<Message> run = new ArrayList<>();
    // the key events', receipts' and exchanges' signatures of the whole list on the workers
    try (PlannedBatch batch = kel.plan(messages, offsetBase)) {
      for (Message m : messages) {
        if (kind(m) == MessageKind.KEL) {
          run.add(m);
          continue;
        }
        keyEvents(run, offsetBase, out);
        out.add(accept(m, offsetBase));
      }
      keyEvents(run, offsetBase, out);
    }
    return out;
  }

  /** Hands a run of key events and receipts to the KEL verifier as one batch, and empties it. */
  private void keyEvents(List<Message> run, long offsetBase, List<MessageVerdict> out) {
    if (run.isEmpty()) {
      return;
    }
    List<Verdict> ks = kel.acceptAll(run, offsetBase);
    for (int i = 0; i < ks.size(); i++) {
      Verdict k = ks.get(i);
      int index = routed.size();
      routed.add(new Routed(MessageKind.KEL, k.index()));
      MessageVerdict v = of(index, StreamOffsets.of(run.get(i), offsetBase), k);
      intake.add(v);
      out.add(v);
    }
    run.clear();
  }

  /**
   * {@return the verifier that decides {@code m}: by its ilk, as {@link #accept} routes it}; notes
   * the delegator of a delegated inception.
   */
  private MessageKind kind(Message m) {
    KeriEvent ev;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException | IllegalArgumentException e) {
      ev = null;
    }
    noteDelegator(ev);
    if (ev instanceof TelEvent) {
      return MessageKind.TEL;
    }
    if (ev instanceof AcdcMessage) {
      return MessageKind.CREDENTIAL;
    }
    return Exchanger.isExchange(m) ? MessageKind.EXCHANGE : MessageKind.KEL;
  }

  /**
   * Frames a whole stream and verifies each message, then retries the escrows ({@link
   * #finish()}).
   *
   * @param stream CESR messages
   * @return the final verdict of every message given so far, in order
   * @throws CesrException the stream's first framing error, once the messages before it are
   *     verified
   */
  public List<MessageVerdict> acceptAll(byte[] stream) {
    ByteBuf buf = Unpooled.wrappedBuffer(stream);
    try {
      return acceptAll(buf);
    } finally {
      buf.release();
    }
  }

  /**
   * As {@link #acceptAll(byte[])} over a buffer the caller keeps owning (its reader index moved
   * past each message).
   *
   * @param stream CESR messages
   * @return the final verdict of every message given so far, in order
   * @throws CesrException the stream's first framing error
   */
  public List<MessageVerdict> acceptAll(ByteBuf stream) {
    List<Message> all = new ArrayList<>();
    CesrException framing = null;
    try (Messages ms = Messages.over(stream)) {
      try {
        for (Message m : ms) {
          all.add(m);
        }
      } catch (CesrException e) {
        framing = e; // thrown once the messages before it are verified
      }
      acceptAll(all, 0);
    }
    if (framing != null) {
      throw framing;
    }
    return finish();
  }

  /**
   * Verifies one message whose stream offset is {@code offsetBase} plus its own. Escrows are not
   * retried here ({@link #finish()}).
   *
   * @param m a framed message whose buffer is valid for this call
   * @param offsetBase what to add to the message's offset
   * @return the verdict at intake
   */
  public MessageVerdict accept(Message m, long offsetBase) {
    int index = routed.size();
    long offset = StreamOffsets.of(m, offsetBase);
    KeriEvent ev = null;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException | IllegalArgumentException e) {
      ev = null;
    }
    noteDelegator(ev);
    MessageVerdict v;
    if (ev instanceof TelEvent) {
      TelVerdict t = tevery.accept(m, offsetBase);
      t.prefix().ifPresent(telIds::add);
      routed.add(new Routed(MessageKind.TEL, t.index()));
      v = of(index, offset, t);
    } else if (ev instanceof AcdcMessage a) {
      routed.add(new Routed(MessageKind.CREDENTIAL, creds.size()));
      v = credential(m, a, index, offset, false).verdict();
    } else if (Exchanger.isExchange(m)) {
      ExchangeVerdict x = exchanger.accept(m, offsetBase);
      routed.add(new Routed(MessageKind.EXCHANGE, x.index()));
      v = of(index, offset, x);
    } else {
      Verdict k = kel.accept(m);
      routed.add(new Routed(MessageKind.KEL, k.index()));
      v = of(index, offset, k);
    }
    intake.add(v);
    return v;
  }

  /** Takes one credential message: from the stream ({@code resolved} false) or the resolver. */
  private Cred credential(Message m, AcdcMessage a, int index, long offset, boolean resolved) {
    Cred c = new Cred(index, offset);
    creds.add(c);
    try {
      c.acdc = Acdc.of(a);
      c.triple = triple(m);
      (resolved ? resolvedBySaid : bySaid).put(c.acdc.said(), c);
      process(c);
      if (c.status == Status.ESCROWED) {
        if (escrowed >= escrowLimit) {
          c.settle(Status.REJECTED, null, CredentialReason.ESCROW_FULL, null,
              "credential escrow full at " + escrowLimit);
        } else {
          escrowed++;
        }
      }
    } catch (CesrException | IllegalArgumentException e) {
      c.settle(Status.REJECTED, null, CredentialReason.BODY_ERROR, null,
          String.valueOf(e.getMessage()));
    }
    return c;
  }

  private void noteDelegator(KeriEvent ev) {
    if (ev instanceof InceptionEvent icp && icp.delegator().isPresent()) {
      delegators.put(icp.prefix(), icp.delegator().get());
    }
  }

  /**
   * Retries the KEL, TEL, exchange and credential escrows until a pass changes nothing; then, if
   * an {@link EventResolver} was given, asks it for what the escrowed credentials miss ({@link
   * #missing(String)}), verifies what it gives, and retries again, until it gives nothing new.
   *
   * @return the final verdict of every message given so far, in order
   */
  public List<MessageVerdict> finish() {
    boolean changed = true;
    while (changed) {
      changed = !kel.retryEscrows().isEmpty();
      changed |= !tevery.processEscrows().isEmpty();
      changed |= !exchanger.retryEscrows().isEmpty();
      changed |= retryCredentials();
      if (!changed) {
        changed = resolveMissing();
      }
    }
    return messages();
  }

  /** Asks the resolver for what escrowed credentials miss; true if it gave anything. */
  private boolean resolveMissing() {
    if (resolver == EventResolver.NONE) {
      return false;
    }
    boolean fed = false;
    for (Cred c : List.copyOf(creds)) {
      if (c.status != Status.ESCROWED) {
        continue;
      }
      for (Missing x : missing(c)) {
        Optional<byte[]> got = switch (x.kind()) {
          case ISSUER_KEL, DELEGATOR_KEL, ANCHORING_EVENT -> ask("kel", x.id(), resolver::kel);
          case REGISTRY, ISSUANCE -> ask("tel", x.id(), resolver::tel);
          case CREDENTIAL -> ask("credential", x.id(), resolver::credential);
          case SCHEMA -> Optional.empty(); // the SchemaResolver's
        };
        if (got.isPresent()) {
          resolved.add(x);
          feed(got.get());
          fed = true;
        }
      }
    }
    return fed;
  }

  private Optional<byte[]> ask(String method, String id,
      Function<String, Optional<byte[]>> lookup) {
    if (!asked.add(method + " " + id)) {
      return Optional.empty();
    }
    return Objects.requireNonNull(lookup.apply(id), "resolver gave null");
  }

  /** Verifies messages the resolver gave, as the stream's own but outside its verdicts. */
  private void feed(byte[] stream) {
    try (Messages ms = Messages.copyOf(stream)) {
      for (Message m : ms) {
        switch (kind(m)) {
          case KEL -> kel.accept(m);
          case TEL -> tevery.accept(m, 0).prefix().ifPresent(telIds::add);
          case CREDENTIAL -> credential(m, (AcdcMessage) KeriEvents.of(m), -1, m.offset(), true);
          case EXCHANGE -> { } // not what a credential waits for
        }
      }
    } catch (CesrException e) {
      // a framing error ends what the resolver gave; the messages before it are taken
    }
  }

  /** {@return what the {@link EventResolver} gave so far, in the order it was asked} */
  public List<Missing> resolved() {
    return List.copyOf(resolved);
  }

  /**
   * {@return what the credential {@code said} waits for that the messages given so far do not
   * hold}: empty when it is accepted or rejected (a rejected credential is wrong, not
   * incomplete), else each root of its escrow. A credential waiting for its registry or issuance
   * ({@code mre}) misses the registry's {@code vcp} or the credential's {@code iss} if the stream
   * has no TEL event of it, else the issuer's KEL event anchoring it: the issuer's KEL if none of
   * it is accepted, and, when that KEL's {@code dip} waits for its delegator, the delegator's
   * KEL (up the delegation line while each waits). One waiting for a schema ({@code mse}) misses
   * the schemas the {@link SchemaResolver} lacks; one waiting for its chain ({@code mce}) misses
   * each far node neither accepted nor rejected, then what that far node misses. A credential this verifier never
   * saw misses itself.
   *
   * @param said a credential SAID (qb64)
   */
  public List<Missing> missing(String said) {
    Cred c = bySaid.containsKey(said) ? bySaid.get(said) : resolvedBySaid.get(said);
    if (c == null) {
      return saved.containsKey(said) ? List.of()
          : List.of(new Missing(MissingKind.CREDENTIAL, said, ""));
    }
    return missing(c);
  }

  private List<Missing> missing(Cred c) {
    Set<Missing> out = new LinkedHashSet<>();
    missingOf(c, out, new HashSet<>());
    return List.copyOf(out);
  }

  private void missingOf(Cred c, Set<Missing> out, Set<String> seen) {
    if (c == null || c.acdc == null || c.status != Status.ESCROWED
        || !seen.add(c.acdc.said())) {
      return;
    }
    Acdc a = c.acdc;
    switch (c.escrow) {
      case MISSING_REGISTRY -> {
        String ri = a.registry().orElse("");
        if (tevery.registry(ri).isEmpty()) {
          if (telSeen(ri)) {
            anchorMissing(a.issuer(), "registry " + ri, out);
          } else {
            out.add(new Missing(MissingKind.REGISTRY, ri, a.issuer()));
          }
        } else if (tevery.credential(a.said()).isEmpty()) {
          if (telSeen(a.said())) {
            anchorMissing(a.issuer(), "the issuance of " + a.said(), out);
          } else {
            out.add(new Missing(MissingKind.ISSUANCE, a.said(), ri));
          }
        }
      }
      case MISSING_SCHEMA -> {
        a.schema().said().filter(s -> schemas.resolve(s).isEmpty())
            .ifPresent(s -> out.add(new Missing(MissingKind.SCHEMA, s, "")));
        for (Edge e : a.edgeBlocks()) {
          e.schema().filter(s -> schemas.resolve(s).isEmpty())
              .ifPresent(s -> out.add(new Missing(MissingKind.SCHEMA, s, "")));
        }
      }
      case MISSING_CHAIN -> {
        for (Edge e : a.edgeBlocks()) {
          String node = e.node();
          if (saved.containsKey(node) || farNodes.resolve(node).isPresent()) {
            continue; // known: it does not fit, which the detail says
          }
          Cred far = bySaid.containsKey(node) ? bySaid.get(node) : resolvedBySaid.get(node);
          if (far != null && far.status == Status.REJECTED) {
            continue; // given and refused: not missing (its verdict says why)
          }
          out.add(new Missing(MissingKind.CREDENTIAL, node, e.label()));
          missingOf(far, out, seen);
        }
      }
    }
  }

  /** Whether a TEL event of {@code id} (registry or credential) was given. */
  private boolean telSeen(String id) {
    return telIds.contains(id);
  }

  /** What keeps the KEL event anchoring {@code what} of {@code issuer} from being accepted. */
  private void anchorMissing(String issuer, String what, Set<Missing> out) {
    if (kel.keyState(issuer).isPresent()) {
      out.add(new Missing(MissingKind.ANCHORING_EVENT, issuer, what));
      return;
    }
    String prefix = issuer;
    Set<String> line = new HashSet<>();
    while (line.add(prefix)) {
      String delegator = delegators.get(prefix);
      if (delegator == null) {
        out.add(prefix.equals(issuer) ? new Missing(MissingKind.ISSUER_KEL, issuer, "")
            : new Missing(MissingKind.DELEGATOR_KEL, prefix, ""));
        return;
      }
      if (kel.keyState(delegator).isPresent()) {
        out.add(new Missing(MissingKind.ANCHORING_EVENT, delegator,
            "the delegated inception of " + prefix));
        return;
      }
      if (!delegators.containsKey(delegator)) {
        out.add(new Missing(MissingKind.DELEGATOR_KEL, delegator, prefix));
        return;
      }
      prefix = delegator;
    }
  }

  /** One pass over the escrowed credentials, in arrival order; true if one left its escrow. */
  private boolean retryCredentials() {
    boolean changed = false;
    for (Cred c : creds) {
      if (c.status != Status.ESCROWED) {
        continue;
      }
      process(c);
      if (c.status != Status.ESCROWED) {
        escrowed--;
        changed = true;
      }
    }
    return changed;
  }

  /** keripy {@code Verifier.processCredential}, with cesrj's stricter rules. */
  private void process(Cred c) {
    Acdc a = c.acdc;
    AcdcVerdict av = acdcs.verify(a);
    Optional<AcdcFailure> f = av.failure();
    if (f.isPresent() && (f.get().reason() == AcdcReason.SAID_MISMATCH
        || f.get().reason() == AcdcReason.SAID_MALFORMED)) {
      c.settle(Status.REJECTED, null, CredentialReason.ACDC, f.get(), f.get().detail());
      return;
    }
    Optional<RegistryState> reg = a.registry().flatMap(tevery::registry);
    if (reg.isEmpty()) {
      c.settle(Status.ESCROWED, CredentialEscrow.MISSING_REGISTRY,
          CredentialReason.REGISTRY_UNKNOWN, null,
          "registry " + a.registry().orElse("(none)") + " has no accepted vcp");
      return;
    }
    Optional<CredentialState> st = tevery.credential(a.said());
    if (st.isEmpty()) {
      c.settle(Status.ESCROWED, CredentialEscrow.MISSING_REGISTRY,
          CredentialReason.ISSUANCE_UNKNOWN, null,
          "credential " + a.said() + " has no accepted issuance");
      return;
    }
    if (!st.get().registry().equals(reg.get().registry())) {
      c.settle(Status.REJECTED, null, CredentialReason.REGISTRY_MISMATCH, null,
          "ri " + reg.get().registry() + " but issued in " + st.get().registry());
      return;
    }
    if (!a.issuer().equals(reg.get().issuer())) {
      c.settle(Status.REJECTED, null, CredentialReason.ISSUER_NOT_REGISTRY_ISSUER, null,
          "issuer " + a.issuer() + " but registry " + reg.get().registry() + " is "
              + reg.get().issuer() + "'s");
      return;
    }
    CredentialEvent iss = st.get().issuance();
    if (c.triple.isPresent()) {
      Triple t = c.triple.get();
      if (!t.prefix().equals(a.issuer()) || !t.sn().equals(iss.anchor().sn())
          || !t.said().equals(iss.anchor().said())) {
        c.settle(Status.REJECTED, null, CredentialReason.ANCHOR_MISMATCH, null,
            "SealSourceTriples " + t + " but the issuance is anchored by " + a.issuer()
                + " sn " + iss.anchor().sn() + " " + iss.anchor().said());
        return;
      }
    }
    if (f.isPresent()) {
      AcdcFailure x = f.get();
      switch (x.reason().status()) {
        case MISSING_SCHEMA -> c.settle(Status.ESCROWED, CredentialEscrow.MISSING_SCHEMA,
            CredentialReason.ACDC, x, x.detail());
        case MISSING_CHAIN -> c.settle(Status.ESCROWED, CredentialEscrow.MISSING_CHAIN,
            CredentialReason.ACDC, x, x.detail());
        default -> c.settle(Status.REJECTED, null, CredentialReason.ACDC, x, x.detail());
      }
      return;
    }
    Optional<String> revoked = revokedInChain(a);
    if (revoked.isPresent()) {
      c.settle(Status.REJECTED, null, CredentialReason.REVOKED_CHAIN, null,
          "chains to revoked credential " + revoked.get());
      return;
    }
    saved.put(a.said(), a);
    c.settle(Status.ACCEPTED, null, CredentialReason.NONE, null, "");
  }

  /** The first revoked credential up the edges of {@code a}, breadth first. */
  private Optional<String> revokedInChain(Acdc a) {
    Deque<Acdc> todo = new ArrayDeque<>();
    Set<String> seen = new HashSet<>();
    todo.add(a);
    while (!todo.isEmpty()) {
      for (Edge e : todo.poll().edgeBlocks()) {
        String node = e.node();
        if (!seen.add(node)) {
          continue;
        }
        if (tevery.credential(node).map(CredentialState::revoked).orElse(false)) {
          return Optional.of(node);
        }
        Acdc far = saved.get(node);
        if (far != null) {
          todo.add(far);
        }
      }
    }
    return Optional.empty();
  }

  /** {@return the current verdict of every message given so far, in order} */
  public List<MessageVerdict> messages() {
    List<Verdict> kels = kel.verdicts();
    List<TelVerdict> tels = tevery.verdicts();
    // the exchanger's own: a copy settled when another copy of its exchange is accepted too
    List<ExchangeVerdict> xs = exchanger.verdicts();
    List<MessageVerdict> out = new ArrayList<>(routed.size());
    for (int i = 0; i < routed.size(); i++) {
      Routed r = routed.get(i);
      long offset = intake.get(i).offset();
      out.add(switch (r.kind()) {
        case KEL -> of(i, offset, kels.get(r.index()));
        case TEL -> of(i, offset, tels.get(r.index()));
        case EXCHANGE -> of(i, offset, xs.get(r.index()));
        case CREDENTIAL -> creds.get(r.index()).verdict();
      });
    }
    return out;
  }

  /** {@return the verdict at intake of every message given so far, before escrow retries} */
  public List<MessageVerdict> intake() {
    return List.copyOf(intake);
  }

  /**
   * {@return every credential of the stream by SAID, in order of first arrival, each with the
   * outcome of its last message}
   */
  public Map<String, CredentialVerdict> credentials() {
    Map<String, CredentialVerdict> out = new LinkedHashMap<>();
    for (Map.Entry<String, Cred> e : bySaid.entrySet()) {
      out.put(e.getKey(), credential(e.getValue()));
    }
    return out;
  }

  /**
   * {@return the verdict on the credential {@code said}, if the stream or the {@link
   * EventResolver} gave it}
   *
   * @param said a credential SAID (qb64)
   */
  public Optional<CredentialVerdict> credential(String said) {
    Cred c = bySaid.get(said);
    return Optional.ofNullable(c != null ? c : resolvedBySaid.get(said)).map(this::credential);
  }

  private CredentialVerdict credential(Cred c) {
    Optional<CredentialState> tel = tevery.credential(c.acdc.said());
    CredentialStatus s = c.status != Status.ACCEPTED ? CredentialStatus.NOT_ACCEPTED
        : tel.map(CredentialState::revoked).orElse(false) ? CredentialStatus.REVOKED
        : CredentialStatus.ISSUED;
    return new CredentialVerdict(c.acdc.said(), c.acdc, s, Optional.ofNullable(c.escrow),
        c.reason, Optional.ofNullable(c.failure), tel, c.detail, missing(c));
  }

  /** {@return every accepted registry's state, by registry prefix} */
  public Map<String, RegistryState> registries() {
    return tevery.registries();
  }

  /** {@return every accepted prefix's key state} */
  public Map<String, KeyState> keyStates() {
    return kel.keyStates();
  }

  /**
   * {@return the key state of {@code prefix} after its accepted event {@code sn}, if any}
   *
   * @param prefix a prefix (qb64)
   * @param sn a sequence number
   */
  public Optional<KeyState> keyStateAt(String prefix, BigInteger sn) {
    return kel.keyStateAt(prefix, sn);
  }

  /** {@return the KEL verifier under this one (read it, do not feed it)} */
  public KelVerifier kel() {
    return kel;
  }

  /** {@return the TEL verifier under this one (read it, do not feed it)} */
  public Tevery tevery() {
    return tevery;
  }

  // --- message verdicts ---------------------------------------------------------------------

  private static MessageVerdict of(int index, long offset, Verdict k) {
    return new MessageVerdict(index, offset, MessageKind.KEL, k.ilk(), k.prefix(), k.sn(),
        k.said(),
        k.status(), k.escrow().map(e -> e.keripyName()), k.reason().name(), k.detail());
  }

  private static MessageVerdict of(int index, long offset, TelVerdict t) {
    return new MessageVerdict(index, offset, MessageKind.TEL, t.ilk().map(x -> x.code()),
        t.prefix(), t.sn(), t.said(), t.status(), t.escrow().map(e -> e.keripyName()), t.reason().name(),
        t.detail());
  }

  private static MessageVerdict of(int index, long offset, ExchangeVerdict x) {
    return new MessageVerdict(index, offset, MessageKind.EXCHANGE, Optional.of("exn"),
        x.exchange().map(e -> e.sender()), Optional.empty(), x.exchange().map(e -> e.said()),
        x.status(),
        x.status() == Status.ESCROWED ? Optional.of(ExchangeVerdict.ESCROW_KERIPY_NAME)
            : Optional.empty(), x.reason().name(), x.detail());
  }

  /** The ACDC's last SealSourceTriples triple (prefix, sn, SAID), as keripy's parser hands on. */
  private static Optional<Triple> triple(Message m) {
    Triple last = null;
    for (Group g : m.groups()) {
      if (g.code().baseName().equals("SealSourceTriples")) {
        for (var e : g.elements()) {
          if (e instanceof Tuple t && t.parts().size() == 3
              && t.parts().get(0) instanceof Matter p && t.parts().get(1) instanceof Matter sn
              && t.parts().get(2) instanceof Matter d) {
            last = new Triple(p.qb64Text(), new BigInteger(1, sn.raw()), d.qb64Text());
          }
        }
      }
    }
    return Optional.ofNullable(last);
  }

  private record Routed(MessageKind kind, int index) {
  }

  private record Triple(String prefix, BigInteger sn, String said) {
  }

  /** One credential message and its current outcome. */
  private static final class Cred {
    final int index;
    final long offset;
    Acdc acdc;
    Optional<Triple> triple = Optional.empty();
    Status status = Status.REJECTED;
    CredentialEscrow escrow;
    CredentialReason reason = CredentialReason.BODY_ERROR;
    AcdcFailure failure;
    String detail = "";

    Cred(int index, long offset) {
      this.index = index;
      this.offset = offset;
    }

    void settle(Status s, CredentialEscrow e, CredentialReason r, AcdcFailure f, String d) {
      status = s;
      escrow = e;
      reason = r;
      failure = f;
      detail = d;
    }

    MessageVerdict verdict() {
      return new MessageVerdict(index, offset, MessageKind.CREDENTIAL, Optional.of("acdc"),
          acdc == null ? Optional.empty() : Optional.of(acdc.issuer()), Optional.empty(),
          acdc == null ? Optional.empty() : Optional.of(acdc.said()), status,
          Optional.ofNullable(escrow).map(CredentialEscrow::keripyName), reason.name(),
          failure == null ? detail : failure.reason() + " " + failure.path() + ": " + detail);
    }
  }
}
