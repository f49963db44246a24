package io.tern.common;

/**
 * Told about each resource the garbage collector found unreachable while its tracker was still
 * open, after the leak has been logged. A test harness registers one to fail the test that leaked.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on whichever thread polled the collected trackers (one calling {@code
 * ResourceLeakDetector.track} or {@link LeakAudit#pollCollected()}), possibly several threads at
 * once: implementations must be thread-safe, fast, and must not throw.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. The leaked resource is gone by the time the listener hears
 * of it; the report only describes it.
 */
@FunctionalInterface
public interface LeakListener {
  /**
   * Receives one leak.
   *
   * @param report the leaked resource's type, owner and access records
   */
  void leakDetected(LeakReport report);
}
