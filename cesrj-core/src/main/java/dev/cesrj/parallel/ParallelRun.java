package dev.cesrj.parallel;

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
 * index is done: ADR 0001's bounded, per-call runner ({@code docs/adr/0001-batch-default-workers.md}),
 * shared by the batch parser ({@code dev.cesrj.batch.BatchParser}) and cesrj-keri's signature
 * checks ahead of the key-state rules (ADR 0002). Results keep their order because each task
 * writes to its own index; nothing here reorders or collects.
 *
 * <p>The calling thread is always one of the workers; the others are {@code workers - 1} threads
 * made by a thread factory for this call and joined before it returns, or {@code workers - 1}
 * tasks handed to the caller's executor (which is neither shut down nor waited for beyond the
 * indices its tasks took). Workers take the next index from a shared counter, so each index runs
 * once and a slow input does not hold up the others' share. With one worker everything runs on the
 * calling thread and no thread is made or task submitted.
 *
 * <p>Two forms: {@link #run} returns when every index is done, the calling thread working on them
 * with the others; {@link #start} starts the extra workers and returns at once, and {@link
 * #join()} later has the calling thread take what is left and wait (cesrj-keri runs its serial
 * key-state rules in between, ADR 0002).
 *
 * <p>A task that throws stops the run early: the indices not yet started are skipped, and the
 * first throwable is rethrown by {@link #run} (or {@link #join()}) once every started task has
 * ended. The wait is not
 * interruptible (the tasks are finite): an interrupt is kept and set again on return.
 */
public final class ParallelRun {
  private final int n;
  private final IntConsumer task;
  private final AtomicInteger next = new AtomicInteger();
  private final CountDownLatch done;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  /** The threads made for this run (none with an executor or one worker); joined by join(). */
  private final List<Thread> threads = new ArrayList<>();

  private ParallelRun(int n, IntConsumer task) {
    this.n = n;
    this.task = task;
    this.done = new CountDownLatch(n);
  }

  /**
   * The workers one call uses: the caller's bound clamped to the processors and to the number of
   * tasks, and never below 1 (1 is the serial path: {@link #run} then makes no thread and queues no
   * task). The one clamp of the batch parser and of cesrj-keri's {@code VerifyThreads}.
   *
   * @param bound the most workers the caller allows (a value below 1 counts as 1)
   * @param processors the available processors ({@link Runtime#availableProcessors()}; a value
   *     below 1 counts as 1)
   * @param tasks the number of tasks of the call
   * @return {@code max(1, min(bound, processors, tasks))}
   */
  public static int clamp(int bound, int processors, int tasks) {
    return Math.max(1, Math.min(bound, Math.min(Math.max(1, processors), tasks)));
  }

  /**
   * Daemon threads named {@code PREFIX-K} for worker K of one call (K from 1): the factory a
   * caller passes to {@link #run} when it has none of its own.
   *
   * @param prefix the threads' name before the worker number
   * @return a new factory, its count starting at 1
   */
  public static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger worker = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + worker.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Runs {@code task} for every index of {@code 0..n-1} on {@code workers} workers: the calling
   * thread, and {@code workers - 1} threads from {@code factory} (joined before this returns) or
   * tasks on {@code executor}. With {@code workers <= 1} every index runs on the calling thread,
   * in order, and no thread is made and no task queued. The same as {@link #start} followed at
   * once by {@link #join()}.
   *
   * @param n the number of indices (0 or more)
   * @param workers the workers, the calling thread one of them (already clamped: {@link #clamp})
   * @param executor the caller's executor for the extra workers, or {@code null} for threads
   *     made by {@code factory} for this call
   * @param factory makes the extra workers' threads when {@code executor} is null
   * @param task run once per index; each index is written by one task only
   * @throws RuntimeException or Error: the first one a task (or starting a worker) threw
   */
  public static void run(int n, int workers, Executor executor, ThreadFactory factory, IntConsumer task) {
    start(n, workers, executor, factory, task).join();
  }

  /**
   * Starts the {@code workers - 1} extra workers on the indices {@code 0..n-1}, in order, and
   * returns at once: the calling thread is free to do other work (cesrj-keri's key-state rules,
   * ADR 0002) until it calls {@link #join()}, where it takes the indices still left and waits for
   * the rest. With {@code workers <= 1} nothing is started (no thread made, no task queued) and
   * {@link #join()} runs every index on the calling thread, in order. A caller that needs an
   * index's result before {@link #join()} must claim it itself (the task decides, per index,
   * whether it is still to do); this runner hands each index to one worker only.
   *
   * @param n the number of indices (0 or more)
   * @param workers the workers, the calling thread one of them (already clamped: {@link #clamp})
   * @param executor the caller's executor for the extra workers, or {@code null} for threads
   *     made by {@code factory} for this call
   * @param factory makes the extra workers' threads when {@code executor} is null
   * @param task run once per index
   * @return the started run: call {@link #join()} exactly once, on the calling thread
   */
  public static ParallelRun start(int n, int workers, Executor executor, ThreadFactory factory,
      IntConsumer task) {
    ParallelRun run = new ParallelRun(n, task);
    try {
      for (int k = 1; k < workers && run.failure.get() == null; k++) {
        if (executor != null) {
          run.submit(executor);
        } else {
          Thread t = factory.newThread(run::work);
          if (t != null) {
            run.threads.add(t);
            t.start();
          }
        }
      }
    } catch (RuntimeException | Error e) {
      run.failure.compareAndSet(null, e);
    }
    return run;
  }

  /**
   * The calling thread takes the indices no worker has taken yet, then waits for every index and
   * joins the threads made for the run; rethrows the first failure of a task (or of starting a
   * worker). The wait is not interruptible (the tasks are finite): an interrupt is kept and set
   * again on return.
   *
   * @throws RuntimeException or Error: the first one a task (or starting a worker) threw
   */
  public void join() {
    work();
    boolean interrupted = awaitAll(threads);
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable f = failure.get();
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
