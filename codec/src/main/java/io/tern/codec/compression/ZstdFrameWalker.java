package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import java.io.InputStream;

/**
 * Follows the structure of zstd frames (RFC 8878) in the bytes it hands to the decompressor, so the
 * decoder knows where each frame ends: it never hands out a byte past the current frame, checks
 * block sizes and the declared content size before any decompression, skips skippable frames, and
 * counts each frame's compressed bytes for the limits.
 *
 * <pre>
 *   frame:  magic 28 B5 2F FD | descriptor | [window] [dictionary id] [content size]
 *           | block* (3-byte header: last bit, type 2 bits, size 21 bits; then data)
 *           | [XXH64 checksum, 4 bytes]
 *   skippable frame: magic 5? 2A 4D 18 | size (4, LE) | size bytes, ignored
 * </pre>
 *
 * <p>It is the {@link InputStream} the library's stream decompressor reads: {@code read} returns -1
 * when the cumulation is empty or the frame is complete, and the decompressor asks again later.
 */
final class ZstdFrameWalker extends InputStream {
  static final int MAGIC = 0xFD2FB528;
  private static final int SKIPPABLE_MAGIC = 0x184D2A50;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
  private static final int MAX_BLOCK_SIZE = 128 * 1024;

  enum State {
    /** Between frames: the next bytes are a magic number. */
    BETWEEN,
    MAGIC,
    HEADER,
    BLOCK_HEADER,
    BLOCK_DATA,
    CHECKSUM,
    /** Every byte of the frame was handed out. */
    END
  }

  private final long maxOutputBytes;
  private ByteBuf in;
  private State state = State.BETWEEN;
  private int pending;
  private boolean checksum;
  private boolean lastBlock;
  private int blockData;
  private long skip;
  private long frameInputBytes;

  ZstdFrameWalker(long maxOutputBytes) {
    this.maxOutputBytes = maxOutputBytes;
  }

  /** Sets the cumulation bytes are taken from, or null between decode calls. */
  void input(ByteBuf in) {
    this.in = in;
  }

  State state() {
    return state;
  }

  /** Compressed bytes of the current frame handed out so far. */
  long frameInputBytes() {
    return frameInputBytes;
  }

  /**
   * Between frames, reads the next magic number: skips a skippable frame (as far as the input goes)
   * or starts a zstd frame.
   *
   * @return whether a zstd frame was started; {@code false} if more input is needed
   * @throws DecompressionException if the bytes are no frame
   */
  boolean startFrame() {
    while (true) {
      if (skip > 0) {
        int n = (int) Math.min(skip, in.readableBytes());
        in.skipBytes(n);
        skip -= n;
        if (skip > 0) {
          return false;
        }
      }
      if (in.readableBytes() < 4) {
        return false;
      }
      int magic = in.getIntLE(in.readerIndex());
      if ((magic & SKIPPABLE_MASK) == SKIPPABLE_MAGIC) {
        if (in.readableBytes() < 8) {
          return false;
        }
        skip = in.getUnsignedIntLE(in.readerIndex() + 4);
        in.skipBytes(8);
        continue;
      }
      if (magic != MAGIC) {
        throw new DecompressionException("not a zstd frame: magic 0x" + Integer.toHexString(magic));
      }
      state = State.MAGIC;
      pending = 4;
      frameInputBytes = 0;
      return true;
    }
  }

  /** Marks the frame as fully decoded: the next bytes are a new frame. */
  void frameDone() {
    state = State.BETWEEN;
  }

  @Override
  public int read() {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len == 0) {
      return 0;
    }
    int total = 0;
    while (total < len && in != null) {
      // Advance even without input: the frame may end here (the last element was handed out).
      if ((pending == 0 && !advance()) || !in.isReadable()) {
        break;
      }
      int n = Math.min(Math.min(len - total, pending), in.readableBytes());
      in.readBytes(b, off + total, n);
      pending -= n;
      total += n;
      frameInputBytes += n;
    }
    return total == 0 ? -1 : total;
  }

  /**
   * Moves to the next element of the frame once the current one was handed out, reading its header
   * from the cumulation without consuming it.
   *
   * @return whether there is an element to hand out; {@code false} at the frame's end or if its
   *     header is not all there yet
   */
  private boolean advance() {
    while (pending == 0) {
      switch (state) {
        case MAGIC -> {
          if (!in.isReadable()) {
            return false;
          }
          int descriptor = in.getUnsignedByte(in.readerIndex());
          pending = headerSize(descriptor);
          if (in.readableBytes() < pending) {
            pending = 0;
            return false;
          }
          checkHeader(descriptor);
          state = State.HEADER;
        }
        case HEADER, BLOCK_DATA -> {
          if (state == State.BLOCK_DATA && lastBlock) {
            state = State.CHECKSUM;
            pending = checksum ? 4 : 0;
            if (pending == 0) {
              state = State.END;
              return false;
            }
            continue;
          }
          if (in.readableBytes() < 3) {
            return false;
          }
          int header = in.getUnsignedMediumLE(in.readerIndex());
          lastBlock = (header & 1) != 0;
          int type = (header >>> 1) & 3;
          int size = header >>> 3;
          if (type == 3) {
            throw new DecompressionException("reserved zstd block type");
          }
          if (size > MAX_BLOCK_SIZE) {
            throw new DecompressionException("zstd block of " + size + " bytes (max 128 KiB)");
          }
          blockData = type == 1 ? 1 : size;
          state = State.BLOCK_HEADER;
          pending = 3;
        }
        case BLOCK_HEADER -> {
          state = State.BLOCK_DATA;
          pending = blockData;
        }
        case CHECKSUM, END -> {
          state = State.END;
          return false;
        }
        case BETWEEN -> {
          return false;
        }
      }
    }
    return true;
  }

  private static int headerSize(int descriptor) {
    boolean singleSegment = (descriptor & 0x20) != 0;
    int dictionaryFlag = descriptor & 3;
    int contentSizeFlag = descriptor >>> 6;
    return 1
        + (singleSegment ? 0 : 1)
        + (dictionaryFlag == 0 ? 0 : 1 << (dictionaryFlag - 1))
        + (contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag);
  }

  private void checkHeader(int descriptor) {
    if ((descriptor & 0x08) != 0) {
      throw new DecompressionException("zstd frame header has the reserved bit set");
    }
    if ((descriptor & 3) != 0) {
      throw new DecompressionException("zstd frames with a dictionary are not supported");
    }
    checksum = (descriptor & 0x04) != 0;
    int contentSizeFlag = descriptor >>> 6;
    boolean singleSegment = (descriptor & 0x20) != 0;
    if (contentSizeFlag == 0 && !singleSegment) {
      return;
    }
    int at = in.readerIndex() + (singleSegment ? 1 : 2);
    long contentSize =
        switch (contentSizeFlag) {
          case 0 -> in.getUnsignedByte(at);
          case 1 -> in.getUnsignedShortLE(at) + 256L;
          case 2 -> in.getUnsignedIntLE(at);
          default -> in.getLongLE(at);
        };
    if (contentSize < 0 || contentSize > maxOutputBytes) {
      throw new DecompressionLimitException(
          "zstd frame declares "
              + Long.toUnsignedString(contentSize)
              + " bytes, over the limit of "
              + maxOutputBytes);
    }
  }
}
