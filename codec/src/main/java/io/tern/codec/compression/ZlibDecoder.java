package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decompresses a zlib, gzip or raw deflate stream with the JDK's {@link Inflater} (Netty's {@code
 * JdkZlibDecoder}). Decompressed bytes are passed on as they come, in buffers of at most {@code
 * chunkSize} bytes, so a large stream is never held whole.
 *
 * <p>gzip: the header is checked (magic, method, reserved flags, optional header CRC, at most 64
 * KiB of name, comment and extra field), and the trailer's CRC-32 and size are checked against the
 * data. Concatenated members are decoded one after the other, each with fresh limits.
 *
 * <p>Limits: {@link DecompressionLimits} per stream (default {@link DecompressionLimits#DEFAULT});
 * breaking one raises a {@link DecompressionLimitException} before the bytes over the limit are
 * passed on. Corrupt input raises a {@link DecompressionException}. After either, the rest of the
 * input is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed (see {@link ByteToMessageDecoder}); the decompressed buffers belong
 * to the next handler. The native zlib memory is freed when the stream ends or the handler is
 * removed (which closing the channel does).
 */
public class ZlibDecoder extends ByteToMessageDecoder {
  private static final int DEFAULT_CHUNK_SIZE = 8192;
  private static final byte[] NO_INPUT = new byte[0];

  private enum State {
    DETECT,
    HEADER,
    INFLATE,
    TRAILER,
    DONE
  }

  private final ZlibWrapper wrapper;
  private final DecompressionLimits limits;
  private final int chunkSize;
  private Inflater inflater;
  private final CRC32 crc;
  private State state;
  private long inputBytes;
  private long outputBytes;

  /** Creates a zlib decoder with the default limits. */
  public ZlibDecoder() {
    this(ZlibWrapper.ZLIB);
  }

  /**
   * Creates a decoder with the default limits.
   *
   * @param wrapper the expected container
   */
  public ZlibDecoder(ZlibWrapper wrapper) {
    this(wrapper, DecompressionLimits.DEFAULT, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Creates a decoder.
   *
   * @param wrapper the expected container
   * @param limits the bounds on the decompressed size and ratio
   * @param chunkSize the capacity of each decompressed buffer passed on
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   */
  public ZlibDecoder(ZlibWrapper wrapper, DecompressionLimits limits, int chunkSize) {
    if (wrapper == null) {
      throw new NullPointerException("wrapper");
    }
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    this.wrapper = wrapper;
    this.limits = limits;
    this.chunkSize = chunkSize;
    this.crc = wrapper == ZlibWrapper.GZIP ? new CRC32() : null;
    this.state =
        switch (wrapper) {
          case GZIP -> State.HEADER;
          case ZLIB_OR_NONE -> State.DETECT;
          case ZLIB, NONE -> State.INFLATE;
        };
    if (wrapper == ZlibWrapper.ZLIB || wrapper == ZlibWrapper.NONE) {
      inflater = new Inflater(wrapper == ZlibWrapper.NONE);
    }
  }

  /**
   * Tells whether the compressed stream has ended (or failed).
   *
   * @return {@code true} once no more input is decoded
   */
  public boolean isClosed() {
    return state == State.DONE;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    try {
      decodeStream(ctx, in, out);
    } catch (RuntimeException e) {
      finish();
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  private void decodeStream(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (true) {
      switch (state) {
        case DETECT -> {
          if (in.readableBytes() < 2) {
            return;
          }
          inflater = new Inflater(!looksLikeZlib(in.getUnsignedShort(in.readerIndex())));
          state = State.INFLATE;
        }
        case HEADER -> {
          int length = GzipHeader.parse(in);
          if (length < 0) {
            return;
          }
          in.skipBytes(length);
          inputBytes = length;
          outputBytes = 0;
          crc.reset();
          if (inflater == null) {
            inflater = new Inflater(true);
          } else {
            inflater.reset();
          }
          state = State.INFLATE;
        }
        case INFLATE -> {
          if (!inflate(ctx, in, out)) {
            return;
          }
          if (wrapper == ZlibWrapper.GZIP) {
            state = State.TRAILER;
          } else {
            finish();
          }
        }
        case TRAILER -> {
          if (in.readableBytes() < 8) {
            return;
          }
          long expectedCrc = in.readUnsignedIntLE();
          long expectedSize = in.readUnsignedIntLE();
          if (expectedCrc != crc.getValue()) {
            throw new DecompressionException("gzip CRC-32 mismatch");
          }
          if (expectedSize != (outputBytes & 0xFFFFFFFFL)) {
            throw new DecompressionException("gzip size mismatch");
          }
          // Another member may follow.
          state = State.HEADER;
          if (!in.isReadable()) {
            return;
          }
        }
        case DONE -> {
          in.skipBytes(in.readableBytes());
          return;
        }
      }
    }
  }

  /** Inflates what {@code in} holds; returns whether the deflate stream ended. */
  private boolean inflate(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    ByteBuffer input = in.nioBuffer(in.readerIndex(), in.readableBytes());
    int start = input.position();
    inflater.setInput(input);
    ByteBuf chunk = null;
    try {
      while (true) {
        if (chunk == null) {
          chunk = ctx.alloc().buffer(chunkSize, chunkSize);
        }
        ByteBuffer dst = chunk.nioBuffer(chunk.writerIndex(), chunk.writableBytes());
        int n = inflater.inflate(dst);
        if (n > 0) {
          outputBytes += n;
          limits.check(outputBytes, inputBytes + (input.position() - start));
          if (crc != null) {
            crc.update(chunk.nioBuffer(chunk.writerIndex(), n));
          }
          chunk.writerIndex(chunk.writerIndex() + n);
          if (!chunk.isWritable()) {
            out.add(chunk);
            chunk = null;
          }
        }
        if (inflater.needsDictionary()) {
          throw new DecompressionException("a preset dictionary is required");
        }
        if (inflater.finished()) {
          return true;
        }
        if (n == 0 && inflater.needsInput()) {
          return false;
        }
      }
    } catch (DataFormatException e) {
      throw new DecompressionException("invalid deflate data: " + e.getMessage(), e);
    } finally {
      int consumed = input.position() - start;
      inputBytes += consumed;
      in.skipBytes(consumed);
      if (inflater != null) {
        // Drop the reference to the cumulation's memory, which may be freed before the next call.
        inflater.setInput(NO_INPUT);
      }
      if (chunk != null) {
        if (chunk.isReadable()) {
          out.add(chunk);
        } else {
          chunk.release();
        }
      }
    }
  }

  private static boolean looksLikeZlib(int header) {
    // RFC 1950: CM = 8 (deflate), window at most 32 KiB, and the header is a multiple of 31.
    return (header & 0x0F00) == 0x0800 && (header & 0xF000) <= 0x7000 && header % 31 == 0;
  }

  /** Frees the inflater; no more input is decoded. */
  private void finish() {
    state = State.DONE;
    if (inflater != null) {
      inflater.end();
      inflater = null;
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    finish();
  }
}
