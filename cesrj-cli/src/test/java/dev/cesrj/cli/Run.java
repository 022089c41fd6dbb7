package dev.cesrj.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One run of the command line in this JVM: exit status, standard output and error. */
record Run(int status, byte[] stdout, String stderr) {

  /** Runs {@code args} with {@code stdin} as standard input. */
  static Run of(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = Main.run(args, new ByteArrayInputStream(stdin), o, e);
    }
    return new Run(status, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes} to a temporary file and returns its path. */
  static String file(Path dir, String name, byte[] bytes) {
    try {
      return Files.write(dir.resolve(name), bytes).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String out() {
    return new String(stdout, StandardCharsets.UTF_8);
  }
}
