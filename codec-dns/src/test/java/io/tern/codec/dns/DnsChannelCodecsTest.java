package io.tern.codec.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import io.tern.transport.socket.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class DnsChannelCodecsTest {
  private static final DnsMessage QUERY =
      DnsMessage.query(4242, DnsQuestion.of("example.org.", DnsRecordType.AAAA));

  @Test
  void tcpMessagesArriveWholeFromAnyPieces() {
    EmbeddedChannel out = new EmbeddedChannel(new TcpDnsEncoder());
    out.writeOutbound(QUERY, QUERY);
    ByteBuf stream = Unpooled.buffer();
    for (ByteBuf b; (b = out.readOutbound()) != null; ) {
      stream.writeBytes(b);
      b.release();
    }
    EmbeddedChannel in = new EmbeddedChannel(new TcpDnsDecoder());
    while (stream.isReadable()) {
      in.writeInbound(stream.readRetainedSlice(Math.min(3, stream.readableBytes())));
    }
    stream.release();
    assertThat(in.<DnsMessage>readInbound()).isEqualTo(QUERY);
    assertThat(in.<DnsMessage>readInbound()).isEqualTo(QUERY);
    assertThat(in.finish()).isFalse();
    assertThat(out.finish()).isFalse();
  }

  @Test
  void tcpSkipsAMalformedFrameAndKeepsInStep() {
    EmbeddedChannel in = new EmbeddedChannel(new TcpDnsDecoder());
    ByteBuf good = Unpooled.buffer();
    DnsMessages.encode(QUERY, good);
    ByteBuf bad = Unpooled.buffer();
    bad.writeShort(3).writeBytes(new byte[] {1, 2, 3});
    assertThatThrownBy(() -> in.writeInbound(bad)).isInstanceOf(DnsDecoderException.class);
    ByteBuf next = Unpooled.buffer();
    next.writeShort(good.readableBytes()).writeBytes(good);
    good.release();
    in.writeInbound(next);
    assertThat(in.<DnsMessage>readInbound()).isEqualTo(QUERY);
    assertThat(in.finish()).isFalse();
  }

  @Test
  void datagramsCarryTheirAddresses() {
    InetSocketAddress server = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 53);
    InetSocketAddress client = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 40000);
    EmbeddedChannel enc = new EmbeddedChannel(new DatagramDnsEncoder());
    enc.writeOutbound(DnsEnvelope.to(QUERY, server));
    DatagramPacket p = enc.readOutbound();
    assertThat(p.recipient()).isEqualTo(server);
    EmbeddedChannel dec = new EmbeddedChannel(new DatagramDnsDecoder());
    dec.writeInbound(new DatagramPacket(p.content(), server, client));
    DnsEnvelope e = dec.readInbound();
    assertThat(e.message()).isEqualTo(QUERY);
    assertThat(e.sender()).isEqualTo(client);
    assertThat(e.recipient()).isEqualTo(server);
    assertThat(enc.finish()).isFalse();
    assertThat(dec.finish()).isFalse();
  }
}
