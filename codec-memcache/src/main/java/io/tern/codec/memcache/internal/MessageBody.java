package io.tern.codec.memcache.internal;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCount;
import java.util.Objects;

/**
 * The three buffers of a binary memcache message (extras, key, value) behind one reference count:
 * when it reaches zero each buffer is released once. Thread-safe count; the buffers are the
 * message's.
 */
public final class MessageBody {
  private final ByteBuf extras;
  private final ByteBuf key;
  private final ByteBuf value;
  private final ReferenceCount count = new ReferenceCount();

  /**
   * Takes ownership of the buffers.
   *
   * @param extras the extras
   * @param key the key
   * @param value the value
   */
  public MessageBody(ByteBuf extras, ByteBuf key, ByteBuf value) {
    this.extras = Objects.requireNonNull(extras, "extras");
    this.key = Objects.requireNonNull(key, "key");
    this.value = Objects.requireNonNull(value, "value");
  }

  /**
   * Returns the extras.
   *
   * @return the buffer
   */
  public ByteBuf extras() {
    return extras;
  }

  /**
   * Returns the key.
   *
   * @return the buffer
   */
  public ByteBuf key() {
    return key;
  }

  /**
   * Returns the value.
   *
   * @return the buffer
   */
  public ByteBuf value() {
    return value;
  }

  /**
   * Returns the body length the header announces.
   *
   * @return extras + key + value bytes
   */
  public int totalBodyLength() {
    return extras.readableBytes() + key.readableBytes() + value.readableBytes();
  }

  /**
   * Returns the count.
   *
   * @return the reference count
   */
  public int refCnt() {
    return count.get();
  }

  /**
   * Adds references.
   *
   * @param increment how many
   */
  public void retain(int increment) {
    count.retain(increment);
  }

  /**
   * Records an access point on each buffer.
   *
   * @param hint the hint
   */
  public void touch(Object hint) {
    extras.touch(hint);
    key.touch(hint);
    value.touch(hint);
  }

  /**
   * Removes references, releasing the buffers at zero.
   *
   * @param decrement how many
   * @return whether the buffers were released
   */
  public boolean release(int decrement) {
    if (!count.release(decrement)) {
      return false;
    }
    extras.release();
    key.release();
    value.release();
    return true;
  }
}
