package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * A listening socket over NIO, TCP or Unix domain: a JDK {@link ServerSocketChannel} in
 * non-blocking mode on a {@link NioIoHandler} loop, bound with the configured backlog, whose
 * pending connections run {@link AbstractServerChannel}'s accept loop. The address family is a
 * value: a Unix domain server remembers the socket file its bind created and deletes it when it
 * closes (the JDK leaves it behind). {@link NioServerSocketChannel} and {@link
 * NioServerDomainSocketChannel} name the two families and the child channel type each accepted
 * socket is wrapped in. Event loop only, except what {@link Channel} allows from any thread.
 */
abstract class NioServerChannel extends AbstractServerChannel {
  private final ServerSocketChannel socket;
  private final boolean unixDomain;
  private final NioServerSocketChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private volatile boolean bound;
  private volatile UnixDomainSocketAddress boundPath; // Unix domain only: the socket file to delete

  /**
   * Takes a freshly opened server socket of {@code family}, switching it to non-blocking mode;
   * closes it and throws if that fails.
   *
   * @param family {@link StandardProtocolFamily#UNIX}, or the Internet family the socket was opened
   *     with ({@code null} for the JDK's default)
   */
  NioServerChannel(
      EventLoop eventLoop,
      EventLoopGroup childGroup,
      ServerSocketChannel socket,
      ProtocolFamily family) {
    super(eventLoop, childGroup);
    this.socket = Objects.requireNonNull(socket, "socket");
    this.unixDomain = family == StandardProtocolFamily.UNIX;
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      NioStreamChannel.closeQuietly(socket);
      throw new ChannelException("cannot make the server socket non-blocking", e);
    }
    this.config = new NioServerSocketChannelConfig(this, socket);
  }

  /**
   * Wraps an accepted socket in this transport's child channel.
   *
   * @param loop the child's loop, from {@link #childGroup()}
   * @param accepted the accepted socket; closed by the caller if this throws
   * @return the unregistered child
   */
  abstract Channel newChild(EventLoop loop, SocketChannel accepted);

  /**
   * Returns the underlying JDK channel, for options and state; do not accept on it directly.
   *
   * @return the server socket
   */
  protected ServerSocketChannel javaChannel() {
    return socket;
  }

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
  protected SocketAddress queryLocalAddress() {
    return NioAddresses.local(socket);
  }

  /** Binds with the configured backlog; a Unix domain server remembers its socket file. */
  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress, config.backlog());
    bound = true;
    if (unixDomain) {
      boundPath = (UnixDomainSocketAddress) socket.getLocalAddress();
    }
  }

  /** Closes, and deletes the socket file a Unix domain server created. */
  @Override
  protected void doClose() throws IOException {
    try {
      socket.close();
    } finally {
      SocketFiles.delete(boundPath);
    }
  }

  @Override
  protected void readInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_ACCEPT, interested);
  }

  @Override
  protected Channel doAccept() throws IOException {
    SocketChannel accepted = socket.accept();
    if (accepted == null) {
      return null;
    }
    EventLoop childLoop = Objects.requireNonNull(childGroup().next(), "childGroup().next()");
    try {
      return newChild(childLoop, accepted);
    } catch (RuntimeException e) {
      NioStreamChannel.closeQuietly(accepted);
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
