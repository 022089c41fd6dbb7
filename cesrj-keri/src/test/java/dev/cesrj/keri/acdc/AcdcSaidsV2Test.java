package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ACDC version 2 SAIDs over the most compact form, against keripy's own examples (keripy {@code
 * tests/spec/acdc/test_acdc_examples.py} {@code test_acdc_examples_JSON}, {@code accredSad},
 * {@code accredCSad}, {@code mainSad}, {@code mainCSad}, serialized with keripy's {@code dumps};
 * {@code src/test/resources/acdc/keripy-v2}): the expanded and the compact form of a credential
 * have the same SAID, and every nested map's {@code d} (grades, edges, edge groups) is its SAID
 * with the maps inside it compacted.
 */
class AcdcSaidsV2Test {

  private static String summary(List<SaidCheck> checks) {
    return checks.stream().map(c -> c.path() + (c.ok() ? " ok" : " BAD " + c.computed()))
        .collect(Collectors.joining(", "));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "accredSad|EPXbQWnLaNJ5oSu5JAoZXU5a1c5sicbNWgepjls1flG4|a.d ok, r.d ok, d ok",
      "accredCSad|EPXbQWnLaNJ5oSu5JAoZXU5a1c5sicbNWgepjls1flG4|d ok",
      "mainSad|EAHU2Aby51UiUtAxthONvCXnYMwle2JxoOg9VUDWeYRq|e.accreditation.d ok,"
          + " e.reports.research.d ok, e.reports.project.d ok, e.reports.d ok, e.d ok,"
          + " a.grades.d ok, a.d ok, r.d ok, d ok",
      "mainCSad|EAHU2Aby51UiUtAxthONvCXnYMwle2JxoOg9VUDWeYRq|d ok"})
  void keripysExamplesCheck(String name, String said, String checks) {
    Acdc a = AcdcTestData.read(new String(AcdcTestData.resource("keripy-v2/" + name + ".json"),
        StandardCharsets.UTF_8));
    assertEquals(said, a.said());
    assertEquals(checks, summary(AcdcSaids.check(a)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\"math\":3.0|\"math\":3.5|a.grades.d",
      "\"gpa\":3.5|\"gpa\":3.6|a.d",
      "\"o\":\"OR\"|\"o\":\"ON\"|e.reports.d"})
  void aChangeInsideNamesTheInnermostMap(String from, String to, String path) {
    String json = new String(AcdcTestData.resource("keripy-v2/mainSad.json"),
        StandardCharsets.UTF_8).replace(from, to);
    SaidCheck bad = AcdcSaids.check(AcdcTestData.read(json)).stream().filter(c -> !c.ok())
        .findFirst().orElseThrow();
    assertEquals(path, bad.path());
  }
}
