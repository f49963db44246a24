package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.testsuite.transport.OpenFileDescriptorCheck;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import io.tern.transport.socket.DatagramTruncatedException;
import io.tern.transport.spi.AbstractDatagramChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.NotYetConnectedException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * UDP on the loopback interface, over every transport that has datagram channels: packets with
 * their addresses, connected mode, truncation, ICMP errors, the read loop's limits, batches of
 * datagrams in both directions, options, and the membership bookkeeping (joins, leaves, blocks)
 * over IPv4 and IPv6. Multicast delivery (IPv4 on {@code lo}) is tested in {@code
 * DatagramMulticastTest}. A transport runs these by subclassing with its {@link DatagramTransport}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OpenFileDescriptorCheck.class)
public abstract class DatagramChannelTest {
  private static final InetAddress LOOPBACK4 = InetAddress.getLoopbackAddress();
  private static final long TIMEOUT_SECONDS = 30; // hang guard only

  private final DatagramTransport transport;
  private EventLoopGroup group;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramChannelTest(DatagramTransport transport) {
    this.transport = transport;
  }

  @BeforeAll
  void startGroup() throws Exception {
    group = transport.newGroup(2);
    for (var loop : group) {
      loop.submit(() -> {}).sync(); // start the threads now: they belong to the class
    }
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Copies what it reads (text, sender, recipient) into a queue and releases the packets. */
  private static final class Collector implements ChannelHandler {
    record Received(String text, InetSocketAddress sender, InetSocketAddress recipient) {}

    final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<Throwable> failures = new CopyOnWriteArrayList<>();
    final BlockingQueue<Throwable> failureQueue = new LinkedBlockingQueue<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DatagramPacket packet = (DatagramPacket) msg;
      events.add("read");
      received.add(
          new Received(
              packet.content().toString(StandardCharsets.UTF_8),
              packet.sender(),
              packet.recipient()));
      packet.release();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      events.add("complete");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      failures.add(cause);
      failureQueue.add(cause);
    }

    Throwable nextFailure() throws InterruptedException {
      Throwable t = failureQueue.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      assertThat(t).as("a failure within the hang guard").isNotNull();
      return t;
    }

    Received next() throws InterruptedException {
      Received r = received.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      assertThat(r).as("a datagram within the hang guard").isNotNull();
      return r;
    }
  }

  private DatagramChannel bind(ChannelHandler handler, InetAddress address) throws Exception {
    return bind(handler, address, new Bootstrap());
  }

  private DatagramChannel bind(ChannelHandler handler, InetAddress address, Bootstrap bootstrap)
      throws Exception {
    Channel ch =
        bootstrap
            .group(group)
            .channelFactory(
                loop ->
                    transport
                        .channels()
                        .create(
                            loop,
                            address instanceof java.net.Inet6Address
                                ? StandardProtocolFamily.INET6
                                : StandardProtocolFamily.INET))
            .handler(handler)
            .bind(new InetSocketAddress(address, 0))
            .sync()
            .getNow();
    return (DatagramChannel) ch;
  }

  /** Sends "0", "1", ... from a JDK socket, so they wait for the channel under test. */
  private static void sendFromJdk(InetSocketAddress to, int count) throws Exception {
    try (java.nio.channels.DatagramChannel jdk =
        java.nio.channels.DatagramChannel.open(StandardProtocolFamily.INET)) {
      for (int i = 0; i < count; i++) {
        jdk.send(ByteBuffer.wrap(Integer.toString(i).getBytes(StandardCharsets.UTF_8)), to);
      }
    }
  }

