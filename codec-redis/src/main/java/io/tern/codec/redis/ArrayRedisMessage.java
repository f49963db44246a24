package io.tern.codec.redis;

import io.tern.common.ReferenceCount;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.ReferenceCounted;
import java.util.List;
import java.util.Objects;

/**
 * An ordered aggregate: a RESP2 or RESP3 array ({@code *2\r\n...}), a RESP3 set ({@code ~2\r\n...})
 * or a RESP3 push ({@code >3\r\n...}); the kind is {@link #type()}, not a subclass. {@link
 * #NULL_INSTANCE} is RESP2's null array ({@code *-1\r\n}).
 *
 * <p>A decoded aggregate's children include any RESP3 attribute that preceded one of its elements,
 * as a {@link MapRedisMessage} of type {@link RedisMessageType#ATTRIBUTE} right before that element
 * (attributes do not count toward the length on the wire).
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The message owns its children: when its own reference count reaches zero it releases each of them
 * once. Retaining the message does not retain the children. {@link #NULL_INSTANCE} and {@link
 * #EMPTY_INSTANCE} are shared and unaffected by release.
 */
public final class ArrayRedisMessage implements RedisMessage, ReferenceCounted {
  /** RESP2's null array, {@code *-1\r\n}. */
  public static final ArrayRedisMessage NULL_INSTANCE =
      new ArrayRedisMessage(RedisMessageType.ARRAY, List.of(), null);

  /** The empty array, {@code *0\r\n}. */
  public static final ArrayRedisMessage EMPTY_INSTANCE =
      new ArrayRedisMessage(RedisMessageType.ARRAY, List.of(), null);

  private final RedisMessageType type;
  private final List<RedisMessage> children;
  private final ReferenceCount count; // null for the shared instances

  private ArrayRedisMessage(
      RedisMessageType type, List<RedisMessage> children, ReferenceCount count) {
    this.type = type;
    this.children = children;
    this.count = count;
  }

  /**
   * Creates an array.
   *
   * @param children the elements, now owned by this message; the list is kept, not copied
   * @return the array
   */
  public static ArrayRedisMessage array(List<RedisMessage> children) {
    return of(RedisMessageType.ARRAY, children);
  }

  /**
   * Creates a RESP3 set.
   *
   * @param children the elements, now owned by this message; the list is kept, not copied
   * @return the set
   */
  public static ArrayRedisMessage set(List<RedisMessage> children) {
    return of(RedisMessageType.SET, children);
  }

  /**
   * Creates a RESP3 push.
   *
   * @param children the elements, now owned by this message; the list is kept, not copied
   * @return the push
   */
  public static ArrayRedisMessage push(List<RedisMessage> children) {
    return of(RedisMessageType.PUSH, children);
  }

  /**
   * Creates an ordered aggregate of a kind.
   *
   * @param type {@link RedisMessageType#ARRAY}, {@code SET} or {@code PUSH}
   * @param children the elements, now owned by this message; the list is kept, not copied
   * @return the aggregate
   * @throws IllegalArgumentException for another kind
   */
  public static ArrayRedisMessage of(RedisMessageType type, List<RedisMessage> children) {
    Objects.requireNonNull(children, "children");
    if (type != RedisMessageType.ARRAY
        && type != RedisMessageType.SET
        && type != RedisMessageType.PUSH) {
      throw new IllegalArgumentException("type: " + type + " (expected ARRAY, SET or PUSH)");
    }
    return new ArrayRedisMessage(type, children, new ReferenceCount());
  }

  /**
   * Returns the elements.
   *
   * @return the list, owned by this message; empty for the null array
   */
  public List<RedisMessage> children() {
    return children;
  }

  /**
   * Tells whether this is RESP2's null array.
   *
   * @return {@code true} for {@link #NULL_INSTANCE}
   */
  public boolean isNull() {
    return this == NULL_INSTANCE;
  }

  @Override
  public RedisMessageType type() {
    return type;
  }

  @Override
  public int refCnt() {
    return count == null ? 1 : count.get();
  }

  @Override
  public ArrayRedisMessage retain() {
    return retain(1);
  }

  @Override
  public ArrayRedisMessage retain(int increment) {
    if (count != null) {
      count.retain(increment);
    }
    return this;
  }

  @Override
  public ArrayRedisMessage touch() {
    return this;
  }

  @Override
  public ArrayRedisMessage touch(Object hint) {
    for (RedisMessage child : children) {
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
    if (count == null || !count.release(decrement)) {
      return false;
    }
    for (RedisMessage child : children) {
      ReferenceCountUtil.release(child);
    }
    return true;
  }

  @Override
  public String toString() {
    return isNull() ? "ArrayRedisMessage[null]" : type + children.toString();
  }
}
