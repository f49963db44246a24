package io.tern.codec.base64;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.DecoderException;

/**
 * Base64 encoding and decoding from buffer to buffer (RFC 4648, with padding).
 *
 * <p>The source is read in blocks of a few kilobytes into a scratch array and the result written in
 * blocks, so neither side is ever materialized as a {@code String} or a whole {@code byte[]}.
 *
 * <h2>Threading</h2>
 *
 * Thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The source buffers are read from their reader index to their writer index without moving either,
 * and stay the caller's; the result is a new buffer from the given allocator that the caller
 * releases.
 */
public final class Base64 {
  private static final int BLOCK = 3 * 1024;

  /** Characters per line when breaking lines, as MIME (RFC 2045) wants at most 76. */
  static final int LINE_LENGTH = 76;

  private Base64() {}

  /**
   * Encodes the readable bytes of {@code src}.
   *
   * @param src the bytes to encode; not modified
   * @param breakLines whether to put a {@code '\n'} after every full line of 76 characters
   * @param dialect the alphabet
   * @param alloc the allocator for the result
   * @return a new buffer with the encoding, owned by the caller
   */
  public static ByteBuf encode(
      ByteBuf src, boolean breakLines, Base64Dialect dialect, ByteBufAllocator alloc) {
    int length = src.readableBytes();
    long chars = (length + 2L) / 3 * 4;
    long size = breakLines ? chars + chars / LINE_LENGTH : chars;
    if (size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("input too large to encode: " + length + " bytes");
    }
    ByteBuf dst = alloc.buffer((int) size);
    try {
      byte[] alphabet = dialect.alphabet;
      byte[] in = new byte[Math.min(BLOCK, Math.max(length, 3))];
      byte[] out = new byte[in.length / 3 * 4 + in.length / 3 * 4 / LINE_LENGTH + 8];
      int index = src.readerIndex();
      int end = index + length;
      int lineChars = 0;
      while (index < end) {
        int n = Math.min(in.length, end - index);
        src.getBytes(index, in, 0, n);
        index += n;
        int o = 0;
        int full = n / 3 * 3;
        for (int i = 0; i < full; i += 3) {
          int v = (in[i] & 0xFF) << 16 | (in[i + 1] & 0xFF) << 8 | (in[i + 2] & 0xFF);
          out[o++] = alphabet[v >>> 18];
          out[o++] = alphabet[(v >>> 12) & 0x3F];
          out[o++] = alphabet[(v >>> 6) & 0x3F];
          out[o++] = alphabet[v & 0x3F];
          if (breakLines && (lineChars += 4) == LINE_LENGTH) {
            out[o++] = '\n';
            lineChars = 0;
          }
        }
        int rest = n - full;
        if (rest > 0) {
          // Only the last block can end with a partial group: blocks are multiples of 3.
          int v = (in[full] & 0xFF) << 16 | (rest == 2 ? (in[full + 1] & 0xFF) << 8 : 0);
          out[o++] = alphabet[v >>> 18];
          out[o++] = alphabet[(v >>> 12) & 0x3F];
          out[o++] = rest == 2 ? alphabet[(v >>> 6) & 0x3F] : (byte) '=';
          out[o++] = '=';
        }
        dst.writeBytes(out, 0, o);
      }
      return dst;
    } catch (RuntimeException e) {
      dst.release();
      throw e;
    }
  }

  /**
   * Decodes the readable bytes of {@code src}, ignoring whitespace ({@code ' '}, {@code '\t'},
   * {@code '\r'}, {@code '\n'}). Padding is optional at the end; data after padding is an error.
   *
   * @param src the characters to decode; not modified
   * @param dialect the alphabet
   * @param alloc the allocator for the result
   * @return a new buffer with the decoded bytes, owned by the caller
   * @throws DecoderException if a character is outside the alphabet, padding is misplaced or the
   *     input ends in the middle of a byte
   */
  public static ByteBuf decode(ByteBuf src, Base64Dialect dialect, ByteBufAllocator alloc) {
    int length = src.readableBytes();
    ByteBuf dst = alloc.buffer(length / 4 * 3 + 3);
    try {
      byte[] decodabet = dialect.decodabet;
      byte[] in = new byte[Math.min(BLOCK * 4 / 3, Math.max(length, 4))];
      byte[] out = new byte[in.length / 4 * 3 + 3];
      int index = src.readerIndex();
      int end = index + length;
      int acc = 0;
      int quantum = 0;
      int padding = 0;
      while (index < end) {
        int n = Math.min(in.length, end - index);
        src.getBytes(index, in, 0, n);
        int o = 0;
        for (int i = 0; i < n; i++) {
          byte c = in[i];
          if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            continue;
          }
          if (c == '=') {
            padding++;
            if (quantum + padding > 4 || quantum < 2) {
              throw bad("misplaced padding", index + i);
            }
            continue;
          }
          int v = decodabet[c & 0xFF];
          if (v < 0) {
            throw bad("invalid character 0x" + Integer.toHexString(c & 0xFF), index + i);
          }
          if (padding > 0) {
            throw bad("data after padding", index + i);
          }
          acc = acc << 6 | v;
          if (++quantum == 4) {
            out[o++] = (byte) (acc >>> 16);
            out[o++] = (byte) (acc >>> 8);
            out[o++] = (byte) acc;
            acc = 0;
            quantum = 0;
          }
        }
        dst.writeBytes(out, 0, o);
        index += n;
      }
      switch (quantum) {
        case 0 -> {}
        case 1 -> throw bad("truncated input", end);
        case 2 -> dst.writeByte(acc >>> 4);
        default -> dst.writeShort(acc >>> 2);
      }
      return dst;
    } catch (RuntimeException e) {
      dst.release();
      throw e;
    }
  }

  private static DecoderException bad(String what, int index) {
    return new DecoderException("bad Base64 input: " + what + " at index " + index);
  }
}
