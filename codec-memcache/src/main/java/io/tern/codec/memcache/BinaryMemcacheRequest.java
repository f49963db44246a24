package io.tern.codec.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.internal.MessageBody;
import io.tern.common.ReferenceCounted;
import java.nio.charset.StandardCharsets;

/**
 * A whole binary-protocol request: the 24-byte header's fields and the extras, key and value that
 * follow it.
 *
 * <pre>
 *  byte 0      1        2-3         4         5          6-7       8-11        12-15   16-23
 *  +-------+--------+----------+---------+----------+---------+------------+--------+-----+
 *  | magic | opcode | key len  | ext len | dataType | vbucket | body len   | opaque | CAS |
 *  +-------+--------+----------+---------+----------+---------+------------+--------+-----+
 *  then extras, key, value (value length = body length - key length - extras length)
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * One thread at a time; the reference count is thread-safe, so the message may be handed to another
 * thread.
 *
 * <h2>Ownership</h2>
 *
 * The message owns its three buffers behind one reference count: when it reaches zero each is
 * released once. A decoded message holds retained slices of the received bytes.
 */
public final class BinaryMemcacheRequest implements ReferenceCounted {
  private final MessageBody body;
  private byte opcode;
  private byte dataType;
  private short vbucket;
  private int opaque;
  private long cas;

  /**
   * Creates a request that owns the given buffers.
   *
   * @param opcode one of {@link BinaryMemcacheOpcodes}
   * @param extras the extras (at most 255 bytes)
   * @param key the key (at most 65,535 bytes)
   * @param value the value
   * @throws IllegalArgumentException if the extras or the key are too long
   */
  public BinaryMemcacheRequest(byte opcode, ByteBuf extras, ByteBuf key, ByteBuf value) {
    this.body = new MessageBody(extras, key, value);
    if (extras.readableBytes() > 255 || key.readableBytes() > 65_535) {
      body.release(1);
      throw new IllegalArgumentException(
          "extras "
              + extras.readableBytes()
              + " bytes (max 255), key "
              + key.readableBytes()
              + " bytes (max 65535)");
    }
    this.opcode = opcode;
  }

  /**
   * Creates a request without extras, key or value.
   *
   * @param opcode one of {@link BinaryMemcacheOpcodes}
   * @return the request
   */
  public static BinaryMemcacheRequest of(byte opcode) {
    return new BinaryMemcacheRequest(
        opcode, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER);
  }

  /**
   * Returns the opcode.
   *
   * @return one of {@link BinaryMemcacheOpcodes}
   */
  public byte opcode() {
    return opcode;
  }

  /**
   * Sets the opcode.
   *
   * @param opcode one of {@link BinaryMemcacheOpcodes}
   * @return this request
   */
  public BinaryMemcacheRequest opcode(byte opcode) {
    this.opcode = opcode;
    return this;
  }

  /**
   * Returns the data type (0: raw bytes, the only one defined).
   *
   * @return the data type
   */
  public byte dataType() {
    return dataType;
  }

  /**
   * Sets the data type.
   *
   * @param dataType the data type
   * @return this request
   */
  public BinaryMemcacheRequest dataType(byte dataType) {
    this.dataType = dataType;
    return this;
  }

  /**
   * Returns the vBucket id (0 unless the server partitions keys).
   *
   * @return the field
   */
  public short vbucket() {
    return vbucket;
  }

  /**
   * Sets the vBucket id (0 unless the server partitions keys).
   *
   * @param vbucket the field
   * @return this request
   */
  public BinaryMemcacheRequest vbucket(short vbucket) {
    this.vbucket = vbucket;
    return this;
  }

  /**
   * Returns the opaque value, copied by the server from request to response.
   *
   * @return the opaque value
   */
  public int opaque() {
    return opaque;
  }

  /**
   * Sets the opaque value.
   *
   * @param opaque any value
   * @return this request
   */
  public BinaryMemcacheRequest opaque(int opaque) {
    this.opaque = opaque;
    return this;
  }

  /**
   * Returns the CAS (compare-and-swap) value: an item's version.
   *
   * @return the CAS value, 0 for none
   */
  public long cas() {
    return cas;
  }

  /**
   * Sets the CAS value.
   *
   * @param cas the item's version, 0 for none
   * @return this request
   */
  public BinaryMemcacheRequest cas(long cas) {
    this.cas = cas;
    return this;
  }

  /**
   * Returns the extras.
   *
   * @return the buffer, owned by this request
   */
  public ByteBuf extras() {
    return body.extras();
  }

  /**
   * Returns the key.
   *
   * @return the buffer, owned by this request
   */
  public ByteBuf key() {
    return body.key();
  }

  /**
   * Returns the value.
   *
   * @return the buffer, owned by this request
   */
  public ByteBuf value() {
    return body.value();
  }

  /**
   * Returns the body length the header announces.
   *
   * @return extras + key + value bytes
   */
  public int totalBodyLength() {
    return body.totalBodyLength();
  }

  @Override
  public int refCnt() {
    return body.refCnt();
  }

  @Override
  public BinaryMemcacheRequest retain() {
    body.retain(1);
    return this;
  }

  @Override
  public BinaryMemcacheRequest retain(int increment) {
    body.retain(increment);
    return this;
  }

  @Override
  public BinaryMemcacheRequest touch() {
    return this;
  }

  @Override
  public BinaryMemcacheRequest touch(Object hint) {
    body.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return body.release(1);
  }

  @Override
  public boolean release(int decrement) {
    return body.release(decrement);
  }

  @Override
  public String toString() {
    return "BinaryMemcacheRequest[opcode=0x"
        + Integer.toHexString(opcode & 0xff)
        + ", vbucket="
        + vbucket
        + ", opaque="
        + opaque
        + ", cas="
        + cas
        + ", key="
        + key().toString(StandardCharsets.UTF_8)
        + ", extras="
        + extras().readableBytes()
        + " bytes, value="
        + value().readableBytes()
        + " bytes]";
  }
}
