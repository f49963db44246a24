package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.BinaryMemcacheOpcodes;
import io.tern.codec.memcache.BinaryMemcacheRequest;
import io.tern.codec.memcache.BinaryMemcacheRequestEncoder;
import io.tern.codec.memcache.BinaryMemcacheResponse;
import io.tern.codec.memcache.BinaryMemcacheResponseDecoder;
import io.tern.codec.memcache.BinaryMemcacheResponseStatus;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's binary memcache client pipeline ({@link BinaryMemcacheRequestEncoder}, {@link
 * BinaryMemcacheResponseDecoder}) against a real {@code memcached -B binary} on 127.0.0.1: stores
 * and reads with flags and CAS, a CAS mismatch, counters, APPEND, DELETE, a quiet batch closed by
 * NOOP (only the hits answer), VERSION and STAT.
 */
@Tag("interop")
class MemcacheInteropTest {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final BlockingQueue<BinaryMemcacheResponse> responses = new LinkedBlockingQueue<>();
  private Peer memcached;
  private Channel channel;

  @BeforeEach
  void start() throws Exception {
    int port = FreePort.find();
    memcached =
        Peer.command("memcached", "apt package memcached")
            .args("-l", "127.0.0.1", "-p", "" + port, "-U", "0", "-B", "binary", "-u", "root")
            .readyOnPort(port)
            .lifetime(Duration.ofMinutes(3))
            .start();
    channel =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            new BinaryMemcacheResponseDecoder(),
                            new BinaryMemcacheRequestEncoder(),
                            new ChannelHandler() {
                              @Override
                              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                responses.add((BinaryMemcacheResponse) msg);
                              }
                            });
                  }
                })
            .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
  }

  @AfterEach
  void stop() throws Exception {
    try {
      if (channel != null) {
        channel.close().sync();
      }
      responses.forEach(ReferenceCountUtil::release);
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      memcached.close();
    }
  }

  private static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  private static BinaryMemcacheRequest set(byte opcode, String key, String value, int flags) {
    return new BinaryMemcacheRequest(
        opcode, Unpooled.buffer(8).writeInt(flags).writeInt(0), text(key), text(value));
  }

  private static BinaryMemcacheRequest keyed(byte opcode, String key) {
    return new BinaryMemcacheRequest(
        opcode, Unpooled.EMPTY_BUFFER, text(key), Unpooled.EMPTY_BUFFER);
  }

  private BinaryMemcacheResponse next() throws InterruptedException {
    BinaryMemcacheResponse response = responses.poll(30, TimeUnit.SECONDS);
    assertThat(response).as("a response; memcached output:\n%s", memcached.output()).isNotNull();
    return response;
  }

  /** Checks status and opaque, returns the value as text, releases the response. */
  private String expect(short status, int opaque) throws InterruptedException {
    BinaryMemcacheResponse response = next();
    try {
      assertThat(response.status()).as(response.toString()).isEqualTo(status);
      assertThat(response.opaque()).isEqualTo(opaque);
      return response.value().toString(StandardCharsets.UTF_8);
    } finally {
      response.release();
    }
  }

  @Test
  void storesReadsAndChecksCas() throws Exception {
    channel.writeAndFlush(set(BinaryMemcacheOpcodes.SET, "k", "hello", 0xcafe).opaque(1));
    BinaryMemcacheResponse stored = next();
    assertThat(stored.status()).isEqualTo(BinaryMemcacheResponseStatus.SUCCESS);
    long cas = stored.cas();
    assertThat(cas).isNotZero();
    stored.release();

    channel.writeAndFlush(keyed(BinaryMemcacheOpcodes.GETK, "k").opaque(2));
    BinaryMemcacheResponse got = next();
    assertThat(got.key().toString(StandardCharsets.UTF_8)).isEqualTo("k");
    assertThat(got.value().toString(StandardCharsets.UTF_8)).isEqualTo("hello");
    assertThat(got.extras().getInt(got.extras().readerIndex())).isEqualTo(0xcafe);
    assertThat(got.cas()).isEqualTo(cas);
    got.release();

    channel.writeAndFlush(
        set(BinaryMemcacheOpcodes.SET, "k", "stale", 0).cas(cas + 1000).opaque(3));
    expect(BinaryMemcacheResponseStatus.KEY_EEXISTS, 3);
    channel.writeAndFlush(set(BinaryMemcacheOpcodes.ADD, "k", "x", 0).opaque(4));
    expect(BinaryMemcacheResponseStatus.KEY_EEXISTS, 4);
    channel.writeAndFlush(
        new BinaryMemcacheRequest(
                BinaryMemcacheOpcodes.APPEND, Unpooled.EMPTY_BUFFER, text("k"), text(" world"))
            .opaque(5));
    expect(BinaryMemcacheResponseStatus.SUCCESS, 5);
    channel.writeAndFlush(keyed(BinaryMemcacheOpcodes.GET, "k").opaque(6));
    assertThat(expect(BinaryMemcacheResponseStatus.SUCCESS, 6)).isEqualTo("hello world");
    channel.writeAndFlush(keyed(BinaryMemcacheOpcodes.DELETE, "k").opaque(7));
    expect(BinaryMemcacheResponseStatus.SUCCESS, 7);
    channel.writeAndFlush(keyed(BinaryMemcacheOpcodes.GET, "k").opaque(8));
    expect(BinaryMemcacheResponseStatus.KEY_ENOENT, 8);
  }

  @Test
  void countersIncrementAndDecrement() throws Exception {
    ByteBuf extras = Unpooled.buffer(20).writeLong(5).writeLong(40).writeInt(0);
    channel.writeAndFlush(
        new BinaryMemcacheRequest(
                BinaryMemcacheOpcodes.INCREMENT, extras, text("n"), Unpooled.EMPTY_BUFFER)
            .opaque(1));
    BinaryMemcacheResponse first = next();
    assertThat(first.value().getLong(first.value().readerIndex())).isEqualTo(40);
    first.release();
    channel.writeAndFlush(
        new BinaryMemcacheRequest(
                BinaryMemcacheOpcodes.DECREMENT,
                Unpooled.buffer(20).writeLong(100).writeLong(0).writeInt(0),
                text("n"),
                Unpooled.EMPTY_BUFFER)
            .opaque(2));
    BinaryMemcacheResponse second = next();
    assertThat(second.value().getLong(second.value().readerIndex())).isZero();
    second.release();
  }

  @Test
  void quietBatchAnswersOnlyHitsThenNoop() throws Exception {
    for (int i = 0; i < 50; i++) {
      channel.write(set(BinaryMemcacheOpcodes.SETQ, "q" + i, "v" + i, 0).opaque(i));
    }
    for (int i = 0; i < 60; i++) { // 10 misses stay silent
      channel.write(keyed(BinaryMemcacheOpcodes.GETKQ, "q" + i).opaque(100 + i));
    }
    channel.writeAndFlush(BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.NOOP).opaque(-1));
    for (int i = 0; i < 50; i++) {
      BinaryMemcacheResponse hit = next();
      assertThat(hit.opaque()).isEqualTo(100 + i);
      assertThat(hit.key().toString(StandardCharsets.UTF_8)).isEqualTo("q" + i);
      assertThat(hit.value().toString(StandardCharsets.UTF_8)).isEqualTo("v" + i);
      hit.release();
    }
    expect(BinaryMemcacheResponseStatus.SUCCESS, -1);
  }

  @Test
  void versionAndStats() throws Exception {
    channel.writeAndFlush(BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.VERSION).opaque(1));
    assertThat(expect(BinaryMemcacheResponseStatus.SUCCESS, 1)).matches("\\d+\\.\\d+\\.\\d+.*");
    channel.writeAndFlush(BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.STAT).opaque(2));
    int stats = 0;
    while (true) {
      BinaryMemcacheResponse stat = next();
      boolean last = stat.key().readableBytes() == 0;
      stat.release();
      if (last) {
        break;
      }
      stats++;
    }
    assertThat(stats).isGreaterThan(10);
  }
}
