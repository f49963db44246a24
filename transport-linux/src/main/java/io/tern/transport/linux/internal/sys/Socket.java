package io.tern.transport.linux.internal.sys;

import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET6;
import static io.tern.transport.linux.internal.sys.LinuxConstants.IPPROTO_IPV6;
import static io.tern.transport.linux.internal.sys.LinuxConstants.IPV6_V6ONLY;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOCK_CLOEXEC;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOCK_DGRAM;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOCK_NONBLOCK;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOCK_STREAM;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOL_SOCKET;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SO_ERROR;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.SocketAddress;

/**
 * A non-blocking, close-on-exec socket descriptor and the calls made on it: bind, listen, accept,
 * connect, options, addresses, shutdown, send and receive.
 *
 * <p>Setup calls (bind, listen, connect, options, addresses) throw typed exceptions (see {@link
 * Errors}); data calls return {@code -errno} so the hot path allocates nothing. Owned by one thread
 * at a time, except {@link #close()}.
 */
public final class Socket extends FileDescriptor {
  private final int family;

  /**
   * Wraps an open socket descriptor; this object now owns it.
   *
   * @param fd the descriptor
   * @param family its address family ({@code AF_INET}, {@code AF_INET6}, {@code AF_UNIX})
   */
  public Socket(int fd, int family) {
    super(fd);
    this.family = family;
  }

  /**
   * Opens a non-blocking stream socket ({@code SOCK_STREAM}); an {@code AF_INET6} one is dual-stack
   * ({@code IPV6_V6ONLY} off).
   *
   * @param family the address family
   * @return the socket
   * @throws IOException if {@code socket(2)} fails
   */
  public static Socket newStream(int family) throws IOException {
    return open(family, SOCK_STREAM, 0);
  }

  /**
   * Opens a non-blocking stream socket of a given protocol, such as {@code IPPROTO_MPTCP};
   * dual-stack for {@code AF_INET6}.
   *
   * @param family the address family
   * @param protocol the protocol ({@code socket(2)}'s third argument)
   * @return the socket
   * @throws IOException if {@code socket(2)} fails ({@code EPROTONOSUPPORT}: not in this kernel)
   */
  public static Socket newStream(int family, int protocol) throws IOException {
    return open(family, SOCK_STREAM, protocol);
  }

  /**
   * Opens a non-blocking datagram socket ({@code SOCK_DGRAM}); dual-stack for {@code AF_INET6}.
   *
   * @param family the address family
   * @return the socket
   * @throws IOException if {@code socket(2)} fails
   */
  public static Socket newDatagram(int family) throws IOException {
    return open(family, SOCK_DGRAM, 0);
  }

  private static Socket open(int family, int type, int protocol) throws IOException {
    int fd =
        Errors.check(
            "socket", SocketCalls.socket(family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol));
    Socket s = new Socket(fd, family);
    if (family == AF_INET6) {
      try {
        s.setIntOption(IPPROTO_IPV6, IPV6_V6ONLY, 0);
      } catch (IOException e) {
        s.close();
        throw e;
      }
    }
    return s;
  }

