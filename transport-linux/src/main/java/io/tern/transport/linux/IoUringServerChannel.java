package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.util.Arrays;

/**
 * A listening socket over io_uring (TCP or Unix): one multishot {@code ACCEPT} stays armed while
 * the channel reads (one accept per completion without multishot), and every accepted descriptor
 * becomes a child through {@link #newChild}. The socket, options and binding are {@link
 * LinuxServerChannel}'s. Loop thread only, except what {@link io.tern.transport.channel.Channel}
 * allows from any thread.
 */
abstract class IoUringServerChannel extends LinuxServerChannel {
  private static final short ACCEPT = 1;

  private final Handle handle = new Handle();
  private int[] accepted = new int[8];
  private int acceptedCount;
  private boolean readInterested;
  private boolean acceptArmed;

  IoUringServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup, socket);
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
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
    super.doClose();
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
    return child(fd);
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
