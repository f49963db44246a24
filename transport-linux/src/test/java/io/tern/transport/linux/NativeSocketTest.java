package io.tern.transport.linux;

import static io.tern.transport.linux.TestStrings.ascii;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET6;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.linux.internal.sys.Arch;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.FileDescriptor;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Native;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.sys.SocketCalls;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The FFM socket layer on its own, with blocking-free loopback exchanges. */
@ExtendWith(FdLeakCheck.class)
class NativeSocketTest {
  private static final InetAddress IPV6_LOOPBACK;

  static {
    byte[] one = new byte[16];
    one[15] = 1;
    try {
      IPV6_LOOPBACK = InetAddress.getByAddress(one);
    } catch (java.net.UnknownHostException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static byte[] linkLocal() {
    byte[] a = new byte[16];
    a[0] = (byte) 0xfe;
    a[1] = (byte) 0x80;
    a[15] = 1;
    return a;
  }

  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  @Test
  void nativeLayerIsAvailableOnThisLinux() {
    assertThat(Native.unavailabilityCause()).isNull();
    assertThat(Native.ARCH).isNotNull().isEqualTo(Arch.of(System.getProperty("os.arch")));
  }

  @Test
  void loopbackTcpExchangeThroughAcceptConnectSendRecv() throws Exception {
    try (Arena arena = Arena.ofConfined();
        Socket server = Socket.newStream(AF_INET)) {
      server.setIntOption(LinuxConstants.SOL_SOCKET, LinuxConstants.SO_REUSEADDR, 1);
      server.bind(LOOPBACK);
      server.listen(16);
      InetSocketAddress bound = (InetSocketAddress) server.localAddress();
      assertThat(bound.getPort()).isPositive();
      assertThat(server.accept(MemorySegment.NULL)).isEqualTo(-Errno.EAGAIN);

      try (Socket client = Socket.newStream(AF_INET)) {
        client.connect(bound); // loopback connects at once or is in progress
        MemorySegment peer = arena.allocate(SockAddr.STORAGE_SIZE + 4L);
        int fd = acceptBlocking(server, peer);
        try (Socket accepted = new Socket(fd, AF_INET)) {
          client.finishConnect();
          assertThat(client.remoteAddress()).isEqualTo(bound);
          InetSocketAddress clientLocal = (InetSocketAddress) client.localAddress();
          assertThat(SockAddr.read(peer, peer.get(ValueLayout.JAVA_INT, SockAddr.STORAGE_SIZE)))
              .isEqualTo(clientLocal);
          assertThat(accepted.remoteAddress()).isEqualTo(clientLocal);

          MemorySegment out = arena.allocateFrom("ping", StandardCharsets.US_ASCII);
          assertThat(client.send(out.address(), 4)).isEqualTo(4);
          MemorySegment in = arena.allocate(16);
          assertThat(recvBlocking(accepted, in)).isEqualTo(4);
          assertThat(in.getString(0, StandardCharsets.US_ASCII)).isEqualTo("ping");

          client.shutdown(false, true);
          assertThat(client.isOutputShutdown()).isTrue();
          assertThat(recvBlocking(accepted, in)).isZero(); // end of stream
        }
      }
    }
  }

  @Test
  void writevGathersRegionsInOrder() throws Exception {
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    try (Arena arena = Arena.ofConfined();
        Socket a = pair[0];
        Socket b = pair[1];
        IovArray iov = new IovArray(8, Long.MAX_VALUE)) {
      MemorySegment hello = arena.allocateFrom("hello ", StandardCharsets.US_ASCII);
      MemorySegment world = arena.allocateFrom("world", StandardCharsets.US_ASCII);
      assertThat(iov.add(hello.address(), 6)).isTrue();
      assertThat(iov.add(world.address(), 5)).isTrue();
      assertThat(iov.count()).isEqualTo(2);
      assertThat(iov.bytes()).isEqualTo(11);
      assertThat(a.writev(iov)).isEqualTo(11);
      MemorySegment in = arena.allocate(32);
      assertThat(b.read(in.address(), 32)).isEqualTo(11);
      assertThat(in.getString(0, StandardCharsets.US_ASCII)).isEqualTo("hello world");
    }
  }

  @Test
  void iovArrayStopsAtItsByteLimitButAlwaysTakesOneRegion() {
    try (IovArray iov = new IovArray(4, 10)) {
      assertThat(iov.add(0x1000, 8)).isTrue();
      assertThat(iov.add(0x2000, 8)).isFalse();
      iov.clear();
      assertThat(iov.add(0x3000, 100)).isTrue();
      assertThat(iov.bytes()).isEqualTo(10);
      assertThat(iov.add(0x4000, 1)).isFalse();
    }
  }

  @Test
  void connectToClosedPortIsConnectException() throws Exception {
    int port;
    try (Socket probe = Socket.newStream(AF_INET)) {
      probe.bind(LOOPBACK);
      port = ((InetSocketAddress) probe.localAddress()).getPort();
    }
    try (Socket client = Socket.newStream(AF_INET)) {
      InetSocketAddress closed = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
      assertThatThrownBy(
              () -> {
                if (!client.connect(closed)) {
                  waitWritable(client);
                  client.finishConnect();
                }
              })
          .isInstanceOf(ConnectException.class)
          .hasMessageContaining("refused");
    }
  }

  @Test
  void bindingAnAddressInUseIsBindException() throws Exception {
    try (Socket first = Socket.newStream(AF_INET);
        Socket second = Socket.newStream(AF_INET)) {
      first.bind(LOOPBACK);
      first.listen(1);
      assertThatThrownBy(() -> second.bind(first.localAddress())).isInstanceOf(BindException.class);
    }
  }

  @Test
  void closedDescriptorIsClosedChannelExceptionAndCloseIsIdempotent() throws Exception {
    Socket s = Socket.newStream(AF_INET);
    s.close();
    s.close();
    assertThat(s.isOpen()).isFalse();
    assertThatThrownBy(() -> Errors.check("read", (int) LibC.read(s.intValue(), 0, 0)))
        .isInstanceOfAny(ClosedChannelException.class, NativeIoException.class);
    assertThat(Errors.ioException("read", -Errno.EBADF)).isInstanceOf(ClosedChannelException.class);
    assertThat(Errors.ioException("writev", -Errno.ECONNRESET))
        .isInstanceOf(NativeIoException.class)
        .hasMessageContaining("Connection reset by peer");
    assertThat(((NativeIoException) Errors.ioException("writev", -Errno.EPIPE)).errno())
        .isEqualTo(Errno.EPIPE);
  }

  @Test
  void errnoNamesAndMessagesComeFromTheCLibrary() {
    assertThat(Errno.name(Errno.ECONNREFUSED)).isEqualTo("ECONNREFUSED");
    assertThat(Errno.message(Errno.ECONNREFUSED)).isEqualTo("Connection refused");
    assertThat(Errno.name(100_000)).isEqualTo("errno 100000");
  }

  @Test
  void dualStackSocketTalksToIpv4PeersWithMappedAddresses() throws Exception {
    try (Socket server = Socket.newStream(AF_INET6);
        Socket client = Socket.newStream(AF_INET)) {
      server.bind(new InetSocketAddress(0)); // the IPv6 wildcard, dual-stack
      server.listen(1);
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      int fd = acceptBlocking(server, MemorySegment.NULL);
      try (Socket accepted = new Socket(fd, AF_INET6)) {
        // The kernel reports ::ffff:127.0.0.1; it reads back as the IPv4 address.
        assertThat(((InetSocketAddress) accepted.remoteAddress()).getAddress())
            .isEqualTo(InetAddress.getLoopbackAddress());
      }
    }
  }

  @Test
  void ipv6LoopbackWorks() throws Exception {
    InetSocketAddress any6 = new InetSocketAddress(IPV6_LOOPBACK, 0);
    try (Socket server = Socket.newStream(AF_INET6)) {
      server.bind(any6);
      InetSocketAddress bound = (InetSocketAddress) server.localAddress();
      assertThat(bound.getAddress()).isEqualTo(IPV6_LOOPBACK);
    }
  }

  @Test
  void unixDomainSocketsBindAndConnectByPath(@TempDir Path dir) throws Exception {
    UnixDomainSocketAddress path = UnixDomainSocketAddress.of(dir.resolve("s.sock"));
    try (Socket server = Socket.newStream(LinuxConstants.AF_UNIX);
        Socket client = Socket.newStream(LinuxConstants.AF_UNIX)) {
      server.bind(path);
      server.listen(1);
      assertThat(server.localAddress()).isEqualTo(path);
      client.connect(path);
      try (Socket accepted = new Socket(acceptBlocking(server, MemorySegment.NULL), 1)) {
        assertThat(accepted.remoteAddress()).isNull(); // an unbound client is unnamed
      }
    }
    assertThat(Files.exists(dir.resolve("s.sock"))).isTrue();
  }

  @Test
  void sockAddrRoundTripsIpv4AndIpv6() throws Exception {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment m = arena.allocate(SockAddr.STORAGE_SIZE);
      InetSocketAddress v4 =
          new InetSocketAddress(InetAddress.getByAddress(new byte[] {10, 1, 2, 3}), 8080);
      assertThat(SockAddr.write(m, v4, AF_INET)).isEqualTo(SockAddr.IPV4_SIZE);
      assertThat(SockAddr.read(m, SockAddr.IPV4_SIZE)).isEqualTo(v4);
      assertThat(SockAddr.write(m, v4, AF_INET6)).isEqualTo(SockAddr.IPV6_SIZE);
      assertThat(SockAddr.read(m, SockAddr.IPV6_SIZE)).isEqualTo(v4);
      InetSocketAddress v6 =
          new InetSocketAddress(java.net.Inet6Address.getByAddress(null, linkLocal(), 1), 443);
      SockAddr.write(m, v6, AF_INET6);
      assertThat(SockAddr.read(m, SockAddr.IPV6_SIZE)).isEqualTo(v6);
      assertThatThrownBy(() -> SockAddr.write(m, v6, AF_INET))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(
              () -> SockAddr.write(m, InetSocketAddress.createUnresolved("x", 1), AF_INET))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void datagramBatchesThroughSendmmsgAndRecvmmsg() throws Exception {
    try (Arena arena = Arena.ofConfined();
        Socket a = Socket.newDatagram(AF_INET);
        Socket b = Socket.newDatagram(AF_INET);
        MessageArray out = new MessageArray(4);
        MessageArray in = new MessageArray(4)) {
      a.bind(LOOPBACK);
      b.bind(LOOPBACK);
      String[] words = {"one", "two", "three"};
      for (String w : words) {
        MemorySegment m = arena.allocateFrom(w, StandardCharsets.US_ASCII);
        assertThat(out.addForSend(m.address(), w.length(), b.localAddress(), AF_INET)).isTrue();
      }
      assertThat(SocketCalls.sendmmsg(a.intValue(), out.address(), out.count(), 0)).isEqualTo(3);
      MemorySegment buffers = arena.allocate(4 * 16);
      for (int i = 0; i < 4; i++) {
        in.addForReceive(buffers.address() + 16L * i, 16);
      }
      pollBriefly(b.intValue(), LinuxConstants.EPOLLIN);
      int n = SocketCalls.recvmmsg(b.intValue(), in.address(), in.count(), 0);
      assertThat(n).isEqualTo(3);
      for (int i = 0; i < n; i++) {
        assertThat(in.messageLength(i)).isEqualTo(words[i].length());
        assertThat(ascii(buffers.asSlice(16L * i), in.messageLength(i))).isEqualTo(words[i]);
        assertThat(in.sender(i)).isEqualTo(a.localAddress());
        assertThat(in.flags(i) & LinuxConstants.MSG_TRUNC).isZero();
      }
      assertThat(SocketCalls.recvmmsg(b.intValue(), in.address(), in.count(), 0))
          .isEqualTo(-Errno.EAGAIN);
    }
  }

  @Test
  void pipesSplice() throws Exception {
    FileDescriptor[] pipe = FileDescriptor.pipe();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    try (Arena arena = Arena.ofConfined();
        FileDescriptor r = pipe[0];
        FileDescriptor w = pipe[1];
        Socket a = pair[0];
        Socket b = pair[1]) {
      MemorySegment data = arena.allocateFrom("spliced", StandardCharsets.US_ASCII);
      assertThat(a.send(data.address(), 7)).isEqualTo(7);
      assertThat(LibC.splice(b.intValue(), 0, w.intValue(), 0, 7, LinuxConstants.SPLICE_F_MOVE))
          .isEqualTo(7);
      MemorySegment in = arena.allocate(16);
      assertThat(r.read(in.address(), 16)).isEqualTo(7);
      assertThat(in.getString(0, StandardCharsets.US_ASCII)).isEqualTo("spliced");
    }
  }

  @Test
  void sendfileCopiesAFileRegionToASocket(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("f.txt");
    Files.writeString(file, "0123456789");
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    try (Arena arena = Arena.ofConfined();
        Socket a = pair[0];
        Socket b = pair[1];
        java.io.FileInputStream in = new java.io.FileInputStream(file.toFile())) {
      int fileFd = fdOf(in);
      MemorySegment offset = arena.allocate(ValueLayout.JAVA_LONG);
      offset.set(ValueLayout.JAVA_LONG, 0, 3);
      assertThat(LibC.sendfile(a.intValue(), fileFd, offset.address(), 4)).isEqualTo(4);
      assertThat(offset.get(ValueLayout.JAVA_LONG, 0)).isEqualTo(7);
      MemorySegment buf = arena.allocate(16);
      assertThat(b.read(buf.address(), 16)).isEqualTo(4);
      assertThat(buf.getString(0, StandardCharsets.US_ASCII)).isEqualTo("3456");
    }
  }

  private static int fdOf(java.io.FileInputStream in) throws IOException {
    // /proc/self/fd links back to the path: find the descriptor the stream holds.
    Path target = Path.of("/proc/self/fd");
    try (var list = Files.list(target)) {
      for (Path p : (Iterable<Path>) list::iterator) {
        try {
          if (Files.readSymbolicLink(p).toString().endsWith("f.txt")) {
            return Integer.parseInt(p.getFileName().toString());
          }
        } catch (IOException e) {
          // raced with a close
        }
      }
    }
    throw new IllegalStateException("descriptor of " + in + " not found");
  }

  private static int acceptBlocking(Socket server, MemorySegment peer) throws IOException {
    for (int i = 0; i < 10_000; i++) {
      int fd = server.accept(peer);
      if (fd >= 0) {
        return fd;
      }
      if (fd != -Errno.EAGAIN) {
        throw Errors.ioException("accept", fd);
      }
      pollBriefly(server.intValue(), LinuxConstants.EPOLLIN);
    }
    throw new AssertionError("no connection to accept");
  }

  private static long recvBlocking(Socket s, MemorySegment in) throws IOException {
    for (int i = 0; i < 10_000; i++) {
      long n = s.recv(in.address(), in.byteSize());
      if (n >= 0) {
        return n;
      }
      if (n != -Errno.EAGAIN) {
        throw Errors.ioException("recv", (int) n);
      }
      pollBriefly(s.intValue(), LinuxConstants.EPOLLIN);
    }
    throw new AssertionError("nothing received");
  }

  private static void waitWritable(Socket s) {
    pollBriefly(s.intValue(), LinuxConstants.EPOLLOUT);
  }

  /** Waits (bounded, 1 s) for readiness with a throw-away epoll instance. */
  private static void pollBriefly(int fd, int events) {
    int ep = LibC.epollCreate1(LinuxConstants.EPOLL_CLOEXEC);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment ev = arena.allocate(16);
      ev.set(ValueLayout.JAVA_INT_UNALIGNED, 0, events);
      LibC.epollCtl(ep, LinuxConstants.EPOLL_CTL_ADD, fd, ev.address());
      LibC.epollWait(ep, ev.address(), 1, 1000);
    } finally {
      LibC.close(ep);
    }
  }
}
