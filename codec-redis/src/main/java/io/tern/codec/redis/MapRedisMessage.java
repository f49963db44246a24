package io.tern.codec.redis;

import io.tern.common.ReferenceCount;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.ReferenceCounted;
import java.util.List;
import java.util.Objects;

/**
 * A RESP3 map ({@code %2\r\n} and two keys and values in turn) or attribute ({@code |1\r\n} and a
 * key and value that describe the value after them); the kind is {@link #type()}. Entries are kept
 * in wire order as one flat list, so duplicate keys lose nothing; {@link #key(int)} and {@link
 * #value(int)} read entry {@code i}.
 *
 * <p>The decoder passes an attribute on right before the value it describes: as its own message at
 * the top level, as the preceding child inside an aggregate.
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The message owns its keys and values: when its own reference count reaches zero it releases each
 * of them once. Retaining the message does not retain them.
 */
public final class MapRedisMessage implements RedisMessage, ReferenceCounted {
  private final RedisMessageType type;
  private final List<RedisMessage> keysAndValues;
  private final ReferenceCount count = new ReferenceCount();

  private MapRedisMessage(RedisMessageType type, List<RedisMessage> keysAndValues) {
    Objects.requireNonNull(keysAndValues, "keysAndValues");
    if ((keysAndValues.size() & 1) != 0) {
      throw new IllegalArgumentException(
          "keysAndValues: " + keysAndValues.size() + " elements (expected an even number)");
    }
    this.type = type;
    this.keysAndValues = keysAndValues;
  }

  /**
   * Creates a map.
   *
   * @param keysAndValues keys and values in turn, now owned by this message; kept, not copied
   * @return the map
   * @throws IllegalArgumentException if the list has an odd number of elements
   */
  public static MapRedisMessage map(List<RedisMessage> keysAndValues) {
    return new MapRedisMessage(RedisMessageType.MAP, keysAndValues);
  }

  /**
   * Creates an attribute.
   *
   * @param keysAndValues keys and values in turn, now owned by this message; kept, not copied
   * @return the attribute
   * @throws IllegalArgumentException if the list has an odd number of elements
   */
  public static MapRedisMessage attribute(List<RedisMessage> keysAndValues) {
    return new MapRedisMessage(RedisMessageType.ATTRIBUTE, keysAndValues);
  }

  /**
   * Returns the number of entries.
   *
   * @return half the number of keys and values
   */
  public int size() {
    return keysAndValues.size() >> 1;
  }

  /**
   * Returns the key of an entry.
   *
   * @param index the entry, 0 to {@link #size()} - 1
   * @return the key, owned by this message
   */
  public RedisMessage key(int index) {
    return keysAndValues.get(index << 1);
  }

  /**
   * Returns the value of an entry.
   *
   * @param index the entry, 0 to {@link #size()} - 1
   * @return the value, owned by this message
   */
  public RedisMessage value(int index) {
    return keysAndValues.get((index << 1) + 1);
  }

  /**
   * Returns the keys and values in turn.
   *
   * @return the list, owned by this message
   */
  public List<RedisMessage> keysAndValues() {
    return keysAndValues;
  }

  @Override
  public RedisMessageType type() {
    return type;
  }

  @Override
  public int refCnt() {
    return count.get();
  }

  @Override
  public MapRedisMessage retain() {
    return retain(1);
  }

  @Override
  public MapRedisMessage retain(int increment) {
    count.retain(increment);
    return this;
  }

  @Override
  public MapRedisMessage touch() {
    return this;
  }

  @Override
  public MapRedisMessage touch(Object hint) {
    for (RedisMessage child : keysAndValues) {
      ReferenceCountUtil.touch(child, hint);
    }
    return this;
  }

  @Override
  public boolean release() {
    return release(1);
  }

  @Override
  public boolean release(int decrement) {
    if (!count.release(decrement)) {
      return false;
    }
    for (RedisMessage child : keysAndValues) {
      ReferenceCountUtil.release(child);
    }
    return true;
  }

  @Override
  public String toString() {
    return type + keysAndValues.toString();
  }
}
