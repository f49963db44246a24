package io.tern.transport.linux.internal;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Registrations by small integer slot, so the kernel's 64-bit user word ({@code epoll_event.data},
 * io_uring {@code user_data}) can name a registration without a map lookup. Each slot has a
 * generation that changes when the slot is freed, so an event still queued for a freed slot is
 * recognised as stale even when the slot has been reused.
 *
 * <p>Slot 0 is never handed out: handlers keep it for their own descriptors and operations. Not
 * thread-safe: owned by one event loop thread.
 *
 * @param <T> the registration type
 */
public final class SlotTable<T> {
  private Object[] entries = new Object[16];
  private int[] generations = new int[16];
  private int[] free = new int[16];
  private int freeCount;
  private int next = 1;
  private int size;

  /**
   * Stores {@code value} in a free slot.
   *
   * @param value the registration
   * @return its slot, 1 or more
   */
  public int add(T value) {
    int slot;
    if (freeCount > 0) {
      slot = free[--freeCount];
    } else {
      slot = next++;
      if (slot == entries.length) {
        entries = Arrays.copyOf(entries, slot * 2);
        generations = Arrays.copyOf(generations, slot * 2);
      }
    }
    entries[slot] = value;
    size++;
    return slot;
  }

  /**
   * Returns the registration in {@code slot}.
   *
   * @param slot a slot
   * @return the registration, or {@code null} if the slot is free or out of range
   */
  @SuppressWarnings("unchecked")
  public T get(int slot) {
    return slot > 0 && slot < next ? (T) entries[slot] : null;
  }

  /**
   * Returns the current generation of {@code slot}.
   *
   * @param slot a slot in use
   * @return the generation
   */
  public int generation(int slot) {
    return generations[slot];
  }

  /**
   * Frees {@code slot} and advances its generation.
   *
   * @param slot a slot in use
   */
  public void remove(int slot) {
    if (entries[slot] == null) {
      return;
    }
    entries[slot] = null;
    generations[slot]++;
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, freeCount * 2);
    }
    free[freeCount++] = slot;
    size--;
  }

  /**
   * Returns the number of slots in use.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * Calls {@code action} for every registration (a snapshot, so the action may remove).
   *
   * @param action what to do
   */
  @SuppressWarnings("unchecked")
  public void forEach(Consumer<? super T> action) {
    Object[] snapshot = Arrays.copyOf(entries, next);
    for (Object o : snapshot) {
      if (o != null) {
        action.accept((T) o);
      }
    }
  }
}
