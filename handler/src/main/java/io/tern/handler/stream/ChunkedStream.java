package io.tern.handler.stream;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;

/**
 * An {@link InputStream} read in chunks of at most {@code chunkSize} bytes (what {@code
 * available()} promises, else one full chunk). The stream's reads block the event loop: use it for
 * streams that do not wait on the network (files, in-memory data). Closing closes the stream.
 *
 * <h2>Threading</h2>
 *
 * Read by {@link ChunkedWriteHandler} on the channel's event loop; one instance per transfer.
 *
 * <h2>Ownership</h2>
 *
 * Each chunk is a new buffer owned by the caller of {@link #readChunk}; {@link #close()} closes the
 * stream.
 */
public class ChunkedStream implements ChunkedInput<ByteBuf> {
  /** The default chunk size: 8 KiB. */
  public static final int DEFAULT_CHUNK_SIZE = 8192;

  private final PushbackInputStream in;
  private final int chunkSize;
  private long offset;
  private boolean closed;

  /**
   * Reads in chunks of {@value #DEFAULT_CHUNK_SIZE} bytes.
   *
   * @param in the stream; owned by this input from now on
   */
  public ChunkedStream(InputStream in) {
    this(in, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Reads in chunks of at most {@code chunkSize} bytes.
   *
   * @param in the stream; owned by this input from now on
   * @param chunkSize the largest chunk
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   */
  public ChunkedStream(InputStream in, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    this.in = in instanceof PushbackInputStream p ? p : new PushbackInputStream(in);
    this.chunkSize = chunkSize;
  }

  @Override
  public boolean isEndOfInput() throws IOException {
    if (closed) {
      return true;
    }
    int b = in.read();
    if (b < 0) {
      return true;
    }
    in.unread(b);
    return false;
  }

  @Override
  public void close() throws IOException {
    closed = true;
    in.close();
  }

  @Override
  public ByteBuf readChunk(ByteBufAllocator allocator) throws IOException {
    if (isEndOfInput()) {
      return null;
    }
    int available = in.available();
    int size = available <= 0 ? chunkSize : Math.min(chunkSize, available);
    ByteBuf chunk = allocator.buffer(size);
    try {
      int n = chunk.writeBytes(in, size); // at least the byte isEndOfInput pushed back
      offset += Math.max(n, 0);
      ByteBuf result = chunk;
      chunk = null;
      return result;
    } finally {
      if (chunk != null) {
        chunk.release();
      }
    }
  }

  @Override
  public long length() {
    return -1;
  }

  @Override
  public long progress() {
    return offset;
  }
}
