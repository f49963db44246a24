package io.tern.transport.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInputShutdownEvent;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.DefaultFileRegion;
import io.tern.transport.channel.DuplexChannel;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import io.tern.transport.linux.bootstrap.SocketTransport;
import io.tern.transport.linux.epoll.EpollIoHandler;
import io.tern.transport.linux.epoll.EpollServerSocketChannel;
import io.tern.transport.linux.epoll.EpollSocketChannel;
import io.tern.transport.linux.iouring.IoUringIoHandler;
import io.tern.transport.linux.iouring.IoUringServerSocketChannel;
import io.tern.transport.linux.iouring.IoUringSocketChannel;
import io.tern.transport.linux.iouring.IoUringTestHandlers;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** TCP channels of the native transports through bootstraps, over loopback. */
@ExtendWith(FdLeakCheck.class)
class LinuxSocketChannelTest {
  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  /** A transport under test: its handler factory and channel constructors. */
  record Transport(
      String name,
      IoHandlerFactory handlers,
      ServerChannelFactory<? extends ServerSocketChannel> servers,
      ChannelFactory<? extends SocketChannel> clients) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Transport> transports() {
    return Stream.of(
        new Transport(
            "epoll",
            EpollIoHandler.newFactory(),
            EpollServerSocketChannel::new,
            EpollSocketChannel::new),
        new Transport(
            "io_uring",
            IoUringIoHandler.newFactory(),
            IoUringServerSocketChannel::new,
            IoUringSocketChannel::new),
        new Transport(
            "io_uring without buffer rings or multishot",
            IoUringTestHandlers.withoutBufferRingsOrMultishot(),
            IoUringServerSocketChannel::new,
            IoUringSocketChannel::new),
        new Transport(
            "io_uring without DEFER_TASKRUN",
            IoUringTestHandlers.withoutDeferTaskrun(),
            IoUringServerSocketChannel::new,
            IoUringSocketChannel::new),
        new Transport(
            "io_uring with fixed files",
            IoUringTestHandlers.withFixedFiles(4096),
            IoUringServerSocketChannel::new,
            IoUringSocketChannel::new));
  }

  private final List<EventLoopGroup> groups = new ArrayList<>();

