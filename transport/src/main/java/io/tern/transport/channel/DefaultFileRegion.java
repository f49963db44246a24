package io.tern.transport.channel;

import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCount;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.ResourceLeakTracker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * A {@link FileRegion} over a {@link FileChannel}, transferred with {@link FileChannel#transferTo}
 * ({@code sendfile} on Linux). Built from a {@link Path}, the file opens on the first transfer;
 * either way the last {@link #release()} closes it. Tracked by the resource-leak detector like a
 * buffer.
 *
 * <h2>Threading</h2>
 *
 * <p>Transfers run on one thread at a time (the channel's loop); reference counting is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Reference counted: whoever holds the region releases it; writing it hands it to the channel,
 * which releases it once written or failed. The last {@link #release()} closes the file.
 */
public final class DefaultFileRegion implements FileRegion {
  private static final ResourceLeakDetector<FileRegion> LEAKS =
      ResourceLeakDetector.newDetector(FileRegion.class);
  private static final VarHandle TRANSFERRED;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      TRANSFERRED = l.findVarHandle(DefaultFileRegion.class, "transferred", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Path path;
  private final long position;
  private final long count;
  private final ResourceLeakTracker<FileRegion> leak;
  private FileChannel file;
  private volatile long transferred;
  private final ReferenceCount refCnt = new ReferenceCount();

  /**
   * Creates a region of an open file; the region closes the file on its last release.
   *
   * @param file the file
   * @param position where the region starts
   * @param count the region's length
   */
  public DefaultFileRegion(FileChannel file, long position, long count) {
    this(null, Objects.requireNonNull(file, "file"), position, count);
  }

  /**
   * Creates a region of a file opened (read-only) on the first transfer.
   *
   * @param path the file
   * @param position where the region starts
   * @param count the region's length
   */
  public DefaultFileRegion(Path path, long position, long count) {
    this(Objects.requireNonNull(path, "path"), null, position, count);
  }

  private DefaultFileRegion(Path path, FileChannel file, long position, long count) {
    if (position < 0 || count < 0) {
      throw new IllegalArgumentException("position " + position + ", count " + count);
    }
    this.path = path;
    this.file = file;
    this.position = position;
    this.count = count;
    this.leak = LEAKS.track(this);
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public long count() {
    return count;
  }

  @Override
  public long transferred() {
    return transferred;
  }

  /**
   * Tells whether the file is open.
   *
   * @return {@code true} once opened and until the last release
   */
  public boolean isOpen() {
    FileChannel f = file;
    return f != null && f.isOpen();
  }

  /**
   * Opens the file now if the region was built from a path.
   *
   * @throws IOException if it cannot be opened
   */
  public void open() throws IOException {
    if (refCnt.get() == 0) {
      throw new IllegalReferenceCountException(0);
    }
    if (file == null) {
      file = FileChannel.open(path, StandardOpenOption.READ);
    }
  }

  @Override
  public long transferTo(WritableByteChannel target, long regionPosition) throws IOException {
    long remaining = count - regionPosition;
    if (remaining < 0 || regionPosition < 0) {
      throw new IllegalArgumentException(
          "position " + regionPosition + " outside the region (0.." + (count - 1) + ")");
    }
    if (remaining == 0) {
      return 0;
    }
    open();
    if (leak != null) {
      leak.record();
    }
    long written = file.transferTo(position + regionPosition, remaining, target);
    if (written > 0) {
      TRANSFERRED.getAndAdd(this, written);
    } else if (written == 0 && file.size() < position + count) {
      throw new IOException(
          "file is shorter than the region: "
              + file.size()
              + " bytes, region ends at "
              + (position + count));
    }
    return written;
  }

  @Override
  public int refCnt() {
    return refCnt.get();
  }

  @Override
  public DefaultFileRegion retain() {
    return retain(1);
  }

  @Override
  public DefaultFileRegion retain(int increment) {
    refCnt.retain(increment);
    if (leak != null) {
      leak.record();
    }
    return this;
  }

  @Override
  public DefaultFileRegion touch() {
    return touch(null);
  }

  @Override
  public DefaultFileRegion touch(Object hint) {
    if (leak != null) {
      leak.record(hint);
    }
    return this;
  }

  @Override
  public boolean release() {
    return release(1);
  }

  @Override
  public boolean release(int decrement) {
    if (refCnt.release(decrement)) {
      deallocate();
      return true;
    }
    return false;
  }

  private void deallocate() {
    FileChannel f = file;
    if (leak != null) {
      leak.close(this);
    }
    if (f != null) {
      try {
        f.close();
      } catch (IOException e) {
        throw new UncheckedIOException("failed to close the file of " + this, e);
      }
    }
  }

  @Override
  public String toString() {
    return "DefaultFileRegion("
        + (path != null ? path : file)
        + ", position "
        + position
        + ", count "
        + count
        + ", transferred "
        + transferred
        + ", refCnt "
        + refCnt.get()
        + ')';
  }
}
