package io.tern.examples.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.stomp.StompCodec;
import io.tern.codec.stomp.StompHeartbeat;
import io.tern.codec.stomp.StompVersion;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stomp-client example against the stomp-broker example over TCP, in each version; and the
 * broker's answers to a client that breaks the protocol.
 */
class StompBrokerTest {

  @ParameterizedTest
  @ValueSource(strings = {"1.0", "1.1", "1.2"})
  void clientSessionInATransactionGetsEveryMessageInEachVersion(String version) throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          StompBroker.start(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                  new StompHeartbeat(1000, 1000))
              .sync()
              .getNow();
      StompClient.Result result =
          StompClient.run(
                  nio,
                  group,
                  server.localAddress(),
                  new StompClient.Session(
                      "/queue/test", 5, version, "/", null, null, new StompHeartbeat(1000, 1000)))
              .get(30, TimeUnit.SECONDS);
      assertThat(result.version()).isEqualTo(StompVersion.of(version));
      assertThat(result.bodies())
          .containsExactly("message 0", "message 1", "message 2", "message 3", "message 4");
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void frameBeforeConnectIsAnsweredWithErrorAndClose() {
    EmbeddedChannel ch = broker();
    ch.writeInbound(ascii("SEND\ndestination:/queue/a\nreceipt:r-1\n\nhi\0"));
    String error = readOutbound(ch);
    assertThat(error).startsWith("ERROR\n").contains("message:SEND before CONNECT\n");
    assertThat(error).contains("receipt-id:r-1\n");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void negotiatesTheHighestSharedVersionAndHeartbeatsAndAnswersReceipts() {
    EmbeddedChannel ch = broker();
    ch.writeInbound(ascii("CONNECT\naccept-version:1.1,1.2\nheart-beat:500,3000\n\n\0"));
    String connected = readOutbound(ch);
    assertThat(connected)
        .startsWith("CONNECTED\n")
        .contains("version:1.2\n")
        .contains("heart-beat:1000,1000\n");
    ch.writeInbound(ascii("BEGIN\ntransaction:t\nreceipt:r-2\n\n\0"));
    assertThat(readOutbound(ch)).isEqualTo("RECEIPT\nreceipt-id:r-2\n\n\0");
    ch.writeInbound(ascii("COMMIT\ntransaction:other\n\n\0"));
    assertThat(readOutbound(ch)).contains("message:no transaction other\n");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void unsupportedVersionIsAnError() {
    EmbeddedChannel ch = broker();
    ch.writeInbound(ascii("CONNECT\naccept-version:2.0\n\n\0"));
    assertThat(readOutbound(ch)).startsWith("ERROR\n").contains("supported versions");
    ch.finishAndReleaseAll();
  }

  private static EmbeddedChannel broker() {
    return new EmbeddedChannel(
        new StompCodec(),
        new StompBrokerHandler(new StompDestinations(), new StompHeartbeat(1000, 1000), "s-1"));
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  private static String readOutbound(EmbeddedChannel ch) {
    ch.runPendingTasks();
    ByteBuf out = ch.readOutbound();
    assertThat(out).as("a frame written").isNotNull();
    try {
      return out.toString(StandardCharsets.UTF_8);
    } finally {
      out.release();
    }
  }
}
