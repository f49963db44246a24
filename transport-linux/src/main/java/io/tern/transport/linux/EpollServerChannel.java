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
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;

/**
 * A listening socket over epoll (TCP or Unix): bind and listen, and the accept loop. Accepting is
 * edge-triggered: when the accept loop stops at its message limit with connections possibly still
 * queued, it continues in a task. Subclasses create the accepted children. Loop thread only, except
 * what {@link io.tern.transport.channel.Channel} allows from any thread.
 */
abstract class EpollServerChannel extends AbstractServerChannel {
  final Socket socket;
  final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private final Runnable acceptAgain = this::acceptNow;
  private boolean readInterested;
  private boolean maybeMorePending;
  private boolean acceptAgainScheduled;
  private volatile boolean bound;

  EpollServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup);
    this.socket = socket;
    this.config = new LinuxSocketConfig(this, socket, true);
    if (socket.family() != LinuxConstants.AF_UNIX) {
      config.setOption(ChannelOption.SO_REUSEADDR, true);
    }
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

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress localAddress0() {
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
