/**
 * The Netty pipeline codec for CESR (artifact {@code dev.cesrj:cesrj-netty}): {@link
 * dev.cesrj.netty} frames what a channel reads into messages and writes messages with their
 * attachment groups.
 *
 * <p>Its public types extend and take Netty's codec and channel types, and give out the views of
 * module {@code dev.cesrj}, so {@code dev.cesrj}, {@code io.netty.codec} and {@code
 * io.netty.transport} are required transitively; {@code io.netty.handler} gives {@link
 * dev.cesrj.netty.CesrServerInitializer} its idle and write timeouts. It reads {@code
 * dev.cesrj.internal}, which module {@code dev.cesrj} exports to this module only.
 */
module dev.cesrj.netty {
  requires transitive dev.cesrj;
  requires transitive io.netty.codec;
  requires transitive io.netty.transport;
  requires io.netty.handler;

  exports dev.cesrj.netty;
}
