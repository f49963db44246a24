package io.tern.transport;

/**
 * What the event loop tells its {@link IoHandler} for one {@link IoHandler#run} call: whether it
 * may block, and until when.
 *
 * <h2>Threading</h2>
 *
 * <p>Valid during that call only, on the loop thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface IoHandlerContext {
  /**
   * Returns whether the handler may wait for I/O. {@code false} when tasks are pending; the handler
   * then only collects what is ready.
   *
   * @return {@code true} if blocking is allowed
   */
  boolean canBlock();

  /**
   * Returns how long the handler may block: until the next scheduled task is due.
   *
   * @return nanoseconds, 0 or more; {@link Long#MAX_VALUE} for "until woken"
   */
  long delayNanos();
}
