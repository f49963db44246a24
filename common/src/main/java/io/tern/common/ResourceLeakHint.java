package io.tern.common;

/**
 * A hint passed to {@link ResourceLeakTracker#record(Object)} that describes itself for a leak
 * report better than its {@code toString()} would (a pipeline context names the handler a message
 * is going to, for example).
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #toHintString()} is called once, when the record is taken, on the thread that records
 * it.
 *
 * <h2>Ownership</h2>
 *
 * <p>The hint object itself is not kept, so a hint never keeps a resource reachable.
 */
public interface ResourceLeakHint {
  /**
   * Describes this hint for a leak report.
   *
   * @return a short, human-readable description
   */
  String toHintString();
}
