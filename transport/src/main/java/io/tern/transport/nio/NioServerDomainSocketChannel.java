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
import io.tern.transport.socket.ServerDomainSocketChannel;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A listening Unix domain stream socket over NIO; accepted connections are {@link
 * NioDomainSocketChannel}s on loops of the child group. Binding creates the socket file (binding to
 * a path that exists fails: remove a stale file first); closing the channel deletes it. Options:
 * {@code SO_BACKLOG} (default the kernel's {@code somaxconn}), {@code SO_RCVBUF} and the generic
 * ones.
 *
 * <p>A bootstrap creates it from {@code NioServerDomainSocketChannel::new}. Threading: as {@link
 * io.tern.transport.channel.Channel}.
 */
public class NioServerDomainSocketChannel extends AbstractServerChannel
    implements ServerDomainSocketChannel {
  private static final System.Logger LOGGER =
      System.getLogger(NioServerDomainSocketChannel.class.getName());

  private final ServerSocketChannel socket;
  private final NioServerSocketChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private volatile UnixDomainSocketAddress boundPath;

  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param childGroup the group whose loops the accepted connections use (running {@link
   *     NioIoHandler}s)
   */
  public NioServerDomainSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup);
    try {
      socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      socket.configureBlocking(false);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix domain server socket", e);
    }
    config = new NioServerSocketChannelConfig(this, socket);
  }

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
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isActive() {
    return boundPath != null && socket.isOpen();
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
    boundPath = (UnixDomainSocketAddress) socket.getLocalAddress();
  }

  @Override
  protected void doClose() throws IOException {
    try {
      socket.close();
    } finally {
      deleteSocketFile(boundPath);
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
      return new NioDomainSocketChannel(this, childLoop, accepted);
    } catch (RuntimeException e) {
      closeQuietly(accepted);
      throw e;
    }
  }

  /** Deletes the socket file a channel bound; the JDK leaves it behind on close. */
  static void deleteSocketFile(UnixDomainSocketAddress address) {
    if (address == null) {
      return;
    }
    Path path = address.getPath();
    if (path.toString().isEmpty()) {
      return; // unnamed (an unbound client)
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Cannot delete the socket file " + path, e);
    }
  }

  static void closeQuietly(java.nio.channels.Channel c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // nothing more to do
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
