package io.tern.common;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The typed name of an {@link Attribute} in an {@link AttributeMap}. Keys are pooled by name:
 * {@link #valueOf(String)} returns the same key for the same name, so a key is usually a constant.
 *
 * <h2>Threading</h2>
 *
 * <p>Keys are immutable; the pool is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param <T> the type of the attribute's value
 */
@SuppressWarnings("UnusedTypeParameter") // T types the values of the attributes it names
public final class AttributeKey<T> implements Comparable<AttributeKey<?>> {
  private static final ConcurrentMap<String, AttributeKey<?>> POOL = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_ID = new AtomicInteger();

  private final String name;
  private final int id;

  private AttributeKey(String name) {
    this.name = name;
    this.id = NEXT_ID.getAndIncrement();
  }

  /**
   * Returns the key with this name, creating it on first use.
   *
   * @param <T> the value type
   * @param name the name
   * @return the pooled key
   */
  @SuppressWarnings("unchecked")
  public static <T> AttributeKey<T> valueOf(String name) {
    Objects.requireNonNull(name, "name");
    return (AttributeKey<T>) POOL.computeIfAbsent(name, AttributeKey::new);
  }

  /**
   * Creates a key with a name nobody used before.
   *
   * @param <T> the value type
   * @param name the name
   * @return the new key
   * @throws IllegalArgumentException if a key with this name exists
   */
  public static <T> AttributeKey<T> newInstance(String name) {
    Objects.requireNonNull(name, "name");
    AttributeKey<T> key = new AttributeKey<>(name);
    if (POOL.putIfAbsent(name, key) != null) {
      throw new IllegalArgumentException("attribute key '" + name + "' is already in use");
    }
    return key;
  }

  /**
   * Tells whether a key with this name exists.
   *
   * @param name the name
   * @return {@code true} if {@link #valueOf(String)} would return an existing key
   */
  public static boolean exists(String name) {
    return POOL.containsKey(Objects.requireNonNull(name, "name"));
  }

  /**
   * Returns the name.
   *
   * @return the name given at creation
   */
  public String name() {
    return name;
  }

  /**
   * Returns the id, unique among keys of this JVM; maps order their attributes by it.
   *
   * @return the id
   */
  public int id() {
    return id;
  }

  @Override
  public int compareTo(AttributeKey<?> o) {
    return Integer.compare(id, o.id);
  }

  @Override
  public String toString() {
    return name;
  }
}
