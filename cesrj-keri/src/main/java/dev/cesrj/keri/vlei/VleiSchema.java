package dev.cesrj.keri.vlei;

import java.util.Optional;

/**
 * The six credentials of the vLEI framework, each recognised by the SAID of its schema (the
 * schema's {@code $id}; WebOfTrust/vLEI commit f514b9431c5f965b5f7f64a8693e19df2f181564, {@code
 * schema/acdc/<file>}).
 */
public enum VleiSchema {
  /** Qualified vLEI Issuer credential, {@code qualified-vLEI-issuer-vLEI-credential.json}. */
  QVI("EBfdlu8R27Fbx-ehrqwImnK-8Cm79sqbAQ4MmvEAYqao"),
  /** Legal Entity vLEI credential, {@code legal-entity-vLEI-credential.json}. */
  LE("ENPXp1vQzRF6JwIuS-mp2U8Uf1MoADoP_GqQ62VsDZWY"),
  /** OOR Authorization vLEI credential, {@code oor-authorization-vlei-credential.json}. */
  OOR_AUTH("EKA57bKBKxr_kN7iN5i7lMUxpMG-s19dRcmov1iDxz-E"),
  /** ECR Authorization vLEI credential, {@code ecr-authorization-vlei-credential.json}. */
  ECR_AUTH("EH6ekLjSr8V32WyFbGe1zXjTzFs9PkTYmupJ9H65O14g"),
  /**
   * Legal Entity Official Organizational Role vLEI credential, {@code
   * legal-entity-official-organizational-role-vLEI-credential.json}.
   */
  OOR("EBNaNu-M9P5cgrnfl2Fvymy4E_jvxxyjb70PRtiANlJy"),
  /**
   * Legal Entity Engagement Context Role vLEI credential, {@code
   * legal-entity-engagement-context-role-vLEI-credential.json}.
   */
  ECR("EEy9PkikFcANV1l7EHukCeXqrzT1hNZjGlUk7wuMO5jw");

  private final String said;

  VleiSchema(String said) {
    this.said = said;
  }

  /** {@return the schema's SAID (qb64)} */
  public String said() {
    return said;
  }

  /**
   * {@return the vLEI credential whose schema SAID is {@code said}, if it is one}
   *
   * @param said a schema SAID (qb64)
   */
  public static Optional<VleiSchema> of(String said) {
    for (VleiSchema s : values()) {
      if (s.said.equals(said)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
