package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * An {@link OutOfMemoryError} or {@link StackOverflowError} while a command runs is one line on
 * standard error and exit status 2, never a stack trace: injected by a standard input that throws
 * it when read, for each command that reads standard input.
 */
class ResourceErrorTest {

  /** Standard input that throws {@code error} on its first read. */
  private static InputStream throwing(Supplier<Error> error) {
    return new InputStream() {
      @Override
      public int read() {
        throw error.get();
      }

      @Override
      public int read(byte[] b, int off, int len) {
        throw error.get();
      }
    };
  }

  private static void check(Supplier<Error> error, String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = Main.run(args, throwing(error), o, e);
    }
    String stderr = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, status);
    assertEquals(line + "\n", stderr);
    assertFalse(stderr.contains("\tat "), stderr);
    assertEquals(0, out.size());
  }

  @Test
  void outOfMemoryIsOneLineAndStatusTwo() {
    for (String[] args : new String[][] {{"inspect", "-"}, {"inspect", "--verify", "-"},
        {"inspect", "--json", "--verify", "-"}, {"denot", "-"}}) {
      check(OutOfMemoryError::new,
          "cesrj: out of memory (raise -Xmx or give a smaller input)", args);
    }
  }

  @Test
  void stackOverflowIsOneLineAndStatusTwo() {
    for (String[] args : new String[][] {{"inspect", "-"}, {"inspect", "--annotate", "-"},
        {"denot", "-"}}) {
      check(StackOverflowError::new,
          "cesrj: input nested too deep for the stack (raise -Xss)", args);
    }
  }
}
