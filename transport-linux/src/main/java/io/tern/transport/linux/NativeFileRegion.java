package io.tern.transport.linux;

import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCount;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.ResourceLeakTracker;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.linux.internal.channel.FileRegions;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Native;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystems;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A {@link FileRegion} whose file this module opens itself, so the epoll and io_uring channels can
 * send it with {@code sendfile(2)}: the bytes go from the page cache to the socket without entering
 * the JVM. ({@link io.tern.transport.channel.DefaultFileRegion} works over a JDK {@code
 * FileChannel}, whose descriptor the JDK does not give away, so the native channels copy it through
 * a buffer.) On any other transport the region is copied through a native buffer with {@code
 * pread}, so code written against it runs everywhere on Linux.
 *
 * <pre>{@code
 * ctx.writeAndFlush(NativeFileRegion.open(path));            // the whole file
 * ctx.writeAndFlush(NativeFileRegion.open(path, 4096, len)); // a range
 * }</pre>
 *
 * <p>The file is opened read-only when the region is built, so a missing file fails at the caller,
 * not in the pipeline. Tracked by the resource-leak detector like a buffer.
 *
 * <h2>Threading</h2>
 *
 * <p>Transfers run on one thread at a time (the channel's loop); {@link #transferred()} may be read
 * from anywhere; reference counting is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Whoever holds the region releases it; writing it hands it to the channel, which releases it
 * once written or failed (a channel closed mid-transfer releases it too). The last {@link
 * #release()} closes the file.
 */
public final class NativeFileRegion implements FileRegion {
  private static final ResourceLeakDetector<NativeFileRegion> LEAKS =
      ResourceLeakDetector.newDetector(NativeFileRegion.class);
  private static final VarHandle TRANSFERRED;

  /**
   * Largest chunk one copying transfer reads (the zero-copy path leaves the size to the kernel).
   */
  private static final int COPY_CHUNK = 64 * 1024;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      TRANSFERRED = l.findVarHandle(NativeFileRegion.class, "transferred", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Path path;
  private final int fd;
  private final long position;
  private final long count;
  // sendfile's in/out off_t, owned by this region; freed on the last release
  private final MemorySegment offset;
  private final ResourceLeakTracker<NativeFileRegion> leak;
  private volatile long transferred;
  private final ReferenceCount refCnt = new ReferenceCount();

  private NativeFileRegion(Path path, int fd, long position, long count) {
    this.path = path;
    this.fd = fd;
    this.position = position;
    this.count = count;
    this.offset = LibC.calloc(Long.BYTES);
    this.leak = LEAKS.track(this);
  }

  /**
   * Opens a whole file as a region; its length is the file's size now.
   *
   * @param path a file of the default file system
   * @return the region, owned by the caller
   * @throws IOException if the file cannot be opened ({@link NoSuchFileException}, {@link
   *     AccessDeniedException}, ...)
   * @throws UnsupportedOperationException if the native layer cannot run here
   */
  public static NativeFileRegion open(Path path) throws IOException {
    return openFile(path, 0, -1);
  }

  /**
   * Opens a range of a file as a region.
   *
   * @param path a file of the default file system
   * @param position where the region starts
   * @param count the region's length
   * @return the region, owned by the caller
   * @throws IOException if the file cannot be opened
   * @throws IllegalArgumentException if {@code position} or {@code count} is negative
   * @throws UnsupportedOperationException if the native layer cannot run here
   */
  public static NativeFileRegion open(Path path, long position, long count) throws IOException {
    if (position < 0 || count < 0) {
      throw new IllegalArgumentException("position " + position + ", count " + count);
    }
    return openFile(path, position, count);
  }

  /** Opens {@code path}; {@code count == -1} means up to the end of the file. */
  private static NativeFileRegion openFile(Path path, long position, long count)
      throws IOException {
    if (path.getFileSystem() != FileSystems.getDefault()) {
      throw new IllegalArgumentException("not a file of the default file system: " + path);
    }
    if (!Native.isAvailable()) {
      throw new UnsupportedOperationException(
          "native file regions need the FFM layer", Native.unavailabilityCause());
    }
    int fd;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment name = arena.allocateFrom(path.toAbsolutePath().toString());
      fd = LibC.open(name.address(), LinuxConstants.O_RDONLY | LinuxConstants.O_CLOEXEC, 0);
    }
    if (fd < 0) {
      throw switch (-fd) {
        case Errno.ENOENT -> new NoSuchFileException(path.toString());
        case Errno.EACCES -> new AccessDeniedException(path.toString());
        default -> Errors.ioException("open " + path, fd);
      };
    }
    long length = count;
    if (count == -1) {
      length = LibC.lseek(fd, 0, LinuxConstants.SEEK_END);
      if (length < 0) {
        LibC.close(fd);
        throw Errors.ioException("lseek " + path, (int) length);
      }
    }
    return new NativeFileRegion(path, fd, position, length);
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
   * Tells whether the file is still open.
   *
   * @return {@code true} until the last release
   */
  public boolean isOpen() {
    return refCnt.get() > 0;
  }

  /**
   * Sends what the socket takes now with {@code sendfile(2)}, from {@code regionPosition}. Loop
   * thread only.
   *
   * @param socketFd a connected, non-blocking stream socket
   * @return bytes sent, 0 if the socket takes nothing now
   * @throws IOException if the socket fails or the file is shorter than the region
   */
  private long sendTo(int socketFd, long regionPosition) throws IOException {
    long done = regionPosition;
    long remaining = count - done;
    if (remaining <= 0) {
      return 0;
    }
    checkOpen();
    if (leak != null) {
      leak.record();
    }
    offset.set(ValueLayout.JAVA_LONG, 0, position + done);
    long n = LibC.sendfile(socketFd, fd, offset.address(), remaining);
    if (n == -Errno.EAGAIN) {
      return 0;
    }
    if (n < 0) {
      throw Errors.ioException("sendfile", (int) n);
    }
    if (n == 0) {
      throw shorterFile();
    }
    TRANSFERRED.getAndAdd(this, n);
    return n;
  }

  /**
   * Sends to one of this module's sockets with {@code sendfile(2)}; copies through a native buffer
   * to any other target.
   */
  @Override
  public long transferTo(WritableByteChannel target, long regionPosition) throws IOException {
    long remaining = count - regionPosition;
    if (remaining < 0 || regionPosition < 0) {
      throw new IllegalArgumentException(
          "position " + regionPosition + " outside the region (0.." + (count - 1) + ")");
    }
    if (target instanceof FileRegions.SocketTarget socket) {
      return sendTo(socket.socketFd(), regionPosition);
    }
    if (remaining == 0) {
      return 0;
    }
    checkOpen();
    if (leak != null) {
      leak.record();
    }
    try (Arena arena = Arena.ofConfined()) {
      int chunk = (int) Math.min(remaining, COPY_CHUNK);
      MemorySegment buffer = arena.allocate(chunk);
      long read = LibC.pread(fd, buffer.address(), chunk, position + regionPosition);
      if (read < 0) {
        throw Errors.ioException("pread", (int) read);
      }
      if (read == 0) {
        throw shorterFile();
      }
      ByteBuffer bytes = buffer.asSlice(0, read).asByteBuffer();
      long written = 0;
      int w;
      while (bytes.hasRemaining() && (w = target.write(bytes)) > 0) {
        written += w;
      }
      if (written > 0) {
        TRANSFERRED.getAndAdd(this, written);
      }
      return written;
    }
  }

  private void checkOpen() {
    if (refCnt.get() == 0) {
      throw new IllegalReferenceCountException(0);
    }
  }

  private IOException shorterFile() {
    long size = LibC.lseek(fd, 0, LinuxConstants.SEEK_END);
    return new IOException(
        "file is shorter than the region: "
            + size
            + " bytes, region ends at "
            + (position + count)
            + " ("
            + path
            + ")");
  }

  @Override
  public int refCnt() {
    return refCnt.get();
  }

  @Override
  public NativeFileRegion retain() {
    return retain(1);
  }

  @Override
  public NativeFileRegion retain(int increment) {
    refCnt.retain(increment);
    if (leak != null) {
      leak.record();
    }
    return this;
  }

  @Override
  public NativeFileRegion touch() {
    return touch(null);
  }

  @Override
  public NativeFileRegion touch(Object hint) {
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
    if (leak != null) {
      leak.close(this);
    }
    LibC.free(offset);
    LibC.close(fd);
  }

  @Override
  public String toString() {
    return "NativeFileRegion("
        + path
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
