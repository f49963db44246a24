package io.tern.transport.linux.iouring;

import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.channel.LinuxDatagramIo;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractDatagramChannel;
import io.tern.transport.spi.DatagramIo;
import io.tern.transport.spi.DefaultChannelConfig;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * A UDP socket on an {@link IoUringIoHandler} loop, IPv4 or IPv6, with no JNI. Readiness comes from
 * the ring (a one-shot {@code POLL_ADD} for input, another for output once the socket refused a
 * datagram, each re-armed while wanted); the datagrams themselves move as with {@code
 * EpollDatagramChannel}: in batches through {@code recvmmsg}/{@code sendmmsg} made from the loop
 * thread, up to 64 per call, straight into and out of native memory. So the read and write loops,
 * truncation, connected mode, multicast and options are exactly those of every Tern datagram
 * channel ({@link io.tern.transport.spi.AbstractDatagramChannel}); what io_uring adds is that the
 * polls are submitted with the loop's one {@code io_uring_enter} per iteration. (Receiving through
 * {@code RECVMSG} requests with provided buffers is not done yet; see {@code
 * docs/native-transports.md}.)
 *
 * <p>Create one with {@code new IoUringDatagramChannel(loop)} (a {@link
 * io.tern.transport.bootstrap.Bootstrap} does, given {@code IoUringDatagramChannel::new}); the
 * loop's group must run {@link IoUringIoHandler}s. Without a family the socket is IPv6 dual-stack
 * when the host has IPv6.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; the I/O and the handlers
 * run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>A received {@link io.tern.transport.socket.DatagramPacket} belongs to the handler that gets
 * it, which releases it; a written one belongs to the channel, which releases it once sent or
 * failed. The channel owns its socket and closes it.
 */
public class IoUringDatagramChannel extends AbstractDatagramChannel {
  private static final short POLL_IN = 1;
  private static final short POLL_OUT = 2;
  // POLLERR and POLLHUP are always reported; an ICMP error shows as POLLERR and is read out
  private static final int POLLIN = LinuxConstants.EPOLLIN;
  private static final int POLLOUT = LinuxConstants.EPOLLOUT;

  private final LinuxSocketConfig config;
  private final LinuxDatagramIo io;
  private final Handle handle = new Handle();
  private boolean readInterested;
  private boolean writeInterested;
  private boolean pollInArmed;
  private boolean pollOutArmed;

  /**
   * Creates an unbound channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   */
  public IoUringDatagramChannel(EventLoop eventLoop) {
    this(eventLoop, LinuxDatagramIo.defaultFamily());
  }

  /**
   * Creates an unbound channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}
   */
  public IoUringDatagramChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(eventLoop);
    Socket socket = LinuxDatagramIo.open(family);
    this.config = LinuxSocketConfig.forDatagram(this, socket);
    this.io = new LinuxDatagramIo(socket, this::messages, config::allocator);
    applyDatagramDefaults(config);
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return io.fd();
  }

  @Override
  protected DatagramIo io() {
    return io;
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  private IoUringRegistration reg() {
    return IoUringRegistration.of(registration());
  }

  private MessageArray messages() {
    return reg().handler().messageArray();
  }

  // An armed poll is left to complete when interest goes away; its completion then does nothing.

  @Override
  protected void readInterest(boolean interested) {
    readInterested = interested;
    if (interested && !pollInArmed) {
      armPollIn();
    }
  }

  @Override
  protected void writeInterest(boolean interested) {
    writeInterested = interested;
    if (interested && !pollOutArmed) {
      armPollOut();
    }
  }

  private void armPollIn() {
    IoUringRegistration r = reg();
    if (r != null && SocketRequests.poll(r, io.fd(), POLLIN, POLL_IN) != -1) {
      pollInArmed = true;
    }
  }

  private void armPollOut() {
    IoUringRegistration r = reg();
    if (r != null && SocketRequests.poll(r, io.fd(), POLLOUT, POLL_OUT) != -1) {
      pollOutArmed = true;
    }
  }

  /** What the ring reports: one of the polls completed. */
  private final class Handle implements IoUringIoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      IoUringIoEvent ev = (IoUringIoEvent) event;
      boolean cancelled = ev.res() == -Errno.ECANCELED || !isOpen();
      switch (ev.data()) {
        case POLL_IN -> {
          pollInArmed = false;
          if (!cancelled && readInterested) {
            readReady();
          }
          // A one-shot poll checks readiness when armed: what the loop left completes it at once.
          if (readInterested && !pollInArmed && isOpen()) {
            armPollIn();
          }
        }
        case POLL_OUT -> {
          pollOutArmed = false;
          if (!cancelled && writeInterested) {
            writeReady();
          }
          if (writeInterested && !pollOutArmed && isOpen()) {
            armPollOut();
          }
        }
        default -> {
          // a cancel's own completion
        }
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
