package io.tern.transport.linux;

import static io.tern.transport.linux.internal.uring.IoUringConstants.ACCEPT_MULTISHOT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_ACCEPT;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.util.Arrays;

/**
 * A listening TCP socket over io_uring, IPv4 or IPv6 (dual-stack by default): one multishot {@code
 * ACCEPT} stays armed while the channel reads (Linux 5.19; one accept per completion before), and
 * every accepted descriptor becomes an {@link IoUringSocketChannel} on a loop of the child group,
 * which must run {@link IoUringIoHandler}s. Options as {@link EpollServerSocketChannel}.
 *
 * <p>A bootstrap creates it from {@code IoUringServerSocketChannel::new}. Threading: as {@link
 * io.tern.transport.channel.Channel}.
 */
public class IoUringServerSocketChannel extends AbstractServerChannel
    implements ServerSocketChannel {
  private static final short ACCEPT = 1;

  private final Socket socket;
  private final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private int[] accepted = new int[8];
  private int acceptedCount;
  private boolean readInterested;
  private boolean acceptArmed;
  private volatile boolean bound;

  /**
   * Creates an unbound server channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param childGroup the group whose loops the accepted connections use
   */
  public IoUringServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    this(eventLoop, childGroup, Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : null);
  }

  /**
   * Creates an unbound server channel of a protocol family.
   *
   * @param eventLoop the channel's loop
   * @param childGroup the group whose loops the accepted connections use
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public IoUringServerSocketChannel(
      EventLoop eventLoop, EventLoopGroup childGroup, ProtocolFamily family) {
    super(eventLoop, childGroup);
    this.socket = EpollSocketChannel.open(family);
    this.config = new LinuxSocketConfig(this, socket, true);
    config.setOption(ChannelOption.SO_REUSEADDR, true);
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) super.localAddress();
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return null;
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isActive() {
    return bound && socket.isOpen();
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress localAddress0() {
    try {
      return socket.localAddress();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    socket.listen(config.backlog());
    bound = true;
  }

  @Override
  protected void doClose() throws IOException {
    bound = false;
    // The armed ACCEPT holds a reference to the socket until its cancellation completes, so a
    // plain close would leave it listening a little longer: shut it down now (it stops
    // listening at once and the ACCEPT fails), then close.
    try {
      socket.shutdown(true, true);
    } catch (IOException e) {
      // not listening (never bound): nothing to stop
    }
    socket.close();
    for (int i = 0; i < acceptedCount; i++) {
      LibC.close(accepted[i]);
    }
    acceptedCount = 0;
  }

  @Override
  protected void readInterest(boolean interested) {
    readInterested = interested;
    IoRegistration r = registration();
    if (r == null) {
      return;
    }
    IoUringRegistration reg = (IoUringRegistration) r.attachment();
    if (interested && !acceptArmed) {
      arm(reg);
    } else if (!interested && acceptArmed) {
      reg.cancelRequests(ACCEPT);
    }
  }

  private void arm(IoUringRegistration reg) {
    acceptArmed = true;
    short flags = reg.handler().multishotAccept() ? ACCEPT_MULTISHOT : 0;
    reg.prepare(
        OP_ACCEPT,
        (byte) 0,
        flags,
        socket.intValue(),
        0,
        0,
        0,
        LinuxConstants.SOCK_NONBLOCK | LinuxConstants.SOCK_CLOEXEC,
        (short) 0,
        (short) 0,
        0,
        0,
        ACCEPT);
  }

  @Override
  protected Channel doAccept() throws IOException {
    if (acceptedCount == 0) {
      return null;
    }
    int fd = accepted[0];
    System.arraycopy(accepted, 1, accepted, 0, --acceptedCount);
    Socket child = new Socket(fd, socket.family());
    try {
      return new IoUringSocketChannel(this, childGroup().next(), child);
    } catch (RuntimeException e) {
      child.close();
      throw e;
    }
  }

  private void accepted(IoRegistration registration, IoUringIoEvent ev) {
    int res = ev.res();
    if (!ev.hasMore()) {
      acceptArmed = false;
    }
    if (res >= 0) {
      if (!isOpen()) {
        LibC.close(res);
        return;
      }
      if (acceptedCount == accepted.length) {
        accepted = Arrays.copyOf(accepted, acceptedCount * 2);
      }
      accepted[acceptedCount++] = res;
      acceptReady();
    } else if (res != -Errno.ECANCELED && isOpen()) {
      pipeline().fireExceptionCaught(Errors.ioException("accept", res));
      if (res == -Errno.EBADF || res == -Errno.EINVAL) {
        closeNow(null);
        return;
      }
    }
    if (!acceptArmed && readInterested && isActive()) {
      arm((IoUringRegistration) registration.attachment());
    }
  }

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }

  /** What the ring reports: accepted descriptors. */
  private final class Handle implements IoUringIoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      IoUringIoEvent ev = (IoUringIoEvent) event;
      if (ev.data() == ACCEPT) {
        accepted(registration, ev);
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
