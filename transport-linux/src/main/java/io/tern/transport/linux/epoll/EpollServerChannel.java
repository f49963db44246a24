package io.tern.transport.linux.epoll;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;

/**
 * A listening socket over epoll, TCP or Unix domain (the address family is a value: {@link
 * EpollServerSocketChannel} and {@link EpollServerDomainSocketChannel} name the two and the child
 * type each accepted socket becomes): bind and listen with the configured backlog ({@code
 * SO_REUSEADDR} on by default for TCP), and the accept loop on readiness. Accepting is
 * edge-triggered: when the accept loop stops at its message limit with connections possibly still
 * queued, no new edge will announce them, so it asks the handler to call it again after the next
 * {@code epoll_wait} ({@link EpollIoHandler#readAgain}), as a stream channel's read loop does: a
 * task would run again and again in one task pass during a burst of connections, while the accepted
 * children's first bytes waited.
 *
 * <p>The channel owns its socket and closes it in {@code doClose}; an accepted descriptor belongs
 * to its child once {@link #newChild} returned. Loop thread only, except what {@link Channel}
 * allows from any thread.
 */
abstract class EpollServerChannel extends AbstractServerChannel {
  private final Socket socket;
  private final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private volatile boolean bound;
  private boolean readInterested;
  private boolean maybeMorePending;
  private boolean acceptAgainScheduled;

  EpollServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup);
    this.socket = socket;
    this.config = LinuxSocketConfig.forServer(this, socket);
  }

  /**
   * Wraps an accepted socket in a child channel on {@code loop}.
   *
   * @param loop a loop of the child group
   * @param accepted the accepted socket, owned by the child from here on
   * @return the child
   */
  abstract Channel newChild(EventLoop loop, Socket accepted);

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isActive() {
    return bound && socket.isOpen();
  }

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return socket.localAddressOrNull();
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
    while (fd == -Errno.ECONNABORTED) {
      fd = socket.accept(MemorySegment.NULL); // reset while queued: take the next one
    }
    if (fd < 0) {
      maybeMorePending = false;
      if (fd == -Errno.EAGAIN) {
        return null;
      }
      throw Errors.ioException("accept4", fd);
    }
    maybeMorePending = true;
    Socket accepted = new Socket(fd, socket.family());
    try {
      return newChild(childGroup().next(), accepted);
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
      EpollRegistration r = (EpollRegistration) registration().attachment();
      r.handler().readAgain(r);
    }
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
