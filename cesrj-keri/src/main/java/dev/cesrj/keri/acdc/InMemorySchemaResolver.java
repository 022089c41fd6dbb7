package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.KeriBodyException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A schema cache in memory, keyed by SAID (keripy {@code CacheResolver.add}, which pins a schema
 * only when its {@code $id} is its SAID: here a schema whose {@code $id} does not check is refused
 * with the exception of {@link AcdcSchema#parse(byte[])}). Schemas added later may {@code $ref}
 * the ones added before. Thread-safe.
 */
public final class InMemorySchemaResolver implements SchemaResolver {
  private final Map<String, AcdcSchema> schemas = new ConcurrentHashMap<>();

  /** Creates an empty cache. */
  public InMemorySchemaResolver() {}

  /**
   * Reads a schema and adds it.
   *
   * @param json the schema document
   * @return the schema added
   * @throws KeriBodyException as {@link AcdcSchema#parse(byte[], SchemaResolver)}
   */
  public AcdcSchema add(byte[] json) {
    AcdcSchema s = AcdcSchema.parse(json, this);
    schemas.put(s.said(), s);
    return s;
  }

  /**
   * Reads and adds every {@code *.json} file of a directory, in name order.
   *
   * @param dir a directory
   * @return the schemas added
   * @throws UncheckedIOException if the directory or a file cannot be read
   * @throws KeriBodyException as {@link #add(byte[])}, for the first file that is no schema
   */
  public List<AcdcSchema> addAll(Path dir) {
    List<AcdcSchema> out = new ArrayList<>();
    try (var files = Files.list(dir)) {
      for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted()
          .toList()) {
        out.add(add(Files.readAllBytes(p)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Override
  public Optional<AcdcSchema> resolve(String said) {
    return Optional.ofNullable(schemas.get(said));
  }

  /** {@return the schemas held, in no order} */
  public Collection<AcdcSchema> schemas() {
    return List.copyOf(schemas.values());
  }
}
