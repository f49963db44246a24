package io.tern.common.concurrent;

import java.util.Arrays;

/**
 * An indexed binary min-heap of scheduled tasks ordered by (deadline, id). Each task remembers its
 * slot, so {@link #remove} is O(log n) with no search. Loop-thread only: no synchronisation.
 */
final class ScheduledTaskQueue {
  private ScheduledTask<?>[] heap = new ScheduledTask<?>[64];
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
      heap = Arrays.copyOf(heap, size << 1);
    }
    siftUp(size++, task);
  }

  ScheduledTask<?> poll() {
    ScheduledTask<?> root = heap[0];
    if (root != null) {
      root.heapIndex = -1;
      int last = --size;
      ScheduledTask<?> moved = heap[last];
      heap[last] = null;
      if (last != 0) {
        siftDown(0, moved);
      }
    }
    return root;
  }

  boolean remove(ScheduledTask<?> task) {
    int i = task.heapIndex;
    if (i < 0 || i >= size || heap[i] != task) {
      return false;
    }
    task.heapIndex = -1;
    int last = --size;
    ScheduledTask<?> moved = heap[last];
    heap[last] = null;
    if (i != last) {
      siftDown(i, moved);
      if (heap[i] == moved) {
        siftUp(i, moved);
      }
    }
    return true;
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

  private static boolean less(ScheduledTask<?> a, ScheduledTask<?> b) {
    long d = a.deadlineNanos - b.deadlineNanos;
    return d < 0 || (d == 0 && a.id < b.id);
  }

  private void siftUp(int k, ScheduledTask<?> task) {
    ScheduledTask<?>[] h = heap;
    while (k > 0) {
      int parent = (k - 1) >>> 1;
      ScheduledTask<?> p = h[parent];
      if (!less(task, p)) {
        break;
      }
      h[k] = p;
      p.heapIndex = k;
      k = parent;
    }
    h[k] = task;
    task.heapIndex = k;
  }

  private void siftDown(int k, ScheduledTask<?> task) {
    ScheduledTask<?>[] h = heap;
    int n = size;
    int half = n >>> 1;
    while (k < half) {
      int child = (k << 1) + 1;
      ScheduledTask<?> c = h[child];
      int right = child + 1;
      if (right < n && less(h[right], c)) {
        child = right;
        c = h[child];
      }
      if (!less(c, task)) {
        break;
      }
      h[k] = c;
      c.heapIndex = k;
      k = child;
    }
    h[k] = task;
    task.heapIndex = k;
  }
}
