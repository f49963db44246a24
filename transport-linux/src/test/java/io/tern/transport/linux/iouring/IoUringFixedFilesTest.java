package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.iouring.IoUringLoops.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.uring.FixedFiles;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Registered (fixed) files: each stream channel takes a slot of its loop's table and gives it back
 * on close, a full table leaves the channels beyond it on their plain descriptors, and a close
 * while a receive is pending still closes the socket at once (the peer sees the end of input) and
 * releases the receive's buffer. (Peers are Tern channels: a JDK socket would leave the JDK's
 * pre-close descriptor open, which the descriptor check would blame on this class.) The shared
 * socket tests run over fixed files in {@link IoUringSocketTests}.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringFixedFilesTest {
  @RegisterExtension final IoUringLoops loops = new IoUringLoops();

  private static IoUringSettings fixedFiles(int slots) {
    return IoUringLoops.small().withFixedFiles(true).withFixedFileSlots(slots);
  }

  @Test
  void theKernelHereTakesSparseFileTables() {
    assertThat(IoUring.features().sparseFiles()).isTrue();
  }

  @Test
  void aLoopWithFixedFilesOffHasNoTable() throws Exception {
    EventLoop loop = loops.newLoop(IoUringLoops.small().withFixedFiles(false));
    IoUringIoHandler handler = loops.handler(loop);
    assertThat(onLoop(loop, () -> handler.fixedFiles() == null)).isTrue();
  }

  @Test
  void echoedBytesArriveIntactAndEachChannelGivesItsSlotBack() throws Exception {
    EventLoop loop = loops.newLoop(fixedFiles(64));
    IoUringIoHandler handler = loops.handler(loop);
    List<IoUringStreamChannel> children = new CopyOnWriteArrayList<>();
    Channel server = echoServer(loop, children);
    byte[] data = new byte[1024 * 1024];
    new Random(27).nextBytes(data);
    ByteBuf received = Unpooled.buffer(data.length);
    Promise<Void> done = loop.newPromise();
    IoUringStreamChannel client =
        (IoUringStreamChannel)
            new Bootstrap()
                .group(loop)
                .channelFactory(IoUringSocketChannel::new)
                .handler(collector(received, data.length, done))
                .connect(server.localAddress())
                .sync()
                .getNow();
    for (int at = 0; at < data.length; at += 64 * 1024) {
      client.write(Unpooled.wrappedBuffer(data, at, 64 * 1024));
    }
    client.flush();
    done.get(30, TimeUnit.SECONDS);
    byte[] echoed = new byte[data.length];
    received.readBytes(echoed);
    received.release();
    assertThat(echoed).isEqualTo(data);
    assertThat(onLoop(loop, client::usesFixedFile)).isTrue();
    assertThat(children).singleElement().matches(IoUringStreamChannel::usesFixedFile);
    assertThat(onLoop(loop, () -> handler.fixedFiles().inUse())).isEqualTo(2);

    client.close().sync();
    children.get(0).closeFuture().sync();
    assertThat(onLoop(loop, () -> handler.fixedFiles().inUse())).isZero();
    server.close().sync();
  }

  @Test
  void connectionsBeyondTheTableUseTheirPlainDescriptorsAndFreedSlotsAreTakenAgain()
      throws Exception {
    EventLoop loop = loops.newLoop(fixedFiles(4));
    IoUringIoHandler handler = loops.handler(loop);
    FixedFiles table = onLoop(loop, handler::fixedFiles);
    assertThat(table.capacity()).isEqualTo(4);
    List<IoUringStreamChannel> children = new CopyOnWriteArrayList<>();
    Channel server = echoServer(loop, children);
    List<Client> clients = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      clients.add(echoOnce(loop, server, "hello " + i));
    }
    List<IoUringStreamChannel> all = new ArrayList<>();
    clients.forEach(c -> all.add(c.channel()));
    all.addAll(children);
    assertThat(all).hasSize(20);
    long fixed =
        onLoop(loop, () -> all.stream().filter(IoUringStreamChannel::usesFixedFile).count());
    assertThat(fixed).isEqualTo(4);
    assertThat(onLoop(loop, table::inUse)).isEqualTo(4);

    // every connection still works, fixed or plain
    for (Client c : clients) {
      echo(loop, c, "again");
    }
    for (IoUringStreamChannel c : all) {
      c.close().sync();
    }
    assertThat(onLoop(loop, table::inUse)).isZero();

    IoUringStreamChannel next = echoOnce(loop, server, "after").channel();
    assertThat(onLoop(loop, next::usesFixedFile)).isTrue();
    next.close().sync();
    server.close().sync();
  }

  @ParameterizedTest(name = "auto-read {0}")
  @ValueSource(booleans = {true, false})
  void closingWhileAReceiveIsPendingClosesTheSocketAndReleasesTheBuffer(boolean autoRead)
      throws Exception {
    EventLoop loop = loops.newLoop(fixedFiles(16));
    IoUringIoHandler handler = loops.handler(loop);
    CompletableFuture<IoUringStreamChannel> accepted = new CompletableFuture<>();
    Channel server =
        new ServerBootstrap()
            .group(loop)
            .channelFactory(IoUringServerSocketChannel::new)
            .childOption(ChannelOption.AUTO_READ, autoRead)
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    if (!autoRead) {
                      ctx.read(); // one RECV into an allocator buffer, pending
                    }
                    accepted.complete((IoUringStreamChannel) ctx.channel());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    // the peer on a loop of its own without fixed files: it closes when it reads the end of input
    EventLoop peerLoop = loops.newLoop(IoUringLoops.small().withFixedFiles(false));
    Channel peer =
        new Bootstrap()
            .group(peerLoop)
            .channelFactory(IoUringSocketChannel::new)
            .handler(new ChannelHandler() {})
            .connect(server.localAddress())
            .sync()
            .getNow();
    IoUringStreamChannel child = accepted.get(10, TimeUnit.SECONDS);
    assertThat(onLoop(loop, child::usesFixedFile)).isTrue();

    child.close().sync();

    // the socket really closed (the slot let go of it): the peer reads the end of input
    assertThat(peer.closeFuture().await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(onLoop(loop, () -> handler.fixedFiles().inUse())).isZero();
    server.close().sync();
    loops.shutDown(loop); // the cancelled receive's completion releases its buffer first
    assertThat(handler.inflight()).isZero();
  }

  private static Channel echoServer(EventLoop loop, List<IoUringStreamChannel> children)
      throws Exception {
    return new ServerBootstrap()
        .group(loop)
        .channelFactory(IoUringServerSocketChannel::new)
        .childHandler(
            new ChannelHandler() {
              @Override
              public void channelActive(ChannelHandlerContext ctx) {
                children.add((IoUringStreamChannel) ctx.channel());
              }

              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ctx.write(msg);
              }

              @Override
              public void channelReadComplete(ChannelHandlerContext ctx) {
                ctx.flush();
              }
            })
        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .sync()
        .getNow();
  }

  /** A client channel and the handler collecting what it reads. */
  private record Client(IoUringStreamChannel channel, Collector collector) {}

  /** Connects a client and echoes {@code text} through it once. */
  private static Client echoOnce(EventLoop loop, Channel server, String text) throws Exception {
    Collector collector = new Collector();
    IoUringStreamChannel c =
        (IoUringStreamChannel)
            new Bootstrap()
                .group(loop)
                .channelFactory(IoUringSocketChannel::new)
                .handler(collector)
                .connect(server.localAddress())
                .sync()
                .getNow();
    Client client = new Client(c, collector);
    echo(loop, client, text);
    return client;
  }

  private static void echo(EventLoop loop, Client c, String text) throws Exception {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    Promise<Void> done = loop.newPromise();
    ByteBuf received = Unpooled.buffer(bytes.length);
    c.collector().expect(received, bytes.length, done);
    c.channel().writeAndFlush(Unpooled.wrappedBuffer(bytes));
    done.get(10, TimeUnit.SECONDS);
    byte[] echoed = new byte[bytes.length];
    received.readBytes(echoed);
    received.release();
    assertThat(echoed).isEqualTo(bytes);
  }

  private static ChannelHandler collector(ByteBuf into, int expected, Promise<Void> done) {
    Collector c = new Collector();
    c.expect(into, expected, done);
    return c;
  }

  /** Copies what it reads into the buffer of the current expectation, then releases it. */
  private static final class Collector implements ChannelHandler {
    private volatile ByteBuf into;
    private volatile int expected;
    private volatile Promise<Void> done;

    void expect(ByteBuf into, int expected, Promise<Void> done) {
      this.into = into;
      this.expected = expected;
      this.done = done;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      into.writeBytes(buf);
      buf.release();
      if (into.readableBytes() >= expected) {
        done.trySuccess(null);
      }
    }
  }
}
