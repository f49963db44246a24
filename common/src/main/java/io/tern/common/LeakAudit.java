package io.tern.common;

import io.tern.common.internal.leak.LeakRegistry;
import java.util.List;

/**
 * Hooks for test harnesses: exact tracking, attribution of trackers to an owner (a test class),
 * auditing the trackers still open, and listening for leaks the garbage collector finds.
 *
 * <p>In <em>exact mode</em> ({@code io.tern.common.leakDetection.exact}{@code =true} or {@link
 * #exact(boolean)}) every resource is tracked whenever the level is not {@code DISABLED}, so {@link
 * #openResources(Object)} lists exactly the resources that were allocated and not released; no
 * sampling and no garbage collection is involved. Combine it with level {@code PARANOID} to get
 * every access recorded.
 *
 * <p>Each tracker is attributed to its creating thread's <em>owner</em> at creation, an arbitrary
 * object set with {@link #swapOwner(Object)} and inherited by threads started while it is set (an
 * {@link InheritableThreadLocal}). A JUnit extension sets the test class as owner around each class
 * and test, so classes running in parallel audit only their own resources.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods are thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: trackers never keep their resources reachable, and the
 * reports an audit returns describe resources without referring to them. Draining a report does not
 * release its resource.
 */
public final class LeakAudit {
  private LeakAudit() {}

  /**
   * Returns whether exact mode is on.
   *
   * @return {@code true} when every resource is tracked, without sampling
   */
  public static boolean exact() {
    return LeakRegistry.exact();
  }

  /**
   * Turns exact mode on or off for resources tracked from now on.
   *
   * @param on {@code true} to track every resource
   */
  public static void exact(boolean on) {
    LeakRegistry.exact(on);
  }

  /**
   * Returns the current thread's owner.
   *
   * @return the owner new trackers on this thread are attributed to, or {@code null}
   */
  public static Object owner() {
    return LeakRegistry.owner();
  }

  /**
   * Sets the owner that trackers created by the current thread (and threads it starts from now on)
   * are attributed to. Restore the returned previous owner when done, so nested scopes unwind.
   *
   * @param owner the new owner, compared with {@code equals}; {@code null} for none
   * @return the previous owner of this thread, or {@code null}
   */
  public static Object swapOwner(Object owner) {
    return LeakRegistry.swapOwner(owner);
  }

  /**
   * Lists the open trackers attributed to {@code owner}, leaving them tracked.
   *
   * @param owner the owner; {@code null} lists unattributed trackers
   * @return one report per resource not yet released, in no particular order
   */
  public static List<LeakReport> openResources(Object owner) {
    return LeakRegistry.open(owner, false);
  }

  /**
   * Lists the open trackers attributed to {@code owner} and stops tracking them, so a later audit
   * or the garbage collector does not report them again.
   *
   * @param owner the owner; {@code null} drains unattributed trackers
   * @return one report per resource not yet released, in no particular order
   */
  public static List<LeakReport> drainOpenResources(Object owner) {
    return LeakRegistry.open(owner, true);
  }

  /**
   * Lists every open tracker, whatever its owner, leaving them tracked.
   *
   * @return one report per resource not yet released
   */
  public static List<LeakReport> allOpenResources() {
    return LeakRegistry.allOpen(false);
  }

  /**
   * Stops tracking every open tracker without reporting them.
   *
   * @return how many trackers were forgotten
   */
  public static int reset() {
    return LeakRegistry.allOpen(true).size();
  }

  /**
   * Reports now the resources the garbage collector has found unreachable while still tracked
   * (otherwise done on the next {@code ResourceLeakDetector.track} call). Listeners are called on
   * the calling thread.
   */
  public static void pollCollected() {
    LeakRegistry.pollCollected();
  }

  /**
   * Registers a listener for leaks found by the garbage collector.
   *
   * @param listener called once per leak, after it has been logged
   */
  public static void addListener(LeakListener listener) {
    LeakRegistry.addListener(listener);
  }

  /**
   * Unregisters a listener.
   *
   * @param listener the listener added before
   * @return {@code true} if it was registered
   */
  public static boolean removeListener(LeakListener listener) {
    return LeakRegistry.removeListener(listener);
  }
}
