package io.tern.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Future;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EchoServerTest {

  @Test
  void clientGetsEveryByteBackOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          EchoServer.start(nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      // 2 MB: far past the write water mark, so the client also exercises writability changes.
      Future<EchoClient.Result> result =
          EchoClient.run(nio, group, server.localAddress(), 2000, 1000);
      assertThat(result.await(60, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(result.cause()).isNull();
      assertThat(result.getNow().bytes()).isEqualTo(2_000_000);
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void clientAndServerTalkOverTheLocalTransport() throws Exception {
    Transport local = Transports.select("local");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, local.ioHandlerFactory());
    try {
      ServerChannel server =
          EchoServer.start(local, group, local.address("echo-test", 1)).sync().getNow();
      Future<EchoClient.Result> result =
          EchoClient.run(local, group, server.localAddress(), 50, 64);
      assertThat(result.await(60, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(result.cause()).isNull();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
