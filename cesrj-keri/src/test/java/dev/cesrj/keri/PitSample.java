package dev.cesrj.keri;

import dev.cesrj.testing.Property;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The corpus lists of this module's parameterized tests, cut down when the case-count scale is
 * below 1 ({@link Property#scale()}: the PIT run uses 0.1). PIT reruns every covering test
 * invocation per mutant, and a corpus invocation frames and verifies a whole stream: at scale 1
 * (every normal build) the lists are whole.
 */
public final class PitSample {
  private PitSample() {
  }

  /** {@return true if the case-count scale is below 1 (a PIT run)} */
  public static boolean sampling() {
    return Property.scale() < 1;
  }

  /**
   * {@code all}, or when {@linkplain #sampling() sampling} {@code Property.cases(all.size())} of
   * them (at least 2) spread evenly over the list.
   *
   * @param all the whole list
   * @param <T> the element type
   * @return {@code all} or the sample, in the order of {@code all}
   */
  public static <T> List<T> spread(List<T> all) {
    return Property.spread(all);
  }

  /**
   * {@code all}, or when {@linkplain #sampling() sampling} the elements that bring a key not seen
   * before (in list order): one file per KEL, per form and per mutation of kel/A, say.
   *
   * @param all the whole list
   * @param keys the keys of an element (each key is compared as a string)
   * @return {@code all} or the covering sample, in the order of {@code all}
   */
  public static List<String> covering(List<String> all, Function<String, List<String>> keys) {
    if (!sampling()) {
      return all;
    }
    Set<String> seen = new HashSet<>();
    List<String> out = new ArrayList<>();
    for (String s : all) {
      boolean fresh = false;
      for (String k : keys.apply(s)) {
        fresh |= seen.add(k);
      }
      if (fresh) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * The keys of a kel/A file name {@code KEL.vN.bare.FORM.MUTATION.cesr}: its KEL, its version
   * and form, and its mutation.
   *
   * @param file a kel/A stream's name
   * @return {@code ["kel KEL", "form vN.bare.FORM", "mutation MUTATION"]}
   */
  public static List<String> kelKeys(String file) {
    String[] p = file.split("\\.");
    return List.of("kel " + p[0], "form " + p[1] + "." + p[3], "mutation " + p[4]);
  }

  /**
   * The keys of a corpus A stream name {@code FAMILY.vN[.LAYOUT].FORM.cesr}: its family, and its
   * version with its form.
   *
   * @param file a corpus A stream's name
   * @return {@code ["family FAMILY", "form vN.FORM"]}
   */
  public static List<String> corpusKeys(String file) {
    String[] p = file.split("\\.");
    return List.of("family " + p[0], "form " + p[1] + "." + p[p.length - 2]);
  }
}
