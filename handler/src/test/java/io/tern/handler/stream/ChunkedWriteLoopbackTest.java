package io.tern.handler.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.WriteBufferWaterMark;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file sent over NIO loopback to a slow reader: the transfer waits for writability. */
class ChunkedWriteLoopbackTest {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());

  @AfterEach
  void shutDown() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Counts writes that reach it while the channel is unwritable, and notes unwritability. */
  static final class WritabilityProbe implements ChannelHandler {
    final AtomicInteger writesWhileUnwritable = new AtomicInteger();
    final CountDownLatch wentUnwritable = new CountDownLatch(1);

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      if (!ctx.channel().isWritable()) {
        writesWhileUnwritable.incrementAndGet();
      }
      ctx.write(msg, promise);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      if (!ctx.channel().isWritable()) {
        wentUnwritable.countDown();
      }
      ctx.fireChannelWritabilityChanged();
    }
  }

  @Test
  void fileReachesASlowReaderWithoutWritingPastTheWaterMark(@TempDir Path dir) throws Exception {
    byte[] content = new byte[4 << 20];
    new Random(7).nextBytes(content);
    Path path = dir.resolve("big.bin");
    Files.write(path, content);
    WritabilityProbe probe = new WritabilityProbe();
    List<Long> progress = new CopyOnWriteArrayList<>();
    CompletableFuture<Future<Void>> transfer = new CompletableFuture<>();

    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childOption(ChannelOption.SO_SNDBUF, 32 * 1024)
            .childOption(
                ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8192, 16384))
            .childHandler(
                new ChannelInitializer<>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast("probe", probe)
                        .addLast("chunked", new ChunkedWriteHandler())
                        .addLast(
                            "app",
                            new ChannelHandler() {
                              @Override
                              public void channelActive(ChannelHandlerContext ctx)
                                  throws Exception {
                                Future<Void> write =
                                    ctx.writeAndFlush(
                                        new ProgressiveChunkedInput<>(
                                            new ChunkedNioFile(path),
                                            (done, total) -> progress.add(done)));
                                write.addListener(f -> ctx.close());
                                transfer.complete(write);
                              }
                            });
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();

    ByteArrayOutputStream received = new ByteArrayOutputStream();
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .option(ChannelOption.AUTO_READ, false)
            .option(ChannelOption.SO_RCVBUF, 32 * 1024)
            .handler(
                new ChannelHandler() {
                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ByteBuf buf = (ByteBuf) msg;
                    byte[] bytes = new byte[buf.readableBytes()];
                    buf.readBytes(bytes);
                    received.writeBytes(bytes);
                    buf.release();
                  }
                })
            .connect(server.localAddress())
            .sync()
            .getNow();

    assertThat(probe.wentUnwritable.await(30, TimeUnit.SECONDS))
        .as("the reader's silence made the sender unwritable")
        .isTrue();
    client.config().autoRead(true);
    client.read();
    assertThat(client.closeFuture().await(30, TimeUnit.SECONDS)).isTrue();
    server.close().sync();

    Future<Void> write = transfer.get(5, TimeUnit.SECONDS);
    assertThat(write.isSuccess()).isTrue();
    assertThat(received.toByteArray()).isEqualTo(content);
    assertThat(probe.writesWhileUnwritable).hasValue(0);
    assertThat(progress).isSorted().last().isEqualTo((long) content.length);
  }
}
