package dev.cesrj;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Layout;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package structure of the main classes (their bytecode, so a Javadoc link does not count):
 * no package cycle, and each package uses only the packages below it, as each package-info says.
 * It runs in cesrj-cli, whose test class path holds the main classes of every published module
 * (cesrj-core, cesrj-netty, cesrj-keri, cesrj-flink, cesrj-cli), so the rules span the modules.
 * From the bottom:
 *
 * <ol>
 *   <li>{@code dev.cesrj.parallel}: the bounded per-call runner ({@code ParallelRun}); no other
 *       cesrj package; only {@code batch} and {@code keri.kever} use it (module {@code dev.cesrj}
 *       exports it to {@code dev.cesrj.keri} only);
 *   <li>{@code dev.cesrj.code}: the code tables; no other cesrj package;
 *   <li>{@code dev.cesrj}: the options and the exceptions; {@code code};
 *   <li>{@code dev.cesrj.internal}: the scanners and framers; {@code dev.cesrj}, {@code code};
 *   <li>{@code dev.cesrj.primitive}: the views of one primitive; the above;
 *   <li>{@code dev.cesrj.group}: the views of groups; the above;
 *   <li>{@code dev.cesrj.stream}: messages and the push parser; the above;
 *   <li>{@code dev.cesrj.batch} and {@code dev.cesrj.netty}, neither using the other: the above
 *       ({@code batch} without {@code internal}, with {@code parallel});
 *   <li>{@code dev.cesrj.keri.crypto}, {@code dev.cesrj.keri.body}, {@code dev.cesrj.keri.event},
 *       {@code dev.cesrj.keri}, each above the one before: {@code code}, {@code dev.cesrj},
 *       {@code primitive}, {@code group}, {@code stream} (not {@code internal}, {@code batch} nor
 *       {@code netty}); no package below uses any of them;
 *   <li>{@code dev.cesrj.keri.kever}: the key-state validator; the {@code keri} packages and the
 *       ones they use, and {@code parallel} (the workers of its signature checks); packages
 *       above it use it ({@code keri.tel}, {@code keri.exchange}, {@code keri.credential}, {@code
 *       cli}, {@code flink.kel}, {@code flink.job}), none below;
 *   <li>{@code dev.cesrj.keri.acdc}: ACDC credentials on their own (SAIDs, schemas, edges); the
 *       {@code keri} packages but {@code kever}, and the ones they use; {@code keri.credential}
 *       and {@code cli} use it;
 *   <li>{@code dev.cesrj.keri.tel}: credential registries' transaction event logs (Tevery); the
 *       {@code keri} packages, {@code kever} (whose KELs anchor the TEL events) and the ones they
 *       use; {@code keri.credential} and {@code cli} use it;
 *   <li>{@code dev.cesrj.keri.exchange}: exchange messages ({@code exn}) verified against the
 *       sender's key state; the {@code keri} packages, {@code kever} and the ones they use;
 *   <li>{@code dev.cesrj.keri.credential}: one verifier over a credential stream (KEL, TEL,
 *       ACDCs, exchanges, their escrows together); the {@code keri} packages, {@code kever},
 *       {@code acdc}, {@code tel}, {@code exchange} and the ones they use;
 *   <li>{@code dev.cesrj.keri.vlei}: the vLEI chain policy over a credential verifier's verdicts;
 *       {@code keri.credential}, {@code acdc}, {@code kever} and the ones they use; only {@code
 *       cli} may use it;
 *   <li>{@code dev.cesrj.keri.reply}: reply messages ({@code rpy}: end roles, locations)
 *       verified against the signer's key state (Revery); the {@code keri} packages, {@code
 *       kever} and the ones they use;
 *   <li>{@code dev.cesrj.flink}: Flink sources of CESR records; {@code dev.cesrj} and
 *       {@code stream};
 *   <li>{@code dev.cesrj.flink.kel}: KEL validation on Flink; {@code flink} and {@code keri.kever};
 *   <li>{@code dev.cesrj.flink.job}: the example job; {@code flink}, {@code flink.kel} and {@code
 *       keri.kever} (its {@code --fail-on} decision, {@code FailOn}, shared with {@code cli});
 *   <li>{@code dev.cesrj.http.oobi}: the OOBI resolver; {@code http}, {@code netty}, the {@code
 *       keri} packages {@code kever} and {@code reply} and the ones they use;
 *   <li>{@code dev.cesrj.http}: KERI's HTTP names and OOBI paths; {@code dev.cesrj}, {@code code};
 *   <li>{@code dev.cesrj.http.store}: the watcher's store; no other cesrj package;
 *   <li>{@code dev.cesrj.http.watcher}: the watcher service; {@code http}, {@code http.store},
 *       {@code netty}, {@code keri.kever}, {@code keri.reply}, {@code keri.crypto}, {@code
 *       keri.body} (a reply's {@code a} map names the AID whose replies it keeps), the credential
 *       verifier and what its verdicts name ({@code keri}, {@code keri.event}, {@code keri.acdc},
 *       {@code keri.tel}, {@code keri.credential}: TEL events and ACDCs POSTed to it) and the core
 *       packages but {@code internal} and {@code batch};
 *   <li>{@code dev.cesrj.cli}: the exported packages ({@code netty} only for {@code watch}'s
 *       guards, which {@code WatcherServer.Builder#guards} sets on cesrj-netty's {@code
 *       CesrServerInitializer.Builder}); {@code keri.body} (the
 *       body readers), {@code keri.event} (ilks), {@code keri.kever}, {@code keri.exchange}, {@code keri.acdc}, {@code
 *       keri.tel} and {@code keri.credential} ({@code inspect --verify}); {@code keri.reply},
 *       {@code http} and {@code http.oobi} ({@code oobi resolve}); {@code http.watcher} and
 *       {@code http.store} ({@code watch}).
 * </ol>
 */
class ArchitectureTest {
  private static final String ROOT = "dev.cesrj";
  private static final String CODE = "dev.cesrj.code";
  private static final String INTERNAL = "dev.cesrj.internal";
  private static final String PRIMITIVE = "dev.cesrj.primitive";
  private static final String GROUP = "dev.cesrj.group";
  private static final String STREAM = "dev.cesrj.stream";
  private static final String BATCH = "dev.cesrj.batch";
  private static final String PARALLEL = "dev.cesrj.parallel";
  private static final String NETTY = "dev.cesrj.netty";
  private static final String CLI = "dev.cesrj.cli";
  private static final String KERI_CRYPTO = "dev.cesrj.keri.crypto";
  private static final String KERI_BODY = "dev.cesrj.keri.body";
  private static final String KERI_EVENT = "dev.cesrj.keri.event";
  private static final String KERI = "dev.cesrj.keri";
  private static final String KERI_KEVER = "dev.cesrj.keri.kever";
  private static final String KERI_ACDC = "dev.cesrj.keri.acdc";
  private static final String KERI_TEL = "dev.cesrj.keri.tel";
  private static final String KERI_EXCHANGE = "dev.cesrj.keri.exchange";
  private static final String KERI_CREDENTIAL = "dev.cesrj.keri.credential";
  private static final String KERI_VLEI = "dev.cesrj.keri.vlei";
  private static final String FLINK = "dev.cesrj.flink";
  private static final String FLINK_KEL = "dev.cesrj.flink.kel";
  private static final String FLINK_JOB = "dev.cesrj.flink.job";
  private static final String KERI_REPLY = "dev.cesrj.keri.reply";
  private static final String HTTP = "dev.cesrj.http";
  private static final String HTTP_OOBI = "dev.cesrj.http.oobi";
  private static final String HTTP_STORE = "dev.cesrj.http.store";
  private static final String HTTP_WATCHER = "dev.cesrj.http.watcher";

  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // cesrj-core's test classes, once packaged, are its test-jar
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages(ROOT);
  }

  /** Each package is a slice of its own: a cycle between any two packages fails. */
  static ArchRule noPackageCycle() {
    return slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass c) {
                return SliceIdentifier.of(c.getPackageName());
              }

              @Override
              public String getDescription() {
                return "one slice per package";
              }
            })
        .should()
        .beFreeOfCycles();
  }

  static ArchRule layers() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("code").definedBy(CODE)
        .layer("root").definedBy(ROOT)
        .layer("internal").definedBy(INTERNAL)
        .layer("primitive").definedBy(PRIMITIVE)
        .layer("group").definedBy(GROUP)
        .layer("stream").definedBy(STREAM)
        .layer("batch").definedBy(BATCH)
        .layer("parallel").definedBy(PARALLEL)
        .layer("netty").definedBy(NETTY)
        .layer("keri.crypto").definedBy(KERI_CRYPTO)
        .layer("keri.body").definedBy(KERI_BODY)
        .layer("keri.event").definedBy(KERI_EVENT)
        .layer("keri").definedBy(KERI)
        .layer("keri.kever").definedBy(KERI_KEVER)
        .layer("keri.acdc").definedBy(KERI_ACDC)
        .layer("keri.tel").definedBy(KERI_TEL)
        .layer("keri.exchange").definedBy(KERI_EXCHANGE)
        .layer("keri.credential").definedBy(KERI_CREDENTIAL)
        .layer("keri.vlei").definedBy(KERI_VLEI)
        .layer("cli").definedBy(CLI)
        .layer("flink").definedBy(FLINK)
        .layer("flink.kel").definedBy(FLINK_KEL)
        .layer("flink.job").definedBy(FLINK_JOB)
        .layer("keri.reply").definedBy(KERI_REPLY)
        .layer("http").definedBy(HTTP)
        .layer("http.oobi").definedBy(HTTP_OOBI)
        .layer("http.store").definedBy(HTTP_STORE)
        .layer("http.watcher").definedBy(HTTP_WATCHER)
        .whereLayer("code").mayNotAccessAnyLayer()
        .whereLayer("parallel").mayNotAccessAnyLayer()
        .whereLayer("parallel").mayOnlyBeAccessedByLayers("batch", "keri.kever")
        .whereLayer("root").mayOnlyAccessLayers("code")
        .whereLayer("internal").mayOnlyAccessLayers("root", "code")
        .whereLayer("primitive").mayOnlyAccessLayers("root", "code", "internal")
        .whereLayer("group").mayOnlyAccessLayers("root", "code", "internal", "primitive")
        .whereLayer("stream")
        .mayOnlyAccessLayers("root", "code", "internal", "primitive", "group")
        .whereLayer("batch")
        .mayOnlyAccessLayers("root", "code", "primitive", "group", "stream", "parallel")
        .whereLayer("netty")
        .mayOnlyAccessLayers("root", "code", "internal", "primitive", "group", "stream")
        .whereLayer("keri.crypto").mayOnlyAccessLayers("root", "code", "primitive")
        .whereLayer("keri.body")
        .mayOnlyAccessLayers("root", "code", "primitive", "group", "stream", "keri.crypto")
        .whereLayer("keri.event")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body")
        .whereLayer("keri")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event")
        .whereLayer("keri.kever")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "parallel")
        .whereLayer("keri.acdc")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri")
        .whereLayer("keri.tel")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "keri.kever")
        .whereLayer("keri.exchange")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "keri.kever")
        .whereLayer("keri.credential")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "keri.kever", "keri.acdc", "keri.tel", "keri.exchange")
        .whereLayer("keri.vlei")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "keri.kever", "keri.acdc", "keri.tel", "keri.exchange",
            "keri.credential")
        .whereLayer("http.oobi")
        .mayOnlyAccessLayers("root", "code", "primitive", "group", "stream", "netty", "http",
            "keri.crypto", "keri.body", "keri.event", "keri", "keri.kever", "keri.reply")
        .whereLayer("cli")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "batch", "netty", "keri.body",
            "keri.kever", "keri.event", "keri.exchange", "keri.acdc", "keri.tel",
            "keri.credential", "keri.vlei", "keri.reply", "http", "http.oobi", "http.store",
            "http.watcher")
        .whereLayer("keri.reply")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "keri.crypto", "keri.body",
            "keri.event", "keri", "keri.kever")
        .whereLayer("http").mayOnlyAccessLayers("root", "code")
        .whereLayer("http.store").mayNotAccessAnyLayer()
        .whereLayer("http.watcher")
        .mayOnlyAccessLayers(
            "root", "code", "primitive", "group", "stream", "netty", "keri.crypto", "keri.body",
            "keri.kever", "keri.reply", "keri", "keri.event", "keri.acdc", "keri.tel",
            "keri.credential", "http", "http.store")
        .whereLayer("flink").mayOnlyAccessLayers("root", "code", "stream")
        .whereLayer("flink.kel").mayOnlyAccessLayers("flink", "keri.kever")
        .whereLayer("flink.job").mayOnlyAccessLayers("flink", "flink.kel", "keri.kever");
  }

  @Test
  void noPackageDependsOnItselfThroughAnother() {
    noPackageCycle().check(main);
  }

  @Test
  void eachPackageUsesOnlyTheLayersBelowIt() {
    layers().check(main);
  }

  /** A new package gets a place in {@link #layers()} (and a package-info) before it is used. */
  @Test
  void everyMainClassIsInALayer() {
    classes()
        .should()
        .resideInAnyPackage(ROOT, CODE, INTERNAL, PRIMITIVE, GROUP, STREAM, BATCH, PARALLEL, NETTY, CLI,
            KERI_CRYPTO, KERI_BODY, KERI_EVENT, KERI, KERI_KEVER, KERI_ACDC, KERI_TEL, KERI_EXCHANGE,
            KERI_CREDENTIAL, KERI_VLEI, FLINK, FLINK_KEL, FLINK_JOB, KERI_REPLY, HTTP, HTTP_OOBI, HTTP_STORE,
            HTTP_WATCHER)
        .check(main);
  }

  /** The rules see the packages: the import holds every layer's classes. */
  @Test
  void theImportHoldsEveryPackage() {
    Set<String> packages = new TreeSet<>();
    main.forEach(c -> packages.add(c.getPackageName()));
    assertEquals(
        new TreeSet<>(Set.of(ROOT, CODE, INTERNAL, PRIMITIVE, GROUP, STREAM, BATCH, PARALLEL, NETTY, CLI,
            KERI_CRYPTO, KERI_BODY, KERI_EVENT, KERI, KERI_KEVER, KERI_ACDC, KERI_TEL, KERI_EXCHANGE,
            KERI_CREDENTIAL, KERI_VLEI, FLINK, FLINK_KEL, FLINK_JOB, KERI_REPLY, HTTP, HTTP_OOBI, HTTP_STORE,
            HTTP_WATCHER)),
        packages);
  }

  /** The cycle rule fails on a cycle between two packages ({@code dev.cesrj} and a test one). */
  /**
   * No class loads a class by its name: a lower layer reaches nothing of a higher one that way
   * (issue 33: the view classes once installed makers into {@code internal.Views}, reached with
   * {@code Class.forName}); the layers above call the view classes' {@code framed} factories.
   */
  static ArchRule noClassLoadedByName() {
    return noClasses()
        .should()
        .callMethodWhere(
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "Class.forName",
                call -> call.getTargetOwner().isEquivalentTo(Class.class)
                    && call.getName().equals("forName")));
  }

  @Test
  void noClassIsLoadedByName() {
    noClassLoadedByName().check(main);
  }

  /** A class that loads another by name, for {@link #aClassLoadedByNameFails()}. */
  static final class LoadsByName {
    static Class<?> load() throws ClassNotFoundException {
      return Class.forName("dev.cesrj.group.Group");
    }
  }

  @Test
  void aClassLoadedByNameFails() {
    JavaClasses loader = new ClassFileImporter().importClasses(LoadsByName.class);
    AssertionError e =
        assertThrows(AssertionError.class, () -> noClassLoadedByName().check(loader));
    assertTrue(e.getMessage().contains("Class.forName"), e.getMessage());
  }

  @Test
  void aCycleFails() {
    JavaClasses cyclic =
        new ClassFileImporter()
            .importClasses(
                CycleFixture.class, dev.cesrj.testing.CycleFixture.class, CesrOptions.class);
    AssertionError e =
        assertThrows(AssertionError.class, () -> noPackageCycle().check(cyclic));
    assertTrue(e.getMessage().contains("Cycle detected: Slice dev.cesrj -> "), e.getMessage());
  }

  /** Half of the package cycle of {@link #aCycleFails()}. */
  static final class CycleFixture {
    static final Class<?> OTHER = dev.cesrj.testing.CycleFixture.OTHER;
  }

  /**
   * The main classes that still name a {@link Layout} constant outside {@code dev.cesrj.code},
   * each with why. Empty is the aim: a rule about one layout asks its facts.
   */
  static final Map<String, String> LAYOUT_NAMED = Map.of();

  /** A read of a {@link Layout} constant ({@code Layout.TUPLES}, in a comparison or a set). */
  static final DescribedPredicate<JavaFieldAccess> READS_A_LAYOUT =
      DescribedPredicate.describe(
          "a Layout constant",
          access -> access.getTargetOwner().isEquivalentTo(Layout.class)
              && access.getTarget().getRawType().isEquivalentTo(Layout.class));

  /**
   * A call that tells layouts apart by name or position: {@code ordinal()} (a {@code switch} over
   * layouts makes one), {@code name()}, {@code values()}, {@code valueOf}, {@code compareTo}.
   */
  static final DescribedPredicate<JavaMethodCall> ORDERS_LAYOUTS =
      DescribedPredicate.describe(
          "Layout.ordinal, name, values, valueOf or compareTo",
          call -> call.getTargetOwner().isEquivalentTo(Layout.class)
              && Set.of("ordinal", "name", "values", "valueOf", "compareTo")
                  .contains(call.getName()));

  /** The top-level class of {@code c} (a switch's map or a lambda's class counts as its own). */
  private static String topLevel(JavaClass c) {
    String name = c.getName();
    int dollar = name.indexOf('$');
    return dollar < 0 ? name : name.substring(0, dollar);
  }

  /**
   * Issue 33: a group layout is one constant of {@link Layout} carrying its grammar facts
   * ({@code content()}, {@code startsMessage()}, {@code holdsBody()}, {@code parsedInRun()},
   * {@code selectsTable()}, {@code supported()}, {@code isBodyGroup()}, {@code holdsStream()}),
   * and the framers, the views, the cursor, the push parser, the renderers and the writers ask
   * those facts: no class outside {@code dev.cesrj.code} (the tables, which assign the layouts)
   * reads a layout constant or switches over layouts, but those of {@link #LAYOUT_NAMED}. A new
   * layout of a known kind is then one constant: no site names the old ones.
   */
  static ArchRule layoutsAskedByTheirFacts(Set<String> named) {
    return noClasses()
        .that(
            DescribedPredicate.describe(
                "are outside dev.cesrj.code and not named in LAYOUT_NAMED",
                (JavaClass c) -> !c.getPackageName().equals(CODE)
                    && !named.contains(topLevel(c))))
        .should()
        .accessFieldWhere(READS_A_LAYOUT)
        .orShould()
        .callMethodWhere(ORDERS_LAYOUTS);
  }

  @Test
  void noClassNamesALayoutButThroughItsFacts() {
    layoutsAskedByTheirFacts(LAYOUT_NAMED.keySet()).check(main);
  }

  /** Each named exception still names a layout: once its class asks facts, it leaves the list. */
  @Test
  void eachLayoutExceptionStillNamesALayout() {
    for (String name : LAYOUT_NAMED.keySet()) {
      boolean names = false;
      for (JavaClass c : main) {
        if (topLevel(c).equals(name)) {
          names |= c.getFieldAccessesFromSelf().stream().anyMatch(READS_A_LAYOUT)
              || c.getMethodCallsFromSelf().stream().anyMatch(ORDERS_LAYOUTS);
        }
      }
      assertTrue(names, name + " names no layout now: remove it from LAYOUT_NAMED");
    }
  }

  /** A class comparing a code's layout with a named one, for {@link #aNamedLayoutFails()}. */
  static final class NamesALayout {
    static boolean generic(CounterCode c) {
      return c.layout() == Layout.GENERIC;
    }
  }

  /** A class switching over layouts, for {@link #aNamedLayoutFails()}. */
  static final class SwitchesOverLayouts {
    static boolean body(Layout l) {
      switch (l) {
        case NATIVE_BODY:
        case NON_NATIVE_BODY:
          return true;
        default:
          return false;
      }
    }
  }

  /** A class asking the facts only, for {@link #aNamedLayoutFails()}. */
  static final class AsksFacts {
    static boolean body(Layout l) {
      return l.isBodyGroup() && l.content() != Layout.Content.MESSAGES;
    }
  }

  @Test
  void aNamedLayoutFails() {
    AssertionError compared = assertThrows(AssertionError.class,
        () -> layoutsAskedByTheirFacts(Set.of()).check(
            new ClassFileImporter().importClasses(NamesALayout.class)));
    assertTrue(compared.getMessage().contains("Layout.GENERIC"), compared.getMessage());
    AssertionError switched = assertThrows(AssertionError.class,
        () -> layoutsAskedByTheirFacts(Set.of()).check(
            new ClassFileImporter().importClasses(SwitchesOverLayouts.class)));
    assertTrue(switched.getMessage().contains("Layout.ordinal()"), switched.getMessage());
    layoutsAskedByTheirFacts(Set.of())
        .check(new ClassFileImporter().importClasses(AsksFacts.class));
  }
}
