package io.tern.common.concurrent;

import java.util.Arrays;

/**
 * An indexed binary min-heap of scheduled tasks ordered by (deadline, id). Each task remembers its
 * slot, so {@link #remove} is O(log n) with no search. Deadlines are mirrored in a parallel {@code
 * long[]} so that sifting compares without dereferencing task objects (at 100,000 tasks those
 * dereferences are cache misses); ids break ties only, so they are read from the tasks when two
 * deadlines are equal (rare with a real clock) rather than mirrored too: a third array cost one
 * more cache line per level and one more store per move. Loop-thread only: no synchronisation.
 */
final class ScheduledTaskQueue {
  private ScheduledTask<?>[] heap = new ScheduledTask<?>[64];
  private long[] deadlines = new long[64];
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
    }
    siftUp(size++, task, task.deadlineNanos);
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
    heap[last] = null;
    if (i != last) {
      siftDown(i, moved, d);
      if (heap[i] == moved) {
        siftUp(i, moved, d);
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

  /** Whether a task with deadline {@code d1} runs before one with {@code d2}; ties by id. */
  private static boolean before(long d1, ScheduledTask<?> t1, long d2, ScheduledTask<?> t2) {
    long d = d1 - d2;
    return d < 0 || (d == 0 && t1.id < t2.id);
  }

  private void set(int k, ScheduledTask<?> task, long d) {
    heap[k] = task;
    deadlines[k] = d;
    task.heapIndex = k;
  }

  private void siftUp(int k, ScheduledTask<?> task, long d) {
    ScheduledTask<?>[] h = heap;
    long[] ds = deadlines;
    while (k > 0) {
      int parent = (k - 1) >>> 1;
      if (!before(d, task, ds[parent], h[parent])) {
        break;
      }
      set(k, h[parent], ds[parent]);
      k = parent;
    }
    set(k, task, d);
  }

  private void siftDown(int k, ScheduledTask<?> task, long d) {
    ScheduledTask<?>[] h = heap;
    long[] ds = deadlines;
    int n = size;
    int half = n >>> 1;
    while (k < half) {
      int child = (k << 1) + 1;
      int right = child + 1;
      if (right < n && before(ds[right], h[right], ds[child], h[child])) {
        child = right;
      }
      if (!before(ds[child], h[child], d, task)) {
        break;
      }
      set(k, h[child], ds[child]);
      k = child;
    }
    set(k, task, d);
  }
}
