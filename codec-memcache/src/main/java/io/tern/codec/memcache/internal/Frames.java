package io.tern.codec.memcache.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.TooLongFrameException;
import io.tern.codec.memcache.MemcacheCodecException;

/** Reads and writes the 24-byte binary memcache header shared by requests and responses. */
public final class Frames {
  /** The header's size. */
  public static final int HEADER = 24;

  /** The request magic byte. */
  public static final byte REQUEST = (byte) 0x80;

  /** The response magic byte. */
  public static final byte RESPONSE = (byte) 0x81;

  private Frames() {}

  /**
   * Checks the header at the reader index and returns the whole frame's length once it is all
   * readable.
   *
   * @param in the cumulation
   * @param magic the magic byte expected
   * @param maxBodyLength the largest body accepted
   * @return the frame's length (header and body), or -1 if more bytes are needed
   * @throws MemcacheCodecException for a wrong magic byte or inconsistent lengths
   * @throws TooLongFrameException for a body over the limit
   */
  public static int frameLength(ByteBuf in, byte magic, int maxBodyLength) {
    int r = in.readerIndex();
    if (in.readableBytes() < 1) {
      return -1;
    }
    if (in.getByte(r) != magic) {
      throw new MemcacheCodecException(
          "magic 0x"
              + Integer.toHexString(in.getByte(r) & 0xff)
              + " (expected 0x"
              + Integer.toHexString(magic & 0xff)
              + ")");
    }
    if (in.readableBytes() < HEADER) {
      return -1;
    }
    int keyLength = in.getUnsignedShort(r + 2);
    int extrasLength = in.getUnsignedByte(r + 4);
    long bodyLength = in.getUnsignedInt(r + 8);
    if (keyLength + extrasLength > bodyLength) {
      throw new MemcacheCodecException(
          "key ("
              + keyLength
              + ") and extras ("
              + extrasLength
              + ") exceed the body ("
              + bodyLength
              + ")");
    }
    if (bodyLength > maxBodyLength) {
      throw new TooLongFrameException(
          "memcache body of " + bodyLength + " bytes exceeds " + maxBodyLength);
    }
    int frame = HEADER + (int) bodyLength;
    return in.readableBytes() < frame ? -1 : frame;
  }

  /**
   * Returns a retained slice, or the empty buffer for no bytes (no slice object for the common
   * empty extras and keys).
   *
   * @param in the buffer
   * @param index where the bytes start
   * @param length how many
   * @return a buffer the caller owns
   */
  public static ByteBuf part(ByteBuf in, int index, int length) {
    return length == 0 ? Unpooled.EMPTY_BUFFER : in.retainedSlice(index, length);
  }

  /**
   * Writes a header and the body.
   *
   * @param out the buffer, with room for {@code 24 + body} bytes
   * @param magic request or response
   * @param opcode the opcode
   * @param dataType the data type
   * @param vbucketOrStatus the vBucket id or the status
   * @param opaque the opaque value
   * @param cas the CAS value
   * @param extras the extras (not released)
   * @param key the key (not released)
   * @param value the value (not released)
   */
  public static void write(
      ByteBuf out,
      byte magic,
      byte opcode,
      byte dataType,
      short vbucketOrStatus,
      int opaque,
      long cas,
      ByteBuf extras,
      ByteBuf key,
      ByteBuf value) {
    int extrasLength = extras.readableBytes();
    int keyLength = key.readableBytes();
    out.writeByte(magic);
    out.writeByte(opcode);
    out.writeShort(keyLength);
    out.writeByte(extrasLength);
    out.writeByte(dataType);
    out.writeShort(vbucketOrStatus);
    out.writeInt(extrasLength + keyLength + value.readableBytes());
    out.writeInt(opaque);
    out.writeLong(cas);
    out.writeBytes(extras, extras.readerIndex(), extrasLength);
    out.writeBytes(key, key.readerIndex(), keyLength);
    out.writeBytes(value, value.readerIndex(), value.readableBytes());
  }
}
