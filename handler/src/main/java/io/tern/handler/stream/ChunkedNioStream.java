package io.tern.handler.stream;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * A {@link ReadableByteChannel} read in chunks. A non-blocking channel that has nothing to give
 * yields no chunk: the handler pauses until {@link ChunkedWriteHandler#resumeTransfer()} is called
 * (for example when the source signals more data). Closing closes the channel.
 *
 * <h2>Threading</h2>
 *
 * Read by {@link ChunkedWriteHandler} on the channel's event loop; one instance per transfer.
 *
 * <h2>Ownership</h2>
 *
 * Each chunk is a new buffer owned by the caller of {@link #readChunk}; {@link #close()} closes the
 * channel it reads.
 */
public class ChunkedNioStream implements ChunkedInput<ByteBuf> {
  private final ReadableByteChannel in;
  private final int chunkSize;
  private final ByteBuffer peek = ByteBuffer.allocate(1);
  private long offset;
  private boolean ended;

  /**
   * Reads in chunks of {@value ChunkedStream#DEFAULT_CHUNK_SIZE} bytes.
   *
   * @param in the channel; owned by this input from now on
   */
  public ChunkedNioStream(ReadableByteChannel in) {
    this(in, ChunkedStream.DEFAULT_CHUNK_SIZE);
  }

  /**
   * Reads in chunks of at most {@code chunkSize} bytes.
   *
   * @param in the channel; owned by this input from now on
   * @param chunkSize the largest chunk
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   */
  public ChunkedNioStream(ReadableByteChannel in, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    this.in = in;
    this.chunkSize = chunkSize;
  }

  @Override
  public boolean isEndOfInput() throws IOException {
    if (ended || !in.isOpen()) {
      return true;
    }
    if (peek.position() > 0) {
      return false; // a byte read ahead is waiting
    }
    if (in.read(peek) < 0) {
      ended = true;
    }
    return ended;
  }

  @Override
  public void close() throws IOException {
    ended = true;
    in.close();
  }

  @Override
  public ByteBuf readChunk(ByteBufAllocator allocator) throws IOException {
    if (isEndOfInput()) {
      return null;
    }
    ByteBuf chunk = allocator.buffer(chunkSize);
    try {
      if (peek.position() > 0) {
        chunk.writeByte(peek.get(0));
        peek.clear();
      }
      ByteBuffer dst = chunk.nioBuffer(chunk.writerIndex(), chunk.writableBytes());
      int n = in.read(dst);
      if (n < 0) {
        ended = true;
      } else {
        chunk.writerIndex(chunk.writerIndex() + n);
      }
      if (!chunk.isReadable()) {
        return null; // nothing available now
      }
      offset += chunk.readableBytes();
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
