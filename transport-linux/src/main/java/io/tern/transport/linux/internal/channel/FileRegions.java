package io.tern.transport.linux.internal.channel;

import io.tern.transport.channel.FileRegion;
import io.tern.transport.linux.NativeFileRegion;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Writes a {@link FileRegion} to a socket. A {@link NativeFileRegion} goes with {@code sendfile(2)}
 * (zero-copy). Any other region is transferred through a {@link WritableByteChannel} view of the
 * socket: the JDK's {@code FileChannel} does not give away its descriptor, so the JDK reads the
 * file into a direct buffer and this view sends it with one {@code send} per chunk (one copy).
 *
 * <p>Loop thread only.
 */
public final class FileRegions {
  private FileRegions() {}

  /**
   * Transfers what the socket takes now.
   *
   * @param region the region, not yet completely transferred
   * @param socket the connected socket
   * @return bytes transferred, 0 if the socket takes nothing now
   * @throws IOException if the file or the socket fails
   */
  public static long transfer(FileRegion region, Socket socket) throws IOException {
    return region.transferTo(new SocketView(socket), region.transferred());
  }

  /**
   * A target that is a socket of this module: {@link NativeFileRegion} recognises it and sends with
   * {@code sendfile(2)} instead of copying.
   */
  public interface SocketTarget {
    /**
     * Returns the socket's descriptor.
     *
     * @return the fd
     */
    int socketFd();
  }

  /** A non-blocking {@link WritableByteChannel} over a socket; writes 0 when it is full. */
  private static final class SocketView implements WritableByteChannel, SocketTarget {
    private final Socket socket;

    SocketView(Socket socket) {
      this.socket = socket;
    }

    @Override
    public int socketFd() {
      return socket.intValue();
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      int length = src.remaining();
      if (length == 0) {
        return 0;
      }
      long n;
      if (src.isDirect()) {
        n = socket.send(MemorySegment.ofBuffer(src).address(), length);
      } else {
        try (Arena arena = Arena.ofConfined()) {
          MemorySegment copy = arena.allocate(length);
          MemorySegment.copy(MemorySegment.ofBuffer(src), 0, copy, 0, length);
          n = socket.send(copy.address(), length);
        }
      }
      if (n == -Errno.EAGAIN) {
        return 0;
      }
      if (n < 0) {
        throw Errors.ioException("send", (int) n);
      }
      src.position(src.position() + (int) n);
      return (int) n;
    }

    @Override
    public boolean isOpen() {
      return socket.isOpen();
    }

    @Override
    public void close() {
      // the channel owns the socket
    }
  }
}
