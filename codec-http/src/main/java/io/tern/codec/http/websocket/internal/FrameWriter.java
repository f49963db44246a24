package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Writes frame headers (RFC 6455, section 5.2) and whole small frames, masked with fresh keys when
 * a client sends them ({@link MaskKeys} says where the keys come from).
 */
public final class FrameWriter {
  /** Payloads up to this size are copied behind their header into one buffer. */
  public static final int COPY_THRESHOLD = 1024;

  private FrameWriter() {}

  /**
   * Returns a fresh masking key.
   *
   * @return the key, first byte most significant
   */
  public static int newMaskKey() {
    return MaskKeys.next();
  }

  /**
   * Returns the header length of a frame.
   *
   * @param payloadLength the payload length
   * @param masked whether a key follows
   * @return 2 to 14
   */
  public static int headerLength(long payloadLength, boolean masked) {
    int n = payloadLength < 126 ? 2 : payloadLength <= 0xFFFF ? 4 : 10;
    return masked ? n + 4 : n;
  }

  /**
   * Writes a header (with the masking key when {@code masked}) into {@code out}.
   *
   * @param out the destination
   * @param fin the FIN bit
   * @param rsv the RSV bits
   * @param opcode the opcode
   * @param payloadLength the payload length
   * @param masked whether the payload is masked
   * @param key the masking key (ignored unless {@code masked})
   */
  public static void writeHeader(
      ByteBuf out, boolean fin, int rsv, int opcode, long payloadLength, boolean masked, int key) {
    out.writeByte((fin ? 0x80 : 0) | (rsv << 4) | opcode);
    int maskBit = masked ? 0x80 : 0;
    if (payloadLength < 126) {
      out.writeByte(maskBit | (int) payloadLength);
    } else if (payloadLength <= 0xFFFF) {
      out.writeByte(maskBit | 126);
      out.writeShort((int) payloadLength);
    } else {
      out.writeByte(maskBit | 127);
      out.writeLong(payloadLength);
    }
    if (masked) {
      out.writeInt(key);
    }
  }

  /**
   * Returns a complete close frame with {@code code} and {@code reason}, masked if {@code masked}.
   *
   * @param alloc the allocator
   * @param code the status code
   * @param reason the reason (cut to 123 bytes)
   * @param masked whether to mask (a client's frame)
   * @return the frame's bytes, owned by the caller
   */
  public static ByteBuf closeFrame(
      ByteBufAllocator alloc, int code, String reason, boolean masked) {
    byte[] text = reason.getBytes(StandardCharsets.UTF_8);
    int length = 2 + Math.min(text.length, 123);
    int key = masked ? newMaskKey() : 0;
    ByteBuf out = alloc.buffer(headerLength(length, masked) + length);
    writeHeader(out, true, 0, 0x8, length, masked, key);
    int payload = out.writerIndex();
    out.writeShort(code);
    out.writeBytes(text, 0, length - 2);
    if (masked) {
      Masking.maskInPlace(out, payload, length, key);
    }
    return out;
  }
}
