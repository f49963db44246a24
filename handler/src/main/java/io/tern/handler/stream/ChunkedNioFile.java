package io.tern.handler.stream;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A region of a file read in chunks through a {@link FileChannel} with positional reads (the
 * channel's own position is never used or moved), into buffers from the channel's allocator.
 *
 * <p>Reads block the event loop for as long as the file system takes: fine for local files, and for
 * large files prefer a {@code FileRegion} (zero-copy) unless the data must pass through handlers
 * (TLS, compression). Closing closes the file channel.
 *
 * <h2>Threading</h2>
 *
 * Read by {@link ChunkedWriteHandler} on the channel's event loop; one instance per transfer.
 *
 * <h2>Ownership</h2>
 *
 * Each chunk is a new buffer from the channel's allocator, owned by the caller of {@link
 * #readChunk}; {@link #close()} closes the file channel.
 */
public class ChunkedNioFile implements ChunkedInput<ByteBuf> {
  private final FileChannel file;
  private final long startOffset;
  private final long endOffset;
  private final int chunkSize;
  private long offset;

  /**
   * Opens a whole file for reading, in chunks of {@value ChunkedStream#DEFAULT_CHUNK_SIZE} bytes.
   *
   * @param path the file
   * @throws IOException if it cannot be opened
   */
  public ChunkedNioFile(Path path) throws IOException {
    this(FileChannel.open(path, StandardOpenOption.READ), ChunkedStream.DEFAULT_CHUNK_SIZE);
  }

  /**
   * Reads a whole file channel.
   *
   * @param file the file; owned by this input from now on
   * @param chunkSize the largest chunk
   * @throws IOException if its size cannot be read
   */
  public ChunkedNioFile(FileChannel file, int chunkSize) throws IOException {
    this(file, 0, file.size(), chunkSize);
  }

  /**
   * Reads a region of a file channel.
   *
   * @param file the file; owned by this input from now on
   * @param offset where the region starts
   * @param length the region's length
   * @param chunkSize the largest chunk
   * @throws IllegalArgumentException if a number is out of range
   */
  public ChunkedNioFile(FileChannel file, long offset, long length, int chunkSize) {
    if (offset < 0 || length < 0 || chunkSize <= 0) {
      throw new IllegalArgumentException(
          "offset " + offset + ", length " + length + ", chunkSize " + chunkSize);
    }
    this.file = file;
    this.startOffset = offset;
    this.offset = offset;
    this.endOffset = offset + length;
    this.chunkSize = chunkSize;
  }

  @Override
  public boolean isEndOfInput() {
    return offset >= endOffset || !file.isOpen();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  @Override
  public ByteBuf readChunk(ByteBufAllocator allocator) throws IOException {
    if (offset >= endOffset) {
      return null;
    }
    int size = (int) Math.min(chunkSize, endOffset - offset);
    ByteBuf chunk = allocator.buffer(size);
    try {
      while (chunk.readableBytes() < size) {
        int n =
            chunk.writeBytes(file, offset + chunk.readableBytes(), size - chunk.readableBytes());
        if (n < 0) {
          throw new IOException(
              "file ended at " + (offset + chunk.readableBytes()) + ", before " + endOffset);
        }
      }
      offset += size;
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
    return endOffset - startOffset;
  }

  @Override
  public long progress() {
    return offset - startOffset;
  }
}
