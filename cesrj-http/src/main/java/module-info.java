/**
 * cesrj-http: KERI over HTTP in the form keripy's witnesses and {@code kli} speak it (keripy
 * {@code src/keri/end/ending.py}, {@code src/keri/app/httping.py}): a message per request, its
 * body in the request body and its attachments in the {@code CESR-ATTACHMENT} header; OOBI
 * resolution; and a watcher service that verifies what it is sent and serves what it holds.
 *
 * <p>Requires cesrj-core (framing), cesrj-netty (the guarded server pipeline), cesrj-keri (the
 * verifiers whose verdicts it reports), Netty's HTTP codec, and SQLite's JDBC driver (the
 * watcher's store).
 */
module dev.cesrj.http {
  requires transitive dev.cesrj;
  requires transitive dev.cesrj.keri;
  requires transitive dev.cesrj.netty;
  requires io.netty.codec.http;
  requires io.netty.codec;
  requires io.netty.handler;
  requires io.netty.transport;
  requires io.netty.buffer;
  requires io.netty.common;
  requires org.xerial.sqlitejdbc;

  exports dev.cesrj.http;
  exports dev.cesrj.http.oobi;
  exports dev.cesrj.http.store;
  exports dev.cesrj.http.watcher;
}
