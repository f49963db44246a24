package io.tern.codec.memcache;

/**
 * The status codes of binary-protocol responses.
 *
 * <h2>Threading</h2>
 *
 * Constants: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class BinaryMemcacheResponseStatus {
  /** No error. */
  public static final short SUCCESS = 0x00;

  /** Key not found. */
  public static final short KEY_ENOENT = 0x01;

  /** Key exists (ADD of a present key, or a CAS mismatch). */
  public static final short KEY_EEXISTS = 0x02;

  /** Value too large. */
  public static final short E2BIG = 0x03;

  /** Invalid arguments. */
  public static final short EINVAL = 0x04;

  /** Item not stored (APPEND or PREPEND of an absent key). */
  public static final short NOT_STORED = 0x05;

  /** Incr/Decr on a non-numeric value. */
  public static final short DELTA_BADVAL = 0x06;

  /** Authentication error. */
  public static final short AUTH_ERROR = 0x20;

  /** Authentication continues. */
  public static final short AUTH_CONTINUE = 0x21;

  /** Unknown command. */
  public static final short UNKNOWN_COMMAND = 0x81;

  /** Out of memory. */
  public static final short ENOMEM = 0x82;

  private BinaryMemcacheResponseStatus() {}
}
