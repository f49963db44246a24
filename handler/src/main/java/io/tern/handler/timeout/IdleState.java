package io.tern.handler.timeout;

/**
 * Which direction of a channel has been idle.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum IdleState {
  /** Nothing was read for the reader idle time. */
  READER_IDLE,
  /** Nothing was written for the writer idle time. */
  WRITER_IDLE,
  /** Nothing was read or written for the all idle time. */
  ALL_IDLE
}
