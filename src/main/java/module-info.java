/**
 * cesrj: zero-copy framing of CESR (Composable Event Streaming Representation) streams on Netty
 * {@code ByteBuf}s.
 *
 * <p>Exported API: {@link dev.cesrj} (options and the typed exceptions), {@link dev.cesrj.code}
 * (the code tables as data), {@link dev.cesrj.primitive} (views of one primitive),
 * {@link dev.cesrj.group} (attachment groups), {@link dev.cesrj.stream} (messages and the push
 * parser), {@link dev.cesrj.batch} (many streams at once on a bounded number of workers) and
 * {@link dev.cesrj.netty} (the Netty pipeline codec), and {@link dev.cesrj.keri} with its
 * sub-packages (typed KERI events, signatures by role, SAIDs, signature verification). {@code dev.cesrj.internal} and the {@code cesrj inspect} tool ({@code dev.cesrj.cli})
 * are not exported.
 *
 * <p>Netty's buffer types are part of the API, so {@code io.netty.buffer} and
 * {@code io.netty.common} are required transitively. {@code io.netty.codec} and
 * {@code io.netty.transport} are needed only by {@code dev.cesrj.netty} (static: add them to use
 * the pipeline). Jackson is needed only by the inspect tool and {@code dev.cesrj.keri}, BouncyCastle
 * ({@code org.bouncycastle.provider}) only by {@code dev.cesrj.keri} (static: add them to use
 * those packages).
 */
module dev.cesrj {
  requires transitive io.netty.buffer;
  requires transitive io.netty.common;
  requires static io.netty.codec;
  requires static io.netty.transport;
  requires static com.fasterxml.jackson.core;
  requires static com.fasterxml.jackson.dataformat.cbor;
  requires static org.bouncycastle.provider;

  exports dev.cesrj;
  exports dev.cesrj.code;
  exports dev.cesrj.primitive;
  exports dev.cesrj.group;
  exports dev.cesrj.stream;
  exports dev.cesrj.batch;
  exports dev.cesrj.netty;
  exports dev.cesrj.keri;
  exports dev.cesrj.keri.body;
  exports dev.cesrj.keri.crypto;
  exports dev.cesrj.keri.event;
  exports dev.cesrj.keri.kever;
}
