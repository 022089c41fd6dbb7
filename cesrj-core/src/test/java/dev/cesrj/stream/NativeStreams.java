package dev.cesrj.stream;

/**
 * The CESR-native streams of {@link NativeBodyMessageTest} for tests of other packages (the
 * record of {@code dev.cesrj.group.ElementsFramedOnceTest}).
 */
public final class NativeStreams {
  private NativeStreams() {}

  /** {@return {@link NativeBodyMessageTest#SUBSTREAM}: keripy {@code test_parser_v2_substream}} */
  public static String substream() {
    return NativeBodyMessageTest.SUBSTREAM;
  }

  /** {@return {@link NativeBodyMessageTest#MAP_BODY}: a MapBodyGroup of a Verser and an ilk} */
  public static String mapBody() {
    return NativeBodyMessageTest.MAP_BODY;
  }
}
