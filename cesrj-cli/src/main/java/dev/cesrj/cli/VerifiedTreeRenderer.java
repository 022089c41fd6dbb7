package dev.cesrj.cli;

import dev.cesrj.group.Group;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.stream.Message;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code inspect --verify}: the tree of {@link TreeRenderer}, each top-level message followed by
 * its final verdict ({@link Verification#line}, indented as the message's parts are), then a
 * count of the verdicts and one {@code key state} line per prefix. A verdict is final only once
 * the whole input is read (an escrowed event may be accepted by a later one), so the tree is
 * kept in memory and printed at the end. Everything from the input is escaped ({@link
 * Printable}).
 */
final class VerifiedTreeRenderer implements Renderer {
  private final PrintStream out;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final TreeRenderer tree;
  private final Verification verification;
  /** The tree of each message or attachment group, and whether it is a message. */
  private final List<byte[]> parts = new ArrayList<>();
  private final List<Boolean> isMessage = new ArrayList<>();

  VerifiedTreeRenderer(PrintStream out, long inputLength, Verification verification) {
    this.out = out;
    this.verification = verification;
    this.tree = new TreeRenderer(new PrintStream(buffer, true, StandardCharsets.US_ASCII),
        inputLength);
  }

  @Override
  public void message(Message m, long base, int ordinal) {
    tree.message(m, base, ordinal);
    verification.accept(m, base);
    keep(true);
  }

  @Override
  public void flush() {
    verification.flush();
  }

  @Override
  public void attachment(Group g, int ordinal) {
    tree.attachment(g, ordinal);
    keep(false);
  }

  private void keep(boolean message) {
    parts.add(buffer.toByteArray());
    isMessage.add(message);
    buffer.reset();
  }

  @Override
  public void end(long framedTo, Failure failure) {
    List<VerdictRow> verdicts = verification.rows();
    int[] counts = new int[Status.values().length];
    int v = 0;
    for (int i = 0; i < parts.size(); i++) {
      out.write(parts.get(i), 0, parts.get(i).length);
      if (isMessage.get(i)) {
        VerdictRow verdict = verdicts.get(v++);
        counts[verdict.status().ordinal()]++;
        out.println("  " + Printable.of(Verification.line(verdict)));
      }
    }
    out.println("verified " + verdicts.size() + " messages: "
        + counts[Status.ACCEPTED.ordinal()] + " accepted, "
        + counts[Status.ESCROWED.ordinal()] + " escrowed, "
        + counts[Status.REJECTED.ordinal()] + " rejected");
    for (Map.Entry<String, KeyState> e : verification.keyStates().entrySet()) {
      out.println(Printable.of(keyState(e.getValue())));
    }
    tree.end(framedTo, failure);
    out.write(buffer.toByteArray(), 0, buffer.size());
  }

  /**
   * {@code key state PREFIX: sn=N said=SAID et=ILK kt=T keys=N nt=T next=N bt=N witnesses=N
   * [di=PREFIX]}.
   */
  static String keyState(KeyState s) {
    return "key state " + s.prefix() + ": sn=" + s.sn() + " said=" + s.said() + " et=" + s.et()
        + " kt=" + s.signingThreshold() + " keys=" + s.keys().size()
        + " nt=" + s.nextThreshold() + " next=" + s.nextKeyDigests().size()
        + " bt=" + s.toad() + " witnesses=" + s.witnesses().size()
        + s.delegator().map(d -> " di=" + d).orElse("");
  }
}
