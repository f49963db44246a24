package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;

/**
 * A listening TCP socket over epoll, IPv4 or IPv6 (dual-stack by default); accepted connections are
 * {@link EpollSocketChannel}s on loops of the child group, which must run {@link EpollIoHandler}s.
 * Options: {@code SO_BACKLOG} (default the kernel's {@code somaxconn}), {@code SO_REUSEADDR} (on by
 * default), {@code SO_REUSEPORT} (several servers on one port, the kernel spreading connections),
 * {@code SO_RCVBUF}, {@link LinuxChannelOption#TCP_FASTOPEN}.
 *
 * <p>Accepting is edge-triggered: when the accept loop stops at its message limit with connections
 * possibly still queued, it continues in a task. A bootstrap creates the channel from {@code
 * EpollServerSocketChannel::new}. Threading: as {@link io.tern.transport.channel.Channel}.
 */
public class EpollServerSocketChannel extends AbstractServerChannel implements ServerSocketChannel {
  private final Socket socket;
  private final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private final Runnable acceptAgain = this::acceptNow;
  private boolean readInterested;
  private boolean maybeMorePending;
  private boolean acceptAgainScheduled;
  private volatile boolean bound;

  /**
   * Creates an unbound server channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param childGroup the group whose loops the accepted connections use
   */
  public EpollServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    this(eventLoop, childGroup, Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : null);
  }

  /**
   * Creates an unbound server channel of a protocol family.
   *
   * @param eventLoop the channel's loop
   * @param childGroup the group whose loops the accepted connections use
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public EpollServerSocketChannel(
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
    socket.close();
  }

  @Override
  protected void readInterest(boolean interested) {
    readInterested = interested;
    IoRegistration r = registration();
    if (r != null) {
      r.submit(interested ? EpollIoOps.valueOf(EpollIoOps.EPOLLIN) : EpollIoOps.NONE);
    }
  }

  @Override
  protected Channel doAccept() throws IOException {
    int fd = socket.accept(MemorySegment.NULL);
    if (fd < 0) {
      maybeMorePending = false;
      if (fd == -Errno.EAGAIN || fd == -Errno.ECONNABORTED) {
        return null;
      }
      throw Errors.ioException("accept4", fd);
    }
    maybeMorePending = true;
    Socket accepted = new Socket(fd, socket.family());
    try {
      return new EpollSocketChannel(this, childGroup().next(), accepted);
    } catch (RuntimeException e) {
      accepted.close();
      throw e;
    }
  }

  private void acceptNow() {
    acceptAgainScheduled = false;
    maybeMorePending = false;
    acceptReady();
    if (maybeMorePending && readInterested && isActive() && !acceptAgainScheduled) {
      acceptAgainScheduled = true;
      eventLoop().execute(acceptAgain);
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

  /** What epoll reports for the listening socket: pending connections run the accept loop. */
  private final class Handle implements EpollIoHandle {
    @Override
    public int fd() {
      return socket.intValue();
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      if (readInterested) {
        acceptNow();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
