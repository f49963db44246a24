package io.tern.codec.http.internal.multipart;

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
 * The bytes of one field: in a growing {@code byte[]} until the storage's threshold, then in a
 * temporary file ({@link HttpDataFactory.Storage#MEMORY} never moves, {@link
 * HttpDataFactory.Storage#DISK} moves on the first byte). Written by one decoder thread; read after
 * completion.
 */
final class DataStorage {
  private static final byte[] EMPTY = new byte[0];
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  private final long threshold;
  private final Path directory;
  private byte[] memory = EMPTY;
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
  }

  void append(byte[] src, int off, int len) throws IOException {
    if (len == 0) {
      return;
    }
    if (file == null && memoryLength + (long) len <= threshold) {
      if (memoryLength + (long) len > MAX_ARRAY) {
        throw new IOException("a field of more than " + MAX_ARRAY + " bytes cannot stay in memory");
      }
      if (memoryLength + len > memory.length) {
        int capacity =
            (int)
                Math.min(
                    MAX_ARRAY,
                    Math.max(memoryLength + (long) len, Math.max(256, (long) memory.length * 2)));
        memory = Arrays.copyOf(memory, capacity);
      }
      System.arraycopy(src, off, memory, memoryLength, len);
      memoryLength += len;
      return;
    }
    if (file == null) {
      file = Files.createTempFile(directory, "tern-upload-", ".tmp");
      channel = FileChannel.open(file, StandardOpenOption.WRITE);
      write(memory, 0, memoryLength);
      memory = EMPTY;
      memoryLength = 0;
    }
    write(src, off, len);
  }

  private void write(byte[] src, int off, int len) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(src, off, len);
    while (bb.hasRemaining()) {
      fileLength += channel.write(bb);
    }
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

  byte[] bytes() throws IOException {
    if (file == null) {
      return Arrays.copyOf(memory, memoryLength);
    }
    finish();
    return Files.readAllBytes(file);
  }

  void moveTo(Path target) throws IOException {
    if (file == null) {
      Files.write(target, Arrays.copyOf(memory, memoryLength));
      return;
    }
    finish();
    Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
    file = target;
    ownsFile = false;
  }

  /** Drops the bytes and deletes the temporary file (unless moved out). */
  void delete() {
    memory = EMPTY;
    memoryLength = 0;
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