  @org.junit.jupiter.api.Test
  void transportsAreChosenByName() {
    assertThat(SocketTransport.of("native").name()).isEqualTo("io_uring"); // both work here
    assertThat(SocketTransport.of("epoll").name()).isEqualTo("epoll");
    assertThat(SocketTransport.of("IO_URING").name()).isEqualTo("io_uring");
    assertThat(SocketTransport.of("nio").name()).isEqualTo("nio");
    assertThatThrownBy(() -> SocketTransport.of("carrier-pigeon"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @AfterEach
  void shutDown() {
    for (EventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private EventLoopGroup group(Transport t) {
    EventLoopGroup g = new MultiThreadEventLoopGroup(2, t.handlers());
    groups.add(g);
    return g;
  }

  private static ChannelHandler echo() {
    return new ChannelHandler() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ctx.write(msg);
      }

      @Override
      public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
      }
    };
  }

  /** Collects what a client receives until {@code expected} bytes arrived. */
  private static final class Collector implements ChannelHandler {
    final ByteBuf received;
    final Promise<Void> done;
    final int expected;

    Collector(int expected, Promise<Void> done) {
      this.expected = expected;
      this.done = done;
      this.received = Unpooled.buffer(expected);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      received.writeBytes(buf);
      buf.release();
      if (received.readableBytes() >= expected) {
        done.trySuccess(null);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      done.tryFailure(cause);
    }

    byte[] bytes() {
      byte[] out = new byte[received.readableBytes()];
      received.readBytes(out);
      received.release();
      return out;
    }
  }

  @ParameterizedTest
  @MethodSource("transports")
  void echoesAMebibyteThroughGatheringWrites(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childHandler(echo())
            .bind(LOOPBACK)
            .sync()
            .getNow();
    byte[] data = new byte[1 << 20];
    new Random(42).nextBytes(data);
    Collector collector = new Collector(data.length, group.next().newPromise());
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .handler(collector)
            .connect(server.localAddress())
            .sync()
            .getNow();
    assertThat(client.isActive()).isTrue();
    assertThat(((SocketChannel) client).remoteAddress()).isEqualTo(server.localAddress());
    for (int off = 0; off < data.length; off += 8192) {
      client.write(Unpooled.wrappedBuffer(data, off, 8192)); // heap: copied to direct once
    }
    client.flush();
    collector.done.get(30, TimeUnit.SECONDS);
    assertThat(collector.bytes()).isEqualTo(data);
    client.close().sync();
    server.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void edgeTriggeredReadsDrainEverythingWithOneSmallBufferPerReadLoop(Transport t)
      throws Exception {
    EventLoopGroup group = group(t);
    // One 64-byte buffer per read loop: the loop stops with data left in the socket, and
    // no new edge will come for it.
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childOption(ChannelOption.MAX_MESSAGES_PER_READ, 1)
            .childOption(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(64))
            .childHandler(echo())
            .bind(LOOPBACK)
            .sync()
            .getNow();
    byte[] data = new byte[64 * 1024];
    new Random(7).nextBytes(data);
    Collector collector = new Collector(data.length, group.next().newPromise());
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .handler(collector)
            .connect(server.localAddress())
            .sync()
            .getNow();
    client.writeAndFlush(Unpooled.wrappedBuffer(data)).sync();
    collector.done.get(30, TimeUnit.SECONDS);
    assertThat(collector.bytes()).isEqualTo(data);
    client.close().sync();
    server.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void acceptsEveryConnectionWhenTheAcceptLoopTakesOneAtATime(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    AtomicInteger accepted = new AtomicInteger();
    int n = 20;
    Promise<Void> all = group.next().newPromise();
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .option(ChannelOption.MAX_MESSAGES_PER_READ, 1)
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    if (accepted.incrementAndGet() == n) {
                      all.trySuccess(null);
                    }
                  }
                })
            .bind(LOOPBACK)
            .sync()
            .getNow();
    List<Channel> clients = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      clients.add(
          new Bootstrap()
              .group(group)
              .channelFactory(t.clients())
              .handler(new ChannelHandler() {})
              .connect(server.localAddress())
              .sync()
              .getNow());
    }
    all.get(30, TimeUnit.SECONDS);
    assertThat(accepted.get()).isEqualTo(n);
    for (Channel c : clients) {
      c.close().sync();
    }
    server.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void halfClosureLetsTheServerAnswerAfterTheClientsEndOfOutput(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .childHandler(
                new ChannelHandler() {
                  int bytes;

                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    bytes += ((ByteBuf) msg).readableBytes();
                    ((ByteBuf) msg).release();
                  }

                  @Override
                  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                    if (evt instanceof ChannelInputShutdownEvent) {
                      ctx.writeAndFlush(
                              Unpooled.copiedBuffer("got " + bytes, StandardCharsets.US_ASCII))
                          .addListener(f -> ctx.close());
                    }
                  }
                })
            .bind(LOOPBACK)
            .sync()
            .getNow();
    Collector collector = new Collector(5, group.next().newPromise());
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .handler(collector)
            .connect(server.localAddress())
            .sync()
            .getNow();
    client.writeAndFlush(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII)).sync();
    ((DuplexChannel) client).shutdownOutput().sync();
    collector.done.get(10, TimeUnit.SECONDS);
    assertThat(new String(collector.bytes(), StandardCharsets.US_ASCII)).isEqualTo("got 5");
    client.closeFuture().get(10, TimeUnit.SECONDS); // the server closed: end of input closes
    server.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void refusedConnectFailsWithConnectException(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    Channel probe =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childHandler(new ChannelHandler() {})
            .bind(LOOPBACK)
            .sync()
            .getNow();
    InetSocketAddress closed = (InetSocketAddress) probe.localAddress();
    probe.close().sync();
    assertThatThrownBy(
            () ->
                new Bootstrap()
                    .group(group)
                    .channelFactory(t.clients())
                    .handler(new ChannelHandler() {})
                    .connect(closed)
                    .sync())
        .isInstanceOfAny(ConnectException.class, CompletionException.class)
        .satisfies(
            e ->
                assertThat(e instanceof ConnectException ? e : e.getCause())
                    .isInstanceOf(ConnectException.class));
  }

