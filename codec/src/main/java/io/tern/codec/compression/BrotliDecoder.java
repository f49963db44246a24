package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.brotli.dec.BrotliInputStream;

/**
 * Decompresses one brotli stream (RFC 7932) with Google's pure-Java decoder ({@code
 * org.brotli:dec}, an optional dependency the application adds; constructing the decoder without it
 * raises an {@link IllegalStateException} naming it).
 *
 * <p><b>Whole-stream decoding.</b> That decoder pulls its input from a blocking stream and cannot
 * stop halfway for more, so this handler holds the compressed bytes until the input ends (the
 * channel closes, its input is shut down, or an {@code EmbeddedChannel} is finished, as an HTTP
 * content decompressor does at the end of a body) and decompresses them then. Use it where a brotli
 * stream is one bounded message; there is no pure-Java brotli encoder that is kept up, so Tern has
 * no brotli encoder.
 *
 * <p>Limits: the held compressed bytes are bounded by {@link DecompressionLimits#maxOutputBytes()}
 * (brotli never expands data by more than a few bytes), and the output by the limits (default
 * {@link DecompressionLimits#DEFAULT}); breaking one raises a {@link DecompressionLimitException}.
 * Corrupt or truncated input raises a {@link DecompressionException}. After either, the rest of the
 * input is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed; the decompressed buffers, at most {@code chunkSize} bytes each,
 * belong to the next handler.
 */
public class BrotliDecoder extends ByteToMessageDecoder {
  private static final int DEFAULT_CHUNK_SIZE = 16384;
  private static final int SLACK = 1024;
  private static final String LIBRARY_CLASS = "org.brotli.dec.BrotliInputStream";

  private final DecompressionLimits limits;
  private final int chunkSize;
  private boolean done;

  /** Creates a decoder with the default limits. */
  public BrotliDecoder() {
    this(DecompressionLimits.DEFAULT, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on the decompressed size and ratio
   * @param chunkSize the most bytes in each decompressed buffer passed on
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   * @throws IllegalStateException if {@code org.brotli:dec} is not on the class or module path
   */
  public BrotliDecoder(DecompressionLimits limits, int chunkSize) {
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    CompressionLibraries.require("brotli", LIBRARY_CLASS, CompressionLibraries.BROTLI_DEC);
    this.limits = limits;
    this.chunkSize = chunkSize;
  }

  /**
   * Tells whether {@code org.brotli:dec}, which this decoder needs, is present.
   *
   * @return {@code true} if a decoder can be built; any thread
   */
  public static boolean isAvailable() {
    return CompressionLibraries.isPresent(LIBRARY_CLASS);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (done) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (in.readableBytes() > limits.maxOutputBytes() + SLACK) {
      done = true;
      in.skipBytes(in.readableBytes());
      throw new DecompressionLimitException(
          "brotli stream longer than the limit of " + limits.maxOutputBytes() + " bytes");
    }
    // Held until the input ends: see the class comment.
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (done || !in.isReadable()) {
      return;
    }
    done = true;
    long inputBytes = in.readableBytes();
    long outputBytes = 0;
    byte[] chunk = new byte[chunkSize];
    try (BrotliInputStream brotli = new BrotliInputStream(new Input(in))) {
      while (true) {
        int n = brotli.read(chunk, 0, chunk.length);
        if (n < 0) {
          break;
        }
        outputBytes += n;
        limits.check(outputBytes, inputBytes);
        ByteBuf buf = ctx.alloc().buffer(n);
        buf.writeBytes(chunk, 0, n);
        out.add(buf);
      }
    } catch (IOException e) {
      throw new DecompressionException("invalid brotli stream: " + e.getMessage(), e);
    } catch (DecompressionException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new DecompressionException("invalid brotli stream", e);
    } finally {
      in.skipBytes(in.readableBytes());
    }
  }

  /** The held bytes as a stream, consumed as the decoder reads them. */
  private static final class Input extends InputStream {
    private final ByteBuf in;

    Input(ByteBuf in) {
      this.in = in;
    }

    @Override
    public int read() {
      return in.isReadable() ? in.readUnsignedByte() : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      int n = Math.min(len, in.readableBytes());
      if (n == 0) {
        return -1;
      }
      in.readBytes(b, off, n);
      return n;
    }
  }
}
