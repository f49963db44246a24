package io.tern.handler.logging;

/**
 * How {@link LoggingHandler} renders a buffer's content.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum ByteBufFormat {
  /** The readable length only: {@code READ: 42B}. */
  SIMPLE,
  /** The length followed by a hex dump of the readable bytes (several lines). */
  HEX_DUMP
}
