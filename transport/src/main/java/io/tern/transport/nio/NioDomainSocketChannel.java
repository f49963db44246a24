package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.socket.DomainSocketChannel;
import io.tern.transport.socket.ServerDomainSocketChannel;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * A Unix domain stream connection over NIO ({@link SocketChannel} of the {@link
 * StandardProtocolFamily#UNIX UNIX} family on a {@link NioIoHandler} loop): the same read and write
 * loops, half-closure and zero-copy {@link FileRegion}s as {@link NioSocketChannel}; options {@code
 * SO_RCVBUF}, {@code SO_SNDBUF} and the generic ones. A client bound to a path with {@code
 * connect(remote, local)} deletes that socket file when it closes.
 *
 * <p>Create one with {@code new NioDomainSocketChannel(loop)} (a bootstrap does, given {@code
 * NioDomainSocketChannel::new}) and connect it to a {@link UnixDomainSocketAddress}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; the I/O and the handlers
 * run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: a written message belongs to the channel, which
 * releases it once written or failed; a received buffer belongs to the handler it is passed to. The
 * channel owns its JDK socket (and the socket file it bound) and closes it.
 */
public class NioDomainSocketChannel extends NioStreamChannel implements DomainSocketChannel {
  /**
   * Creates an unconnected channel.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   */
  public NioDomainSocketChannel(EventLoop eventLoop) {
    this(null, eventLoop, open());
  }

  /**
   * Wraps a JDK Unix domain socket channel (connected or not); the channel switches it to
   * non-blocking mode and closes it when closed.
   *
   * @param parent the server that accepted it, or {@code null}
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param socket the socket, of the {@code UNIX} family
   */
  public NioDomainSocketChannel(
      ServerDomainSocketChannel parent, EventLoop eventLoop, SocketChannel socket) {
    super(parent, eventLoop, socket, StandardProtocolFamily.UNIX);
  }

  private static SocketChannel open() {
    try {
      return SocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix domain socket", e);
    }
  }

  @Override
  public ServerDomainSocketChannel parent() {
    return (ServerDomainSocketChannel) super.parent();
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  @Override
  public UnixDomainSocketAddress remoteAddress() {
    return (UnixDomainSocketAddress) super.remoteAddress();
  }
}
