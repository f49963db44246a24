package io.tern.handler.ipfilter;

import static io.tern.handler.ipfilter.IpFilterRuleType.ACCEPT;
import static io.tern.handler.ipfilter.IpFilterRuleType.REJECT;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.embedded.EmbeddedChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RuleBasedIpFilterTest {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<String> serverEvents = new CopyOnWriteArrayList<>();

  @AfterEach
  void shutDown() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** A loopback server: the filter, then a handler that records activation and greets. */
  private Channel server(InetAddress loopback, ChannelHandler filter) throws Exception {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerSocketChannel::new)
        .childHandler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast("filter", filter)
                    .addLast(
                        "app",
                        new ChannelHandler() {
                          @Override
                          public void channelActive(ChannelHandlerContext ctx) {
                            serverEvents.add("active");
                            ctx.writeAndFlush(
                                Unpooled.copiedBuffer("hi", StandardCharsets.US_ASCII));
                          }
                        });
              }
            })
        .bind(new InetSocketAddress(loopback, 0))
        .sync()
        .getNow();
  }

  /** Connects and returns the client channel and what it read before it closed. */
  private Future<Void> connectAndAwaitClose(Channel server, StringBuilder read) throws Exception {
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(
                new ChannelHandler() {
                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    io.tern.buffer.ByteBuf buf = (io.tern.buffer.ByteBuf) msg;
                    synchronized (read) {
                      read.append(buf.toString(StandardCharsets.US_ASCII));
                    }
                    buf.release();
                    ctx.close();
                  }
                })
            .connect(server.localAddress())
            .sync()
            .getNow();
    return client.closeFuture();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"127.0.0.1", "::1"})
  void rejectedPeerIsClosedBeforeTheApplicationSeesIt(String loopback) throws Exception {
    InetAddress address = InetAddress.ofLiteral(loopback);
    String cidr = address.getAddress().length == 4 ? "127.0.0.0/8" : "::1/128";
    Channel server =
        server(address, new RuleBasedIpFilter(true, new IpSubnetFilterRule(cidr, REJECT)));
    StringBuilder read = new StringBuilder();

    Future<Void> closed = connectAndAwaitClose(server, read);

    assertThat(closed.await(30, TimeUnit.SECONDS)).as("closed by the server").isTrue();
    assertThat(read).isEmpty();
    assertThat(serverEvents).isEmpty();
    server.close().sync();
  }

  @Test
  void acceptedPeerReachesTheApplicationAndTheFilterLeaves() throws Exception {
    RuleBasedIpFilter filter =
        new RuleBasedIpFilter(
            false,
            new IpSubnetFilterRule("127.0.0.1/32", ACCEPT),
            new IpSubnetFilterRule("0.0.0.0/0", REJECT));
    Channel server = server(InetAddress.ofLiteral("127.0.0.1"), filter);
    StringBuilder read = new StringBuilder();

    Future<Void> closed = connectAndAwaitClose(server, read);

    assertThat(closed.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(read.toString()).isEqualTo("hi");
    assertThat(serverEvents).containsExactly("active");
    server.close().sync();
  }

  @Test
  void firstMatchingRuleWinsAndNoMatchFallsBackToTheDefault() {
    RuleBasedIpFilter filter =
        new RuleBasedIpFilter(
            true,
            new IpSubnetFilterRule("10.1.0.0/16", ACCEPT),
            new IpSubnetFilterRule("10.0.0.0/8", REJECT));

    assertThat(filter.accepts(new InetSocketAddress(InetAddress.ofLiteral("10.1.2.3"), 1)))
        .isTrue();
    assertThat(filter.accepts(new InetSocketAddress(InetAddress.ofLiteral("10.2.2.3"), 1)))
        .isFalse();
    assertThat(filter.accepts(new InetSocketAddress(InetAddress.ofLiteral("192.0.2.1"), 1)))
        .isTrue();
    assertThat(
            new RuleBasedIpFilter(false)
                .accepts(new InetSocketAddress(InetAddress.ofLiteral("192.0.2.1"), 1)))
        .isFalse();
  }

  @Test
  void nonIpAddressesMatchNoRule() {
    SocketAddress embedded = new EmbeddedChannel().remoteAddress();
    IpSubnetFilterRule everything = new IpSubnetFilterRule("0.0.0.0/0", REJECT);

    assertThat(new RuleBasedIpFilter(true, everything).accepts(embedded)).isTrue();
    assertThat(new RuleBasedIpFilter(false, everything).accepts(embedded)).isFalse();
  }

  @Test
  void addedToAnActiveChannelDecidesAtOnce() {
    EmbeddedChannel ch = new EmbeddedChannel();

    ch.pipeline().addLast("filter", new RuleBasedIpFilter(false));

    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void acceptedChannelNoLongerHasTheFilter() {
    EmbeddedChannel ch = new EmbeddedChannel(new RuleBasedIpFilter(true));

    assertThat(ch.pipeline().names()).isEmpty();
    assertThat(ch.isOpen()).isTrue();
    ch.finish();
  }

  @Test
  void uniqueIpFilterAllowsOneConnectionPerAddress() throws Exception {
    // Each accepted child completes one promise when it becomes active and one when it has
    // closed; the latter listener is added after the filter's, so the address is free by then.
    List<io.tern.common.concurrent.Promise<Void>> active = new CopyOnWriteArrayList<>();
    List<io.tern.common.concurrent.Promise<Void>> released = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 3; i++) {
      active.add(group.next().newPromise());
      released.add(group.next().newPromise());
    }
    java.util.concurrent.atomic.AtomicInteger accepted =
        new java.util.concurrent.atomic.AtomicInteger();
    UniqueIpFilter unique = new UniqueIpFilter();
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(unique)
                        .addLast(
                            new ChannelHandler() {
                              @Override
                              public void channelActive(ChannelHandlerContext ctx) {
                                int n = accepted.getAndIncrement();
                                ctx.channel()
                                    .closeFuture()
                                    .addListener(f -> released.get(n).trySuccess(null));
                                active.get(n).trySuccess(null);
                              }
                            });
                  }
                })
            .bind(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0))
            .sync()
            .getNow();
    Bootstrap clients =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(new ChannelHandler() {});

    Channel first = clients.connect(server.localAddress()).sync().getNow();
    assertThat(active.get(0).await(30, TimeUnit.SECONDS)).isTrue();
    Channel second = clients.connect(server.localAddress()).sync().getNow();
    assertThat(second.closeFuture().await(30, TimeUnit.SECONDS)).as("second rejected").isTrue();
    assertThat(first.isOpen()).isTrue();

    first.close().sync();
    assertThat(released.get(0).await(30, TimeUnit.SECONDS)).isTrue();
    Channel third = clients.connect(server.localAddress()).sync().getNow();

    assertThat(active.get(1).await(30, TimeUnit.SECONDS)).as("third accepted").isTrue();
    assertThat(accepted.get()).isEqualTo(2);
    third.close().sync();
    server.close().sync();
  }
}
