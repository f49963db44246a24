package io.tern.buffer;

/**
 * Visits bytes one at a time for {@code ByteBuf.forEachByte} and the byte-search helpers, which
 * call it in a tight loop over the buffer's memory instead of a {@code readByte()} loop.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the thread that runs the scan. Implementations may keep state (a search automaton
 * does) and are then confined to one thread at a time; stateless ones may be shared.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: a processor sees byte values, never the buffer they come
 * from.
 */
@FunctionalInterface
public interface ByteProcessor {
  /**
   * Looks at one byte.
   *
   * @param value the byte
   * @return {@code true} to continue with the next byte, {@code false} to stop at this one
   */
  boolean process(byte value);

  /** Stops at the first {@code NUL} byte. */
  ByteProcessor FIND_NUL = value -> value != 0;

  /** Stops at the first byte that is not {@code NUL}. */
  ByteProcessor FIND_NON_NUL = value -> value == 0;

  /** Stops at the first {@code CR} ({@code '\r'}). */
  ByteProcessor FIND_CR = value -> value != '\r';

  /** Stops at the first {@code LF} ({@code '\n'}). */
  ByteProcessor FIND_LF = value -> value != '\n';

  /** Stops at the first {@code CR} or {@code LF}. */
  ByteProcessor FIND_CRLF = value -> value != '\r' && value != '\n';

  /** Stops at the first byte that is neither {@code CR} nor {@code LF}. */
  ByteProcessor FIND_NON_CRLF = value -> value == '\r' || value == '\n';

  /** Stops at the first space or horizontal tab. */
  ByteProcessor FIND_LINEAR_WHITESPACE = value -> value != ' ' && value != '\t';

  /** Stops at the first byte that is neither a space nor a horizontal tab. */
  ByteProcessor FIND_NON_LINEAR_WHITESPACE = value -> value == ' ' || value == '\t';

  /** Stops at the first {@code ','}. */
  ByteProcessor FIND_COMMA = value -> value != ',';

  /** Stops at the first {@code ';'}. */
  ByteProcessor FIND_SEMI_COLON = value -> value != ';';

  /** Stops at the first ASCII space ({@code ' '}). */
  ByteProcessor FIND_ASCII_SPACE = value -> value != ' ';
}
