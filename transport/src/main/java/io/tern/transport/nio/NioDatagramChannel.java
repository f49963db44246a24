package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.spi.AbstractDatagramChannel;
import io.tern.transport.spi.DatagramIo;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.ProtocolFamily;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.Objects;

/**
 * A UDP socket over NIO ({@link java.nio.channels.DatagramChannel} on a {@link NioIoHandler} loop),
 * IPv4 or IPv6: datagram packets, connected mode, and multicast memberships through the JDK's
 * {@link java.nio.channels.MembershipKey}s (source-specific joins where the JDK supports them, as
 * on Linux). Options: {@code SO_BROADCAST}, {@code SO_RCVBUF}, {@code SO_SNDBUF}, {@code
 * SO_REUSEADDR}, {@code SO_REUSEPORT}, {@code IP_TOS}, {@code IP_MULTICAST_IF}, {@code
 * IP_MULTICAST_TTL}, {@code IP_MULTICAST_LOOP_DISABLED} and the generic ones; see {@link
 * AbstractDatagramChannel} for the read and write loops.
 *
 * <p>Create one with {@code new NioDatagramChannel(loop)} (a {@link
 * io.tern.transport.bootstrap.Bootstrap} does, given {@code NioDatagramChannel::new}, and then
 * {@code bind} or {@code connect}s it). For IPv4 multicast on a dual-stack host, open it with
 * {@link java.net.StandardProtocolFamily#INET}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; the I/O and the handlers
 * run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>A received {@link io.tern.transport.socket.DatagramPacket} belongs to the handler it is passed
 * to, which releases it; a written one belongs to the channel, which releases it once sent or
 * failed. The channel owns its JDK socket and closes it.
 */
public class NioDatagramChannel extends AbstractDatagramChannel {
  private final java.nio.channels.DatagramChannel socket;
  private final NioChannelConfig config;
  private final NioDatagramIo io;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();

  /**
   * Creates an unbound channel with the JDK's default protocol family (IPv6 with IPv4-mapped
   * addresses where IPv6 is available).
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   */
  public NioDatagramChannel(EventLoop eventLoop) {
    this(eventLoop, open(null));
  }

  /**
   * Creates an unbound channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param family {@link java.net.StandardProtocolFamily#INET} or {@code INET6}
   */
  public NioDatagramChannel(EventLoop eventLoop, ProtocolFamily family) {
    this(eventLoop, open(Objects.requireNonNull(family, "family")));
  }

  /**
   * Wraps a JDK datagram channel (bound or not); the channel switches it to non-blocking mode and
   * closes it when closed.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param socket the socket
   */
  public NioDatagramChannel(EventLoop eventLoop, java.nio.channels.DatagramChannel socket) {
    super(eventLoop);
    this.socket = Objects.requireNonNull(socket, "socket");
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      NioStreamChannel.closeQuietly(socket);
      throw new ChannelException("cannot make the socket non-blocking", e);
    }
    this.config = new NioChannelConfig(this, socket);
    this.io = new NioDatagramIo(socket, config::allocator);
    applyDatagramDefaults(config);
  }

  private static java.nio.channels.DatagramChannel open(ProtocolFamily family) {
    try {
      return family == null
          ? java.nio.channels.DatagramChannel.open()
          : java.nio.channels.DatagramChannel.open(family);
    } catch (IOException e) {
      throw new ChannelException("cannot open a datagram socket", e);
    }
  }

  /**
   * Returns the underlying JDK channel, for options and state; do not read or write it directly.
   *
   * @return the socket
   */
  protected java.nio.channels.DatagramChannel javaChannel() {
    return socket;
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  protected DatagramIo io() {
    return io;
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected void readInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_READ, interested);
  }

  @Override
  protected void writeInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_WRITE, interested);
  }

  /** What the selector sees: dispatches readiness to the read and write loops. */
  private final class Handle implements NioIoHandle {
    @Override
    public SelectableChannel selectableChannel() {
      return socket;
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((NioIoHandler.Event) event).readyOps();
      if ((ready & SelectionKey.OP_WRITE) != 0) {
        writeReady();
      }
      if ((ready & SelectionKey.OP_READ) != 0) {
        readReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
