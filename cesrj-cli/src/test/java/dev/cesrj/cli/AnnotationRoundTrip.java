package dev.cesrj.cli;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code denot} of an annotation ({@code inspect --annotate}) gives back: the whole input,
 * or, when an error left more than {@link AnnotationRenderer#UNFRAMED_SHOWN} bytes not framed,
 * the input up to what framed and the first of those bytes (the last line's comment says how
 * many were not framed).
 */
public final class AnnotationRoundTrip {
  private static final Pattern LEFT_OUT = Pattern.compile(
      " \\(the first (\\d+) of (\\d+) bytes not framed; the rest is left out\\) \\(hex\\)\n?$");

  private AnnotationRoundTrip() {}

  /**
   * {@return the bytes {@code denot} of {@code annotation} must give for {@code input}}
   *
   * @param input the input annotated
   * @param annotation what {@code inspect --annotate} wrote (UTF-8)
   */
  public static byte[] expected(byte[] input, byte[] annotation) {
    String text = new String(annotation, java.nio.charset.StandardCharsets.UTF_8);
    Matcher m = LEFT_OUT.matcher(text);
    if (!m.find()) {
      return input;
    }
    long shown = Long.parseLong(m.group(1));
    long notFramed = Long.parseLong(m.group(2));
    if (shown != AnnotationRenderer.UNFRAMED_SHOWN || notFramed <= shown
        || notFramed > input.length) {
      throw new AssertionError("a bound on what did not frame that is not the renderer's: "
          + m.group());
    }
    return Arrays.copyOf(input, (int) (input.length - notFramed + shown));
  }
}
