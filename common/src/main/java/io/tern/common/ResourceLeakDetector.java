package io.tern.common;

import io.tern.common.internal.leak.LeakRegistry;
import io.tern.common.internal.leak.LeakTracker;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Finds resources (buffers, above all) that became unreachable without being released, and reports
 * where they were accessed.
 *
 * <p>An allocator calls {@link #track(Object)} for each resource it hands out and wraps the
 * resource so that accesses {@linkplain ResourceLeakTracker#record(Object) record} and the final
 * release {@linkplain ResourceLeakTracker#close(Object) closes} the tracker. A tracker still open
 * when the garbage collector finds its resource unreachable is a leak: the detector logs it at
 * {@code ERROR} through {@link System.Logger} (logger {@code io.tern.common.ResourceLeakDetector})
 * and tells the listeners registered with {@link LeakAudit}. Collected trackers are polled on each
 * {@code track} call.
 *
 * <h2>Configuration</h2>
 *
 * <ul>
 *   <li>{@code io.tern.common.leakDetection.level}: {@link Level} (default {@code SIMPLE});
 *       changeable at run time with {@link #level(Level)}.
 *   <li>{@code io.tern.common.leakDetection.samplingInterval}: at SIMPLE and ADVANCED one resource
 *       in this many (default 128) is tracked.
 *   <li>{@code io.tern.common.leakDetection.maxRecords}: access records kept per resource (default
 *       4) besides the creation record.
 *   <li>{@code io.tern.common.leakDetection.acquireAndReleaseOnly}: keep only records whose hint is
 *       a {@link ReferenceCountHint} (default false).
 *   <li>{@code io.tern.common.leakDetection.exact}: track every resource regardless of the sampling
 *       interval, so a test harness can audit open trackers without relying on the garbage
 *       collector (default false; see {@link LeakAudit}).
 * </ul>
 *
 * <h2>Threading</h2>
 *
 * <p>Instances are immutable and thread-safe; create one per resource type and keep it in a static
 * field.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: a tracker never keeps its resource reachable, so tracking
 * changes nobody's obligation to release.
 *
 * @param <T> the type of the tracked resources
 */
public final class ResourceLeakDetector<T> {
  /**
   * How much effort leak detection spends, from nothing to every resource with every access.
   *
   * <h2>Threading</h2>
   *
   * <p>Constants; any thread may use them.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   */
  public enum Level {
    /** No tracking at all. */
    DISABLED,
    /** Samples resources and reports a leak with where it was created only. */
    SIMPLE,
    /** Samples resources and reports a leak with its recent access points. */
    ADVANCED,
    /** Tracks every resource and reports a leak with its recent access points. */
    PARANOID
  }

  private static volatile Level level =
      SystemProperties.getEnum("io.tern.common.leakDetection.level", Level.class, Level.SIMPLE);

  private static final int SAMPLING_INTERVAL =
      Math.max(1, SystemProperties.getInt("io.tern.common.leakDetection.samplingInterval", 128));

  private final String resourceType;

  private ResourceLeakDetector(Class<T> type) {
    this.resourceType = type.getName();
  }

  /**
   * Creates a detector for resources of {@code type}.
   *
   * @param <T> the resource type
   * @param type the resource class, named in leak reports
   * @return a new detector
   */
  public static <T> ResourceLeakDetector<T> newDetector(Class<T> type) {
    return new ResourceLeakDetector<>(Objects.requireNonNull(type, "type"));
  }

  /**
   * Returns the current detection level.
   *
   * @return the level every detector uses for resources tracked from now on
   */
  public static Level level() {
    return level;
  }

  /**
   * Changes the detection level for resources tracked from now on; trackers already handed out keep
   * the level they were created with.
   *
   * @param newLevel the new level
   */
  public static void level(Level newLevel) {
    level = Objects.requireNonNull(newLevel, "newLevel");
  }

  /**
   * Excludes methods from the stack traces of leak reports, for wrappers whose frames only add
   * noise (a leak-aware buffer's {@code touch}, for example).
   *
   * @param type the class declaring the methods
   * @param methodNames the method names to hide
   */
  public static void addExclusions(Class<?> type, String... methodNames) {
    LeakRegistry.addExclusions(type, methodNames);
  }

  /**
   * Starts tracking {@code obj} if this resource is sampled at the current level (every resource at
   * PARANOID or in exact mode, one in {@code samplingInterval} at SIMPLE and ADVANCED, none at
   * DISABLED). Also reports resources found leaked since the last call.
   *
   * @param obj the resource just allocated; not kept reachable by the tracker
   * @return the tracker to record accesses on and close on deallocation, or {@code null} when
   *     {@code obj} is not tracked
   */
  public ResourceLeakTracker<T> track(T obj) {
    Level current = level;
    if (current == Level.DISABLED) {
      return null;
    }
    if (current != Level.PARANOID
        && !LeakRegistry.exact()
        && ThreadLocalRandom.current().nextInt(SAMPLING_INTERVAL) != 0) {
      return null;
    }
    LeakRegistry.pollCollected();
    return new LeakTracker<>(obj, resourceType, current.compareTo(Level.ADVANCED) >= 0);
  }

  @Override
  public String toString() {
    return "ResourceLeakDetector(" + resourceType + ", " + level + ")";
  }
}
