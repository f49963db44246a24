package io.tern.codec.http.multipart;

import io.tern.buffer.ByteBufAllocator;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where decoded POST fields keep their bytes: in memory, in temporary files, or in memory up to a
 * threshold and then in a file ({@link Storage#MIXED}, the default, with a 16 KiB threshold).
 *
 * <pre>{@code
 * HttpDataFactory factory = HttpDataFactory.builder()
 *     .storage(HttpDataFactory.Storage.MIXED)
 *     .threshold(64 * 1024)
 *     .directory(Path.of("/var/tmp/uploads"))
 *     .build();
 * }</pre>
 *
 * <p>Temporary files are created in {@link #directory()} (default: {@code java.io.tmpdir}) with the
 * prefix {@code tern-upload-} and owner-only permissions where the file system has them; each is
 * deleted when its field is released ({@link HttpPostRequestDecoder#destroy()} releases every field
 * it created) unless the application moved it with {@link HttpData#renameTo(Path)}.
 *
 * <h2>Threading</h2>
 *
 * A factory holds configuration only, no per-request state: it is immutable and one instance may
 * serve every channel and thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects; the fields it configures are owned by their decoder.
 */
public final class HttpDataFactory {
  /** Where field bytes are kept. */
  public enum Storage {
    /** Always in memory (up to 2 GiB per field). */
    MEMORY,
    /** Always in a temporary file. */
    DISK,
    /** In memory up to {@link HttpDataFactory#threshold()} bytes, then in a temporary file. */
    MIXED
  }

  /** The default {@link Storage#MIXED} threshold: 16 KiB. */
  public static final int DEFAULT_THRESHOLD = 16 * 1024;

  private static final HttpDataFactory DEFAULT = builder().build();

  private final Storage storage;
  private final long threshold;
  private final Path directory;
  private final Charset charset;
  private final ByteBufAllocator allocator;

  private HttpDataFactory(Builder b) {
    this.storage = b.storage;
    this.threshold = b.threshold;
    this.directory = b.directory;
    this.charset = b.charset;
    this.allocator = b.allocator;
  }

  /**
   * Returns the default factory: {@link Storage#MIXED} with a 16 KiB threshold, files in {@code
   * java.io.tmpdir}, UTF-8.
   *
   * @return the shared default factory
   */
  public static HttpDataFactory defaultFactory() {
    return DEFAULT;
  }

  /**
   * Returns a builder starting from the defaults.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns where bytes are kept.
   *
   * @return the storage
   */
  public Storage storage() {
    return storage;
  }

  /**
   * Returns the number of bytes a {@link Storage#MIXED} field keeps in memory before moving to a
   * file.
   *
   * @return the threshold in bytes
   */
  public long threshold() {
    return threshold;
  }

  /**
   * Returns the directory of temporary files.
   *
   * @return the directory
   */
  public Path directory() {
    return directory;
  }

  /**
   * Returns the charset of fields that do not name one.
   *
   * @return the default charset
   */
  public Charset charset() {
    return charset;
  }

  /**
   * Returns the allocator of the buffers that hold large in-memory runs of a field (runs of at
   * least 16 KiB; smaller ones are plain arrays). Each field releases its buffers when it is
   * released.
   *
   * @return the allocator
   */
  public ByteBufAllocator allocator() {
    return allocator;
  }

  @Override
  public String toString() {
    return "HttpDataFactory(" + storage + ", threshold=" + threshold + ", " + directory + ")";
  }

  /** Settings for an {@link HttpDataFactory}; not thread-safe. */
  public static final class Builder {
    private Storage storage = Storage.MIXED;
    private long threshold = DEFAULT_THRESHOLD;
    private Path directory = Path.of(System.getProperty("java.io.tmpdir"));
    private Charset charset = StandardCharsets.UTF_8;
    private ByteBufAllocator allocator = ByteBufAllocator.DEFAULT;

    private Builder() {}

    /**
     * Sets where bytes are kept (default {@link Storage#MIXED}).
     *
     * @param storage the storage
     * @return this builder
     */
    public Builder storage(Storage storage) {
      this.storage = Objects.requireNonNull(storage, "storage");
      return this;
    }

    /**
     * Sets the {@link Storage#MIXED} threshold (default {@value #DEFAULT_THRESHOLD} bytes).
     *
     * @param threshold bytes kept in memory before moving to a file, at least 0
     * @return this builder
     */
    public Builder threshold(long threshold) {
      if (threshold < 0) {
        throw new IllegalArgumentException("threshold: " + threshold + " (expected: >= 0)");
      }
      this.threshold = threshold;
      return this;
    }

    /**
     * Sets the directory of temporary files (default {@code java.io.tmpdir}).
     *
     * @param directory an existing, writable directory
     * @return this builder
     */
    public Builder directory(Path directory) {
      this.directory = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /**
     * Sets the charset of fields that do not name one (default UTF-8).
     *
     * @param charset the charset
     * @return this builder
     */
    public Builder charset(Charset charset) {
      this.charset = Objects.requireNonNull(charset, "charset");
      return this;
    }

    /**
     * Sets the allocator of the buffers holding large in-memory runs of a field (default {@link
     * ByteBufAllocator#DEFAULT}, pooled): pooled memory is reused from request to request instead
     * of being allocated afresh for every upload.
     *
     * @param allocator the allocator
     * @return this builder
     */
    public Builder allocator(ByteBufAllocator allocator) {
      this.allocator = Objects.requireNonNull(allocator, "allocator");
      return this;
    }

    /**
     * Creates the factory.
     *
     * @return the factory
     */
    public HttpDataFactory build() {
      return new HttpDataFactory(this);
    }
  }
}
