package io.tern.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;

/**
 * An {@link AttributeMap} kept as one array of attributes sorted by key id and replaced
 * copy-on-write: a lookup is a binary search over whatever array it reads, with no lock; adding or
 * removing an attribute copies the array and swaps it in by compare-and-set, retrying on
 * contention. Maps usually hold few attributes that are read far more often than added, which is
 * what this favours. An empty map shares one empty array, so it costs one reference field.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use the map. Subclassing is allowed (channels extend it to save an object).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the attributes' values without retaining or releasing them (see {@link Attribute}).
 */
public class DefaultAttributeMap implements AttributeMap {
  private static final VarHandle ATTRIBUTES;
  private static final DefaultAttribute<?>[] EMPTY = new DefaultAttribute<?>[0];

  static {
    try {
      ATTRIBUTES =
          MethodHandles.lookup()
              .findVarHandle(DefaultAttributeMap.class, "attributes", DefaultAttribute[].class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private volatile DefaultAttribute<?>[] attributes = EMPTY;

  /** Creates an empty map. */
  public DefaultAttributeMap() {}

  private static int search(DefaultAttribute<?>[] sorted, int id) {
    int low = 0;
    int high = sorted.length - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int midId = sorted[mid].key.id();
      if (midId < id) {
        low = mid + 1;
      } else if (midId > id) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -(low + 1);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> Attribute<T> attr(AttributeKey<T> key) {
    Objects.requireNonNull(key, "key");
    DefaultAttribute<T> created = null;
    for (; ; ) {
      DefaultAttribute<?>[] current = attributes;
      int i = search(current, key.id());
      DefaultAttribute<?>[] next;
      if (i >= 0) {
        DefaultAttribute<?> found = current[i];
        if (!found.isRemoved()) {
          return (Attribute<T>) found;
        }
        if (created == null) {
          created = new DefaultAttribute<>(this, key);
        }
        next = current.clone();
        next[i] = created;
      } else {
        if (created == null) {
          created = new DefaultAttribute<>(this, key);
        }
        int at = -(i + 1);
        next = new DefaultAttribute<?>[current.length + 1];
        System.arraycopy(current, 0, next, 0, at);
        next[at] = created;
        System.arraycopy(current, at, next, at + 1, current.length - at);
      }
      if (ATTRIBUTES.compareAndSet(this, current, next)) {
        return created;
      }
    }
  }

  @Override
  public <T> boolean hasAttr(AttributeKey<T> key) {
    Objects.requireNonNull(key, "key");
    DefaultAttribute<?>[] current = attributes;
    int i = search(current, key.id());
    return i >= 0 && !current[i].isRemoved();
  }

  private void removeIfSame(DefaultAttribute<?> attribute) {
    for (; ; ) {
      DefaultAttribute<?>[] current = attributes;
      int i = search(current, attribute.key.id());
      if (i < 0 || current[i] != attribute) {
        return; // already replaced by a newer attribute for the same key
      }
      DefaultAttribute<?>[] next;
      if (current.length == 1) {
        next = EMPTY;
      } else {
        next = new DefaultAttribute<?>[current.length - 1];
        System.arraycopy(current, 0, next, 0, i);
        System.arraycopy(current, i + 1, next, i, current.length - i - 1);
      }
      if (ATTRIBUTES.compareAndSet(this, current, next)) {
        return;
      }
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + Arrays.toString(attributes);
  }

  /** One attribute; {@code map} becomes {@code null} once removed. */
  private static final class DefaultAttribute<T> implements Attribute<T> {
    private static final VarHandle VALUE;
    private static final VarHandle MAP;

    static {
      try {
        MethodHandles.Lookup l = MethodHandles.lookup();
        VALUE = l.findVarHandle(DefaultAttribute.class, "value", Object.class);
        MAP = l.findVarHandle(DefaultAttribute.class, "map", DefaultAttributeMap.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    final AttributeKey<T> key;
    private volatile DefaultAttributeMap map;
    private volatile Object value;

    DefaultAttribute(DefaultAttributeMap map, AttributeKey<T> key) {
      this.map = map;
      this.key = key;
    }

    boolean isRemoved() {
      return map == null;
    }

    @Override
    public AttributeKey<T> key() {
      return key;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get() {
      return (T) value;
    }

    @Override
    public void set(T newValue) {
      value = newValue;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T getAndSet(T newValue) {
      return (T) VALUE.getAndSet(this, newValue);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T setIfAbsent(T newValue) {
      return (T) VALUE.compareAndExchange(this, null, newValue);
    }

    @Override
    public boolean compareAndSet(T expected, T newValue) {
      return VALUE.compareAndSet(this, expected, newValue);
    }

    @Override
    public T getAndRemove() {
      DefaultAttributeMap owner = (DefaultAttributeMap) MAP.getAndSet(this, null);
      T old = getAndSet(null);
      if (owner != null) {
        owner.removeIfSame(this);
      }
      return old;
    }

    @Override
    public void remove() {
      getAndRemove();
    }

    @Override
    public String toString() {
      return key + "=" + value;
    }
  }
}
