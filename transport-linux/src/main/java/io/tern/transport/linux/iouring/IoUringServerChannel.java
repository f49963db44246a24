package io.tern.transport.linux.iouring;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;
import java.util.Arrays;

/**
 * A listening socket over io_uring, TCP or Unix domain (the address family is a value: {@link
 * IoUringServerSocketChannel} and {@link IoUringServerDomainSocketChannel} name the two and the
 * child type each accepted socket becomes): bind and listen with the configured backlog ({@code
 * SO_REUSEADDR} on by default for TCP); one multishot {@code ACCEPT} stays armed while the channel
 * reads (one accept per completion without multishot), and every accepted descriptor becomes a
 * child through {@link #newChild}.
 *
 * <p>The channel owns its socket and closes it in {@code doClose}; an accepted descriptor belongs
 * to its child once {@link #newChild} returned, and to this channel while it waits in the queue (a
 * close closes those). Loop thread only, except what {@link Channel} allows from any thread.
 */
abstract class IoUringServerChannel extends AbstractServerChannel {
  private static final short ACCEPT = 1;

  private final Socket socket;
  private final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private volatile boolean bound;
  private int[] accepted = new int[8];
  private int acceptedCount;
  private boolean readInterested;
  private boolean acceptArmed;

  IoUringServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
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
    // The armed ACCEPT holds a reference to the socket until its cancellation completes, so a
    // plain close would leave it listening a little longer: shut it down now (it stops
    // listening at once and the ACCEPT fails), then close.
    try {
      socket.shutdown(true, true);
    } catch (IOException e) {
      // not listening (never bound): nothing to stop
    }
    bound = false;
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
    if (interested && acceptedCount > 0) {
      // accepted while auto-read was off (a multishot ACCEPT delivers more than one read asked for)
      eventLoop().execute(this::acceptQueued);
    }
  }

  private void acceptQueued() {
    if (acceptedCount > 0 && readInterested && isOpen()) {
      acceptReady(); // takes at most MAX_MESSAGES_PER_READ: the rest in a later task
      if (acceptedCount > 0 && readInterested) {
        eventLoop().execute(this::acceptQueued);
      }
    }
  }

  private void arm(IoUringRegistration reg) {
    acceptArmed = true;
    SocketRequests.accept(reg, socket.intValue(), reg.handler().multishotAccept(), ACCEPT);
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
      return newChild(childGroup().next(), child);
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
      if (readInterested) {
        acceptReady(); // else it waits in the queue for the next read()
      }
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
