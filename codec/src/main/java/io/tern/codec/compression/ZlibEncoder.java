package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToByteEncoder;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Compresses outbound buffers into one zlib, gzip or raw deflate stream with the JDK's {@link
 * Deflater} (Netty's {@code JdkZlibEncoder}). Each message is compressed and flushed (a deflate
 * sync flush), so the peer can decompress it as soon as it arrives.
 *
 * <p>The stream ends (the final block and, for gzip, the CRC-32 and size trailer are written) when
 * {@link #finish()} is called or the channel is closed through the pipeline. Buffers written after
 * that pass through uncompressed.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop ({@link #finish()} may be called from any thread and hands over); one
 * instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after compression; the compressed buffers belong to the next handler.
 * The native zlib memory is freed when the stream ends or the handler is removed.
 */
public class ZlibEncoder extends MessageToByteEncoder<ByteBuf> {
  private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
  private static final byte[] NO_INPUT = new byte[0];

  private final ZlibWrapper wrapper;
  private final Deflater deflater;
  private final CRC32 crc;
  private boolean headerWritten;
  private boolean finished;
  private volatile ChannelHandlerContext ctx;

  /** Creates a zlib encoder at compression level 6. */
  public ZlibEncoder() {
    this(ZlibWrapper.ZLIB, 6);
  }

  /**
   * Creates an encoder.
   *
   * @param wrapper {@code ZLIB}, {@code GZIP} or {@code NONE}
   * @param compressionLevel 0 (none, fastest) to 9 (smallest)
   * @throws IllegalArgumentException for {@code ZLIB_OR_NONE} or a level outside 0 to 9
   */
  public ZlibEncoder(ZlibWrapper wrapper, int compressionLevel) {
    super(ByteBuf.class, false);
    if (wrapper == null) {
      throw new NullPointerException("wrapper");
    }
    if (wrapper == ZlibWrapper.ZLIB_OR_NONE) {
      throw new IllegalArgumentException("ZLIB_OR_NONE is for decoding only");
    }
    if (compressionLevel < 0 || compressionLevel > 9) {
      throw new IllegalArgumentException(
          "compressionLevel: " + compressionLevel + " (expected: 0-9)");
    }
    this.wrapper = wrapper;
    this.deflater = new Deflater(compressionLevel, wrapper != ZlibWrapper.ZLIB);
    this.crc = wrapper == ZlibWrapper.GZIP ? new CRC32() : null;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Tells whether the stream has ended.
   *
   * @return {@code true} after {@link #finish()} or close
   */
  public boolean isClosed() {
    return finished;
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    // Deflate can grow incompressible data by about 5 bytes per 16 KiB block, plus a flush.
    long estimate = (long) msg.readableBytes() + (msg.readableBytes() >>> 12) + 16 + 10;
    return ctx.alloc().heapBuffer((int) Math.min(Integer.MAX_VALUE, estimate));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    if (finished) {
      out.writeBytes(msg, msg.readerIndex(), msg.readableBytes());
      return;
    }
    writeHeaderIfNeeded(out);
    int length = msg.readableBytes();
    if (length == 0) {
      return;
    }
    ByteBuffer input = msg.nioBuffer(msg.readerIndex(), length);
    if (crc != null) {
      crc.update(input.duplicate());
    }
    deflater.setInput(input);
    try {
      deflate(out, false);
    } finally {
      deflater.setInput(NO_INPUT);
    }
  }

  private void writeHeaderIfNeeded(ByteBuf out) {
    if (wrapper == ZlibWrapper.GZIP && !headerWritten) {
      out.writeBytes(GZIP_HEADER);
    }
    headerWritten = true;
  }

  /**
   * Deflates into {@code out}, growing it: with a sync flush until the deflater leaves room (all
   * input flushed), after {@link Deflater#finish()} until the stream is finished.
   */
  private void deflate(ByteBuf out, boolean finishing) {
    int flush = finishing ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH;
    while (true) {
      out.ensureWritable(Math.max(64, out.writableBytes()));
      ByteBuffer dst = out.nioBuffer(out.writerIndex(), out.writableBytes());
      int n = deflater.deflate(dst, flush);
      out.writerIndex(out.writerIndex() + n);
      // A sync flush is complete once it left room; a finish once the deflater says so.
      boolean done = finishing ? deflater.finished() : dst.hasRemaining();
      if (done) {
        return;
      }
    }
  }

  /**
   * Ends the stream: writes and flushes the final block (and the gzip trailer).
   *
   * @return the future of that write; already succeeded if the stream had ended
   */
  public Future<Void> finish() {
    ChannelHandlerContext c = ctx;
    if (c == null) {
      throw new IllegalStateException("not added to a pipeline");
    }
    Promise<Void> promise = c.newPromise();
    if (c.executor().inEventLoop()) {
      finishEncode(c, promise);
    } else {
      c.executor().execute(() -> finishEncode(c, promise));
    }
    return promise;
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    Promise<Void> trailer = ctx.newPromise();
    finishEncode(ctx, trailer);
    trailer.addListener(f -> ctx.close(promise));
  }

  private void finishEncode(ChannelHandlerContext ctx, Promise<Void> promise) {
    if (finished) {
      promise.trySuccess(null);
      return;
    }
    ByteBuf out = ctx.alloc().heapBuffer(64);
    try {
      writeHeaderIfNeeded(out);
      deflater.finish();
      deflate(out, true);
      if (crc != null) {
        out.writeIntLE((int) crc.getValue());
        out.writeIntLE((int) deflater.getBytesRead());
      }
    } catch (RuntimeException e) {
      out.release();
      end();
      promise.tryFailure(new EncoderException(e));
      return;
    }
    end();
    ctx.writeAndFlush(out)
        .addListener(
            f -> {
              if (f.isSuccess()) {
                promise.trySuccess(null);
              } else {
                promise.tryFailure(f.cause());
              }
            });
  }

  private void end() {
    finished = true;
    deflater.end();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    if (!finished) {
      end();
    }
  }
}
