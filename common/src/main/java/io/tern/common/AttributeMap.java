package io.tern.common;

/**
 * Holds {@link Attribute}s by {@link AttributeKey}; channels are attribute maps.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use a map; looking up an existing attribute never blocks.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the attributes' values without retaining or releasing them (see {@link Attribute}).
 */
public interface AttributeMap {
  /**
   * Returns the attribute for {@code key}, creating an empty one if absent.
   *
   * @param <T> the value type
   * @param key the key
   * @return the attribute, never {@code null}
   */
  <T> Attribute<T> attr(AttributeKey<T> key);

  /**
   * Tells whether an attribute exists for {@code key}.
   *
   * @param <T> the value type
   * @param key the key
   * @return {@code true} if {@link #attr} would return an existing attribute
   */
  <T> boolean hasAttr(AttributeKey<T> key);
}