  @ParameterizedTest
  @MethodSource("transports")
  void defaultBacklogIsTheKernelsWholeSomaxconn(Transport t) throws Exception {
    // procfs files report size 0: a reader that trusts the size got "4" out of "4096"
    int somaxconn =
        Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn")).get(0).trim());
    Channel server =
        new ServerBootstrap()
            .group(group(t))
            .channelFactory(t.servers())
            .childHandler(new ChannelHandler() {})
            .bind(LOOPBACK)
            .sync()
            .getNow();
    assertThat(server.config().getOption(ChannelOption.SO_BACKLOG)).isEqualTo(somaxconn);
  }

  @ParameterizedTest
  @MethodSource("transports")
  void socketOptionsGoThroughToTheKernel(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .option(ChannelOption.SO_BACKLOG, 64)
            .option(ChannelOption.SO_REUSEPORT, true)
            .option(LinuxChannelOption.TCP_FASTOPEN, 16)
            .childHandler(new ChannelHandler() {})
            .bind(LOOPBACK)
            .sync()
            .getNow();
    assertThat(server.config().getOption(ChannelOption.SO_BACKLOG)).isEqualTo(64);
    assertThat(server.config().getOption(ChannelOption.SO_REUSEPORT)).isTrue();
    assertThat(server.config().getOption(ChannelOption.SO_REUSEADDR)).isTrue();
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .option(LinuxChannelOption.TCP_USER_TIMEOUT, 5000)
            .option(LinuxChannelOption.TCP_KEEPIDLE, 30)
            .option(ChannelOption.SO_LINGER, 2)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .handler(new ChannelHandler() {})
            .connect(server.localAddress())
            .sync()
            .getNow();
    var config = client.config();
    assertThat(config.getOption(ChannelOption.TCP_NODELAY)).isTrue();
    assertThat(config.getOption(LinuxChannelOption.TCP_USER_TIMEOUT)).isEqualTo(5000);
    assertThat(config.getOption(LinuxChannelOption.TCP_KEEPIDLE)).isEqualTo(30);
    assertThat(config.getOption(ChannelOption.SO_LINGER)).isEqualTo(2);
    assertThat(config.getOption(ChannelOption.SO_KEEPALIVE)).isTrue();
    config.setOption(LinuxChannelOption.TCP_CORK, true);
    assertThat(config.getOption(LinuxChannelOption.TCP_CORK)).isTrue();
    config.setOption(LinuxChannelOption.TCP_CORK, false);
    config.setOption(LinuxChannelOption.TCP_QUICKACK, true);
    config.setOption(ChannelOption.SO_SNDBUF, 64 * 1024);
    assertThat(config.getOption(ChannelOption.SO_SNDBUF)).isGreaterThanOrEqualTo(64 * 1024);
    assertThat(config.getOptions())
        .containsKeys(ChannelOption.TCP_NODELAY, LinuxChannelOption.TCP_CORK);
    client.close().sync();
    server.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void reusePortLetsTwoServersShareAPort(Transport t) throws Exception {
    EventLoopGroup group = group(t);
    Channel first =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .option(ChannelOption.SO_REUSEPORT, true)
            .childHandler(new ChannelHandler() {})
            .bind(LOOPBACK)
            .sync()
            .getNow();
    Channel second =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .option(ChannelOption.SO_REUSEPORT, true)
            .childHandler(new ChannelHandler() {})
            .bind(first.localAddress())
            .sync()
            .getNow();
    assertThat(second.localAddress()).isEqualTo(first.localAddress());
    second.close().sync();
    first.close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void fileRegionsAreSent(Transport t, @TempDir Path dir) throws Exception {
    EventLoopGroup group = group(t);
    byte[] data = new byte[300_000];
    new Random(3).nextBytes(data);
    Path file = dir.resolve("region.bin");
    Files.write(file, data);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    ctx.writeAndFlush(new DefaultFileRegion(file, 1000, data.length - 1000))
                        .addListener(f -> ctx.close());
                  }
                })
            .bind(LOOPBACK)
            .sync()
            .getNow();
    Collector collector = new Collector(data.length - 1000, group.next().newPromise());
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .handler(collector)
            .connect(server.localAddress())
            .sync()
            .getNow();
    collector.done.get(30, TimeUnit.SECONDS);
    assertThat(collector.bytes()).isEqualTo(java.util.Arrays.copyOfRange(data, 1000, data.length));
    client.closeFuture().get(10, TimeUnit.SECONDS);
    server.close().sync();
  }
}
