package io.tern.codec.memcache;

/**
 * The opcodes of the memcache binary protocol. A <em>quiet</em> command ({@link #isQuiet}) gets no
 * response when it succeeds ({@code GETQ}, {@code GETKQ}: also none on a miss), so a client sends a
 * batch of them followed by {@link #NOOP} and reads until the {@code NOOP}'s response.
 *
 * <h2>Threading</h2>
 *
 * Constants: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class BinaryMemcacheOpcodes {
  /** Get a value by key; extras of the response: 4-byte flags. */
  public static final byte GET = 0x00;

  /** Store a value; extras: 4-byte flags and 4-byte expiration. */
  public static final byte SET = 0x01;

  /** Store a value only if the key is absent; extras as {@link #SET}. */
  public static final byte ADD = 0x02;

  /** Store a value only if the key is present; extras as {@link #SET}. */
  public static final byte REPLACE = 0x03;

  /** Delete a key. */
  public static final byte DELETE = 0x04;

  /** Add to a counter; extras: 8-byte delta, 8-byte initial value, 4-byte expiration. */
  public static final byte INCREMENT = 0x05;

  /** Subtract from a counter (never below 0); extras as {@link #INCREMENT}. */
  public static final byte DECREMENT = 0x06;

  /** Close the connection after the response. */
  public static final byte QUIT = 0x07;

  /** Invalidate every item; optional extras: 4-byte expiration. */
  public static final byte FLUSH = 0x08;

  /** Quiet {@link #GET}: no response on a miss. */
  public static final byte GETQ = 0x09;

  /** No operation: its response tells that every earlier quiet command was processed. */
  public static final byte NOOP = 0x0a;

  /** The server's version, as the response's value. */
  public static final byte VERSION = 0x0b;

  /** {@link #GET} whose response carries the key. */
  public static final byte GETK = 0x0c;

  /** Quiet {@link #GETK}. */
  public static final byte GETKQ = 0x0d;

  /** Append the value to an existing item's. */
  public static final byte APPEND = 0x0e;

  /** Prepend the value to an existing item's. */
  public static final byte PREPEND = 0x0f;

  /** Statistics: one response per statistic (key and value), then one with an empty key. */
  public static final byte STAT = 0x10;

  /** Quiet {@link #SET}. */
  public static final byte SETQ = 0x11;

  /** Quiet {@link #ADD}. */
  public static final byte ADDQ = 0x12;

  /** Quiet {@link #REPLACE}. */
  public static final byte REPLACEQ = 0x13;

  /** Quiet {@link #DELETE}. */
  public static final byte DELETEQ = 0x14;

  /** Quiet {@link #INCREMENT}. */
  public static final byte INCREMENTQ = 0x15;

  /** Quiet {@link #DECREMENT}. */
  public static final byte DECREMENTQ = 0x16;

  /** Quiet {@link #QUIT}: close without a response. */
  public static final byte QUITQ = 0x17;

  /** Quiet {@link #FLUSH}. */
  public static final byte FLUSHQ = 0x18;

  /** Quiet {@link #APPEND}. */
  public static final byte APPENDQ = 0x19;

  /** Quiet {@link #PREPEND}. */
  public static final byte PREPENDQ = 0x1a;

  /** Change an item's expiration; extras: 4-byte expiration. */
  public static final byte TOUCH = 0x1c;

  /** Get and touch; extras as {@link #TOUCH}. */
  public static final byte GAT = 0x1d;

  /** Quiet {@link #GAT}. */
  public static final byte GATQ = 0x1e;

  /** List the SASL mechanisms. */
  public static final byte SASL_LIST_MECHS = 0x20;

  /** Start SASL authentication. */
  public static final byte SASL_AUTH = 0x21;

  /** Continue SASL authentication. */
  public static final byte SASL_STEP = 0x22;

  /** {@link #GAT} whose response carries the key. */
  public static final byte GATK = 0x23;

  /** Quiet {@link #GATK}. */
  public static final byte GATKQ = 0x24;

  private BinaryMemcacheOpcodes() {}

  /**
   * Tells whether an opcode is a quiet command.
   *
   * @param opcode the opcode
   * @return {@code true} for GETQ, GETKQ, SETQ, ADDQ, REPLACEQ, DELETEQ, INCREMENTQ, DECREMENTQ,
   *     QUITQ, FLUSHQ, APPENDQ, PREPENDQ, GATQ and GATKQ
   */
  public static boolean isQuiet(byte opcode) {
    return switch (opcode) {
      case GETQ,
          GETKQ,
          SETQ,
          ADDQ,
          REPLACEQ,
          DELETEQ,
          INCREMENTQ,
          DECREMENTQ,
          QUITQ,
          FLUSHQ,
          APPENDQ,
          PREPENDQ,
          GATQ,
          GATKQ ->
          true;
      default -> false;
    };
  }

  /**
   * Returns the loud opcode of a quiet one ({@code SETQ} to {@code SET}), or the opcode itself.
   *
   * @param opcode the opcode
   * @return the opcode without the quiet variant
   */
  public static byte loud(byte opcode) {
    return switch (opcode) {
      case GETQ -> GET;
      case GETKQ -> GETK;
      case SETQ -> SET;
      case ADDQ -> ADD;
      case REPLACEQ -> REPLACE;
      case DELETEQ -> DELETE;
      case INCREMENTQ -> INCREMENT;
      case DECREMENTQ -> DECREMENT;
      case QUITQ -> QUIT;
      case FLUSHQ -> FLUSH;
      case APPENDQ -> APPEND;
      case PREPENDQ -> PREPEND;
      case GATQ -> GAT;
      case GATKQ -> GATK;
      default -> opcode;
    };
  }
}
