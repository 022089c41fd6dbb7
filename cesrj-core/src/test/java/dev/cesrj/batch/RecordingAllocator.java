package dev.cesrj.batch;

import dev.cesrj.CesrOptions;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An allocator that delegates to {@link PooledByteBufAllocator#DEFAULT} and records the thread of
 * every allocation, running a hook first (which may block, or throw to fail that input's copy).
 * The batch parser copies each {@code byte[]} input with one allocation, on the worker that
 * parses it: the recorded threads are the workers that did the work.
 */
final class RecordingAllocator {
    /** Runs before each allocation, with its capacity. */
    interface Hook {
        void before(int capacity) throws Exception;
    }

    final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final Hook hook;

    RecordingAllocator(Hook hook) {
        this.hook = hook;
    }

    RecordingAllocator() {
        this(capacity -> { });
    }

    CesrOptions options() {
        ByteBufAllocator delegate = PooledByteBufAllocator.DEFAULT;
        ByteBufAllocator proxy = (ByteBufAllocator) Proxy.newProxyInstance(
                ByteBufAllocator.class.getClassLoader(), new Class<?>[] {ByteBufAllocator.class},
                (p, method, args) -> {
                    if (method.getName().endsWith("Buffer") && args != null && args.length > 0) {
                        threads.add(Thread.currentThread());
                        hook.before((Integer) args[0]);
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return CesrOptions.builder().allocator(proxy).build();
    }
}
