package io.tern.common.internal.leak;

import io.tern.common.LeakReport;
import io.tern.common.ReferenceCountHint;
import io.tern.common.ResourceLeakHint;
import io.tern.common.ResourceLeakTracker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The tracker behind {@link io.tern.common.ResourceLeakDetector}: a phantom reference to the
 * resource (so it never keeps it reachable) holding a lock-free list of access records.
 *
 * <p>Records form an immutable list pushed with a CAS on {@link #head}; {@code head == null} means
 * closed. When the list is full the previous newest record is replaced, except that with a
 * probability halving at each drop the oldest access record goes instead, so long histories keep a
 * sparse sample of their middle while the count never exceeds {@code maxRecords}.
 *
 * @param <T> the resource type
 */
public final class LeakTracker<T> extends PhantomReference<Object>
    implements ResourceLeakTracker<T> {
  private static final VarHandle HEAD;
  private static final VarHandle DROPPED;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      HEAD = lookup.findVarHandle(LeakTracker.class, "head", TraceRecord.class);
      DROPPED = lookup.findVarHandle(LeakTracker.class, "droppedRecords", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final String resourceType;
  private final int trackedHash;
  private final boolean recordAccess;
  private final Object owner;

  @SuppressWarnings("unused") // accessed through HEAD
  private volatile TraceRecord head;

  @SuppressWarnings("unused") // accessed through DROPPED
  private volatile int droppedRecords;

  /**
   * Starts tracking {@code referent} and registers the tracker as open.
   *
   * @param referent the resource
   * @param resourceType the resource's type name for reports
   * @param recordAccess whether {@link #record} keeps records and stacks (ADVANCED and above)
   */
  public LeakTracker(T referent, String resourceType, boolean recordAccess) {
    super(referent, LeakRegistry.queue());
    this.resourceType = resourceType;
    this.trackedHash = System.identityHashCode(referent);
    this.recordAccess = recordAccess;
    this.owner = LeakRegistry.owner();
    this.head = TraceRecord.creation(true);
    LeakRegistry.open(this);
  }

  @Override
  public void record() {
    record(null);
  }

  @Override
  public void record(Object hint) {
    if (!recordAccess) {
      return;
    }
    if (LeakRegistry.acquireAndReleaseOnly() && !(hint instanceof ReferenceCountHint)) {
      return;
    }
    int maxRecords = LeakRegistry.maxRecords();
    if (maxRecords <= 0) {
      DROPPED.getAndAdd(this, 1);
      return;
    }
    String hintString = describe(hint);
    TraceRecord oldHead = (TraceRecord) HEAD.getVolatile(this);
    if (oldHead == null) {
      return;
    }
    TraceRecord newHead;
    do {
      TraceRecord below = oldHead;
      boolean dropped = false;
      if (oldHead.accessCount >= maxRecords) {
        dropped = true;
        int backOff = Math.min(droppedRecords, 30);
        if (ThreadLocalRandom.current().nextInt(1 << backOff) == 0) {
          below = oldHead.withoutOldestAccess();
        } else {
          below = oldHead.next;
        }
      }
      newHead = TraceRecord.access(hintString, below, true);
      TraceRecord witness = (TraceRecord) HEAD.compareAndExchange(this, oldHead, newHead);
      if (witness == oldHead) {
        if (dropped) {
          DROPPED.getAndAdd(this, 1);
        }
        return;
      }
      oldHead = witness;
    } while (oldHead != null);
  }

  private static String describe(Object hint) {
    if (hint == null) {
      return null;
    }
    if (hint instanceof ResourceLeakHint h) {
      return h.toHintString();
    }
    return String.valueOf(hint);
  }

  @Override
  public boolean close(T trackedObject) {
    assert trackedHash == System.identityHashCode(trackedObject)
        : "closing a tracker with an object it does not track";
    try {
      HEAD.setVolatile(this, (TraceRecord) null);
      clear();
      return LeakRegistry.close(this);
    } finally {
      // The resource must stay reachable until the tracker is closed, or the collector could
      // enqueue it mid-release and report a false leak.
      Reference.reachabilityFence(trackedObject);
    }
  }

  Object owner() {
    return owner;
  }

  /** Snapshots the records, newest first, de-duplicated, the creation record last. */
  LeakReport report(boolean collected) {
    TraceRecord newest = (TraceRecord) HEAD.getVolatile(this);
    List<String> records = new ArrayList<>();
    int duplicates = 0;
    if (newest != null) {
      Set<String> seen = new HashSet<>();
      for (TraceRecord r = newest; r != null; r = r.next) {
        String text = (r.creation ? "Created at:\n" : "") + r.format();
        if (seen.add(text)) {
          records.add(text);
        } else {
          duplicates++;
        }
      }
    }
    return new LeakReport(
        resourceType,
        owner,
        collected,
        recordAccess,
        List.copyOf(records),
        duplicates,
        (int) DROPPED.getVolatile(this));
  }

  @Override
  public String toString() {
    return "LeakTracker(" + resourceType + ')';
  }
}
