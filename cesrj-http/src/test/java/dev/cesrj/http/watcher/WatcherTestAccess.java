package dev.cesrj.http.watcher;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Recording A's helpers for the tests of other packages. */
public final class WatcherTestAccess {
  private WatcherTestAccess() {}

  /** {@return each recorded POST as a line: target, attachments and body (Base64)} */
  public static List<String> recordedPostLines() {
    Base64.Encoder b64 = Base64.getEncoder();
    List<String> out = new ArrayList<>();
    for (Recording.Exchange x : Recording.exchanges()) {
      if (x.method().equals("POST")) {
        PostTarget t = x.target().equals("/receipts") ? PostTarget.RECEIPTS : PostTarget.EVENTS;
        out.add(t.name() + " " + b64.encodeToString(x.header("Cesr-Attachment").orElse("")
            .getBytes(StandardCharsets.US_ASCII)) + " " + b64.encodeToString(x.body()));
      }
    }
    return out;
  }

  /** Asserts {@code w}'s KELs verify to recording A's key states. */
  public static void assertKeyStates(Watcher w) {
    WatcherRecordingTest.assertKeyStates(w);
  }
}
