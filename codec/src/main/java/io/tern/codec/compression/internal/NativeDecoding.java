package io.tern.codec.compression.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.compression.DecompressionException;
import io.tern.codec.compression.DecompressionLimits;
import java.util.List;
import java.util.function.Supplier;

/**
 * The decoding loop the native decompressors share: feeds the cumulation to the library, passes on
 * decompressed bytes in buffers of at most {@code chunkSize}, checks the {@link
 * DecompressionLimits} of each stream (or frame) as it decompresses, and frees the library's memory
 * after a failure, at the end of a stream that cannot be followed by another, and on removal.
 *
 * <p>After a failure the rest of the input is dropped. A format whose streams cannot be
 * concatenated (brotli) treats bytes after the end as corrupt input.
 *
 * <p>The channel's event loop; one per decoder.
 */
public final class NativeDecoding {
  private enum State {
    READY,
    ENDED,
    FAILED
  }

  private final String format;
  private final boolean concatenated;
  private final Supplier<StreamDecompressor> streams;
  private final DecompressionLimits limits;
  private final int chunkSize;
  private NativeResources resources;
  private State state = State.READY;
  private boolean inStream;
  private long streamIn;
  private long streamOut;

  private NativeDecoding(
      String format,
      boolean concatenated,
      Supplier<StreamDecompressor> streams,
      DecompressionLimits limits,
      int chunkSize) {
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    this.format = format;
    this.concatenated = concatenated;
    this.streams = streams;
    this.limits = limits;
    this.chunkSize = chunkSize;
  }

  /**
   * Decodes zstd frames one after the other with libzstd.
   *
   * @param limits the bounds on each frame
   * @param chunkSize the capacity of each decompressed buffer
   * @return the decoding loop
   */
  public static NativeDecoding zstd(DecompressionLimits limits, int chunkSize) {
    Zstd.ensureAvailable();
    return new NativeDecoding("zstd frame", true, ZstdDecompressStream::new, limits, chunkSize);
  }

  /**
   * Decodes one brotli stream with libbrotlidec.
   *
   * @param limits the bounds on the stream
   * @param chunkSize the capacity of each decompressed buffer
   * @return the decoding loop
   */
  public static NativeDecoding brotli(DecompressionLimits limits, int chunkSize) {
    Brotli.ensureDecoder();
    return new NativeDecoding(
        "brotli stream", false, BrotliDecompressStream::new, limits, chunkSize);
  }

  /**
   * Tells whether no more input is decoded: the stream ended (brotli) or failed, or the decoder was
   * removed.
   *
   * @return {@code true} once closed
   */
  public boolean isClosed() {
    return state != State.READY;
  }

  /**
   * Decompresses what {@code in} holds, consuming all of it unless the library needs more output
   * room than it is given (it never does: the loop keeps giving room).
   *
   * @param alloc allocates the decompressed buffers
   * @param in the cumulation; read
   * @param out receives the decompressed buffers
   */
  public void decode(ByteBufAllocator alloc, ByteBuf in, List<Object> out) {
    if (state == State.FAILED) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (state == State.ENDED) {
      if (in.isReadable()) {
        fail(in);
        throw new DecompressionException("bytes follow the end of the " + format);
      }
      return;
    }
    ByteBuf chunk = null;
    try {
      if (resources == null) {
        resources = NativeResources.forDecompressor(this, streams.get());
      }
      StreamDecompressor d = resources.decompressor();
      Staging staging = resources.staging();
      while (true) {
        if (chunk == null) {
          chunk = alloc.directBuffer(chunkSize, chunkSize);
        }
        long inAddress = staging.input(in, in.readerIndex(), in.readableBytes());
        int inLength = staging.inputLength();
        long outAddress = staging.output(chunk);
        int outLength = staging.outputLength();
        boolean ended = d.decompress(staging.block(), inAddress, inLength, outAddress, outLength);
        int consumed = d.consumed();
        int produced = d.produced();
        in.skipBytes(consumed);
        if (consumed > 0 || produced > 0) {
          inStream = true;
        }
        streamIn += consumed;
        streamOut += produced;
        // Before the bytes are made part of a buffer that is passed on.
        limits.check(streamOut, streamIn);
        staging.commitOutput(chunk, produced);
        if (ended && inStream) {
          inStream = false;
          streamIn = 0;
          streamOut = 0;
          if (!concatenated) {
            state = State.ENDED;
            resources.free();
            resources = null;
            if (in.isReadable()) {
              throw new DecompressionException("bytes follow the end of the " + format);
            }
            break;
          }
        }
        if (!chunk.isWritable()) {
          out.add(chunk);
          chunk = null;
          continue;
        }
        if (consumed == 0 && produced == 0) {
          break;
        }
        if (!in.isReadable() && produced < outLength) {
          // All input taken and room left over: the library wrote all it could.
          break;
        }
      }
    } catch (RuntimeException e) {
      if (chunk != null) {
        chunk.release();
        chunk = null;
      }
      fail(in);
      throw e;
    } finally {
      if (chunk != null) {
        if (chunk.isReadable()) {
          out.add(chunk);
        } else {
          chunk.release();
        }
      }
    }
  }

  /**
   * Decodes what is left at the end of the input and reports a stream cut short.
   *
   * @param alloc allocates the decompressed buffers
   * @param in the cumulation; read
   * @param out receives the decompressed buffers
   * @throws DecompressionException if the input ended inside a stream
   */
  public void decodeLast(ByteBufAllocator alloc, ByteBuf in, List<Object> out) {
    if (in.isReadable()) {
      decode(alloc, in, out);
    }
    if (state == State.READY && inStream) {
      fail(in);
      throw new DecompressionException("the input ended inside a " + format);
    }
  }

  private void fail(ByteBuf in) {
    state = State.FAILED;
    in.skipBytes(in.readableBytes());
    free();
  }

  /** Frees the library's memory; no more input is decoded. */
  public void free() {
    if (state == State.READY) {
      state = State.ENDED;
    }
    if (resources != null) {
      resources.free();
      resources = null;
    }
  }
}
