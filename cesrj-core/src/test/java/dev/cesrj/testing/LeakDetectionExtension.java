package dev.cesrj.testing;

import io.netty.buffer.ByteBuf;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;

import java.util.Optional;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails every test that leaks a Netty {@code ByteBuf} (or any other Netty reference-counted
 * resource that Netty tracks).
 *
 * <h2>How it works</h2>
 * <ul>
 *   <li>Registered for every test class through
 *       {@code META-INF/services/org.junit.jupiter.api.extension.Extension} together with
 *       {@code junit.jupiter.extensions.autodetection.enabled=true} in
 *       {@code junit-platform.properties}, so no test has to declare it.</li>
 *   <li>When this class is loaded (before any test runs, so before Netty's {@code AbstractByteBuf}
 *       builds its static leak detector) it installs a {@link ResourceLeakDetectorFactory} that
 *       makes {@link TestScopedLeakDetector}, a Netty 4.2 {@link io.netty.util.LeakPresenceDetector}.
 *       Surefire also names that class in {@code io.netty.customResourceLeakDetector}, so it is
 *       used even if something initialised Netty first.</li>
 *   <li>The presence detector counts every tracked buffer (no sampling, no waiting for the garbage
 *       collector, so no false negatives and no flakiness): +1 on allocation, -1 on the final
 *       {@code release()}. Pooled, adaptive ({@code ByteBufAllocator.DEFAULT}) and direct buffers
 *       are tracked; unpooled <em>heap</em> buffers never are.</li>
 *   <li>Around each test class and each test (each invocation of a parameterized or fuzz test)
 *       this extension opens a new scope and, when it ends (after {@code @AfterEach} /
 *       {@code @AfterAll} methods), checks that the scope's count is back to zero; otherwise it
 *       throws an {@link AssertionError}, which fails that test (or the class, for a leak made in
 *       {@code @BeforeAll}). A buffer allocated in {@code @BeforeAll} and released in
 *       {@code @AfterAll} is therefore fine.</li>
 *   <li>With {@code -Dio.netty.leakDetection.level=disabled} (as PIT runs) Netty tracks nothing and
 *       this extension does nothing. Surefire runs with level {@code paranoid}.</li>
 *   <li>The report counts leaks but does not say where they were allocated: rerun with
 *       {@code -Dio.netty.util.LeakPresenceDetector.trackCreationStack=true} for the allocation
 *       stack traces.</li>
 *   <li>Buffers created in a static initializer of library code would show up as a leak of the
 *       first test that touches the class; wrap such initializers in
 *       {@code LeakPresenceDetector.staticInitializer(...)} or avoid static buffers.</li>
 *   <li>Tests must not run in parallel (the scope is JVM-wide so that buffers allocated by
 *       threads a test starts are counted against that test).</li>
 * </ul>
 */
public final class LeakDetectionExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private static final boolean ENABLED;

    static {
        ENABLED = ResourceLeakDetector.getLevel() != ResourceLeakDetector.Level.DISABLED;
        if (ENABLED) {
            ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new Factory());
        }
    }

    /** True if leaks are being detected (leak detection level other than disabled). */
    public static boolean isActive() {
        return ENABLED;
    }

    /**
     * Checks the innermost scope (normally: the running test) for buffers not yet released and
     * resets its count.
     *
     * @return the leak report, or empty if nothing leaked (or detection is off)
     */
    public static Optional<String> checkForLeaks() {
        if (!ENABLED) {
            return Optional.empty();
        }
        IllegalStateException leak = TestScopedLeakDetector.checkCurrent();
        return leak == null ? Optional.empty() : Optional.of(leak.getMessage());
    }

    /**
     * Opens a nested scope: buffers allocated until it is closed are counted in it only, so a test
     * can leak on purpose, {@link Scope#check()} the result, and leave its own scope clean.
     */
    public static Scope openScope(String name) {
        if (ENABLED) {
            TestScopedLeakDetector.push(name);
        }
        return new Scope();
    }

    /** A nested leak scope; {@link #close()} makes the enclosing scope current again. */
    public static final class Scope implements AutoCloseable {
        private boolean closed;

        private Scope() {
        }

        /** Same as {@link LeakDetectionExtension#checkForLeaks()} for this scope. */
        public Optional<String> check() {
            if (closed) {
                throw new IllegalStateException("scope closed");
            }
            return checkForLeaks();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                if (ENABLED) {
                    TestScopedLeakDetector.pop();
                }
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!ENABLED) {
            return;
        }
        ensureInstalled();
        TestScopedLeakDetector.push("class " + describe(context));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (ENABLED) {
            TestScopedLeakDetector.push("test " + describe(context));
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (ENABLED) {
            endScope("test " + describe(context));
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (ENABLED) {
            endScope("@BeforeAll/@AfterAll of " + describe(context));
        }
    }

    private static String describe(ExtensionContext context) {
        String cls = context.getTestClass().map(Class::getName).orElse("?");
        return context.getTestMethod().isPresent() ? cls + " > " + context.getDisplayName() : cls;
    }

    private static void endScope(String where) {
        IllegalStateException leak;
        try {
            leak = TestScopedLeakDetector.checkCurrent();
        } finally {
            TestScopedLeakDetector.pop();
        }
        if (leak != null) {
            throw new AssertionError("Netty ByteBuf leak in " + where + ": " + leak.getMessage(), leak);
        }
    }

    private static void ensureInstalled() {
        try {
            // initialises AbstractByteBuf, which asks the factory for its ByteBuf leak detector
            Class.forName("io.netty.buffer.AbstractByteBuf", true, ByteBuf.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExtensionConfigurationException("netty-buffer not on the test class path", e);
        }
        if (!TestScopedLeakDetector.INSTALLED_FOR.contains(ByteBuf.class)) {
            throw new ExtensionConfigurationException(
                    "Netty's ByteBuf leak detector was created before LeakDetectionExtension was loaded; run"
                            + " with -Dio.netty.customResourceLeakDetector=" + TestScopedLeakDetector.class.getName()
                            + " (surefire sets it) or -Dio.netty.leakDetection.level=disabled");
        }
    }

    /** Makes Netty use {@link TestScopedLeakDetector} for every resource type. */
    private static final class Factory extends ResourceLeakDetectorFactory {
        @Override
        @SuppressWarnings("deprecation")
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(
                Class<T> resource, int samplingInterval, long maxActive) {
            return new TestScopedLeakDetector<>(resource);
        }

        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
            return new TestScopedLeakDetector<>(resource);
        }
    }
}