  private static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  @Test
  void packetsCarryTheirPayloadSenderAndRecipient() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(collector, LOOPBACK4);
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      assertThat(receiver.isActive()).isTrue();
      assertThat(receiver.isConnected()).isFalse();
      sender.writeAndFlush(new DatagramPacket(text("hello"), receiver.localAddress())).sync();
      Collector.Received r = collector.next();
      assertThat(r.text()).isEqualTo("hello");
      assertThat(r.sender()).isEqualTo(sender.localAddress());
      assertThat(r.recipient()).isEqualTo(receiver.localAddress());
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void worksOverIpv6Loopback() throws Exception {
    InetAddress loopback6 = InetAddress.ofLiteral("::1");
    Collector collector = new Collector();
    DatagramChannel receiver = bind(collector, loopback6);
    DatagramChannel sender = bind(new ChannelHandler() {}, loopback6);
    try {
      sender.writeAndFlush(new DatagramPacket(text("six"), receiver.localAddress())).sync();
      Collector.Received r = collector.next();
      assertThat(r.text()).isEqualTo("six");
      assertThat(r.sender().getAddress()).isEqualTo(loopback6);
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void aConnectedChannelWritesPlainBuffersToItsPeer() throws Exception {
    Collector atPeer = new Collector();
    DatagramChannel peer = bind(atPeer, LOOPBACK4);
    Collector atClient = new Collector();
    DatagramChannel client =
        (DatagramChannel)
            new Bootstrap()
                .group(group)
                .channelFactory(
                    loop -> transport.channels().create(loop, StandardProtocolFamily.INET))
                .handler(atClient)
                .connect(peer.localAddress())
                .sync()
                .getNow();
    try {
      assertThat(client.isConnected()).isTrue();
      assertThat(client.isActive()).isTrue();
      assertThat(client.remoteAddress()).isEqualTo(peer.localAddress());
      client.writeAndFlush(text("plain")).sync();
      assertThat(atPeer.next().text()).isEqualTo("plain");

      peer.writeAndFlush(new DatagramPacket(text("back"), client.localAddress())).sync();
      Collector.Received r = atClient.next();
      assertThat(r.text()).isEqualTo("back");
      assertThat(r.sender()).isEqualTo(peer.localAddress());

      client.disconnect().sync();
      assertThat(client.isConnected()).isFalse();
      assertThat(client.isOpen()).isTrue();
      assertThat(client.remoteAddress()).isNull();
    } finally {
      client.close().sync();
      peer.close().sync();
    }
  }

  @Test
  void aPlainBufferOnAnUnconnectedChannelFailsAndIsReleased() throws Exception {
    DatagramChannel ch = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      ByteBuf buf = text("nowhere");
      Future<Void> write = ch.writeAndFlush(buf).await();
      assertThat(write.cause()).isInstanceOf(NotYetConnectedException.class);
      assertThat(buf.refCnt()).isZero();
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void aFailedSendFailsOnlyThatWrite() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(collector, LOOPBACK4);
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      // Broadcast without SO_BROADCAST: the kernel refuses (EACCES).
      Future<Void> refused =
          sender.write(
              new DatagramPacket(
                  text("x"), new InetSocketAddress(InetAddress.ofLiteral("255.255.255.255"), 9)));
      Future<Void> delivered =
          sender.writeAndFlush(new DatagramPacket(text("after"), receiver.localAddress()));
      assertThat(refused.await().cause()).isInstanceOf(SocketException.class);
      assertThat(delivered.await().isSuccess()).isTrue();
      assertThat(collector.next().text()).isEqualTo("after");
      assertThat(sender.isOpen()).isTrue();
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void aDatagramOfTheDefaultMaximumArrivesWhole() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(collector, LOOPBACK4);
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      String max = "m".repeat(AbstractDatagramChannel.DEFAULT_MAX_DATAGRAM_BYTES);
      sender.writeAndFlush(new DatagramPacket(text(max), receiver.localAddress())).sync();
      assertThat(collector.next().text()).isEqualTo(max);
      assertThat(collector.failures).isEmpty();
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void aTruncatedDatagramIsDroppedAndReportedAndTheChannelReadsOn() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(collector, LOOPBACK4);
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      String tooLong = "y".repeat(AbstractDatagramChannel.DEFAULT_MAX_DATAGRAM_BYTES + 1);
      sender.writeAndFlush(new DatagramPacket(text(tooLong), receiver.localAddress())).sync();
      sender.writeAndFlush(new DatagramPacket(text("next"), receiver.localAddress())).sync();
      assertThat(collector.next().text()).isEqualTo("next");
      assertThat(collector.failures)
          .singleElement()
          .isInstanceOfSatisfying(
              DatagramTruncatedException.class,
              e -> {
                assertThat(e.sender()).isEqualTo(sender.localAddress());
                assertThat(e.maxDatagramBytes())
                    .isEqualTo(AbstractDatagramChannel.DEFAULT_MAX_DATAGRAM_BYTES);
              });
      assertThat(receiver.isOpen()).isTrue();
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void aLargerFixedAllocatorAcceptsLongerDatagrams() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(
            collector,
            LOOPBACK4,
            new Bootstrap()
                .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(65536)));
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      String big = "z".repeat(60_000);
      sender.writeAndFlush(new DatagramPacket(text(big), receiver.localAddress())).sync();
      assertThat(collector.next().text()).isEqualTo(big);
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void aConnectedChannelReportsAnUnreachablePeerAndStaysOpen() throws Exception {
    // A port that was bound and is free again: nothing listens there.
    int closedPort;
    try (java.nio.channels.DatagramChannel probe =
        java.nio.channels.DatagramChannel.open(StandardProtocolFamily.INET)) {
      probe.bind(new InetSocketAddress(LOOPBACK4, 0));
      closedPort = ((InetSocketAddress) probe.getLocalAddress()).getPort();
    }
    Collector collector = new Collector();
    DatagramChannel client =
        (DatagramChannel)
            new Bootstrap()
                .group(group)
                .channelFactory(
                    loop -> transport.channels().create(loop, StandardProtocolFamily.INET))
                .handler(collector)
                .connect(new InetSocketAddress(LOOPBACK4, closedPort))
                .sync()
                .getNow();
    try {
      client.writeAndFlush(text("anyone?")).sync(); // the ICMP error comes back on the next read
      assertThat(collector.nextFailure()).isInstanceOf(PortUnreachableException.class);
      assertThat(client.isOpen()).isTrue();
      assertThat(client.isConnected()).isTrue();
    } finally {
      client.close().sync();
    }
  }

  @Test
  void theReadLoopStopsAfterMaxMessagesPerRead() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(
            collector,
            LOOPBACK4,
            new Bootstrap()
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.MAX_MESSAGES_PER_READ, 2));
    try {
      sendFromJdk(receiver.localAddress(), 5); // they wait in the socket before the channel reads
      receiver.config().autoRead(true);
      for (int i = 0; i < 5; i++) {
        assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
      }
      receiver.close().sync();
      assertThat(collector.events)
          .containsExactly(
              "read", "read", "complete", "read", "read", "complete", "read", "complete");
    } finally {
      receiver.close().sync();
    }
  }

