package io.tern.codec;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The list a decoder or encoder adds its results to. One instance lives as long as its handler and
 * is cleared after every use, so decoding allocates no list per read.
 *
 * <p>Threading: confined to the handler's event loop. Not reentrant by itself: {@link #acquire}
 * hands out a fresh list when a nested call finds this one in use.
 */
final class CodecOutputList extends AbstractList<Object> implements RandomAccess {
  private Object[] elements = new Object[16];
  private int size;
  private boolean inUse;
  private boolean insertedSinceRecycled;

  /** Returns this list if it is free (marking it used), or a new one for a reentrant call. */
  CodecOutputList acquire() {
    if (inUse) {
      CodecOutputList nested = new CodecOutputList();
      nested.inUse = true;
      return nested;
    }
    inUse = true;
    return this;
  }

  /** Clears the list (without releasing anything) and makes it available again. */
  void recycle() {
    clear();
    inUse = false;
    insertedSinceRecycled = false;
  }

  /** Tells whether anything was added since the last {@link #recycle()}, even if cleared since. */
  boolean insertedSinceRecycled() {
    return insertedSinceRecycled;
  }

  @Override
  public boolean add(Object element) {
    Objects.requireNonNull(element, "element");
    if (size == elements.length) {
      elements = Arrays.copyOf(elements, size << 1);
    }
    elements[size++] = element;
    insertedSinceRecycled = true;
    modCount++;
    return true;
  }

  @Override
  public void add(int index, Object element) {
    Objects.requireNonNull(element, "element");
    Objects.checkIndex(index, size + 1);
    if (size == elements.length) {
      elements = Arrays.copyOf(elements, size << 1);
    }
    System.arraycopy(elements, index, elements, index + 1, size - index);
    elements[index] = element;
    size++;
    insertedSinceRecycled = true;
    modCount++;
  }

  @Override
  public Object get(int index) {
    Objects.checkIndex(index, size);
    return elements[index];
  }

  @Override
  public Object set(int index, Object element) {
    Objects.requireNonNull(element, "element");
    Objects.checkIndex(index, size);
    Object old = elements[index];
    elements[index] = element;
    return old;
  }

  @Override
  public Object remove(int index) {
    Objects.checkIndex(index, size);
    Object old = elements[index];
    int moved = size - index - 1;
    if (moved > 0) {
      System.arraycopy(elements, index + 1, elements, index, moved);
    }
    elements[--size] = null;
    modCount++;
    return old;
  }

  @Override
  public void clear() {
    if (size > 0) {
      Arrays.fill(elements, 0, size, null);
      size = 0;
      modCount++;
    }
  }

  @Override
  public int size() {
    return size;
  }

  /** Returns the element at {@code index} without a bounds check; callers iterate below size. */
  Object element(int index) {
    return elements[index];
  }
}
