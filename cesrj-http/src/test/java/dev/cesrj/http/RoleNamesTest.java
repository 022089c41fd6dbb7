package dev.cesrj.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.keri.reply.Revery;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link Role} (the OOBI path's role segment) and {@link Revery#ROLES} (the roles an end-role
 * reply may name) are both keripy's {@code Roles} ({@code src/keri/kering.py}); cesrj-keri cannot
 * see cesrj-http's enum, so this test keeps the two lists equal.
 */
class RoleNamesTest {
  @Test
  void roleNamesAreReveryRoles() {
    Set<String> names = Arrays.stream(Role.values()).map(Role::keripyName)
        .collect(Collectors.toSet());
    assertEquals(Revery.ROLES, names);
    assertEquals(11, names.size());
  }
}
