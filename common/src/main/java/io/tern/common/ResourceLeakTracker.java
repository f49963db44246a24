package io.tern.common;

/**
 * Tracks one resource handed out by a {@link ResourceLeakDetector}: the resource records where it
 * was accessed, and closes the tracker when it is deallocated. A tracker that becomes unreachable
 * while still open means the resource leaked, and the detector reports it with the recorded access
 * points.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods may be called from any thread; records from concurrent threads are all kept (up to
 * the configured maximum).
 *
 * <h2>Ownership</h2>
 *
 * <p>The tracker never keeps its resource reachable; the resource's own release closes it.
 *
 * @param <T> the type of the tracked resource
 */
public interface ResourceLeakTracker<T> {
  /**
   * Records the caller's stack as an access point (at ADVANCED and PARANOID; a no-op at SIMPLE).
   */
  void record();

  /**
   * Records the caller's stack with a hint as an access point. A {@link ResourceLeakHint} is
   * described by {@link ResourceLeakHint#toHintString()}, anything else by {@code toString()}; a
   * {@link ReferenceCountHint} marks the record as a retain or release.
   *
   * @param hint what happened, or {@code null}
   */
  void record(Object hint);

  /**
   * Closes this tracker because its resource was deallocated; later collection of the resource is
   * then not a leak.
   *
   * @param trackedObject the resource this tracker was created for; it stays reachable until this
   *     call returns, so the collector cannot report it while it is being released
   * @return {@code true} if this call closed the tracker, {@code false} if it was already closed
   */
  boolean close(T trackedObject);
}
