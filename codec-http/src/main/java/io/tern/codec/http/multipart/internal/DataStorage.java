package io.tern.codec.http.multipart.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.http.multipart.HttpDataFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The bytes of one field: in memory until the storage's threshold, then in a temporary file ({@link
 * HttpDataFactory.Storage#MEMORY} never moves, {@link HttpDataFactory.Storage#DISK} moves on the
 * first byte). Written by one decoder thread; read after completion.
 *
 * <p>In memory, each append becomes its own exactly sized chunk: nothing is copied again as the
 * field grows (a doubling array would copy a 512 KiB upload about three times), and the decoders
 * append rarely (a whole field, or runs of about a window of a long one). {@link #bytes()} joins
 * them. A run of at least {@value #POOLED_RUN} bytes goes into a heap buffer from the factory's
 * allocator (pooled by default, so a large upload reuses memory that is already in the caches
 * instead of writing fresh heap); smaller ones are plain arrays, so small fields cost no buffer
 * (nor, under leak detection, a tracked resource). {@link #delete()} releases the buffers.
 */
final class DataStorage {
  private static final Object[] NO_CHUNKS = new Object[0];
  private static final int POOLED_RUN = 16 * 1024;
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  private final long threshold;
  private final Path directory;
  private final ByteBufAllocator allocator;
  private Object[] chunks = NO_CHUNKS; // byte[] or ByteBuf, each full
  private int chunkCount;
  private int memoryLength;
  private Path file;
  private FileChannel channel;
  private long fileLength;
  private boolean ownsFile = true;

  DataStorage(HttpDataFactory factory) {
    this.threshold =
        switch (factory.storage()) {
          case MEMORY -> Long.MAX_VALUE;
          case DISK -> 0;
          case MIXED -> factory.threshold();
        };
    this.directory = factory.directory();
    this.allocator = factory.allocator();
  }

  void append(byte[] src, int off, int len) throws IOException {
    if (len == 0) {
      return;
    }
    if (file == null && memoryLength + (long) len <= threshold) {
      if (memoryLength + (long) len > MAX_ARRAY) {
        throw new IOException("a field of more than " + MAX_ARRAY + " bytes cannot stay in memory");
      }
      if (chunkCount == chunks.length) {
        chunks = Arrays.copyOf(chunks, Math.max(4, chunkCount * 2));
      }
      if (len >= POOLED_RUN) {
        ByteBuf b = allocator.heapBuffer(len, len);
        try {
          b.writeBytes(src, off, len);
        } catch (RuntimeException e) {
          b.release();
          throw e;
        }
        chunks[chunkCount++] = b;
      } else {
        chunks[chunkCount++] = Arrays.copyOfRange(src, off, off + len);
      }
      memoryLength += len;
      return;
    }
    if (file == null) {
      file = Files.createTempFile(directory, "tern-upload-", ".tmp");
      channel = FileChannel.open(file, StandardOpenOption.WRITE);
      writeChunks(channel);
      fileLength = memoryLength;
      dropMemory();
    }
    fileLength += write(channel, src, off, len);
  }

  private static long write(FileChannel ch, byte[] src, int off, int len) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(src, off, len);
    while (bb.hasRemaining()) {
      ch.write(bb);
    }
    return len;
  }

  private void writeChunks(FileChannel ch) throws IOException {
    for (int i = 0; i < chunkCount; i++) {
      if (chunks[i] instanceof byte[] a) {
        write(ch, a, 0, a.length);
      } else {
        ByteBuf b = (ByteBuf) chunks[i];
        ByteBuffer bb = b.nioBuffer(b.readerIndex(), b.readableBytes());
        while (bb.hasRemaining()) {
          ch.write(bb);
        }
      }
    }
  }

  private void dropMemory() {
    for (int i = 0; i < chunkCount; i++) {
      if (chunks[i] instanceof ByteBuf b) {
        b.release();
      }
    }
    chunks = NO_CHUNKS;
    chunkCount = 0;
    memoryLength = 0;
  }

  long length() {
    return file == null ? memoryLength : fileLength;
  }

  boolean inMemory() {
    return file == null;
  }

  Path file() {
    return file;
  }

  /** Closes the file channel; the bytes stay readable. */
  void finish() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }

  /** Returns a copy of the bytes (the caller may change it). */
  byte[] bytes() throws IOException {
    if (file == null) {
      if (chunkCount == 1 && chunks[0] instanceof byte[] a) {
        return a.clone();
      }
      byte[] all = new byte[memoryLength];
      int at = 0;
      for (int i = 0; i < chunkCount; i++) {
        if (chunks[i] instanceof byte[] a) {
          System.arraycopy(a, 0, all, at, a.length);
          at += a.length;
        } else {
          ByteBuf b = (ByteBuf) chunks[i];
          b.getBytes(b.readerIndex(), all, at, b.readableBytes());
          at += b.readableBytes();
        }
      }
      return all;
    }
    finish();
    return Files.readAllBytes(file);
  }

  void moveTo(Path target) throws IOException {
    if (file == null) {
      try (FileChannel ch =
          FileChannel.open(
              target,
              StandardOpenOption.WRITE,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        writeChunks(ch);
      }
      return;
    }
    finish();
    Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
    file = target;
    ownsFile = false;
  }

  /** Drops the bytes and deletes the temporary file (unless moved out). */
  void delete() {
    dropMemory();
    try {
      finish();
    } catch (IOException ignored) {
      // Closing a file we are about to delete: nothing useful to report.
    }
    if (file != null && ownsFile) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // Best effort: the file is in a temporary directory.
      }
    }
  }
}
