package dev.cesrj.alloc;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;

/**
 * What a whole stream holds, as {@code ConcurrentParse} reports it for an {@code --input} file.
 *
 * <p>A stream of messages is read with {@link Messages}. A stream that starts with an attachment
 * group instead of a message (Messages throws {@link ColdStartException} at offset 0, or just
 * after the genus-version codes that lead it, as in the CESR 2.0 {@code atc_*} files) and that
 * {@link Groups} reads to its end is an attachment-only stream (as the corpus's {@code atc_*}
 * files are): it has no message, and is parsed with {@link Groups}.
 *
 * @param attachmentOnly true for an attachment-only stream (read with {@link Groups})
 * @param messages top-level messages
 * @param groups attachment groups at any depth ({@link Message#groups()} of every message, nested
 *     messages included; for an attachment-only stream its groups and the groups inside its
 *     AttachmentGroups), genus-version codes excluded
 * @param sigs indexed signatures ({@link Message#signatures()} of every message, nested messages
 *     included; {@link Group#signatures()} of each group of an attachment-only stream)
 * @param bytes the stream's size
 * @param checksum what {@link MessageArms} (or, attachment-only, {@link GroupArms}) return
 */
public record StreamCensus(
    boolean attachmentOnly, long messages, long groups, long sigs, long bytes, long checksum) {

  /**
   * Parses {@code stream} once and counts.
   *
   * @throws CesrException if it does not parse (as messages, nor as attachment groups when it
   *     starts with one): the error {@link Messages} raised
   */
  public static StreamCensus of(byte[] stream, CesrOptions options) {
    try {
      return messages(stream, options);
    } catch (ColdStartException e) {
      return attachmentsInstead(stream, options, e);
    }
  }

  /**
   * The census of {@code stream} as attachment groups, if the error that reading it as messages
   * gave says it starts with a group (after any genus-version codes) and {@link Groups} reads it
   * to its end; else that error.
   */
  private static StreamCensus attachmentsInstead(
      byte[] stream, CesrOptions options, ColdStartException e) {
    if (!onlyGenusVersionCodesBefore(stream, e.offset())) {
      throw e;
    }
    try {
      return attachments(stream, options);
    } catch (CesrException notGroupsEither) {
      e.addSuppressed(notGroupsEither);
      throw e;
    }
  }

  /**
   * Like {@link #of}, but the messages are pushed through a {@link CesrStreamParser} in chunks of
   * {@code chunk} bytes (the last one shorter), then the end of input: the census must be the
   * same as {@link #of}'s. An attachment-only stream is read with {@link Groups} as in
   * {@link #of}.
   *
   * @throws CesrException if it does not parse: the error the push parser returned
   */
  public static StreamCensus ofChunks(byte[] stream, CesrOptions options, int chunk) {
    try {
      return chunked(stream, options, chunk);
    } catch (ColdStartException e) {
      return attachmentsInstead(stream, options, e);
    }
  }

  /**
   * True if {@code stream[0, offset)} is nothing but genus-version codes: 8 characters ({@code -_})
   * in qb64, 6 bytes ({@code 0xFB 0xF_}) in qb2.
   */
  static boolean onlyGenusVersionCodesBefore(byte[] stream, long offset) {
    if (offset > stream.length) {
      return false;
    }
    int i = 0;
    while (i < offset) {
      Domain d = Domain.ofCounterByte(stream[i]);
      int size = (int) d.size(8);
      boolean gvc = i + size <= offset
          && (d == Domain.QB64
              ? stream[i] == '-' && stream[i + 1] == '_'
              : (stream[i] & 0xFF) == 0xFB && (stream[i + 1] & 0xF0) == 0xF0);
      if (!gvc) {
        return false;
      }
      i += size;
    }
    return true;
  }

  private static StreamCensus chunked(byte[] stream, CesrOptions options, int chunk) {
    long[] counts = new long[3];
    long checksum = 0;
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      int i = 0;
      while (true) {
        boolean end = i >= stream.length;
        Framed f = end ? parser.endOfInput() : parser.feed(stream, i, Math.min(chunk, stream.length - i));
        i += chunk;
        for (Message m : f.messages()) {
          counts[0]++;
          add(m, counts);
          checksum += MessageArms.touch(m);
        }
        if (f.failed()) {
          throw f.error().get();
        }
        if (end) {
          break;
        }
      }
    }
    return new StreamCensus(false, counts[0], counts[1], counts[2], stream.length, checksum);
  }

  private static StreamCensus messages(byte[] stream, CesrOptions options) {
    long[] counts = new long[3];
    long checksum = 0;
    try (Messages ms = Messages.copyOf(stream, options)) {
      for (Message m : ms) {
        counts[0]++;
        add(m, counts);
        checksum += MessageArms.touch(m);
      }
    }
    return new StreamCensus(false, counts[0], counts[1], counts[2], stream.length, checksum);
  }

  private static void add(Message m, long[] counts) {
    for (Group g : m.groups()) {
      if (g.code().unit() != CountUnit.NONE) {
        counts[1]++;
      }
    }
    counts[2] += m.signatures().size();
    for (Message n : m.nested()) {
      add(n, counts);
    }
  }

  private static StreamCensus attachments(byte[] stream, CesrOptions options) {
    long groups = 0;
    long sigs = 0;
    long checksum = 0;
    try (Groups gs = Groups.copyOf(stream, options)) {
      for (Group g : gs) {
        checksum += g.count();
        groups += groups(g);
        if (g.code().unit() != CountUnit.NONE) {
          sigs += g.signatures().size();
        }
      }
    }
    return new StreamCensus(true, 0, groups, sigs, stream.length, checksum);
  }

  private static long groups(Group g) {
    if (g.code().unit() == CountUnit.NONE) {
      return 0;
    }
    long n = 1;
    if (g.code().layout() == Layout.ATTACHMENTS) {
      for (Group inner : g.groups()) {
        n += groups(inner);
      }
    }
    return n;
  }
}
