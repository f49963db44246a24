package io.tern.testsuite.transport;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.local.LocalAddress;
import io.tern.transport.local.LocalChannel;
import io.tern.transport.local.LocalIoHandler;
import io.tern.transport.local.LocalServerChannel;
import java.net.SocketAddress;
import java.util.UUID;

/** The in-VM transport. */
public final class LocalTransport implements TransportUnderTest {
  /** The one instance. */
  public static final LocalTransport INSTANCE = new LocalTransport();

  private LocalTransport() {}

  @Override
  public String name() {
    return "local";
  }

  @Override
  public EventLoopGroup newGroup(int threads) {
    return new MultiThreadEventLoopGroup(threads, LocalIoHandler.newFactory());
  }

  @Override
  public ServerChannelFactory<? extends ServerChannel> serverChannelFactory() {
    return LocalServerChannel::new;
  }

  @Override
  public ChannelFactory<? extends Channel> clientChannelFactory() {
    return LocalChannel::new;
  }

  @Override
  public SocketAddress newServerAddress() {
    return LocalAddress.ANY;
  }

  @Override
  public HeldAddress refusingAddress() {
    return new HeldAddress(new LocalAddress("refusing-" + UUID.randomUUID()), () -> {});
  }

  @Override
  public String toString() {
    return name();
  }
}
