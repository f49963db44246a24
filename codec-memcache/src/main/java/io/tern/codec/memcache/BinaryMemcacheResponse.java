package io.tern.codec.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.internal.MessageBody;
import io.tern.common.ReferenceCounted;
import java.nio.charset.StandardCharsets;

/**
 * A whole binary-protocol response: the 24-byte header's fields and the extras, key and value that
 * follow it.
 *
 * <pre>
 *  byte 0      1        2-3         4         5          6-7       8-11        12-15   16-23
 *  +-------+--------+----------+---------+----------+---------+------------+--------+-----+
 *  | magic | opcode | key len  | ext len | dataType | status | body len   | opaque | CAS |
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
public final class BinaryMemcacheResponse implements ReferenceCounted {
  private final MessageBody body;
  private byte opcode;
  private byte dataType;
  private short status;
  private int opaque;
  private long cas;

  /**
   * Creates a response that owns the given buffers.
   *
   * @param opcode one of {@link BinaryMemcacheOpcodes}
   * @param extras the extras (at most 255 bytes)
   * @param key the key (at most 65,535 bytes)
   * @param value the value
   * @throws IllegalArgumentException if the extras or the key are too long
   */
  public BinaryMemcacheResponse(byte opcode, ByteBuf extras, ByteBuf key, ByteBuf value) {
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
   * Creates a response without extras, key or value.
   *
   * @param opcode one of {@link BinaryMemcacheOpcodes}
   * @return the response
   */
  public static BinaryMemcacheResponse of(byte opcode) {
    return new BinaryMemcacheResponse(
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
   * @return this response
   */
  public BinaryMemcacheResponse opcode(byte opcode) {
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
   * @return this response
   */
  public BinaryMemcacheResponse dataType(byte dataType) {
    this.dataType = dataType;
    return this;
  }

  /**
   * Returns the status, one of {@link BinaryMemcacheResponseStatus}.
   *
   * @return the field
   */
  public short status() {
    return status;
  }

  /**
   * Sets the status, one of {@link BinaryMemcacheResponseStatus}.
   *
   * @param status the field
   * @return this response
   */
  public BinaryMemcacheResponse status(short status) {
    this.status = status;
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
   * @return this response
   */
  public BinaryMemcacheResponse opaque(int opaque) {
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
   * @return this response
   */
  public BinaryMemcacheResponse cas(long cas) {
    this.cas = cas;
    return this;
  }

  /**
   * Returns the extras.
   *
   * @return the buffer, owned by this response
   */
  public ByteBuf extras() {
    return body.extras();
  }

  /**
   * Returns the key.
   *
   * @return the buffer, owned by this response
   */
  public ByteBuf key() {
    return body.key();
  }

  /**
   * Returns the value.
   *
   * @return the buffer, owned by this response
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
  public BinaryMemcacheResponse retain() {
    body.retain(1);
    return this;
  }

  @Override
  public BinaryMemcacheResponse retain(int increment) {
    body.retain(increment);
    return this;
  }

  @Override
  public BinaryMemcacheResponse touch() {
    return this;
  }

  @Override
  public BinaryMemcacheResponse touch(Object hint) {
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
    return "BinaryMemcacheResponse[opcode=0x"
        + Integer.toHexString(opcode & 0xff)
        + ", status="
        + status
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
