package dev.cesrj.http.watcher;

/**
 * What a {@link Watcher} has done since it was opened (a copy, taken by {@link Watcher#stats()}).
 */
public final class WatcherStats {
  long replayed;
  long posts;
  long gets;
  long malformed;
  long kept;
  long compactions;
  long storeRecords;

  WatcherStats() {}

  WatcherStats copy(long storeRecords) {
    WatcherStats s = new WatcherStats();
    s.replayed = replayed;
    s.posts = posts;
    s.gets = gets;
    s.malformed = malformed;
    s.kept = kept;
    s.compactions = compactions;
    s.storeRecords = storeRecords;
    return s;
  }

  /** {@return messages replayed from the store when the watcher opened} */
  public long replayed() {
    return replayed;
  }

  /** {@return messages POSTed} */
  public long posts() {
    return posts;
  }

  /** {@return GET requests answered} */
  public long gets() {
    return gets;
  }

  /** {@return POSTs whose body and attachments did not frame as one message (answered 400)} */
  public long malformed() {
    return malformed;
  }

  /** {@return messages written to the store since the watcher opened} */
  public long kept() {
    return kept;
  }

  /** {@return times the verifier was compacted (its per-message verdicts dropped)} */
  public long compactions() {
    return compactions;
  }

  /** {@return records in the store} */
  public long storeRecords() {
    return storeRecords;
  }

  @Override
  public String toString() {
    return "replayed " + replayed + ", posts " + posts + " (" + malformed + " malformed), gets "
        + gets + ", kept " + kept + ", store records " + storeRecords;
  }
}
