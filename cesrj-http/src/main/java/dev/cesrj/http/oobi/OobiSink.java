package dev.cesrj.http.oobi;

import dev.cesrj.stream.Framed;
import java.net.URI;

/**
 * Where an {@link OobiResolver} puts the messages of each response as the push parser frames
 * them: {@link KeriSink} (a {@code KelVerifier} and a {@code Revery}) by default, or a watcher's
 * or credential verifier's own. Called on the resolver's I/O thread, one call at a time, never
 * concurrently; the messages are views valid during the call only.
 */
public interface OobiSink {
  /**
   * Takes the messages of one result of the push parser (the caller keeps owning it).
   *
   * @param framed the messages completed by the bytes just read
   * @param source the URL the response came from (after redirects)
   */
  void accept(Framed framed, URI source);

  /**
   * The response from {@code source} ended whole: retry escrows, say.
   *
   * @param source the URL the response came from
   */
  default void endOfResponse(URI source) {}
}