  /**
   * Opens a connected pair of non-blocking Unix sockets.
   *
   * @param type {@code SOCK_STREAM} or {@code SOCK_DGRAM}
   * @return the two ends
   * @throws IOException if {@code socketpair(2)} fails
   */
  public static Socket[] pair(int type) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment fds = arena.allocate(ValueLayout.JAVA_INT, 2);
      Errors.check(
          "socketpair",
          SocketCalls.socketpair(
              LinuxConstants.AF_UNIX, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, fds.address()));
      return new Socket[] {
        new Socket(fds.getAtIndex(ValueLayout.JAVA_INT, 0), LinuxConstants.AF_UNIX),
        new Socket(fds.getAtIndex(ValueLayout.JAVA_INT, 1), LinuxConstants.AF_UNIX)
      };
    }
  }

  /**
   * Returns the address family.
   *
   * @return {@code AF_INET}, {@code AF_INET6} or {@code AF_UNIX}
   */
  public int family() {
    return family;
  }

  /**
   * Binds to a local address.
   *
   * @param local the address
   * @throws IOException a {@link java.net.BindException} if it is in use or not available
   */
  public void bind(SocketAddress local) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment addr = arena.allocate(SockAddr.STORAGE_SIZE);
      int len = SockAddr.write(addr, local, family);
      int r = SocketCalls.bind(fd, addr.address(), len);
      if (r < 0) {
        throw Errors.bindException("bind", r);
      }
    }
  }

  /**
   * Starts listening.
   *
   * @param backlog the accept queue length
   * @throws IOException if {@code listen(2)} fails
   */
  public void listen(int backlog) throws IOException {
    int r = SocketCalls.listen(fd, backlog);
    if (r < 0) {
      throw Errors.bindException("listen", r);
    }
  }

  /**
   * Accepts one connection as a non-blocking, close-on-exec socket.
   *
   * @param address room for the peer's address ({@link SockAddr#STORAGE_SIZE} bytes followed by a
   *     4-byte {@code socklen_t}), or {@link MemorySegment#NULL}
   * @return the new descriptor, or {@code -errno} ({@code -EAGAIN}: none pending)
   */
  public int accept(MemorySegment address) {
    if (address.address() == 0) {
      return SocketCalls.accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
    }
    address.set(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE, SockAddr.STORAGE_SIZE);
    return SocketCalls.accept4(
        fd,
        address.address(),
        address.address() + SockAddr.STORAGE_SIZE,
        SOCK_NONBLOCK | SOCK_CLOEXEC);
  }

  /**
   * Starts connecting.
   *
   * @param remote the peer
   * @return {@code true} if connected at once, {@code false} if in progress (wait for writability,
   *     then {@link #finishConnect()})
   * @throws IOException a {@link java.net.ConnectException} if refused at once
   */
  public boolean connect(SocketAddress remote) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment addr = arena.allocate(SockAddr.STORAGE_SIZE);
      int len = SockAddr.write(addr, remote, family);
      int r = SocketCalls.connect(fd, addr.address(), len);
      if (r == -Errno.EINPROGRESS) {
        return false;
      }
      if (r < 0) {
        throw Errors.connectException("connect", r);
      }
      return true;
    }
  }

  /**
   * Completes a connect that was in progress, by reading {@code SO_ERROR}.
   *
   * @throws IOException a {@link java.net.ConnectException} if the connect failed
   */
  public void finishConnect() throws IOException {
    int error = intOption(SOL_SOCKET, SO_ERROR);
    if (error != 0) {
      throw Errors.connectException("finishConnect", -error);
    }
  }

  /**
   * Returns the local address.
   *
   * @return the address, or {@code null} if unbound or unnamed
   * @throws IOException if {@code getsockname(2)} fails
   */
  public SocketAddress localAddress() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment addr = arena.allocate(SockAddr.STORAGE_SIZE + 4L);
      addr.set(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE, SockAddr.STORAGE_SIZE);
      Errors.check(
          "getsockname",
          SocketCalls.getsockname(fd, addr.address(), addr.address() + SockAddr.STORAGE_SIZE));
      return SockAddr.read(addr, addr.get(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE));
    }
  }

  /**
   * Returns the peer's address.
   *
   * @return the address, or {@code null} if unnamed
   * @throws IOException if {@code getpeername(2)} fails ({@code ENOTCONN} when not connected)
   */
  public SocketAddress remoteAddress() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment addr = arena.allocate(SockAddr.STORAGE_SIZE + 4L);
      addr.set(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE, SockAddr.STORAGE_SIZE);
      Errors.check(
          "getpeername",
          SocketCalls.getpeername(fd, addr.address(), addr.address() + SockAddr.STORAGE_SIZE));
      return SockAddr.read(addr, addr.get(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE));
    }
  }

  /**
   * Returns the local address, or {@code null} when it cannot be read (closed, unbound): what a
   * channel's {@code queryLocalAddress()} reports.
   *
   * @return the address or {@code null}
   */
  public SocketAddress localAddressOrNull() {
    try {
      return localAddress();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Returns the peer's address, or {@code null} when there is none (not connected, closed).
   *
   * @return the address or {@code null}
   */
  public SocketAddress remoteAddressOrNull() {
    try {
      return remoteAddress();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Sets an {@code int} socket option.
   *
   * @param level e.g. {@code SOL_SOCKET}, {@code IPPROTO_TCP}
   * @param name e.g. {@code SO_REUSEADDR}, {@code TCP_NODELAY}
   * @param value the value
   * @throws IOException if {@code setsockopt(2)} fails
   */
  public void setIntOption(int level, int name, int value) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment v = arena.allocate(ValueLayout.JAVA_INT);
      v.set(ValueLayout.JAVA_INT, 0, value);
      Errors.check("setsockopt", SocketCalls.setsockopt(fd, level, name, v.address(), 4));
    }
  }

  /**
   * Sets a socket option from a structure in native memory.
   *
   * @param level the option level
   * @param name the option name
   * @param value the structure
   * @param length its length in bytes
   * @throws IOException if {@code setsockopt(2)} fails
   */
  public void setOption(int level, int name, MemorySegment value, int length) throws IOException {
    Errors.check("setsockopt", SocketCalls.setsockopt(fd, level, name, value.address(), length));
  }

  /**
   * Dissolves a datagram socket's association with its peer ({@code connect} to {@code AF_UNSPEC});
   * it keeps its local address.
   *
   * @throws IOException if {@code connect(2)} fails
   */
  public void disconnect() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment unspec = arena.allocate(SockAddr.STORAGE_SIZE); // zeroed: AF_UNSPEC
      Errors.check("connect", SocketCalls.connect(fd, unspec.address(), 16));
    }
  }

  /**
   * Reads an {@code int} socket option.
   *
   * @param level the option level
   * @param name the option name
   * @return the value
   * @throws IOException if {@code getsockopt(2)} fails
   */
  public int intOption(int level, int name) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment v = arena.allocate(8);
      v.set(ValueLayout.JAVA_INT, 4, 4);
      Errors.check(
          "getsockopt", SocketCalls.getsockopt(fd, level, name, v.address(), v.address() + 4));
      return v.get(ValueLayout.JAVA_INT, 0);
    }
  }

  /**
   * Sets {@code SO_LINGER}.
   *
   * @param seconds the linger time, or a negative value to turn lingering off
   * @throws IOException if {@code setsockopt(2)} fails
   */
  public void setLinger(int seconds) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment v = arena.allocate(8);
      v.set(ValueLayout.JAVA_INT, 0, seconds < 0 ? 0 : 1);
      v.set(ValueLayout.JAVA_INT, 4, Math.max(0, seconds));
      Errors.check(
          "setsockopt",
          SocketCalls.setsockopt(fd, SOL_SOCKET, LinuxConstants.SO_LINGER, v.address(), 8));
    }
  }

  /**
   * Reads {@code SO_LINGER}.
   *
   * @return the linger time in seconds, or -1 when lingering is off
   * @throws IOException if {@code getsockopt(2)} fails
   */
  public int linger() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment v = arena.allocate(12);
      v.set(ValueLayout.JAVA_INT, 8, 8);
      Errors.check(
          "getsockopt",
          SocketCalls.getsockopt(
              fd, SOL_SOCKET, LinuxConstants.SO_LINGER, v.address(), v.address() + 8));
      return v.get(ValueLayout.JAVA_INT, 0) == 0 ? -1 : v.get(ValueLayout.JAVA_INT, 4);
    }
  }

  /**
   * Returns whether this host can open IPv6 sockets (probed once).
   *
   * @return {@code true} if {@code socket(AF_INET6, ...)} works
   */
  public static boolean isIpv6Supported() {
    return Ipv6.SUPPORTED;
  }

  private static final class Ipv6 {
    static final boolean SUPPORTED = probe();

    private static boolean probe() {
      int fd = SocketCalls.socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
      if (fd < 0) {
        return false;
      }
      LibC.close(fd);
      return true;
    }
  }

  /**
   * Shuts down one or both directions; a side already shut down is skipped.
   *
   * @param input shut down reading
   * @param output shut down writing
   * @throws IOException if {@code shutdown(2)} fails (not for {@code ENOTCONN})
   */
  public void shutdown(boolean input, boolean output) throws IOException {
    if (!markShutdown(input, output)) {
      return;
    }
    int how =
        input && output
            ? LinuxConstants.SHUT_RDWR
            : input ? LinuxConstants.SHUT_RD : LinuxConstants.SHUT_WR;
    int r = SocketCalls.shutdown(fd, how);
    if (r < 0 && r != -Errno.ENOTCONN) {
      throw Errors.ioException("shutdown", r);
    }
  }

  /**
   * {@code send(2)} with {@code MSG_NOSIGNAL} (a closed peer gives {@code -EPIPE}, not SIGPIPE).
   *
   * @param address the bytes
   * @param length how many
   * @return bytes sent or {@code -errno}
   */
  public long send(long address, long length) {
    return SocketCalls.send(fd, address, length, LinuxConstants.MSG_NOSIGNAL);
  }

  /**
   * {@code recv(2)}.
   *
   * @param address where to store
   * @param length at most this many bytes
   * @return bytes received, 0 at end of stream, or {@code -errno}
   */
  public long recv(long address, long length) {
    return SocketCalls.recv(fd, address, length, 0);
  }
}
