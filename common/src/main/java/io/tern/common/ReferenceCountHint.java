package io.tern.common;

/**
 * Marks a {@link ResourceLeakTracker#record(Object) record} as a reference-count operation (retain
 * or release). When {@code io.tern.common.leakDetection.acquireAndReleaseOnly} is true, trackers
 * keep only records whose hint implements this interface, so a report shows exactly where the count
 * changed.
 *
 * <p>Reference-counted implementations call {@code tracker.record(ReferenceCountHint.RETAIN)} from
 * {@code retain()} and {@code tracker.record(ReferenceCountHint.RELEASE)} from a {@code release()}
 * that does not drop the count to zero.
 *
 * <h2>Threading</h2>
 *
 * <p>Instances are immutable and may be shared by any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface ReferenceCountHint extends ResourceLeakHint {
  /** The hint recorded by {@code retain()}. */
  ReferenceCountHint RETAIN = () -> "retain()";

  /** The hint recorded by {@code release()}. */
  ReferenceCountHint RELEASE = () -> "release()";
}
