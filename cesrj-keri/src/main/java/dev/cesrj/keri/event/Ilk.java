package dev.cesrj.keri.event;

import java.util.Optional;

/**
 * The message types ({@code t} field) of KERI, its TEL and ACDC (keripy
 * {@code src/keri/kering.py} {@code Ilks}; fields per {@code serdering.py} {@code Serder.Fields}).
 */
public enum Ilk {
  /** Inception. */
  ICP("icp", Family.KEY_EVENT),
  /** Rotation. */
  ROT("rot", Family.KEY_EVENT),
  /** Interaction. */
  IXN("ixn", Family.KEY_EVENT),
  /** Delegated inception. */
  DIP("dip", Family.KEY_EVENT),
  /** Delegated rotation. */
  DRT("drt", Family.KEY_EVENT),
  /** Receipt. */
  RCT("rct", Family.RECEIPT),
  /** Query. */
  QRY("qry", Family.ROUTED),
  /** Reply. */
  RPY("rpy", Family.ROUTED),
  /** Prod. */
  PRO("pro", Family.ROUTED),
  /** Bare. */
  BAR("bar", Family.ROUTED),
  /** Exchange inception (version 2). */
  XIP("xip", Family.ROUTED),
  /** Exchange. */
  EXN("exn", Family.ROUTED),
  /** TEL registry inception (version 1). */
  VCP("vcp", Family.TEL),
  /** TEL registry rotation (version 1). */
  VRT("vrt", Family.TEL),
  /** TEL simple issuance (version 1). */
  ISS("iss", Family.TEL),
  /** TEL simple revocation (version 1). */
  REV("rev", Family.TEL),
  /** TEL backed issuance (version 1). */
  BIS("bis", Family.TEL),
  /** TEL backed revocation (version 1). */
  BRV("brv", Family.TEL),
  /** An ACDC with no {@code t} field (keripy's ilk {@code None}). */
  NONE("", Family.ACDC),
  /** ACDC message (version 2). */
  ACM("acm", Family.ACDC),
  /** ACDC with extra fields allowed. */
  ACE("ace", Family.ACDC),
  /** ACDC without aggregate (version 2). */
  ACT("act", Family.ACDC),
  /** ACDC with aggregate (version 2). */
  ACG("acg", Family.ACDC),
  /** ACDC schema section (version 2). */
  SCH("sch", Family.ACDC),
  /** ACDC attribute section (version 2). */
  ATT("att", Family.ACDC),
  /** ACDC aggregate section (version 2). */
  AGG("agg", Family.ACDC),
  /** ACDC edge section (version 2). */
  EDG("edg", Family.ACDC),
  /** ACDC rule section (version 2). */
  RUL("rul", Family.ACDC),
  /** ACDC registry inception (version 2). */
  RIP("rip", Family.ACDC),
  /** ACDC blindable update (version 2). */
  BUP("bup", Family.ACDC),
  /** ACDC update (version 2). */
  UPD("upd", Family.ACDC);

  /** Which typed view an ilk has. */
  public enum Family {
    /** icp rot ixn dip drt: {@link KeyEvent}. */
    KEY_EVENT,
    /** rct: {@link ReceiptEvent}. */
    RECEIPT,
    /** qry rpy pro bar xip exn: {@link RoutedMessage}. */
    ROUTED,
    /** vcp vrt iss rev bis brv: {@link TelEvent}. */
    TEL,
    /** ACDC ilks: {@link AcdcMessage}. */
    ACDC
  }

  private final String code;
  private final Family family;

  Ilk(String code, Family family) {
    this.code = code;
    this.family = family;
  }

  /** {@return the {@code t} field's text, e.g. {@code icp} ({@code ""} for {@link #NONE})} */
  public String code() {
    return code;
  }

  /** {@return the typed view this ilk has} */
  public Family family() {
    return family;
  }

  /** {@return true for the establishment ilks icp, rot, dip, drt} */
  public boolean establishment() {
    return this == ICP || this == ROT || this == DIP || this == DRT;
  }

  /** {@return true for the inceptive ilks icp and dip} */
  public boolean inception() {
    return this == ICP || this == DIP;
  }

  /** {@return true for the delegated ilks dip and drt} */
  public boolean delegated() {
    return this == DIP || this == DRT;
  }

  /**
   * {@return the ilk of protocol {@code protocol} whose code is {@code code}, if any}
   *
   * @param protocol {@code KERI} or {@code ACDC}
   * @param code a {@code t} field's text, or {@code ""} for none
   */
  public static Optional<Ilk> of(String protocol, String code) {
    boolean acdc = "ACDC".equals(protocol);
    for (Ilk i : values()) {
      if (i.code.equals(code) && (i.family == Family.ACDC) == acdc) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }
}
