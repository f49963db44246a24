package io.tern.testsuite.transport;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.UUID;

/**
 * A Unix domain stream transport: the stream tests of {@code io.tern.testsuite.socket} run over it
 * unchanged, with socket files in the temporary directory (the listening channel deletes its file
 * when it closes). NIO here, epoll and io_uring in {@code transport-linux}.
 *
 * @param name the name shown in test reports
 * @param handlers the I/O handlers of its event loops
 * @param clients makes an unconnected client channel
 * @param servers makes an unbound listening channel
 */
public record DomainTransport(
    String name,
    IoHandlerFactory handlers,
    ChannelFactory<? extends Channel> clients,
    ServerChannelFactory<? extends ServerChannel> servers)
    implements TransportUnderTest {

  @Override
  public EventLoopGroup newGroup(int threads) {
    return new MultiThreadEventLoopGroup(threads, handlers);
  }

  @Override
  public ServerChannelFactory<? extends ServerChannel> serverChannelFactory() {
    return servers;
  }

  @Override
  public ChannelFactory<? extends Channel> clientChannelFactory() {
    return clients;
  }

  /** A fresh path (short enough for {@code sun_path}'s 108 bytes) in the temporary directory. */
  @Override
  public SocketAddress newServerAddress() {
    return UnixDomainSocketAddress.of(
        Path.of(System.getProperty("java.io.tmpdir"), "tern-" + UUID.randomUUID() + ".sock"));
  }

  /** A path no socket file exists at: connecting to it fails. */
  @Override
  public HeldAddress refusingAddress() {
    return new HeldAddress(newServerAddress(), () -> {});
  }

  @Override
  public String toString() {
    return name;
  }
}
