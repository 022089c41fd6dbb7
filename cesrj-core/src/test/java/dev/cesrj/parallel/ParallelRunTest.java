package dev.cesrj.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * {@link ParallelRun}, the per-call runner of the batch parser and of cesrj-keri's signature
 * checks: every index runs exactly once whatever the workers; one worker runs the indices in order
 * on the calling thread with no thread made and no task queued; the extra workers are the
 * factory's threads (daemon, named, none alive after the call) or the executor's tasks (a
 * rejecting executor loses nothing); the first failure is rethrown; the clamp.
 */
class ParallelRunTest {
  @Test
  void everyIndexRunsOnceAtEveryWorkerCount() {
    SplittableRandom random = new SplittableRandom(31);
    for (int round = 0; round < 40; round++) {
      int n = random.nextInt(0, 300);
      int workers = random.nextInt(1, 9);
      AtomicIntegerArray runs = new AtomicIntegerArray(n);
      ParallelRun.run(n, workers, null, ParallelRun.daemonThreads("test"), runs::incrementAndGet);
      for (int i = 0; i < n; i++) {
        assertEquals(1, runs.get(i), "index " + i + " of " + n + " at " + workers + " workers");
      }
    }
  }

  @Test
  void oneWorkerRunsInOrderOnTheCallerAndMakesNothing() {
    AtomicInteger made = new AtomicInteger();
    AtomicInteger queued = new AtomicInteger();
    List<Integer> order = new ArrayList<>();
    List<Thread> on = new ArrayList<>();
    ThreadFactory counting = r -> {
      made.incrementAndGet();
      return new Thread(r);
    };
    ParallelRun.run(5, 1, null, counting, i -> {
      order.add(i);
      on.add(Thread.currentThread());
    });
    ParallelRun.run(3, 1, r -> queued.incrementAndGet(), counting, i -> order.add(10 + i));
    assertEquals(List.of(0, 1, 2, 3, 4, 10, 11, 12), order);
    assertEquals(Collections.nCopies(5, Thread.currentThread()), on);
    assertEquals(0, made.get());
    assertEquals(0, queued.get());
  }

  @Test
  void madeThreadsAreNamedDaemonsJoinedBeforeReturn() {
    List<Thread> made = Collections.synchronizedList(new ArrayList<>());
    ThreadFactory daemons = ParallelRun.daemonThreads("cesrj-test");
    ParallelRun.run(64, 3, null, r -> {
      Thread t = daemons.newThread(r);
      made.add(t);
      return t;
    }, i -> { });
    assertEquals(2, made.size());
    assertEquals("cesrj-test-1", made.get(0).getName());
    assertEquals("cesrj-test-2", made.get(1).getName());
    for (Thread t : made) {
      assertTrue(t.isDaemon());
      assertFalse(t.isAlive(), t.getName() + " outlived the call");
    }
  }

  @Test
  void executorTasksAreTheExtraWorkersAndARejectionLosesNothing() {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      AtomicInteger queued = new AtomicInteger();
      AtomicIntegerArray runs = new AtomicIntegerArray(100);
      ParallelRun.run(100, 3, r -> {
        queued.incrementAndGet();
        pool.execute(r);
      }, null, runs::incrementAndGet);
      assertEquals(2, queued.get());
      AtomicIntegerArray alone = new AtomicIntegerArray(100);
      ParallelRun.run(100, 4, r -> {
        throw new RejectedExecutionException("full");
      }, null, alone::incrementAndGet);
      for (int i = 0; i < 100; i++) {
        assertEquals(1, runs.get(i));
        assertEquals(1, alone.get(i), "the caller ran the rejected workers' share");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theFirstFailureIsRethrownAfterTheStartedTasksEnd() {
    IllegalStateException boom = new IllegalStateException("index 7");
    AtomicInteger ran = new AtomicInteger();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ParallelRun.run(50, 1, null, null, i -> {
          ran.incrementAndGet();
          if (i == 7) {
            throw boom;
          }
        }));
    assertSame(boom, e);
    assertEquals(8, ran.get(), "one worker skips the indices after the failure");
  }

  /**
   * {@link ParallelRun#start}: the extra workers start and the caller is free until {@link
   * ParallelRun#join()}; one worker starts nothing and runs every index, in order, in the join; an
   * executor that has not run its task leaves every index to the caller's join, and the task run
   * afterwards finds none left.
   */
  @Test
  void startThenJoinLetsTheCallerWorkInBetween() {
    AtomicInteger made = new AtomicInteger();
    List<Integer> order = new ArrayList<>();
    ParallelRun serial = ParallelRun.start(4, 1, null, r -> {
      made.incrementAndGet();
      return new Thread(r);
    }, order::add);
    assertEquals(List.of(), order, "nothing runs before the join on the serial path");
    serial.join();
    assertEquals(List.of(0, 1, 2, 3), order);
    assertEquals(0, made.get());

    List<Runnable> held = new ArrayList<>();
    AtomicIntegerArray runs = new AtomicIntegerArray(10);
    ParallelRun later = ParallelRun.start(10, 2, held::add, null, runs::incrementAndGet);
    assertEquals(1, held.size(), "one extra worker queued");
    for (int i = 0; i < 10; i++) {
      assertEquals(0, runs.get(i), "the queued worker has not run");
    }
    later.join();
    held.get(0).run();
    for (int i = 0; i < 10; i++) {
      assertEquals(1, runs.get(i), "index " + i + ": the join took it, the late worker none");
    }

    AtomicIntegerArray onThreads = new AtomicIntegerArray(200);
    List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
    ParallelRun started = ParallelRun.start(200, 3, null, r -> {
      Thread t = new Thread(r);
      threads.add(t);
      return t;
    }, onThreads::incrementAndGet);
    started.join();
    assertEquals(2, threads.size());
    for (int i = 0; i < 200; i++) {
      assertEquals(1, onThreads.get(i));
    }
    for (Thread t : threads) {
      assertFalse(t.isAlive(), "joined");
    }
  }

  @Test
  void clampIsTheBoundTheProcessorsAndTheTasksAtLeastOne() {
    assertEquals(2, ParallelRun.clamp(8, 2, 100));
    assertEquals(3, ParallelRun.clamp(8, 16, 3));
    assertEquals(1, ParallelRun.clamp(8, 16, 0));
    assertEquals(1, ParallelRun.clamp(1, 16, 100));
    assertEquals(1, ParallelRun.clamp(4, 0, 100), "no processor counted is one");
    assertEquals(1, ParallelRun.clamp(0, 4, 100), "a bound below 1 is 1");
  }
}
