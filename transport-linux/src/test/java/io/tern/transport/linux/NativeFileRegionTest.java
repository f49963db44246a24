package io.tern.transport.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.LinuxSocketChannelTest.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link NativeFileRegion}: zero-copy {@code sendfile} on both transports, copying elsewhere. */
@ExtendWith(FdLeakCheck.class)
class NativeFileRegionTest {
  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  // small fixed kernel buffers (no autotuning), so a large file never fits in one call
  private static final int SOCKET_BUFFER = 32 * 1024;
  private static final int FILE_SIZE = 8 * 1024 * 1024 + 123;

  @TempDir Path dir;
  private final List<EventLoopGroup> groups = new ArrayList<>();

  static Stream<Transport> transports() {
    return LinuxSocketChannelTest.transports();
  }

  @AfterEach
  void shutDown() {
    for (EventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** What the server saw right after its first flush of the region, on its loop. */
  record Sent(Channel child, NativeFileRegion region, Future<Void> write, long firstFlush) {}

  private Path file(byte[] data) throws IOException {
    new Random(7).nextBytes(data);
    Path file = dir.resolve("region.bin");
    Files.write(file, data);
    return file;
  }

  /** A server that writes {@code regions.get()} to each connection; a client not reading yet. */
  private Channel[] serverAndIdleClient(
      Transport t,
      Supplier<NativeFileRegion> regions,
      CompletableFuture<Sent> sent,
      ChannelHandler clientHandler)
      throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, t.handlers());
    groups.add(group);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(t.servers())
            .childOption(ChannelOption.SO_SNDBUF, SOCKET_BUFFER)
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    NativeFileRegion region = regions.get();
                    Future<Void> write = ctx.writeAndFlush(region.retain());
                    sent.complete(new Sent(ctx.channel(), region, write, region.transferred()));
                  }
                })
            .bind(LOOPBACK)
            .sync()
            .getNow();
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(t.clients())
            .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER)
            .option(ChannelOption.AUTO_READ, false)
            .handler(clientHandler)
            .connect(server.localAddress())
            .sync()
            .getNow();
    return new Channel[] {server, client};
  }

  private static Supplier<NativeFileRegion> opening(Path file, long position, long count) {
    return () -> {
      try {
        return NativeFileRegion.open(file, position, count);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  @ParameterizedTest
  @MethodSource("transports")
  void sendsAFileLargerThanTheSocketBuffersThroughPartialWrites(Transport t) throws Exception {
    byte[] data = new byte[FILE_SIZE];
    Path file = file(data);
    int skip = 4097;
    int expected = data.length - skip - 10;
    CompletableFuture<Sent> sent = new CompletableFuture<>();
    ByteBuf received = Unpooled.buffer(expected);
    CompletableFuture<Void> all = new CompletableFuture<>();
    Channel[] channels =
        serverAndIdleClient(
            t,
            opening(file, skip, expected),
            sent,
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ByteBuf buf = (ByteBuf) msg;
                received.writeBytes(buf);
                buf.release();
                if (received.readableBytes() >= expected) {
                  all.complete(null);
                }
              }
            });
    Sent s = sent.get(10, TimeUnit.SECONDS);
    // the first flush took only what the kernel buffers hold: the rest went through write-readiness
    assertThat(s.firstFlush()).isPositive().isLessThan(expected);

    channels[1].config().autoRead(true); // starts reading
    all.get(60, TimeUnit.SECONDS);
    s.write().await(10, TimeUnit.SECONDS);
    assertThat(s.write().isSuccess()).isTrue();
    assertThat(s.region().transferred()).isEqualTo(expected);
    byte[] bytes = new byte[received.readableBytes()];
    received.readBytes(bytes);
    received.release();
    assertThat(bytes).isEqualTo(Arrays.copyOfRange(data, skip, skip + expected));

    assertThat(s.region().release()).isTrue(); // the channel released its reference
    assertThat(openDescriptorsOf(file)).isEmpty();
    channels[1].close().sync();
    channels[0].close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void closingMidTransferFailsTheWriteAndReleasesTheRegion(Transport t) throws Exception {
    byte[] data = new byte[FILE_SIZE];
    Path file = file(data);
    CompletableFuture<Sent> sent = new CompletableFuture<>();
    Channel[] channels =
        serverAndIdleClient(t, opening(file, 0, data.length), sent, new ChannelHandler() {});
    Sent s = sent.get(10, TimeUnit.SECONDS);
    assertThat(s.firstFlush()).isLessThan(data.length);
    assertThat(openDescriptorsOf(file)).hasSize(1);

    s.child().close().sync();
    s.write().await(10, TimeUnit.SECONDS);
    assertThat(s.write().isSuccess()).isFalse();
    assertThat(s.region().refCnt()).isEqualTo(1); // only the test's own reference is left
    assertThat(s.region().release()).isTrue();
    assertThat(s.region().isOpen()).isFalse();
    assertThat(openDescriptorsOf(file)).isEmpty();
    channels[1].close().sync();
    channels[0].close().sync();
  }

  @ParameterizedTest
  @MethodSource("transports")
  void aFileShorterThanTheRegionFailsTheWrite(Transport t) throws Exception {
    byte[] data = new byte[10_000];
    Path file = file(data);
    CompletableFuture<Sent> sent = new CompletableFuture<>();
    Channel[] channels =
        serverAndIdleClient(t, opening(file, 0, data.length + 1), sent, new ChannelHandler() {});
    Sent s = sent.get(10, TimeUnit.SECONDS);
    s.write().await(10, TimeUnit.SECONDS);
    assertThat(s.write().cause()).isInstanceOf(IOException.class).hasMessageContaining("shorter");
    assertThat(s.region().transferred()).isEqualTo(data.length);
    assertThat(s.region().release()).isTrue();
    channels[1].close().sync();
    channels[0].close().sync();
  }

  @Test
  void copiesToOtherTargetsThroughPread() throws Exception {
    byte[] data = new byte[200_000];
    Path file = file(data);
    NativeFileRegion region = NativeFileRegion.open(file, 100, 150_000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WritableByteChannel target = Channels.newChannel(out);
    while (region.transferred() < region.count()) {
      assertThat(region.transferTo(target, region.transferred())).isPositive();
    }
    assertThat(out.toByteArray()).isEqualTo(Arrays.copyOfRange(data, 100, 150_100));
    assertThat(region.transferTo(target, region.count())).isZero();
    region.release();
  }

  @Test
  void opensTheWholeFileAndNamesAMissingOne() throws Exception {
    byte[] data = new byte[12_345];
    Path file = file(data);
    NativeFileRegion whole = NativeFileRegion.open(file);
    assertThat(whole.position()).isZero();
    assertThat(whole.count()).isEqualTo(data.length);
    assertThat(openDescriptorsOf(file)).hasSize(1);
    assertThat(whole.release()).isTrue();
    assertThat(openDescriptorsOf(file)).isEmpty();

    assertThatThrownBy(() -> NativeFileRegion.open(dir.resolve("missing")))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("missing");
    assertThatThrownBy(() -> NativeFileRegion.open(file, -1, 3))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** Descriptors of this process open on {@code file}. */
  private static List<String> openDescriptorsOf(Path file) throws IOException {
    String target = file.toAbsolutePath().toString();
    List<String> fds = new ArrayList<>();
    try (Stream<Path> list = Files.list(Path.of("/proc/self/fd"))) {
      for (Path p : list.toList()) {
        try {
          if (Files.readSymbolicLink(p).toString().equals(target)) {
            fds.add(p.getFileName().toString());
          }
        } catch (IOException e) {
          // closed while listing
        }
      }
    }
    return fds;
  }
}
