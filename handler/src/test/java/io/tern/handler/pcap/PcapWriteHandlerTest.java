package io.tern.handler.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.handler.pcap.PcapFile.Packet;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class PcapWriteHandlerTest {
  private static final int SYN = 0x02;
  private static final int FIN = 0x01;
  private static final int PSH = 0x08;
  private static final int ACK = 0x10;
  private static final InetSocketAddress LOCAL = address("10.0.0.1", 50000);
  private static final InetSocketAddress REMOTE = address("10.0.0.2", 443);

  private static InetSocketAddress address(String ip, int port) {
    return new InetSocketAddress(InetAddress.ofLiteral(ip), port);
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
  }

  private final ByteArrayOutputStream file = new ByteArrayOutputStream();

  private PcapWriter writer() throws IOException {
    return PcapWriter.create(
        file, Clock.fixed(Instant.ofEpochSecond(1_700_000_000, 123_456_789), ZoneOffset.UTC));
  }

  private List<Packet> packets() throws Exception {
    return new PcapFile(file.toByteArray()).packets;
  }

  private static void assertSegment(
      Packet p,
      InetSocketAddress src,
      InetSocketAddress dst,
      int flags,
      int seq,
      int ack,
      String payload) {
    assertThat(p.src()).isEqualTo(src.getAddress());
    assertThat(p.srcPort()).isEqualTo(src.getPort());
    assertThat(p.dst()).isEqualTo(dst.getAddress());
    assertThat(p.dstPort()).isEqualTo(dst.getPort());
    assertThat(p.flags()).as("flags of %s", p).isEqualTo(flags);
    assertThat(p.seq()).as("seq of %s", p).isEqualTo(seq);
    assertThat(p.ack()).as("ack of %s", p).isEqualTo(ack);
    assertThat(new String(p.payload(), StandardCharsets.US_ASCII)).isEqualTo(payload);
  }

  @Test
  void clientConversationHasHandshakeDataAcksAndLocalFin() throws Exception {
    EmbeddedChannel ch =
        new EmbeddedChannel(PcapWriteHandler.builder(writer()).addresses(LOCAL, REMOTE).build());
    ch.writeInbound(ascii("hello"));
    ch.writeOutbound(ascii("hi!"));
    ch.finishAndReleaseAll();

    List<Packet> p = packets();
    assertThat(p).hasSize(10);
    assertSegment(p.get(0), LOCAL, REMOTE, SYN, 0, 0, "");
    assertSegment(p.get(1), REMOTE, LOCAL, SYN | ACK, 0, 1, "");
    assertSegment(p.get(2), LOCAL, REMOTE, ACK, 1, 1, "");
    assertSegment(p.get(3), REMOTE, LOCAL, PSH | ACK, 1, 1, "hello");
    assertSegment(p.get(4), LOCAL, REMOTE, ACK, 1, 6, "");
    assertSegment(p.get(5), LOCAL, REMOTE, PSH | ACK, 1, 6, "hi!");
    assertSegment(p.get(6), REMOTE, LOCAL, ACK, 6, 4, "");
    assertSegment(p.get(7), LOCAL, REMOTE, FIN | ACK, 4, 6, "");
    assertSegment(p.get(8), REMOTE, LOCAL, FIN | ACK, 6, 5, "");
    assertSegment(p.get(9), LOCAL, REMOTE, ACK, 5, 7, "");
    assertThat(p)
        .allSatisfy(
            x -> {
              assertThat(x.seconds()).isEqualTo(1_700_000_000L);
              assertThat(x.micros()).isEqualTo(123_456);
              assertThat(x.ipVersion()).isEqualTo(4);
            });
  }

  @Test
  void serverSideHandshakeStartsFromTheRemoteAndRemoteCloseSendsItsFin() throws Exception {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            PcapWriteHandler.builder(writer()).server(true).addresses(LOCAL, REMOTE).build());
    ch.pipeline().fireChannelInactive();

    List<Packet> p = packets();
    assertThat(p).hasSize(6);
    assertSegment(p.get(0), REMOTE, LOCAL, SYN, 0, 0, "");
    assertSegment(p.get(1), LOCAL, REMOTE, SYN | ACK, 0, 1, "");
    assertSegment(p.get(2), REMOTE, LOCAL, ACK, 1, 1, "");
    assertSegment(p.get(3), REMOTE, LOCAL, FIN | ACK, 1, 1, "");
    assertSegment(p.get(4), LOCAL, REMOTE, FIN | ACK, 1, 2, "");
    assertSegment(p.get(5), REMOTE, LOCAL, ACK, 2, 2, "");
    ch.finish();
    assertThat(packets()).as("no second FIN exchange").hasSize(6);
  }

  @Test
  void recordsWithoutChangingOrConsumingTheBuffers() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel(PcapWriteHandler.builder(writer()).build());
    ByteBuf in = ascii("abc");
    in.readByte();

    ch.writeInbound(in);

    ByteBuf passed = ch.readInbound();
    assertThat(passed).isSameAs(in);
    assertThat(passed.readerIndex()).isEqualTo(1);
    assertThat(passed.refCnt()).isEqualTo(1);
    passed.release();
    assertThat(packets().get(3).payload()).containsExactly('b', 'c');
    ch.finish();
  }

  @Test
  void placeholderAddressesWhenNoneAreGiven() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel(PcapWriteHandler.builder(writer()).build());
    ch.finish();

    Packet syn = packets().getFirst();
    assertThat(syn.src().getHostAddress()).isEqualTo("192.0.2.1");
    assertThat(syn.dst().getHostAddress()).isEqualTo("192.0.2.2");
  }

  @Test
  void ipv6AndMixedFamiliesUseIpv6Headers() throws Exception {
    InetSocketAddress v6 = address("2001:db8::1", 8443);
    EmbeddedChannel ch =
        new EmbeddedChannel(PcapWriteHandler.builder(writer()).addresses(LOCAL, v6).build());
    ch.writeInbound(ascii("x"));
    ch.finishAndReleaseAll();

    List<Packet> p = packets();
    assertThat(p).allSatisfy(x -> assertThat(x.ipVersion()).isEqualTo(6));
    assertThat(p.get(0).src().getHostAddress()).as("IPv4-mapped").isEqualTo("10.0.0.1");
    assertThat(p.get(3).src()).isEqualTo(v6.getAddress());
    assertThat(p.get(3).payload()).containsExactly('x');
  }

  @Test
  void udpRecordsOneDatagramPerBufferWithoutHandshake() throws Exception {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            PcapWriteHandler.builder(writer()).udp().addresses(LOCAL, REMOTE).build());
    ch.writeInbound(ascii("query"));
    ch.writeOutbound(ascii("answer"));
    ch.finishAndReleaseAll();

    List<Packet> p = packets();
    assertThat(p).hasSize(2);
    assertThat(p.get(0).protocol()).isEqualTo(17);
    assertThat(p.get(0).src()).isEqualTo(REMOTE.getAddress());
    assertThat(new String(p.get(0).payload(), StandardCharsets.US_ASCII)).isEqualTo("query");
    assertThat(p.get(1).srcPort()).isEqualTo(LOCAL.getPort());
    assertThat(new String(p.get(1).payload(), StandardCharsets.US_ASCII)).isEqualTo("answer");
  }

  @Test
  void largeBuffersAreSplitIntoSegmentsThatFitAnIpPacket() throws Exception {
    EmbeddedChannel ch =
        new EmbeddedChannel(PcapWriteHandler.builder(writer()).addresses(LOCAL, REMOTE).build());
    byte[] big = new byte[100_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) i;
    }
    ch.writeOutbound(Unpooled.wrappedBuffer(big));
    ch.finishAndReleaseAll();

    List<Packet> data = packets().stream().filter(x -> x.payload().length > 0).toList();
    assertThat(data).hasSize(2);
    assertThat(data.get(0).payload()).hasSize(65_495);
    assertThat(data.get(1).seq()).isEqualTo(1 + 65_495);
    byte[] joined = new byte[big.length];
    System.arraycopy(data.get(0).payload(), 0, joined, 0, 65_495);
    System.arraycopy(data.get(1).payload(), 0, joined, 65_495, big.length - 65_495);
    assertThat(joined).isEqualTo(big);
  }

  @Test
  void sharedWriterHasOneFileHeaderForSeveralChannels() throws Exception {
    PcapWriter shared = writer();
    EmbeddedChannel a =
        new EmbeddedChannel(PcapWriteHandler.builder(shared).addresses(LOCAL, REMOTE).build());
    EmbeddedChannel b =
        new EmbeddedChannel(
            PcapWriteHandler.builder(shared).addresses(LOCAL, address("10.0.0.3", 80)).build());
    a.finish();
    b.finish();
    shared.close();

    assertThat(packets()).hasSize(12);
    assertThat(shared.isClosed()).isTrue();
  }

  @Test
  void failingCaptureFileStopsTheCaptureButNotTheChannel() throws Exception {
    OutputStream failing =
        new OutputStream() {
          int writes;

          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            if (++writes > 1) {
              throw new IOException("disk full");
            }
          }
        };
    EmbeddedChannel ch =
        new EmbeddedChannel(PcapWriteHandler.builder(PcapWriter.create(failing)).build());

    assertThat(ch.writeInbound(ascii("still flows"))).isTrue();
    ByteBuf read = ch.readInbound();
    assertThat(read.toString(StandardCharsets.US_ASCII)).isEqualTo("still flows");
    read.release();
    ch.finish();
  }

  @Test
  void closedWriterDropsPacketsQuietly() throws Exception {
    PcapWriter w = writer();
    w.close();
    EmbeddedChannel ch = new EmbeddedChannel(PcapWriteHandler.builder(w).build());

    ch.writeInbound(ascii("x"));
    ch.finishAndReleaseAll();

    assertThat(packets()).isEmpty();
  }

  @Test
  void acceptedNioChannelIsCapturedWithItsRealAddressesAsTheServerEnd() throws Exception {
    io.tern.transport.EventLoopGroup group =
        new io.tern.transport.MultiThreadEventLoopGroup(
            1, io.tern.transport.nio.NioIoHandler.newFactory());
    try {
      PcapWriter w = writer();
      io.tern.common.concurrent.Promise<Void> serverClosed = group.next().newPromise();
      io.tern.transport.channel.Channel server =
          new io.tern.transport.bootstrap.ServerBootstrap()
              .group(group)
              .channelFactory(io.tern.transport.nio.NioServerSocketChannel::new)
              .childHandler(
                  new io.tern.transport.channel.ChannelInitializer<>() {
                    @Override
                    protected void initChannel(io.tern.transport.channel.Channel ch) {
                      ch.closeFuture().addListener(f -> serverClosed.trySuccess(null));
                      ch.pipeline()
                          .addLast(PcapWriteHandler.builder(w).build())
                          .addLast(
                              new io.tern.transport.channel.ChannelHandler() {
                                @Override
                                public void channelRead(
                                    io.tern.transport.channel.ChannelHandlerContext ctx,
                                    Object msg) {
                                  ctx.writeAndFlush(msg).addListener(f -> ctx.close());
                                }
                              });
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0))
              .sync()
              .getNow();
      io.tern.transport.channel.Channel client =
          new io.tern.transport.bootstrap.Bootstrap()
              .group(group)
              .channelFactory(io.tern.transport.nio.NioSocketChannel::new)
              .handler(new io.tern.transport.channel.ChannelHandler() {})
              .connect(server.localAddress())
              .sync()
              .getNow();
      InetSocketAddress serverAddress = (InetSocketAddress) server.localAddress();
      InetSocketAddress clientAddress = (InetSocketAddress) client.localAddress();
      client.writeAndFlush(ascii("ping")).sync();
      assertThat(serverClosed.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      client.close().sync();
      server.close().sync();

      List<Packet> p = packets();
      assertSegment(p.get(0), clientAddress, serverAddress, SYN, 0, 0, "");
      assertSegment(p.get(3), clientAddress, serverAddress, PSH | ACK, 1, 1, "ping");
      assertSegment(p.get(5), serverAddress, clientAddress, PSH | ACK, 1, 5, "ping");
      assertThat(p.get(7).flags()).as("the server closed first").isEqualTo(FIN | ACK);
      assertThat(p.get(7).src()).isEqualTo(serverAddress.getAddress());
      assertThat(p.get(7).srcPort()).isEqualTo(serverAddress.getPort());
    } finally {
      group.shutdownGracefully(0, 5, java.util.concurrent.TimeUnit.SECONDS).sync();
    }
  }
}
