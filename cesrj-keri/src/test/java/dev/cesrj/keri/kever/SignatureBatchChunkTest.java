package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SignatureBatch#chunkSize}: how many checks one task of the per-call runner holds. Small
 * batches are split so that every worker has a task (a credential stream's runs of 3 or 4 key
 * events, ADR 0002); big ones claim {@value SignatureBatch#CHUNK} checks at a time.
 */
class SignatureBatchChunkTest {
  @Test
  void smallBatchesAreSplitOverTheWorkersBigOnesClaimEight() {
    assertEquals(1, SignatureBatch.chunkSize(3, 2), "3 checks on 2 workers: 3 tasks of 1");
    assertEquals(2, SignatureBatch.chunkSize(4, 2));
    assertEquals(1, SignatureBatch.chunkSize(3, 4));
    assertEquals(1, SignatureBatch.chunkSize(5, 4), "5 tasks for 4 workers, not 3 of 2");
    assertEquals(4, SignatureBatch.chunkSize(9, 2));
    assertEquals(8, SignatureBatch.chunkSize(16, 2));
    assertEquals(8, SignatureBatch.chunkSize(2_024, 2), "corpus A's KELs in one batch");
    assertEquals(8, SignatureBatch.chunkSize(Integer.MAX_VALUE, 2), "no overflow");
    assertEquals(1, SignatureBatch.chunkSize(0, 2));
    assertEquals(1, SignatureBatch.chunkSize(1, 1));
  }

  /** Every worker has a task when there are enough checks, and no task exceeds the bound. */
  @Test
  void everyWorkerHasATaskWhenTheChecksAllow() {
    SplittableRandom random = new SplittableRandom(31);
    for (int round = 0; round < 2_000; round++) {
      int checks = random.nextInt(1, 400);
      int workers = random.nextInt(1, 9);
      int chunk = SignatureBatch.chunkSize(checks, workers);
      long tasks = (checks + (long) chunk - 1) / chunk;
      assertTrue(chunk >= 1 && chunk <= SignatureBatch.CHUNK, checks + "/" + workers);
      assertTrue(tasks >= Math.min(checks, workers), checks + " checks, " + workers
          + " workers: " + tasks + " tasks of " + chunk);
    }
  }
}
