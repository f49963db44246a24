package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * What the epoll and io_uring listening channels share: the socket and its options ({@code
 * SO_REUSEADDR} on by default for TCP, {@code SO_BACKLOG}), bind and listen, the active flag,
 * addresses, and turning an accepted descriptor into a child through {@link #newChild}. How
 * connections are accepted (a readiness loop or completions) is the subclasses' business.
 *
 * <p>The channel owns its socket and closes it in {@code doClose}; an accepted descriptor belongs
 * to its child once {@link #child(int)} returned. Everything runs on the channel's event loop,
 * except what {@link Channel} allows from any thread.
 */
abstract class LinuxServerChannel extends AbstractServerChannel {
  final Socket socket;
  final LinuxSocketConfig config;
  private volatile boolean bound;

  LinuxServerChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup);
    this.socket = socket;
    this.config = new LinuxSocketConfig(this, socket, true);
    if (socket.family() != LinuxConstants.AF_UNIX) {
      config.setOption(ChannelOption.SO_REUSEADDR, true);
    }
  }

  /**
   * Wraps an accepted socket in a child channel on {@code loop}.
   *
   * @param loop a loop of the child group
   * @param accepted the accepted socket, owned by the child from here on
   * @return the child
   */
  abstract Channel newChild(EventLoop loop, Socket accepted);

  /**
   * Makes the child of an accepted descriptor on the child group's next loop; closes the descriptor
   * if that fails.
   *
   * @param fd the accepted descriptor, owned by this call
   * @return the child, unregistered
   * @throws IOException if closing the descriptor after a failure fails
   */
  final Channel child(int fd) throws IOException {
    Socket accepted = new Socket(fd, socket.family());
    try {
      return newChild(childGroup().next(), accepted);
    } catch (RuntimeException e) {
      accepted.close();
      throw e;
    }
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
  protected SocketAddress localAddress0() {
    return socket.localAddressOrNull();
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    socket.listen(config.backlog());
    bound = true;
  }

  @Override
  protected void doClose() throws IOException {
    bound = false;
    socket.close();
  }

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }
}
