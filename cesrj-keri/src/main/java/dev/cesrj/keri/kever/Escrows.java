package dev.cesrj.keri.kever;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The messages a {@link KelVerifier} holds in escrow, indexed three ways: by arrival (for {@link
 * KelVerifier#expire(long)} and state), by what each waits for ({@link EscrowWait}: a change
 * retries only the messages waiting for it, so a retry costs work in what changed, not in what is
 * held), and by prefix, by source and in all, each by {@link EscrowStanding} then age (so that a
 * full escrow finds what to evict in a few steps).
 *
 * <p>Room ({@link #room}): a message that would pass a bound of {@link EscrowLimits} (its prefix's,
 * its source's, then the total) evicts, for each bound passed, the messages of lowest standing
 * first, oldest first, among those the bound counts, never one of higher standing than itself;
 * for its prefix's bound, those the source holding the most of that prefix sent first, and for
 * the total, those of the source holding the most first (the one flooding), then any. The one
 * exception: for the total, a source that holds more than the newcomer's source will with it
 * gives up its oldest messages whatever their standing, since anyone can make controller-signed
 * events of prefixes of its own (each source is sure of its fair share of the total). Without the
 * first, anyone could evict a victim's log sent out of order by flooding its prefix with forged
 * out-of-order events (anyone can make them) from another source. If that cannot make room, the
 * message itself is turned away. Mutable, not thread-safe: one per verifier.
 */
final class Escrows {
  /** Retry order: sequence number (of the event, or of the event a receipt receipts), arrival. */
  static final Comparator<Entry> RETRY_ORDER =
      Comparator.comparing((Entry x) -> x.sn).thenComparingInt(x -> x.index);

  private final EscrowLimits limits;
  private final TreeMap<Integer, Entry> held = new TreeMap<>();
  private final Holding all = new Holding("");
  private final Map<String, Holding> byPrefix = new HashMap<>();
  private final Map<String, Holding> bySource = new HashMap<>();
  /** Per prefix, the messages of each source (named by source), by cost held, then name. */
  private final Map<String, Map<String, Holding>> byPrefixSource = new HashMap<>();
  private final Map<String, TreeSet<Holding>> prefixSources = new HashMap<>();
  /** The sources by cost held, then name: the last one holds the most. */
  private final TreeSet<Holding> sources = new TreeSet<>(
      Comparator.comparingLong((Holding h) -> h.cost).thenComparing(h -> h.name));
  private final Map<EscrowWait, Set<Entry>> waiting = new HashMap<>();
  /** The messages to retry in the pass under way, and in the next pass. */
  private TreeSet<Entry> pass = new TreeSet<>(RETRY_ORDER);
  private TreeSet<Entry> next = new TreeSet<>(RETRY_ORDER);
  /** The message being retried, while a pass is under way. */
  private Entry cursor;
  /** The messages woken so far (work counted by tests). */
  private long woken;

  Escrows(EscrowLimits limits) {
    this.limits = limits;
  }

  /** The messages held by one prefix, one source, or all: counts and by standing, by age. */
  private static final class Holding {
    final String name;
    int count;
    long cost;
    final List<TreeMap<Integer, Entry>> byStanding = new ArrayList<>();

    Holding(String name) {
      this.name = name;
      for (int i = 0; i < EscrowStanding.values().length; i++) {
        byStanding.add(new TreeMap<>());
      }
    }

    void add(Entry x) {
      count++;
      cost += x.cost;
      byStanding.get(x.standing.ordinal()).put(x.index, x);
    }

    void remove(Entry x) {
      count--;
      cost -= x.cost;
      byStanding.get(x.standing.ordinal()).remove(x.index);
    }
  }

  int size() {
    return held.size();
  }

  long cost() {
    return all.cost;
  }

  long woken() {
    return woken;
  }

  Collection<Entry> entries() {
    return held.values();
  }

  SortedMap<Integer, Entry> before(int index) {
    return held.headMap(index);
  }

  /**
   * Holds {@code x} ({@link Entry#standing}, {@link Entry#cost} set),
   * waiting for {@code waits}; a message never retried yet is retried at the next pass.
   */
  void add(Entry x, List<EscrowWait> waits, boolean retryNext) {
    held.put(x.index, x);
    all.add(x);
    byPrefix.computeIfAbsent(x.prefix, Holding::new).add(x);
    TreeSet<Holding> ranked = prefixSources.computeIfAbsent(x.prefix, k -> new TreeSet<>(
        Comparator.comparingLong((Holding h) -> h.cost).thenComparing(h -> h.name)));
    Holding ps = byPrefixSource.computeIfAbsent(x.prefix, k -> new HashMap<>())
        .computeIfAbsent(x.source, Holding::new);
    ranked.remove(ps);
    ps.add(x);
    ranked.add(ps);
    Holding s = bySource.computeIfAbsent(x.source, Holding::new);
    sources.remove(s);
    s.add(x);
    sources.add(s);
    x.waits = List.copyOf(new LinkedHashSet<>(waits));
    for (EscrowWait w : x.waits) {
      waiting.computeIfAbsent(w, k -> new HashSet<>()).add(x);
    }
    if (retryNext) {
      next.add(x);
    }
  }

  void remove(Entry x) {
    if (held.remove(x.index) == null) {
      return;
    }
    all.remove(x);
    Holding p = byPrefix.get(x.prefix);
    p.remove(x);
    if (p.count == 0) {
      byPrefix.remove(x.prefix);
    }
    Map<String, Holding> sourcesOfPrefix = byPrefixSource.get(x.prefix);
    TreeSet<Holding> ranked = prefixSources.get(x.prefix);
    Holding ps = sourcesOfPrefix.get(x.source);
    ranked.remove(ps);
    ps.remove(x);
    if (ps.count == 0) {
      sourcesOfPrefix.remove(x.source);
      if (sourcesOfPrefix.isEmpty()) {
        byPrefixSource.remove(x.prefix);
        prefixSources.remove(x.prefix);
      }
    } else {
      ranked.add(ps);
    }
    Holding s = bySource.get(x.source);
    sources.remove(s);
    s.remove(x);
    if (s.count == 0) {
      bySource.remove(x.source);
    } else {
      sources.add(s);
    }
    for (EscrowWait w : x.waits) {
      Set<Entry> set = waiting.get(w);
      set.remove(x);
      if (set.isEmpty()) {
        waiting.remove(w);
      }
    }
    x.waits = List.of();
    pass.remove(x);
    next.remove(x);
  }

  /**
   * Marks the messages waiting for {@code w} to be retried: in the pass under way if they come
   * after the message being retried, else in the next pass (as a pass over all, in retry order,
   * would find them).
   */
  void wake(EscrowWait w) {
    Set<Entry> set = waiting.get(w);
    if (set == null) {
      return;
    }
    for (Entry x : set) {
      woken++;
      if (cursor != null && RETRY_ORDER.compare(x, cursor) > 0) {
        pass.add(x);
      } else {
        next.add(x);
      }
    }
  }

  /** {@return whether a held message waits for {@code w}} */
  boolean anyWaiting(EscrowWait w) {
    return waiting.containsKey(w);
  }

  /** Starts a pass over the messages marked; {@return false if none is} */
  boolean beginPass() {
    TreeSet<Entry> t = pass;
    pass = next;
    next = t;
    next.clear();
    cursor = null;
    return !pass.isEmpty();
  }

  /** {@return the next message of the pass, or null at its end} */
  Entry poll() {
    cursor = pass.pollFirst();
    return cursor;
  }

  /**
   * The messages to evict so that {@code x}, costing {@code cost}, fits the bounds with {@code
   * outside} bytes held outside the messages (receipt couples); null if {@code x} is to be turned
   * away.
   */
  List<Entry> room(Entry x, long cost, long outside) {
    if (cost > limits.maxBytesPerPrefix() || cost > limits.maxBytesPerSource()
        || cost + outside > limits.maxBytes() || limits.maxMessages() < 1
        || limits.maxMessagesPerPrefix() < 1 || limits.maxMessagesPerSource() < 1) {
      return null;
    }
    Set<Entry> chosen = new LinkedHashSet<>();
    Freed freed = new Freed();
    Holding p = byPrefix.get(x.prefix);
    if (p != null) {
      long needCount = p.count + 1 - limits.maxMessagesPerPrefix();
      long needCost = p.cost + cost - limits.maxBytesPerPrefix();
      if (needCount > 0 || needCost > 0) {
        // the source holding the most of this prefix first (the one flooding it), then any
        evict(prefixSources.get(x.prefix).last(), x.standing.ordinal(), chosen, freed, needCount,
            needCost);
        if (!evict(p, x.standing.ordinal(), chosen, freed, needCount - freed.count,
            needCost - freed.cost)) {
          return null;
        }
      }
    }
    Holding s = bySource.get(x.source);
    if (s != null) {
      long inCount = 0;
      long inCost = 0;
      for (Entry v : chosen) {
        if (v.source.equals(x.source)) {
          inCount++;
          inCost += v.cost;
        }
      }
      if (!evict(s, x.standing.ordinal(), chosen, freed,
          s.count - inCount + 1 - limits.maxMessagesPerSource(),
          s.cost - inCost + cost - limits.maxBytesPerSource())) {
        return null;
      }
    }
    long moreCount = all.count - freed.count + 1 - limits.maxMessages();
    long moreCost = all.cost - freed.cost + cost + outside - limits.maxBytes();
    if (moreCount > 0 || moreCost > 0) {
      Freed before = new Freed();
      before.count = freed.count;
      before.cost = freed.cost;
      Holding largest = sources.isEmpty() ? null : sources.last();
      if (largest != null) {
        // a source holding more than the newcomer's will with it gives up its oldest messages
        // whatever their standing: anyone can make controller-signed events (of its own
        // prefixes), so standing alone would let one source fill the escrow for good
        Holding own = bySource.get(x.source);
        long ownCost = (own == null ? 0 : own.cost) + cost;
        boolean fair = !largest.name.equals(x.source) && largest.cost > ownCost;
        evict(largest, fair ? EscrowStanding.values().length - 1 : x.standing.ordinal(), chosen,
            freed, moreCount, moreCost);
      }
      long leftCount = moreCount - (freed.count - before.count);
      long leftCost = moreCost - (freed.cost - before.cost);
      if ((leftCount > 0 || leftCost > 0)
          && !evict(all, x.standing.ordinal(), chosen, freed, leftCount, leftCost)) {
        return null;
      }
    }
    return new ArrayList<>(chosen);
  }

  private static final class Freed {
    long count;
    long cost;
  }

  /**
   * Chooses from {@code h}, lowest standing then oldest, no higher than the standing of ordinal
   * {@code top}, messages not chosen yet until {@code count} more messages and {@code cost} more
   * bytes are freed; {@return false if it cannot}
   */
  private static boolean evict(Holding h, int top, Set<Entry> chosen,
      Freed freed, long count, long cost) {
    long needCount = count;
    long needCost = cost;
    if (needCount <= 0 && needCost <= 0) {
      return true;
    }
    for (int st = 0; st <= top; st++) {
      for (Entry v : h.byStanding.get(st).values()) {
        if (needCount <= 0 && needCost <= 0) {
          return true;
        }
        if (chosen.contains(v)) {
          continue;
        }
        chosen.add(v);
        freed.count++;
        freed.cost += v.cost;
        needCount--;
        needCost -= v.cost;
      }
    }
    return needCount <= 0 && needCost <= 0;
  }
}
