package io.tern.common;

/**
 * Holds {@link Attribute}s by {@link AttributeKey}; channels are attribute maps.
 *
 * <p>Threading: any thread may use a map; looking up an existing attribute never blocks.
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
