package io.tern.examples.telnet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TelnetServerTest {
  private static final Clock NOON =
      Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);

  private static EmbeddedChannel channel() {
    TelnetServerHandler handler = new TelnetServerHandler(NOON);
    return new EmbeddedChannel(
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            TelnetServerHandler.addTo(ch.pipeline(), handler); // as the server does
          }
        });
  }

  /** Reads everything written so far as one string. */
  private static String written(EmbeddedChannel ch) {
    StringBuilder text = new StringBuilder();
    for (ByteBuf out; (out = ch.readOutbound()) != null; ) {
      text.append(out.toString(StandardCharsets.UTF_8));
      out.release();
    }
    return text.toString();
  }

  @Test
  void greetsWithTheTimeAndAnswersEachLine() {
    EmbeddedChannel ch = channel();
    assertThat(written(ch))
        .startsWith("Welcome to the Tern telnet server, ")
        .endsWith("It is Sun, 29 Nov 2026 12:00:00 GMT now. Type 'bye' to leave.\r\n");

    ch.writeInbound(Unpooled.copiedBuffer("hi there\r\n\r\nsecond\n", StandardCharsets.UTF_8));
    assertThat(written(ch))
        .isEqualTo(
            "Did you say 'hi there'?\r\nPlease type something.\r\nDid you say 'second'?\r\n");
    assertThat(ch.isOpen()).isTrue();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void byeClosesAfterTheFarewellIsWritten() {
    EmbeddedChannel ch = channel();
    written(ch);
    ch.writeInbound(Unpooled.copiedBuffer("  BYE \r\n", StandardCharsets.UTF_8));
    assertThat(written(ch)).isEqualTo("Have a good day!\r\n");
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void aLineLongerThanTheLimitClosesTheConnection() {
    EmbeddedChannel ch = channel();
    written(ch);
    ch.writeInbound(
        Unpooled.copiedBuffer(
            "x".repeat(TelnetServerHandler.MAX_LINE + 1) + "\n", StandardCharsets.UTF_8));
    assertThat(ch.isOpen()).as("exceptionCaught closed it").isFalse();
    assertThat(written(ch)).isEmpty();
  }

  @Test
  void talksToABlockingSocketOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          TelnetServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), NOON)
              .sync()
              .getNow();
      InetSocketAddress address = (InetSocketAddress) server.localAddress();
      try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
        socket.setSoTimeout(30_000); // a hang guard, not a speed check
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        OutputStream out = socket.getOutputStream();
        assertThat(in.readLine()).startsWith("Welcome to the Tern telnet server, /127.0.0.1:");
        assertThat(in.readLine()).contains("2026 12:00:00 GMT");
        out.write("héllo\r\nbye\r\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        assertThat(in.readLine()).isEqualTo("Did you say 'héllo'?");
        assertThat(in.readLine()).isEqualTo("Have a good day!");
        assertThat(in.readLine()).as("closed by the server").isNull();
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
