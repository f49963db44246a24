package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * A listening socket over epoll (TCP or Unix): the accept loop on readiness. Accepting is
 * edge-triggered: when the accept loop stops at its message limit with connections possibly still
 * queued, no new edge will announce them, so it asks the handler to call it again after the next
 * {@code epoll_wait} ({@link EpollIoHandler#readAgain}), as a stream channel's read loop does: a
 * task would run again and again in one task pass during a burst of connections, while the accepted
 * children's first bytes waited. The socket, options and binding are {@link LinuxServerChannel}'s;
 * subclasses create the accepted children. Loop thread only, except what {@link
 * io.tern.transport.channel.Channel} allows from any thread.
 */
abstract class EpollServerChannel extends LinuxServerChannel {
  private final Handle handle = new Handle();
  private boolean readInterested;
  private boolean maybeMorePending;
  private boolean acceptAgainScheduled;

  EpollServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup, socket);
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
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
    return child(fd);
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
