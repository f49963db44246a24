package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractStreamChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * What the epoll and io_uring stream channels share: the socket and its options, the active flag,
 * addresses, bind, half-closure, and outbound buffers moved to native memory. How bytes move
 * (readiness loops or completions) is the subclasses' business.
 *
 * <p>The channel owns its socket and closes it in {@code doClose}. Everything runs on the channel's
 * event loop, except what {@link Channel} allows from any thread.
 */
abstract class LinuxStreamChannel extends AbstractStreamChannel {
  final Socket socket;
  final LinuxSocketConfig config;

  /** Connected (set on the loop, read anywhere through {@link #isActive()}). */
  volatile boolean active;

  LinuxStreamChannel(Channel parent, EventLoop eventLoop, Socket socket, boolean active) {
    super(parent, eventLoop);
    this.socket = socket;
    this.active = active;
    this.config = new LinuxSocketConfig(this, socket, false);
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
    return active && socket.isOpen();
  }

  @Override
  protected SocketAddress localAddress0() {
    return socket.localAddressOrNull();
  }

  @Override
  protected SocketAddress remoteAddress0() {
    return socket.remoteAddressOrNull();
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
  }

  @Override
  protected void doShutdownInput() throws IOException {
    socket.shutdown(true, false);
  }

  @Override
  protected void doShutdownOutput() throws IOException {
    socket.shutdown(false, true);
  }

  /** Copies heap buffers into direct memory, so writes can hand native addresses to the kernel. */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    return NativeBuffers.toNative(super.filterOutboundMessage(msg), config.allocator());
  }
}
