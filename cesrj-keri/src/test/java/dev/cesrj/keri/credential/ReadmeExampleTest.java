package dev.cesrj.keri.credential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's "Verify a credential" example, its lines as written there but printing into a
 * list, over set A's chain stream and a revoked one ({@code src/test/resources/acdc}).
 */
@ExtendWith(LeakDetectionExtension.class)
class ReadmeExampleTest {
  private static List<String> check(String stream, String schemaDir) throws IOException {
    List<String> out = new ArrayList<>();
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    try (var files = Files.list(Path.of(schemaDir))) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (p.toString().endsWith(".json")) {
          schemas.add(Files.readAllBytes(p));
        }
      }
    }
    CredentialVerifier verifier = new CredentialVerifier(schemas);
    verifier.acceptAll(Files.readAllBytes(Path.of(stream)));
    for (CredentialVerdict c : verifier.credentials().values()) {
      out.add(c.said() + " " + c.status().keripyName() + " issuer "
          + c.acdc().issuer() + (c.accepted() ? "" : " " + c.reason()
          + c.escrow().map(e -> " waiting in " + e.keripyName()).orElse("")));
    }
    return out;
  }

  @Test
  void theExamplePrintsEachCredentialsVerdict() throws IOException {
    String dir = "src/test/resources/acdc/";
    assertEquals(List.of(
        "EDrA0ZV5XrFEbHf7telGCimKHCU4IxRzZzGA2pTxZwfU issued issuer "
            + "ENG0PW-UJNAYIaR0-SyJZOeyBotx8-XY-mDb1ecgGEJg",
        "EGAgofKj9ybjgPLCK7JOvGIph8A7uoMh3bDv-PmtCt2s issued issuer "
            + "EA9kxTCtu1nxkkxlY8QSHy6mjuwZoygNgzVb50moTvEn"),
        check(dir + "A/chain.v1.original.cesr", dir + "schemas"));
    assertEquals(List.of("EBG54FERxyAg47PhVEm3ui08GYAaMr4bD5f3sxMuJ1hm notAccepted issuer "
        + "EMC5Xyi3W_kniimpQqNaNyBQnV_I3jnw9MdQJtXVN0Gf ACDC waiting in mse"), check(dir + "A/single.v1.schema-unknown.cesr", dir + "schemas"));
  }
}
