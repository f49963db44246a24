package io.tern.codec.compression;

import io.airlift.compress.v3.zstd.ZstdInputStream;
import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.util.List;

/**
 * Decompresses a stream of zstd frames (RFC 8878; what {@code zstd} and {@link ZstdEncoder} write)
 * with aircompressor ({@code io.airlift:aircompressor-v3}, an optional dependency the application
 * adds; constructing the decoder without it raises an {@link IllegalStateException} naming it).
 * Decompressed bytes are passed on as they come, in buffers of at most {@code chunkSize} bytes: a
 * frame is never held whole, only the library's window (at most 8 MiB; frames asking for more are
 * refused).
 *
 * <p>Limits: {@link DecompressionLimits} per frame (default {@link DecompressionLimits#DEFAULT}); a
 * frame whose header declares more content than the limit is refused before anything is
 * decompressed, and block sizes are checked before their data is read. Frames with a dictionary and
 * reserved block types are refused; skippable frames are skipped. Breaking a limit raises a {@link
 * DecompressionLimitException}, corrupt input (including a bad checksum) a {@link
 * DecompressionException}, and so does input that ends (the channel closes or its input is shut
 * down) inside a frame; after either, the rest of the input is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed; the decompressed buffers belong to the next handler.
 */
public class ZstdDecoder extends ByteToMessageDecoder {
  private static final int DEFAULT_CHUNK_SIZE = 16384;
  private static final String LIBRARY_CLASS = "io.airlift.compress.v3.zstd.ZstdInputStream";

  private final DecompressionLimits limits;
  private final byte[] chunk;
  private final ZstdFrameWalker walker;
  private ZstdInputStream zstd;
  private boolean failed;
  private long outputBytes;

  /** Creates a decoder with the default limits. */
  public ZstdDecoder() {
    this(DecompressionLimits.DEFAULT, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on each frame's decompressed size and ratio
   * @param chunkSize the most bytes in each decompressed buffer passed on
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   * @throws IllegalStateException if aircompressor is not on the class or module path
   */
  public ZstdDecoder(DecompressionLimits limits, int chunkSize) {
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    CompressionLibraries.require("zstd", LIBRARY_CLASS, CompressionLibraries.AIRCOMPRESSOR);
    this.limits = limits;
    this.chunk = new byte[chunkSize];
    this.walker = new ZstdFrameWalker(limits.maxOutputBytes());
  }

  /**
   * Tells whether aircompressor, which this decoder and {@link ZstdEncoder} need, is present.
   *
   * @return {@code true} if a decoder can be built; any thread
   */
  public static boolean isAvailable() {
    return CompressionLibraries.isPresent(LIBRARY_CLASS);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    walker.input(in);
    try {
      decodeFrames(ctx, out);
    } catch (RuntimeException e) {
      failed = true;
      zstd = null;
      in.skipBytes(in.readableBytes());
      throw e;
    } finally {
      walker.input(null);
    }
  }

  private void decodeFrames(ChannelHandlerContext ctx, List<Object> out) {
    while (true) {
      if (walker.state() == ZstdFrameWalker.State.BETWEEN) {
        if (!walker.startFrame()) {
          return;
        }
        outputBytes = 0;
        if (zstd == null) {
          zstd = new ZstdInputStream(walker);
        }
      }
      // The stream throws away what it wrote if it runs out of input within one read: ask for
      // only what it already holds decoded, or for one byte, so a read stops at the first output.
      int want = Math.min(chunk.length, Math.max(1, available()));
      int n;
      try {
        n = zstd.read(chunk, 0, want);
      } catch (IOException e) {
        if (walker.state() == ZstdFrameWalker.State.END) {
          throw new DecompressionException("truncated zstd frame", e);
        }
        return; // the frame goes on in bytes not received yet
      } catch (DecompressionException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new DecompressionException("invalid zstd data: " + e.getMessage(), e);
      }
      if (n < 0) {
        if (walker.state() != ZstdFrameWalker.State.END) {
          return;
        }
        walker.frameDone();
        continue;
      }
      outputBytes += n;
      limits.check(outputBytes, walker.frameInputBytes());
      ByteBuf buf = ctx.alloc().buffer(n);
      buf.writeBytes(chunk, 0, n);
      out.add(buf);
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    decode(ctx, in, out);
    if (!failed && walker.state() != ZstdFrameWalker.State.BETWEEN) {
      failed = true;
      throw new DecompressionException("zstd input ended inside a frame");
    }
  }

  private int available() {
    try {
      return zstd.available();
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    zstd = null;
  }
}
