package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.NioIoHandle;
import io.tern.transport.NioIoHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.Objects;

/**
 * A listening TCP socket over NIO, IPv4 or IPv6; accepted connections are {@link NioSocketChannel}s
 * on loops of the child group. Options: {@code SO_BACKLOG} (default the kernel's {@code
 * somaxconn}), {@code SO_REUSEADDR} (on by default, as the JDK sets it), {@code SO_REUSEPORT},
 * {@code SO_RCVBUF} (inherited by accepted sockets) and the generic ones.
 *
 * <p>A bootstrap creates it from {@code NioServerSocketChannel::new}. Threading: as {@link
 * io.tern.transport.channel.Channel}.
 */
public class NioServerSocketChannel extends AbstractServerChannel implements ServerSocketChannel {
  private final java.nio.channels.ServerSocketChannel socket;
  private final NioServerSocketChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private volatile boolean bound;

  /**
   * Creates an unbound server channel with the JDK's default protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param childGroup the group whose loops the accepted connections use (running {@link
   *     NioIoHandler}s)
   */
  public NioServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    this(eventLoop, childGroup, null);
  }

  /**
   * Creates an unbound server channel of a protocol family.
   *
   * @param eventLoop the channel's loop
   * @param childGroup the group whose loops the accepted connections use
   * @param family {@link java.net.StandardProtocolFamily#INET} or {@code INET6}, or {@code null}
   *     for the JDK's default
   */
  public NioServerSocketChannel(
      EventLoop eventLoop, EventLoopGroup childGroup, ProtocolFamily family) {
    super(eventLoop, childGroup);
    try {
      socket =
          family == null
              ? java.nio.channels.ServerSocketChannel.open()
              : java.nio.channels.ServerSocketChannel.open(family);
      socket.configureBlocking(false);
    } catch (IOException e) {
      throw new ChannelException("cannot open a server socket", e);
    }
    config = new NioServerSocketChannelConfig(this, socket);
  }

  /**
   * Returns the underlying JDK channel, for options and state; do not accept on it directly.
   *
   * @return the server socket
   */
  protected java.nio.channels.ServerSocketChannel javaChannel() {
    return socket;
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
      return socket.getLocalAddress();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress, config.backlog());
    bound = true;
  }

  @Override
  protected void doClose() throws IOException {
    socket.close();
  }

  @Override
  protected void readInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_ACCEPT, interested);
  }

  @Override
  protected Channel doAccept() throws IOException {
    java.nio.channels.SocketChannel accepted = socket.accept();
    if (accepted == null) {
      return null;
    }
    EventLoop childLoop = childGroup().next();
    Objects.requireNonNull(childLoop, "childGroup().next()");
    try {
      return new NioSocketChannel(this, childLoop, accepted);
    } catch (RuntimeException e) {
      accepted.close();
      throw e;
    }
  }

  /** What the selector sees: a pending connection runs the accept loop. */
  private final class Handle implements NioIoHandle {
    @Override
    public SelectableChannel selectableChannel() {
      return socket;
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      if ((((NioIoHandler.Event) event).readyOps() & SelectionKey.OP_ACCEPT) != 0) {
        acceptReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
