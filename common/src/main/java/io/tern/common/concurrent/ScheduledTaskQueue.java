package io.tern.common.concurrent;

import java.util.Arrays;

/**
 * An indexed binary min-heap of scheduled tasks ordered by (deadline, id). Each task remembers its
 * slot, so {@link #remove} is O(log n) with no search. Deadlines and ids are mirrored in parallel
 * primitive arrays so that sifting compares without dereferencing task objects (at 100,000 tasks
 * those dereferences are cache misses). Loop-thread only: no synchronisation.
 */
final class ScheduledTaskQueue {
  private ScheduledTask<?>[] heap = new ScheduledTask<?>[64];
  private long[] deadlines = new long[64];
  private long[] ids = new long[64];
  private int size;
  private long nextId;

  int size() {
    return size;
  }

  ScheduledTask<?> peek() {
    return heap[0];
  }

  void add(ScheduledTask<?> task) {
    if (task.id == 0) {
      task.id = ++nextId;
    }
    if (size == heap.length) {
      int n = size << 1;
      heap = Arrays.copyOf(heap, n);
      deadlines = Arrays.copyOf(deadlines, n);
      ids = Arrays.copyOf(ids, n);
    }
    siftUp(size++, task, task.deadlineNanos, task.id);
  }

  ScheduledTask<?> poll() {
    ScheduledTask<?> root = heap[0];
    if (root != null) {
      root.heapIndex = -1;
      removeAt(0);
    }
    return root;
  }

  boolean remove(ScheduledTask<?> task) {
    int i = task.heapIndex;
    if (i < 0 || i >= size || heap[i] != task) {
      return false;
    }
    task.heapIndex = -1;
    removeAt(i);
    return true;
  }

  private void removeAt(int i) {
    int last = --size;
    ScheduledTask<?> moved = heap[last];
    long d = deadlines[last];
    long id = ids[last];
    heap[last] = null;
    if (i != last) {
      siftDown(i, moved, d, id);
      if (heap[i] == moved) {
        siftUp(i, moved, d, id);
      }
    }
  }

  /** Empties the heap and returns what it held. */
  ScheduledTask<?>[] drain() {
    ScheduledTask<?>[] out = Arrays.copyOf(heap, size);
    for (ScheduledTask<?> t : out) {
      t.heapIndex = -1;
    }
    Arrays.fill(heap, 0, size, null);
    size = 0;
    return out;
  }

  private static boolean less(long d1, long id1, long d2, long id2) {
    long d = d1 - d2;
    return d < 0 || (d == 0 && id1 < id2);
  }

  private void set(int k, ScheduledTask<?> task, long d, long id) {
    heap[k] = task;
    deadlines[k] = d;
    ids[k] = id;
    task.heapIndex = k;
  }

  private void siftUp(int k, ScheduledTask<?> task, long d, long id) {
    while (k > 0) {
      int parent = (k - 1) >>> 1;
      if (!less(d, id, deadlines[parent], ids[parent])) {
        break;
      }
      set(k, heap[parent], deadlines[parent], ids[parent]);
      k = parent;
    }
    set(k, task, d, id);
  }

  private void siftDown(int k, ScheduledTask<?> task, long d, long id) {
    long[] ds = deadlines;
    long[] is = ids;
    int n = size;
    int half = n >>> 1;
    while (k < half) {
      int child = (k << 1) + 1;
      int right = child + 1;
      if (right < n && less(ds[right], is[right], ds[child], is[child])) {
        child = right;
      }
      if (!less(ds[child], is[child], d, id)) {
        break;
      }
      set(k, heap[child], ds[child], is[child]);
      k = child;
    }
    set(k, task, d, id);
  }
}
