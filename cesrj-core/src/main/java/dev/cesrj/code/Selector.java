package dev.cesrj.code;

/** Character tables shared by the code tables: hard sizes by first character. */
final class Selector {
  /** Matter hard size by first char (keripy {@code Matter.Hards}); 0 = not a primitive start. */
  static final byte[] MATTER_HS = new byte[128];
  /** Indexer hard size by first char (keripy {@code Indexer.Hards}); 0 = not an indexer start. */
  static final byte[] INDEXER_HS = new byte[128];

  static {
    for (char c = 'A'; c <= 'Z'; c++) {
      MATTER_HS[c] = 1;
      INDEXER_HS[c] = 1;
    }
    for (char c = 'a'; c <= 'z'; c++) {
      MATTER_HS[c] = 1;
      INDEXER_HS[c] = 1;
    }
    MATTER_HS['0'] = 2;
    MATTER_HS['4'] = 2;
    MATTER_HS['5'] = 2;
    MATTER_HS['6'] = 2;
    MATTER_HS['1'] = 4;
    MATTER_HS['2'] = 4;
    MATTER_HS['3'] = 4;
    MATTER_HS['7'] = 4;
    MATTER_HS['8'] = 4;
    MATTER_HS['9'] = 4;
    for (char c = '0'; c <= '4'; c++) {
      INDEXER_HS[c] = 2;
    }
  }

  private Selector() {}
}
