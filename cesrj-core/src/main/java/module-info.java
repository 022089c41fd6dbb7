/**
 * cesrj: zero-copy framing of CESR (Composable Event Streaming Representation) streams on Netty
 * {@code ByteBuf}s (artifact {@code dev.cesrj:cesrj-core}).
 *
 * <p>Exported API: {@link dev.cesrj} (options and the typed exceptions), {@link dev.cesrj.code}
 * (the code tables as data), {@link dev.cesrj.primitive} (views of one primitive),
 * {@link dev.cesrj.group} (attachment groups), {@link dev.cesrj.stream} (messages and the push
 * parser) and {@link dev.cesrj.batch} (many streams at once on a bounded number of workers).
 * {@code dev.cesrj.internal} is not API: it is exported only to module {@code dev.cesrj.netty}
 * (artifact {@code cesrj-netty}, the Netty pipeline codec), whose {@code OutgoingGroup} checks
 * each part it is given with the scanners and the group framer there. {@code dev.cesrj.parallel}
 * (the bounded per-call runner the batch parser uses) is not API either: it is exported only to
 * module {@code dev.cesrj.keri}, whose signature checks run on it (ADR 0002).
 *
 * <p>Netty's buffer types are part of the API, so {@code io.netty.buffer} and
 * {@code io.netty.common} are required transitively; they are the module's only requirements.
 */
module dev.cesrj {
  requires transitive io.netty.buffer;
  requires transitive io.netty.common;

  exports dev.cesrj;
  exports dev.cesrj.code;
  exports dev.cesrj.primitive;
  exports dev.cesrj.group;
  exports dev.cesrj.stream;
  exports dev.cesrj.batch;
  exports dev.cesrj.internal to dev.cesrj.netty;
  exports dev.cesrj.parallel to dev.cesrj.keri;
}
