package dev.cesrj.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which threads a batch call uses, checked rather than assumed: the threads that made each input's
 * copy are recorded by the allocator, and the thread factory and executor count their use. A
 * barrier in the allocator makes every worker hold one input until all have one, so that a test
 * knows each worker ran (the barrier's timeout only turns a missing worker into a failure).
 */
class BatchParserThreadsTest {
    private static final List<byte[]> INPUTS = List.of(
            Corpus.bytes("kel_single.v1.bare.txt.cesr"), Corpus.bytes("kel_cbor.v1.bare.txt.cesr"),
            Corpus.bytes("kel_mgpk.v2.grouped.txt.cesr"), Corpus.bytes("exchange.v1.bare.txt.cesr"));

    /** A thread factory that counts and keeps the threads it makes. */
    private static final class CountingFactory implements ThreadFactory {
        final List<Thread> made = new CopyOnWriteArrayList<>();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "test-batch-" + made.size());
            made.add(t);
            return t;
        }
    }

    /** An executor that counts the tasks it is given and hands them to {@code delegate}. */
    private static final class CountingExecutor implements Executor {
        final AtomicInteger tasks = new AtomicInteger();
        final Executor delegate;

        CountingExecutor(Executor delegate) {
            this.delegate = delegate;
        }

        @Override
        public void execute(Runnable command) {
            tasks.incrementAndGet();
            delegate.execute(command);
        }
    }

    private final String property = System.getProperty(BatchParser.THREADS_PROPERTY);

    @AfterEach
    void restoreProperty() {
        if (property == null) {
            System.clearProperty(BatchParser.THREADS_PROPERTY);
        } else {
            System.setProperty(BatchParser.THREADS_PROPERTY, property);
        }
    }

    /** Every way to reach a bound of 1 parses on the calling thread, with no thread or task. */
    @Test
    void boundOneCreatesNoThread() {
        List<BatchParser.Builder> ones = new ArrayList<>();
        ones.add(BatchParser.builder().threads(1).processors(() -> 8));
        ones.add(BatchParser.builder().threads(8).processors(() -> 1));
        System.setProperty(BatchParser.THREADS_PROPERTY, "1");
        ones.add(BatchParser.builder().processors(() -> 8));
        for (BatchParser.Builder b : ones) {
            assertSerial(b, INPUTS);
        }
        System.clearProperty(BatchParser.THREADS_PROPERTY);
        assertSerial(BatchParser.builder().threads(8).processors(() -> 8), INPUTS.subList(0, 1));
    }

    private static void assertSerial(BatchParser.Builder builder, List<byte[]> inputs) {
        CountingFactory factory = new CountingFactory();
        CountingExecutor executor = new CountingExecutor(r -> {
            throw new AssertionError("no task may be submitted");
        });
        RecordingAllocator allocator = new RecordingAllocator();
        for (BatchParser parser : List.of(
                builder.options(allocator.options()).threadFactory(factory).executor(null).build(),
                builder.executor(executor).build())) {
            try (Batch<Message> batch = parser.messages(inputs)) {
                assertEquals(1, batch.workers());
                assertTrue(batch.allOk());
            }
        }
        assertEquals(List.of(), factory.made, "threads made");
        assertEquals(0, executor.tasks.get(), "tasks submitted");
        assertEquals(Collections.nCopies(2 * inputs.size(), Thread.currentThread()), allocator.threads,
                "every copy made on the calling thread");
    }

    /** Four workers: the caller and three threads made for the call, all of them dead on return. */
    @Test
    void perCallThreadsWorkAndAreGoneAfterTheCall() {
        CountingFactory factory = new CountingFactory();
        RecordingAllocator allocator = barrierAllocator(4);
        BatchParser parser = BatchParser.builder().threads(4).processors(() -> 8)
                .options(allocator.options()).threadFactory(factory).build();
        try (Batch<Message> batch = parser.messages(INPUTS)) {
            assertEquals(4, batch.workers());
            assertTrue(batch.allOk());
        }
        assertEquals(3, factory.made.size(), "threads made");
        Set<Thread> workers = new HashSet<>(allocator.threads);
        assertEquals(4, workers.size(), "each of the four workers copied one input");
        assertTrue(workers.contains(Thread.currentThread()));
        assertTrue(workers.containsAll(factory.made));
        for (Thread t : factory.made) {
            assertFalse(t.isAlive(), t + " still alive after the call");
        }
    }

    /** The default thread factory: daemon threads named cesrj-batch-C-K, none alive after the call. */
    @Test
    void defaultThreadsAreNamedDaemonsAndGoneAfterTheCall() {
        RecordingAllocator allocator = barrierAllocator(3);
        BatchParser parser = BatchParser.builder().threads(3).processors(() -> 8)
                .options(allocator.options()).build();
        try (Batch<Message> batch = parser.messages(INPUTS.subList(0, 3))) {
            assertTrue(batch.allOk());
        }
        List<Thread> made = new ArrayList<>(new HashSet<>(allocator.threads));
        made.remove(Thread.currentThread());
        assertEquals(2, made.size());
        for (Thread t : made) {
            assertTrue(t.getName().matches("cesrj-batch-\\d+-[12]"), t.getName());
            assertTrue(t.isDaemon());
            assertFalse(t.isAlive());
        }
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertFalse(t.getName().startsWith("cesrj-batch-"), "still alive: " + t);
        }
    }

    /** A caller's executor runs the extra workers, is used instead of new threads, and keeps running. */
    @Test
    void callerExecutorIsUsedAndNotShutDown() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            CountingExecutor executor = new CountingExecutor(pool);
            CountingFactory factory = new CountingFactory();
            RecordingAllocator allocator = barrierAllocator(4);
            BatchParser parser = BatchParser.builder().threads(4).processors(() -> 8)
                    .options(allocator.options()).executor(executor).threadFactory(factory).build();
            try (Batch<Message> batch = parser.messages(INPUTS)) {
                assertEquals(4, batch.workers());
                assertTrue(batch.allOk());
            }
            assertEquals(3, executor.tasks.get());
            assertEquals(List.of(), factory.made);
            assertEquals(4, new HashSet<>(allocator.threads).size());
            assertFalse(pool.isShutdown());
            assertEquals(42, pool.submit(() -> 42).get(10, TimeUnit.SECONDS), "the pool still runs tasks");
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    /** Tasks an executor rejects are done by the calling thread; the results are unchanged. */
    @Test
    void rejectedTasksAreDoneByTheCallingThread() {
        CountingExecutor executor = new CountingExecutor(r -> {
            throw new RejectedExecutionException("full");
        });
        RecordingAllocator allocator = new RecordingAllocator();
        BatchParser parser = BatchParser.builder().threads(4).processors(() -> 8)
                .options(allocator.options()).executor(executor).build();
        List<byte[]> inputs = BatchInputs.messageStreams();
        try (Batch<Message> batch = parser.messages(inputs)) {
            for (int i = 0; i < inputs.size(); i++) {
                assertEquals(Serial.messages(inputs.get(i)), Serial.ofMessages(batch.get(i)), "input " + i);
            }
        }
        assertEquals(3, executor.tasks.get());
        assertEquals(Collections.nCopies(inputs.size(), Thread.currentThread()), allocator.threads);
    }

    /**
     * An exception that is not a CesrException (here: the allocator fails for one input) stops
     * the call and is rethrown; the copies already made are released (the leak check of every
     * test) and the threads are gone.
     */
    @Test
    void aBugInOneInputIsRethrownAfterReleasingEverything() {
        List<byte[]> inputs = new ArrayList<>(BatchInputs.messageStreams());
        int marked = 13;
        inputs.add(inputs.size() / 2, new byte[marked]);
        IllegalStateException bug = new IllegalStateException("allocator broken");
        RecordingAllocator allocator = new RecordingAllocator(capacity -> {
            if (capacity == marked) {
                throw bug;
            }
        });
        CountingFactory factory = new CountingFactory();
        BatchParser parser = BatchParser.builder().threads(4).processors(() -> 8)
                .options(allocator.options()).threadFactory(factory).build();
        assertSame(bug, assertThrows(IllegalStateException.class, () -> parser.messages(inputs)));
        for (Thread t : factory.made) {
            assertFalse(t.isAlive());
        }
    }

    /** The call is not interruptible: it completes, and the interrupt is kept for the caller. */
    @Test
    void anInterruptIsKeptNotLost() {
        BatchParser parser = BatchParser.builder().threads(2).processors(() -> 8).build();
        Thread.currentThread().interrupt();
        try (Batch<Message> batch = parser.messages(INPUTS)) {
            assertTrue(batch.allOk());
            assertTrue(Thread.interrupted(), "interrupt kept (and cleared here)");
        }
    }

    /** Each worker's first copy waits until {@code parties} workers hold one (at most 10 s). */
    private static RecordingAllocator barrierAllocator(int parties) {
        CyclicBarrier barrier = new CyclicBarrier(parties);
        Set<Thread> arrived = Collections.synchronizedSet(new HashSet<>());
        return new RecordingAllocator(capacity -> {
            if (arrived.add(Thread.currentThread())) {
                barrier.await(10, TimeUnit.SECONDS);
            }
        });
    }
}