  @Test
  void manyQueuedDatagramsArriveInOrderAcrossReadLoops() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(
            collector,
            LOOPBACK4,
            new Bootstrap()
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.SO_RCVBUF, 1024 * 1024));
    int count = 100;
    try {
      // All queued before the first read: batched transports take them many per call.
      sendFromJdk(receiver.localAddress(), count);
      receiver.config().autoRead(true);
      for (int i = 0; i < count; i++) {
        assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
      }
      assertThat(collector.failures).isEmpty();
      int completes = (int) collector.events.stream().filter("complete"::equals).count();
      assertThat(completes).isGreaterThanOrEqualTo(count / 16); // at most 16 per read loop
    } finally {
      receiver.close().sync();
    }
  }

  @Test
  void manyDatagramsFlushedAtOnceAllArriveInOrder() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(collector, LOOPBACK4, new Bootstrap().option(ChannelOption.SO_RCVBUF, 1024 * 1024));
    DatagramChannel sender = bind(new ChannelHandler() {}, LOOPBACK4);
    int count = 100;
    try {
      List<Future<Void>> writes = new java.util.ArrayList<>();
      for (int i = 0; i < count; i++) {
        writes.add(
            sender.write(new DatagramPacket(text(Integer.toString(i)), receiver.localAddress())));
      }
      sender.flush();
      for (Future<Void> w : writes) {
        assertThat(w.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(w.isSuccess()).as("%s", w.cause()).isTrue();
      }
      for (int i = 0; i < count; i++) {
        assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
      }
    } finally {
      sender.close().sync();
      receiver.close().sync();
    }
  }

  @Test
  void optionsReachTheSocket() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    DatagramChannel ch =
        bind(
            new ChannelHandler() {},
            LOOPBACK4,
            new Bootstrap()
                .option(ChannelOption.SO_BROADCAST, true)
                .option(ChannelOption.SO_REUSEADDR, true)
                .option(ChannelOption.SO_RCVBUF, 65536)
                .option(ChannelOption.SO_SNDBUF, 65536)
                .option(ChannelOption.IP_MULTICAST_TTL, 7)
                .option(ChannelOption.IP_MULTICAST_LOOP_DISABLED, true)
                .option(ChannelOption.IP_MULTICAST_IF, lo));
    try {
      var config = ch.config();
      assertThat(config.getOption(ChannelOption.SO_BROADCAST)).isTrue();
      assertThat(config.getOption(ChannelOption.SO_REUSEADDR)).isTrue();
      assertThat(config.getOption(ChannelOption.SO_RCVBUF)).isGreaterThanOrEqualTo(65536);
      assertThat(config.getOption(ChannelOption.SO_SNDBUF)).isGreaterThanOrEqualTo(65536);
      assertThat(config.getOption(ChannelOption.IP_MULTICAST_TTL)).isEqualTo(7);
      assertThat(config.getOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED)).isTrue();
      assertThat(config.getOption(ChannelOption.IP_MULTICAST_IF)).isEqualTo(lo);
      assertThat(config.setOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED, false)).isTrue();
      assertThat(config.getOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED)).isFalse();
      assertThat(config.getOption(ChannelOption.TCP_NODELAY)).isNull();
      assertThat(config.getOptions())
          .containsKeys(ChannelOption.SO_BROADCAST, ChannelOption.IP_MULTICAST_TTL);
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void joinsBlocksAndLeavesGroupsOnLoopback() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    InetAddress group4 = InetAddress.ofLiteral("239.255.77.1");
    InetAddress ssm4 = InetAddress.ofLiteral("232.1.2.3");
    DatagramChannel ch = bind(new ChannelHandler() {}, LOOPBACK4);
    try {
      ch.joinGroup(group4).sync(); // the interface of the bound address: lo
      ch.joinGroup(group4, lo).sync(); // the same membership again: no error
      ch.block(group4, lo, InetAddress.ofLiteral("127.0.0.2")).sync();
      ch.unblock(group4, lo, InetAddress.ofLiteral("127.0.0.2")).sync();
      ch.joinGroup(ssm4, lo, LOOPBACK4).sync();
      ch.leaveGroup(ssm4, lo, LOOPBACK4).sync();
      ch.leaveGroup(group4).sync();
      assertThat(ch.leaveGroup(group4, lo).await().cause()).hasMessageContaining("not a member");
      assertThat(ch.joinGroup(LOOPBACK4, lo).await().cause())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("not a multicast address");
    } finally {
      ch.close().sync();
    }
    assertThat(ch.joinGroup(group4, lo).await().cause())
        .isInstanceOf(java.nio.channels.ClosedChannelException.class);
  }

  @Test
  void joinsIpv6GroupsOnLoopback() throws Exception {
    InetAddress loopback6 = InetAddress.ofLiteral("::1");
    NetworkInterface lo = NetworkInterface.getByInetAddress(loopback6);
    InetAddress group6 = InetAddress.ofLiteral("ff15::7e27");
    DatagramChannel ch = bind(new ChannelHandler() {}, loopback6);
    try {
      ch.joinGroup(group6, lo).sync();
      ch.joinGroup(InetAddress.ofLiteral("ff35::8000:1"), lo, loopback6).sync();
      ch.leaveGroup(group6, lo).sync();
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void joiningOnAWildcardBindWithoutAnInterfaceFailsWithAHint() throws Exception {
    DatagramChannel ch = bind(new ChannelHandler() {}, InetAddress.ofLiteral("0.0.0.0"));
    try {
      assertThat(ch.joinGroup(InetAddress.ofLiteral("239.255.77.2")).await().cause())
          .isInstanceOf(SocketException.class)
          .hasMessageContaining("IP_MULTICAST_IF");
    } finally {
      ch.close().sync();
    }
  }
}
