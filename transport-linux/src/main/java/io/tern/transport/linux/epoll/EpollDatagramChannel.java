package io.tern.transport.linux.epoll;

import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLERR;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLIN;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLOUT;

import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.channel.LinuxDatagramIo;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractDatagramChannel;
import io.tern.transport.spi.DatagramIo;
import io.tern.transport.spi.DefaultChannelConfig;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * A UDP socket over epoll, IPv4 or IPv6, with no JNI: datagrams move in batches through {@code
 * recvmmsg} and {@code sendmmsg} (up to 64 per system call, straight into and out of the buffers'
 * native memory) on an {@link EpollIoHandler} loop, edge-triggered. The read and write loops,
 * truncation, connected mode and error semantics are those of every Tern datagram channel ({@link
 * io.tern.transport.spi.AbstractDatagramChannel}), so a pipeline sees the same events as over NIO.
 * Multicast memberships go through the protocol-independent {@code MCAST_*} socket options.
 * Options: {@code SO_BROADCAST}, {@code SO_RCVBUF}, {@code SO_SNDBUF}, {@code SO_REUSEADDR}, {@code
 * SO_REUSEPORT}, {@code IP_TOS}, {@code IP_MULTICAST_IF}, {@code IP_MULTICAST_TTL}, {@code
 * IP_MULTICAST_LOOP_DISABLED} and the generic ones.
 *
 * <p>Create one with {@code new EpollDatagramChannel(loop)} (a {@link
 * io.tern.transport.bootstrap.Bootstrap} does, given {@code EpollDatagramChannel::new}, then binds
 * or connects it); the loop's group must run {@link EpollIoHandler}s. Without a family the socket
 * is IPv6 dual-stack when the host has IPv6; for IPv4 multicast open it with {@link
 * StandardProtocolFamily#INET}.
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
public class EpollDatagramChannel extends AbstractDatagramChannel {
  private final LinuxSocketConfig config;
  private final LinuxDatagramIo io;
  private final Handle handle = new Handle();
  private final Runnable readAgain = this::readNow;
  private final EpollInterest interest = new EpollInterest();
  private boolean readAgainScheduled;

  /**
   * Creates an unbound channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   */
  public EpollDatagramChannel(EventLoop eventLoop) {
    this(eventLoop, LinuxDatagramIo.defaultFamily());
  }

  /**
   * Creates an unbound channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}
   */
  public EpollDatagramChannel(EventLoop eventLoop, ProtocolFamily family) {
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

  private MessageArray messages() {
    return ((EpollRegistration) registration().attachment()).handler().messageArray();
  }

  @Override
  protected void readInterest(boolean interested) {
    setInterest(EPOLLIN, interested);
  }

  @Override
  protected void writeInterest(boolean interested) {
    setInterest(EPOLLOUT, interested);
  }

  private void setInterest(int bits, boolean on) {
    interest.set(registration(), bits, on);
  }

  /**
   * Runs the read loop, and again later while datagrams may still be queued: edge-triggered, no new
   * edge announces what a loop stopped by its message limit left behind.
   */
  private void readNow() {
    readAgainScheduled = false;
    readReady();
    if (io.lastBatchFull() && interest.has(EPOLLIN) && isOpen() && !readAgainScheduled) {
      readAgainScheduled = true;
      eventLoop().execute(readAgain);
    }
  }

  /** What epoll reports for the socket. */
  private final class Handle implements EpollIoHandle {
    @Override
    public int fd() {
      return io.fd();
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((EpollIoEvent) event).events();
      if ((ready & (EPOLLOUT | EPOLLERR)) != 0 && interest.has(EPOLLOUT)) {
        writeReady();
      }
      // An ICMP error (EPOLLERR) is reported by the next receive: read it out.
      if ((ready & (EPOLLIN | EPOLLERR)) != 0 && interest.has(EPOLLIN)) {
        readNow();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
