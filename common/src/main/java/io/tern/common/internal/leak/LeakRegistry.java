package io.tern.common.internal.leak;

import io.tern.common.LeakListener;
import io.tern.common.LeakReport;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.SystemProperties;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Process-wide state of leak detection: the open trackers (which also keeps the phantom references
 * themselves reachable), the queue the collector puts leaked ones on, listeners, the exact-mode
 * switch and the per-thread owner that trackers are attributed to.
 */
public final class LeakRegistry {
  private static final System.Logger LOGGER =
      System.getLogger(ResourceLeakDetector.class.getName());

  private static final int MAX_RECORDS =
      SystemProperties.getInt("io.tern.common.leakDetection.maxRecords", 4);
  private static final boolean ACQUIRE_AND_RELEASE_ONLY =
      SystemProperties.getBoolean("io.tern.common.leakDetection.acquireAndReleaseOnly", false);
  private static volatile boolean exact =
      SystemProperties.getBoolean("io.tern.common.leakDetection.exact", false);

  private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
  private static final Set<LeakTracker<?>> OPEN = ConcurrentHashMap.newKeySet();
  private static final List<LeakListener> LISTENERS = new CopyOnWriteArrayList<>();
  private static final InheritableThreadLocal<Object> OWNER = new InheritableThreadLocal<>();
  private static final Map<String, Set<String>> EXCLUSIONS = new ConcurrentHashMap<>();

  static {
    addExclusions(LeakTracker.class, "record", "<init>");
    addExclusions(TraceRecord.class, "creation", "access", "<init>");
    addExclusions(ResourceLeakDetector.class, "track");
  }

  private LeakRegistry() {}

  static ReferenceQueue<Object> queue() {
    return QUEUE;
  }

  static int maxRecords() {
    return MAX_RECORDS;
  }

  static boolean acquireAndReleaseOnly() {
    return ACQUIRE_AND_RELEASE_ONLY;
  }

  /**
   * Returns whether exact mode is on.
   *
   * @return true when every resource is tracked regardless of sampling
   */
  public static boolean exact() {
    return exact;
  }

  /**
   * Switches exact mode.
   *
   * @param on the new state
   */
  public static void exact(boolean on) {
    exact = on;
  }

  /**
   * Returns the current thread's owner.
   *
   * @return the owner new trackers are attributed to, or {@code null}
   */
  public static Object owner() {
    return OWNER.get();
  }

  /**
   * Sets the current thread's owner.
   *
   * @param owner the new owner, or {@code null}
   * @return the previous owner
   */
  public static Object swapOwner(Object owner) {
    Object previous = OWNER.get();
    if (owner == null) {
      OWNER.remove();
    } else {
      OWNER.set(owner);
    }
    return previous;
  }

  static void open(LeakTracker<?> tracker) {
    OPEN.add(tracker);
  }

  static boolean close(LeakTracker<?> tracker) {
    return OPEN.remove(tracker);
  }

  /**
   * Adds frames to hide from reports.
   *
   * @param type the declaring class
   * @param methodNames the methods
   */
  public static void addExclusions(Class<?> type, String... methodNames) {
    Set<String> methods =
        EXCLUSIONS.computeIfAbsent(type.getName(), k -> ConcurrentHashMap.newKeySet());
    methods.addAll(List.of(methodNames));
  }

  static boolean isExcluded(StackTraceElement element) {
    Set<String> methods = EXCLUSIONS.get(element.getClassName());
    return methods != null && methods.contains(element.getMethodName());
  }

  /**
   * Adds a listener for collected leaks.
   *
   * @param listener the listener
   */
  public static void addListener(LeakListener listener) {
    LISTENERS.add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Removes a listener.
   *
   * @param listener the listener
   * @return whether it was registered
   */
  public static boolean removeListener(LeakListener listener) {
    return LISTENERS.remove(listener);
  }

  /** Reports every tracker the collector has enqueued since the last poll. */
  public static void pollCollected() {
    for (Reference<?> ref; (ref = QUEUE.poll()) != null; ) {
      LeakTracker<?> tracker = (LeakTracker<?>) ref;
      if (OPEN.remove(tracker)) {
        reportCollected(tracker.report(true));
      }
    }
  }

  private static void reportCollected(LeakReport report) {
    LOGGER.log(System.Logger.Level.ERROR, report.toString());
    for (LeakListener listener : LISTENERS) {
      try {
        listener.leakDetected(report);
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "Leak listener " + listener + " failed", e);
      }
    }
  }

  /**
   * Lists the open trackers attributed to {@code owner}, optionally forgetting them.
   *
   * @param owner the owner to match (by {@code equals}); {@code null} matches unattributed ones
   * @param forget whether to stop tracking the listed ones
   * @return one report per open tracker
   */
  public static List<LeakReport> open(Object owner, boolean forget) {
    List<LeakReport> reports = new ArrayList<>();
    for (LeakTracker<?> tracker : OPEN) {
      if (Objects.equals(owner, tracker.owner())) {
        LeakReport report = tracker.report(false);
        if (!forget || forget(tracker)) {
          reports.add(report);
        }
      }
    }
    return reports;
  }

  /**
   * Lists every open tracker, optionally forgetting them.
   *
   * @param forget whether to stop tracking the listed ones
   * @return one report per open tracker
   */
  public static List<LeakReport> allOpen(boolean forget) {
    List<LeakReport> reports = new ArrayList<>();
    for (LeakTracker<?> tracker : OPEN) {
      LeakReport report = tracker.report(false);
      if (!forget || forget(tracker)) {
        reports.add(report);
      }
    }
    return reports;
  }

  private static boolean forget(LeakTracker<?> tracker) {
    tracker.clear();
    return OPEN.remove(tracker);
  }
}
