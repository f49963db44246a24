package io.tern.codec.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxiedAddressHandlerTest {
  private static InetSocketAddress addr(String literal, int port) {
    return new InetSocketAddress(InetAddress.ofLiteral(literal), port);
  }

  /** Records the remote address each later handler sees with the data. */
  static final class AddressRecorder implements ChannelHandler {
    final List<SocketAddress> seen = new ArrayList<>();
    final List<Object> events = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      seen.add(ctx.channel().remoteAddress());
      ((ByteBuf) msg).release();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
    }
  }

  @Test
  void laterHandlersSeeTheClientTheProxyNames() {
    AddressRecorder recorder = new AddressRecorder();
    EmbeddedChannel ch =
        new EmbeddedChannel(new HAProxyMessageDecoder(), ProxiedAddressHandler.INSTANCE, recorder);
    ch.writeInbound(
        Unpooled.copiedBuffer(
            "PROXY TCP4 203.0.113.7 10.0.0.1 40001 443\r\nhello", StandardCharsets.US_ASCII));
    assertThat(recorder.seen).containsExactly(addr("203.0.113.7", 40001));
    assertThat(ch.remoteAddress()).isEqualTo(addr("203.0.113.7", 40001));
    assertThat(ch.attr(ProxiedAddressHandler.MESSAGE).get().destinationPort()).isEqualTo(443);
    assertThat(recorder.events).singleElement().isInstanceOf(HAProxyMessage.class);
    assertThat(ch.pipeline().context(ProxiedAddressHandler.INSTANCE)).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void anUnknownHeaderKeepsTheConnectionsOwnAddress() {
    AddressRecorder recorder = new AddressRecorder();
    EmbeddedChannel ch =
        new EmbeddedChannel(new HAProxyMessageDecoder(), new ProxiedAddressHandler(), recorder);
    SocketAddress own = ch.remoteAddress();
    ch.writeInbound(Unpooled.copiedBuffer("PROXY UNKNOWN\r\nx", StandardCharsets.US_ASCII));
    assertThat(recorder.seen).containsExactly(own);
    assertThat(ch.finish()).isFalse();
  }
}
