package dev.cesrj.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Runs one task per index {@code 0..n-1} on a bounded number of workers and returns when every
 * index is done.
 *
 * <p>The calling thread is always one of the workers; the others are {@code workers - 1} threads
 * made by a thread factory for this call and joined before it returns, or {@code workers - 1}
 * tasks handed to the caller's executor (which is neither shut down nor waited for beyond the
 * indices its tasks took). Workers take the next index from a shared counter, so each index runs
 * once and a slow input does not hold up the others' share. With one worker everything runs on the
 * calling thread and no thread is made or task submitted.
 *
 * <p>A task that throws stops the run early: the indices not yet started are skipped, and the
 * first throwable is rethrown by {@link #run} once every started task has ended. The wait is not
 * interruptible (the tasks are finite): an interrupt is kept and set again on return.
 */
final class ParallelRun {
  private final int n;
  private final IntConsumer task;
  private final AtomicInteger next = new AtomicInteger();
  private final CountDownLatch done;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();

  private ParallelRun(int n, IntConsumer task) {
    this.n = n;
    this.task = task;
    this.done = new CountDownLatch(n);
  }

  /**
   * Runs {@code task} for every index of {@code 0..n-1} on {@code workers} workers.
   *
   * @param executor the caller's executor for the extra workers, or {@code null} for threads
   *     made by {@code factory} for this call
   * @throws RuntimeException or Error: the first one a task (or starting a worker) threw
   */
  static void run(int n, int workers, Executor executor, ThreadFactory factory, IntConsumer task) {
    ParallelRun run = new ParallelRun(n, task);
    List<Thread> threads = new ArrayList<>();
    try {
      for (int k = 1; k < workers && run.failure.get() == null; k++) {
        if (executor != null) {
          run.submit(executor);
        } else {
          Thread t = factory.newThread(run::work);
          if (t != null) {
            threads.add(t);
            t.start();
          }
        }
      }
    } catch (RuntimeException | Error e) {
      run.failure.compareAndSet(null, e);
    }
    run.work();
    boolean interrupted = run.awaitAll(threads);
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable f = run.failure.get();
    if (f instanceof RuntimeException) {
      throw (RuntimeException) f;
    }
    if (f != null) {
      throw (Error) f;
    }
  }

  private void submit(Executor executor) {
    try {
      executor.execute(this::work);
    } catch (RejectedExecutionException e) {
      // this worker's share is done by the others, the calling thread among them
    }
  }

  /** One worker: takes indices until none is left; after a failure, skips them. */
  private void work() {
    int i;
    while ((i = next.getAndIncrement()) < n) {
      try {
        if (failure.get() == null) {
          task.accept(i);
        }
      } catch (RuntimeException | Error e) {
        failure.compareAndSet(null, e);
      } finally {
        done.countDown();
      }
    }
  }

  /** Waits for every index and every thread; true if the calling thread was interrupted. */
  private boolean awaitAll(List<Thread> threads) {
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    for (Thread t : threads) {
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    return interrupted;
  }
}
