package dev.cesrj.testing;

import io.netty.util.LeakPresenceDetector;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Netty {@link LeakPresenceDetector} whose resource scope follows the running JUnit test.
 *
 * <p>Netty creates one detector per resource type through
 * {@link io.netty.util.ResourceLeakDetectorFactory}, reflectively, through the
 * {@code (Class, int)} or {@code (Class, int, long)} constructor; both exist here.
 * {@link LeakDetectionExtension} installs it before any {@code ByteBuf} class is initialised.
 *
 * <p>Every tracked resource (every pooled, adaptive or direct {@code ByteBuf}, whatever the
 * sampling level) is counted in the scope that is current when it is allocated, and
 * uncounted from that same scope when it is released, on any thread. The extension opens a
 * scope per test class ({@code @BeforeAll} .. {@code @AfterAll}) and per test
 * ({@code @BeforeEach} .. {@code @AfterEach}); a scope that still counts open resources
 * when it ends is a leak. The current scope is one JVM-wide stack, not a thread local, so
 * buffers allocated by threads a test starts count against that test, and tests must not
 * run in parallel (JUnit's default).
 */
public final class TestScopedLeakDetector<T> extends LeakPresenceDetector<T> {

    /** Resource types Netty created this detector for (ByteBuf.class when it is installed). */
    static final Set<Class<?>> INSTALLED_FOR = ConcurrentHashMap.newKeySet();

    private static final Deque<ResourceScope> SCOPES = new ArrayDeque<>();
    private static volatile ResourceScope current = new ResourceScope("outside any test");

    public TestScopedLeakDetector(Class<?> resourceType) {
        super(resourceType);
        INSTALLED_FOR.add(resourceType);
    }

    /** Called reflectively by Netty's ResourceLeakDetectorFactory. */
    public TestScopedLeakDetector(Class<?> resourceType, int samplingInterval) {
        this(resourceType);
    }

    /** Called reflectively by Netty's ResourceLeakDetectorFactory. */
    public TestScopedLeakDetector(Class<?> resourceType, int samplingInterval, long maxActive) {
        this(resourceType);
    }

    @Override
    protected ResourceScope currentScope() {
        return current;
    }

    /** Makes a new scope current; resources allocated from now on are counted in it. */
    static synchronized void push(String name) {
        SCOPES.push(current);
        current = new ResourceScope(name);
    }

    /**
     * Checks the current scope for open resources and resets its count.
     *
     * @return Netty's leak report (with the allocation stacks as suppressed exceptions when
     *     {@code -Dio.netty.util.LeakPresenceDetector.trackCreationStack=true}), or {@code null}
     *     if every resource of the scope was released
     */
    static synchronized IllegalStateException checkCurrent() {
        try {
            // runs currentScope().check() on a detector made by the installed factory: this one
            LeakPresenceDetector.check();
            return null;
        } catch (IllegalStateException leak) {
            return leak;
        }
    }

    /** Makes the enclosing scope current again. */
    static synchronized void pop() {
        current = SCOPES.isEmpty() ? new ResourceScope("outside any test") : SCOPES.pop();
    }
}
