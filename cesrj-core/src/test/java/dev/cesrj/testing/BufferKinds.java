package dev.cesrj.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * The kinds of {@link ByteBuf} a caller may hand cesrj, each holding given bytes as its readable
 * bytes: heap and direct (pooled and unpooled), a slice of a direct buffer with bytes before and
 * after, read-only direct (a read-only ByteBuf and a wrapped read-only NIO buffer), a direct
 * buffer seen through Netty's little-endian view ({@code order(LITTLE_ENDIAN)}, whose multi-byte
 * reads swap the bytes), and composites of one and of three components. {@link #make} returns the buffer to read and the
 * caller releases it ({@link Made#release()}).
 */
public enum BufferKinds {
    POOLED_HEAP(b -> PooledByteBufAllocator.DEFAULT.heapBuffer(b.length).writeBytes(b)),
    POOLED_DIRECT(b -> PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b)),
    UNPOOLED_DIRECT(b -> Unpooled.directBuffer(b.length).writeBytes(b)),
    /** Bytes at index 7 of a direct buffer, sliced out with 5 bytes after. */
    DIRECT_SLICE(b -> PooledByteBufAllocator.DEFAULT.directBuffer(b.length + 12)
            .writeBytes(new byte[7]).writeBytes(b).writeBytes(new byte[5])),
    READ_ONLY_DIRECT(b -> PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b)),
    /** A read-only NIO direct buffer at position 3, wrapped. */
    READ_ONLY_NIO(b -> {
        ByteBuffer nio = ByteBuffer.allocateDirect(b.length + 3);
        nio.position(3);
        nio.put(b);
        nio.position(3);
        return Unpooled.wrappedBuffer(nio.asReadOnlyBuffer());
    }),
    /** A direct buffer seen through the swapped view {@code order(LITTLE_ENDIAN)} returns. */
    LITTLE_ENDIAN_DIRECT(b -> PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b)),
    COMPOSITE_OF_ONE(b -> PooledByteBufAllocator.DEFAULT.compositeDirectBuffer()
            .addComponent(true, PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b))),
    COMPOSITE_OF_THREE(b -> {
        CompositeByteBuf c = PooledByteBufAllocator.DEFAULT.compositeDirectBuffer();
        int third = b.length / 3;
        c.addComponent(true, PooledByteBufAllocator.DEFAULT.directBuffer(third).writeBytes(b, 0, third));
        c.addComponent(true, Unpooled.copiedBuffer(b, third, third));
        c.addComponent(true, Unpooled.directBuffer(b.length - 2 * third).writeBytes(b, 2 * third,
                b.length - 2 * third));
        return c;
    });

    private final Function<byte[], ByteBuf> owner;

    BufferKinds(Function<byte[], ByteBuf> owner) {
        this.owner = owner;
    }

    /** A buffer to read and the one reference to release. */
    public record Made(ByteBuf buf, ByteBuf owner) {
        public void release() {
            owner.release();
        }
    }

    /** A buffer of this kind whose readable bytes are {@code bytes}; release it when done. */
    @SuppressWarnings("deprecation") // ByteBuf.order: the swapped view a caller may still hand in
    public Made make(byte[] bytes) {
        ByteBuf o = owner.apply(bytes);
        switch (this) {
            case DIRECT_SLICE:
                return new Made(o.slice(7, bytes.length), o);
            case READ_ONLY_DIRECT:
                return new Made(o.asReadOnly(), o);
            case LITTLE_ENDIAN_DIRECT:
                return new Made(o.order(java.nio.ByteOrder.LITTLE_ENDIAN), o);
            default:
                return new Made(o, o);
        }
    }
}
