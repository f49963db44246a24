package io.tern.common;

/**
 * A value held in an {@link AttributeMap} under an {@link AttributeKey}. Every operation is atomic.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use an attribute; reads never block.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds its value and nothing else: setting or removing a reference-counted value neither
 * retains nor releases it; whoever stores such a value stays responsible for releasing it.
 *
 * @param <T> the value type
 */
public interface Attribute<T> {
  /**
   * Returns the key.
   *
   * @return the key this attribute is stored under
   */
  AttributeKey<T> key();

  /**
   * Returns the value.
   *
   * @return the current value, or {@code null}
   */
  T get();

  /**
   * Sets the value.
   *
   * @param value the new value, may be {@code null}
   */
  void set(T value);

  /**
   * Sets the value and returns the previous one.
   *
   * @param value the new value
   * @return the previous value, or {@code null}
   */
  T getAndSet(T value);

  /**
   * Sets the value if none is set.
   *
   * @param value the value to set
   * @return {@code null} if this call set it, else the value already there
   */
  T setIfAbsent(T value);

  /**
   * Sets the value if the current value is {@code expected} (compared by identity).
   *
   * @param expected the expected current value
   * @param value the new value
   * @return whether the value was set
   */
  boolean compareAndSet(T expected, T value);

  /**
   * Removes this attribute from its map and returns its last value. A later {@link
   * AttributeMap#attr} creates a new, empty attribute.
   *
   * @return the value at removal, or {@code null}
   */
  T getAndRemove();

  /** Removes this attribute from its map (see {@link #getAndRemove()}). */
  void remove();
}
