package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.tern.benchmarks.load.netty.NettyWebSocketServer;
import io.tern.benchmarks.load.tern.TernWebSocketServer;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both WebSocket echo twins of {@code ws-compare}, in this JVM over NIO, loaded briefly by {@link
 * WebSocketEchoClient} in every scenario shape: the client checks every echo against what it sent
 * (inflating compressed ones), so a run that counts messages is a run where each came back intact.
 */
class WebSocketEchoTwinsTest {
  private static EventLoopGroup ternGroup;
  private static MultiThreadIoEventLoopGroup nettyGroup;
  private static InetSocketAddress tern;
  private static InetSocketAddress netty;

  @BeforeAll
  static void startServers() throws Exception {
    ternGroup = new MultiThreadEventLoopGroup(1, io.tern.transport.nio.NioIoHandler.newFactory());
    ServerChannel ternServer =
        new io.tern.transport.bootstrap.ServerBootstrap()
            .group(ternGroup)
            .channelFactory(io.tern.transport.nio.NioServerSocketChannel::new)
            .childHandler(TernWebSocketServer.childHandler())
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    tern = (InetSocketAddress) ternServer.localAddress();
    nettyGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    netty =
        (InetSocketAddress)
            new ServerBootstrap()
                .group(nettyGroup)
                .channel(NioServerSocketChannel.class)
                .childHandler(
                    new ChannelInitializer<io.netty.channel.Channel>() {
                      @Override
                      protected void initChannel(io.netty.channel.Channel ch) {
                        NettyWebSocketServer.initPipeline(ch);
                      }
                    })
                .bind(InetAddress.getLoopbackAddress(), 0)
                .sync()
                .channel()
                .localAddress();
  }

  @AfterAll
  static void stopServers() throws Exception {
    ternGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    nettyGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
  }

  @ParameterizedTest(name = "{0} B x {1} connections, deflate {2}")
  @CsvSource({
    "16, 1, false",
    "16, 8, false",
    "65536, 1, false",
    "65536, 8, false",
    "16, 1, true",
    "16, 8, true",
    "65536, 1, true",
    "65536, 8, true"
  })
  void bothServersEchoEveryMessageIntact(int size, int connections, boolean deflate)
      throws Exception {
    for (InetSocketAddress server : List.of(tern, netty)) {
      WebSocketEchoClient.Result r =
          WebSocketEchoClient.run(
              new WebSocketEchoClient.Run(
                  server, connections, size, 4, deflate, 0, 0.1, 0, 8L * connections));

      assertThat(r.messages()).as("echoed by %s", server).isGreaterThanOrEqualTo(8L * connections);
      if (deflate) {
        assertThat(r.extension()).startsWith("permessage-deflate");
      } else {
        assertThat(r.extension()).isEqualTo("none");
      }
    }
  }

  @Test
  void theScenariosAreTheGoalsEightWithTheirLabels() {
    assertThat(WebSocketEchoCompare.Scenario.ALL.stream().map(s -> s.label()))
        .containsExactly(
            "ws-16-c1",
            "ws-16-c64",
            "ws-64k-c1",
            "ws-64k-c64",
            "ws-16-c1-deflate",
            "ws-16-c64-deflate",
            "ws-64k-c1-deflate",
            "ws-64k-c64-deflate");
    assertThat(WebSocketEchoCompare.Scenario.parseList("ws-64k-c1-deflate"))
        .containsExactly(new WebSocketEchoCompare.Scenario(65536, 1, true));
  }

  @Test
  void theMessagesDifferAndAreText() {
    byte[] a = WebSocketEchoClient.text(64, 1);
    byte[] b = WebSocketEchoClient.text(64, 2);

    assertThat(a).hasSize(64).isNotEqualTo(b);
    assertThat(new String(a, java.nio.charset.StandardCharsets.US_ASCII)).matches("[a-z .]+");
  }
}
