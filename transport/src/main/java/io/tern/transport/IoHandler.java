package io.tern.transport;

/**
 * The transport-specific part of an {@link EventLoop}: waits for I/O readiness or completions and
 * dispatches them to registered {@link IoHandle}s. NIO, epoll, io_uring and the in-memory local
 * transport each provide one; the loop, its task queues, metrics and shutdown are shared.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods except {@link #wakeup()} are called on the loop thread only; {@link #wakeup()} may
 * be called from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>A handler owns the kernel resources it opened (selector, epoll instance, ring) and releases
 * them in {@link #destroy()}; handles stay their owners'.
 */
public interface IoHandler {
  /** Prepares the handler; called once on the loop thread before the first {@link #run}. */
  default void initialize() {}

  /**
   * Waits for I/O (if {@link IoHandlerContext#canBlock()}, at most {@link
   * IoHandlerContext#delayNanos()} or until {@link #wakeup()}), then processes what is ready.
   *
   * @param context the wait constraints for this call
   * @return how many handles were processed
   */
  int run(IoHandlerContext context);

  /**
   * Makes the current or next blocking {@link #run} return promptly. Called from other threads, at
   * most once per wait; must be sticky: a wakeup that arrives before the wait starts makes the wait
   * return at once.
   */
  void wakeup();

  /** The loop is shutting down: close every registered handle. May be called more than once. */
  default void prepareToDestroy() {}

  /** Releases the handler's resources; the last call the loop makes. */
  void destroy();

  /**
   * Registers a handle.
   *
   * @param handle the handle; must be {@linkplain #isCompatible compatible}
   * @return the registration
   * @throws Exception if registration fails (e.g. the channel is closed)
   */
  IoRegistration register(IoHandle handle) throws Exception;

  /**
   * Returns how many handles are registered and not yet cancelled, for {@link
   * EventLoopMetrics#registeredHandles()}. The handler counts its own registrations, so the loop
   * needs no wrapper object per registration to count them.
   *
   * @return the count; called on the loop thread
   */
  int registeredHandles();

  /**
   * Returns whether handles of this type can be registered.
   *
   * @param handleType the handle's class
   * @return {@code true} if {@link #register} accepts it
   */
  boolean isCompatible(Class<? extends IoHandle> handleType);
}
