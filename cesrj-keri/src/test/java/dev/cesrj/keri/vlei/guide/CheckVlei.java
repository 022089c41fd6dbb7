package dev.cesrj.keri.vlei.guide;

import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.InMemoryEventResolver;
import dev.cesrj.keri.vlei.VleiPolicy;
import dev.cesrj.keri.vlei.VleiVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public final class CheckVlei {
  /** args: a credential export, a directory of vLEI schemas, GLEIF Root's KEL (its OOBI). */
  public static void main(String[] args) throws Exception {
    check(Path.of(args[0]), Path.of(args[1]), Path.of(args[2])).forEach(System.out::println);
  }

  public static List<String> check(Path export, Path schemaDir, Path rootKel) throws Exception {
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    schemas.addAll(schemaDir);
    byte[] root = Files.readAllBytes(rootKel);
    // what the export lacks (here GLEIF Root's KEL) comes from a resolver, asked when missing
    CredentialVerifier verifier = new CredentialVerifier(schemas,
        new InMemoryEventResolver().add(root));
    verifier.acceptAll(Files.readAllBytes(export));
    List<String> out = new ArrayList<>();
    for (VleiVerdict v : VleiPolicy.fromRootKel(root).check(verifier).values()) {
      out.add(v.schema().map(Enum::name).orElse("?") + " " + v.said() + " " + v.status()
          + (v.status().name().equals("VALID") ? "" : " " + v.rule() + " at [" + v.edgePath()
          + "] " + v.detail()));
    }
    return out;
  }
}
