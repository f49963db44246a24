package io.tern.handler.stream;

import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * A region of a {@link RandomAccessFile} read in chunks (Netty users know it by this name): the
 * same as {@link ChunkedNioFile} over the file's channel, with positional reads that leave the file
 * pointer alone. Closing closes the file.
 *
 * <h2>Threading</h2>
 *
 * Read by {@link ChunkedWriteHandler} on the channel's event loop; one instance per transfer.
 *
 * <h2>Ownership</h2>
 *
 * Each chunk is a new buffer owned by the caller of {@link #readChunk}; {@link #close()} closes the
 * file.
 */
public class ChunkedFile extends ChunkedNioFile {

  /**
   * Reads a whole file in chunks of {@value ChunkedStream#DEFAULT_CHUNK_SIZE} bytes.
   *
   * @param file the file; owned by this input from now on
   * @throws IOException if its length cannot be read
   */
  public ChunkedFile(RandomAccessFile file) throws IOException {
    this(file, 0, file.length(), ChunkedStream.DEFAULT_CHUNK_SIZE);
  }

  /**
   * Reads a region of a file.
   *
   * @param file the file; owned by this input from now on
   * @param offset where the region starts
   * @param length the region's length
   * @param chunkSize the largest chunk
   */
  public ChunkedFile(RandomAccessFile file, long offset, long length, int chunkSize) {
    super(file.getChannel(), offset, length, chunkSize);
  }
}
