package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.NioIoHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.socket.ServerDomainSocketChannel;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

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
public class NioServerDomainSocketChannel extends NioServerChannel
    implements ServerDomainSocketChannel {
  private static final System.Logger LOGGER =
      System.getLogger(NioServerDomainSocketChannel.class.getName());

  private volatile UnixDomainSocketAddress boundPath;

  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param childGroup the group whose loops the accepted connections use (running {@link
   *     NioIoHandler}s)
   */
  public NioServerDomainSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup, open());
  }

  private static ServerSocketChannel open() {
    try {
      return ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix domain server socket", e);
    }
  }

  @Override
  Channel newChild(EventLoop loop, SocketChannel accepted) {
    return new NioDomainSocketChannel(this, loop, accepted);
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  /** Binds, creating the socket file, and remembers it to delete on close. */
  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    super.doBind(localAddress);
    boundPath = (UnixDomainSocketAddress) javaChannel().getLocalAddress();
  }

  /** Closes, and deletes the socket file (the JDK leaves it behind). */
  @Override
  protected void doClose() throws IOException {
    try {
      super.doClose();
    } finally {
      deleteSocketFile(boundPath);
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
}
