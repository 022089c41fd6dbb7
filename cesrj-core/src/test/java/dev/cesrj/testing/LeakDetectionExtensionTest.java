package dev.cesrj.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves that {@link LeakDetectionExtension} reports leaked buffers and only those. Skipped when
 * leak detection is disabled (as under PIT).
 */
class LeakDetectionExtensionTest {

    @BeforeEach
    void requireDetection() {
        assumeTrue(LeakDetectionExtension.isActive(), "leak detection disabled");
    }

    private static Optional<String> leakReportOf(Supplier<ByteBuf> allocation, boolean release) {
        ByteBuf buf;
        Optional<String> report;
        try (LeakDetectionExtension.Scope scope = LeakDetectionExtension.openScope("probe")) {
            buf = allocation.get();
            buf.writeLong(42L);
            if (release) {
                assertTrue(buf.release());
            }
            report = scope.check();
        }
        if (!release) {
            // released after its scope was checked and closed: keeps this test's own scope clean
            buf.release();
        }
        return report;
    }

    @Test
    void leakedPooledDirectBufferIsReported() {
        Optional<String> report = leakReportOf(() -> PooledByteBufAllocator.DEFAULT.directBuffer(64), false);
        assertTrue(report.isPresent(), "leak not reported");
        assertTrue(report.get().contains("leak"), report.get());
        assertTrue(report.get().contains("probe"), report.get());
    }

    @Test
    void leakedPooledHeapAdaptiveUnpooledDirectAndCompositeBuffersAreReported() {
        List<Supplier<ByteBuf>> allocations = List.of(
                () -> PooledByteBufAllocator.DEFAULT.heapBuffer(64),
                () -> ByteBufAllocator.DEFAULT.buffer(64),
                () -> ByteBufAllocator.DEFAULT.directBuffer(64),
                () -> Unpooled.directBuffer(64),
                () -> PooledByteBufAllocator.DEFAULT.compositeDirectBuffer()
                        .addComponent(true, PooledByteBufAllocator.DEFAULT.directBuffer(8)));
        for (int i = 0; i < allocations.size(); i++) {
            assertTrue(leakReportOf(allocations.get(i), false).isPresent(), "allocation #" + i);
        }
    }

    @Test
    void releasedBuffersAreNotReported() {
        assertEquals(Optional.empty(), leakReportOf(() -> PooledByteBufAllocator.DEFAULT.directBuffer(64), true));
        assertEquals(Optional.empty(), leakReportOf(() -> ByteBufAllocator.DEFAULT.buffer(64), true));
        assertEquals(Optional.empty(), leakReportOf(() -> Unpooled.directBuffer(64), true));
        assertEquals(Optional.empty(), leakReportOf(() -> {
            CompositeByteBuf c = PooledByteBufAllocator.DEFAULT.compositeDirectBuffer();
            c.addComponent(true, PooledByteBufAllocator.DEFAULT.directBuffer(8));
            ByteBuf slice = c.retainedSlice();
            slice.release();
            return c;
        }, true));
        // nothing left open in this test's own scope either
        assertEquals(Optional.empty(), LeakDetectionExtension.checkForLeaks());
    }

    @Test
    void leakOnAnotherThreadIsReported() throws Exception {
        List<ByteBuf> leaked = new ArrayList<>();
        try (LeakDetectionExtension.Scope scope = LeakDetectionExtension.openScope("threads")) {
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                leaked.add(pool.submit(() -> PooledByteBufAllocator.DEFAULT.directBuffer(16)).get());
            } finally {
                pool.shutdown();
                assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
            }
            assertTrue(scope.check().isPresent());
        }
        leaked.forEach(ByteBuf::release);
    }

    // ---- end to end: the extension, registered through autodetection, fails a leaking test ----

    private static volatile boolean runningProbes;

    @Test
    void extensionFailsOnlyTheLeakingTest() {
        EngineExecutionResults results;
        runningProbes = true;
        try {
            results = EngineTestKit.engine("junit-jupiter")
                    .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                    .selectors(selectClass(Probes.class))
                    .execute();
        } finally {
            runningProbes = false;
            Probes.leakedByTest.forEach(ByteBuf::release);
            Probes.leakedByTest.clear();
        }
        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        Event failed = results.testEvents().failed().list().get(0);
        assertEquals("leaks()", failed.getTestDescriptor().getDisplayName());
        Throwable cause = failed.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).orElseThrow();
        assertTrue(cause instanceof AssertionError, String.valueOf(cause));
        assertTrue(cause.getMessage().contains("Netty ByteBuf leak in test"), cause.getMessage());
        assertTrue(cause.getMessage().contains("leaks()"), cause.getMessage());
        assertFalse(LeakDetectionExtension.checkForLeaks().isPresent());
    }

    static boolean runningProbes() {
        return runningProbes;
    }

    /** Run only by {@link #extensionFailsOnlyTheLeakingTest()} (nested classes are not run by surefire). */
    @EnabledIf("dev.cesrj.testing.LeakDetectionExtensionTest#runningProbes")
    static class Probes {
        static final List<ByteBuf> leakedByTest = new ArrayList<>();
        static ByteBuf sharedForClass;

        @BeforeAll
        static void allocateShared() {
            sharedForClass = PooledByteBufAllocator.DEFAULT.directBuffer(8);
        }

        @AfterAll
        static void releaseShared() {
            sharedForClass.release();
        }

        @Test
        void leaks() {
            leakedByTest.add(PooledByteBufAllocator.DEFAULT.directBuffer(32).writeInt(1));
        }

        @Test
        void releases() {
            ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(32).writeInt(1);
            sharedForClass.writeByte(1);
            buf.release();
        }
    }
}
