package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.BigNumberRedisMessage;
import io.tern.codec.redis.BooleanRedisMessage;
import io.tern.codec.redis.DoubleRedisMessage;
import io.tern.codec.redis.ErrorRedisMessage;
import io.tern.codec.redis.FullBulkStringRedisMessage;
import io.tern.codec.redis.IntegerRedisMessage;
import io.tern.codec.redis.MapRedisMessage;
import io.tern.codec.redis.NullRedisMessage;
import io.tern.codec.redis.RedisCommand;
import io.tern.codec.redis.RedisCommandEncoder;
import io.tern.codec.redis.RedisDecoder;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.RedisMessageType;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.codec.redis.VerbatimStringRedisMessage;
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
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's Redis client pipeline ({@link RedisCommandEncoder}, aggregating {@link RedisDecoder})
 * against a real {@code redis-server} on 127.0.0.1: pipelined commands in RESP2, then every RESP3
 * reply kind after {@code HELLO 3} (Redis's own {@code DEBUG PROTOCOL} emits each one, the
 * attribute included), pushes from pub/sub, and a 1 MiB binary value both ways.
 */
@Tag("interop")
class RedisInteropTest {
  private static final String REDIS = "apt package redis-server";

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final BlockingQueue<RedisMessage> replies = new LinkedBlockingQueue<>();
  private Peer redis;
  private Channel channel;

  @BeforeEach
  void startRedis() throws Exception {
    int port = FreePort.find();
    redis =
        Peer.command("redis-server", REDIS)
            .args(
                "--port",
                "" + port,
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--enable-debug-command",
                "yes")
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
                            new RedisDecoder(),
                            new RedisCommandEncoder(),
                            new ChannelHandler() {
                              @Override
                              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                replies.add((RedisMessage) msg);
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
      replies.forEach(ReferenceCountUtil::release);
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      redis.close();
    }
  }

  private RedisMessage reply() throws InterruptedException {
    RedisMessage reply = replies.poll(30, TimeUnit.SECONDS);
    assertThat(reply).as("a reply within 30 s; redis output:\n%s", redis.output()).isNotNull();
    return reply;
  }

  private void send(String... lines) {
    for (String line : lines) {
      channel.write(RedisCommand.parse(line));
    }
    channel.flush();
  }

  private static String text(RedisMessage message) {
    return ((FullBulkStringRedisMessage) message).toString(StandardCharsets.UTF_8);
  }

  @Test
  void pipelinedResp2Commands() throws Exception {
    send(
        "SET k hello",
        "GET k",
        "GET missing",
        "INCR n",
        "INCRBY n 41",
        "RPUSH l a b c",
        "LRANGE l 0 -1",
        "HSET h f v",
        "HGETALL h",
        "NOSUCHCOMMAND",
        "DEL k n l h",
        "PING");
    assertThat(reply()).isEqualTo(SimpleStringRedisMessage.OK);
    RedisMessage get = reply();
    assertThat(text(get)).isEqualTo("hello");
    ReferenceCountUtil.release(get);
    assertThat(reply()).isSameAs(FullBulkStringRedisMessage.NULL_INSTANCE);
    assertThat(reply()).isEqualTo(IntegerRedisMessage.of(1));
    assertThat(reply()).isEqualTo(IntegerRedisMessage.of(42));
    assertThat(reply()).isEqualTo(IntegerRedisMessage.of(3));
    ArrayRedisMessage range = (ArrayRedisMessage) reply();
    assertThat(range.children().stream().map(RedisInteropTest::text))
        .containsExactly("a", "b", "c");
    range.release();
    assertThat(reply()).isEqualTo(IntegerRedisMessage.of(1));
    ArrayRedisMessage hash = (ArrayRedisMessage) reply(); // RESP2: a flat array
    assertThat(hash.children().stream().map(RedisInteropTest::text)).containsExactly("f", "v");
    hash.release();
    assertThat(((ErrorRedisMessage) reply()).content()).startsWith("ERR unknown command");
    assertThat(reply()).isEqualTo(IntegerRedisMessage.of(4));
    assertThat(reply()).isEqualTo(SimpleStringRedisMessage.PONG);
  }

  @Test
  void binaryValueOfOneMebibyteBothWays() throws Exception {
    byte[] value = new byte[1 << 20];
    new Random(7).nextBytes(value);
    channel.write(RedisCommand.of("SET", "blob", value));
    channel.writeAndFlush(RedisCommand.of("GET", "blob"));
    assertThat(reply()).isEqualTo(SimpleStringRedisMessage.OK);
    FullBulkStringRedisMessage blob = (FullBulkStringRedisMessage) reply();
    byte[] got = new byte[blob.content().readableBytes()];
    blob.content().getBytes(blob.content().readerIndex(), got);
    blob.release();
    assertThat(got).isEqualTo(value);
  }

  @Test
  void everyResp3KindAfterHello3() throws Exception {
    send("HELLO 3");
    MapRedisMessage hello = (MapRedisMessage) reply();
    assertThat(text(hello.key(0))).isEqualTo("server");
    int proto = -1;
    for (int i = 0; i < hello.size(); i++) {
      if (text(hello.key(i)).equals("proto")) {
        proto = (int) ((IntegerRedisMessage) hello.value(i)).value();
      }
    }
    assertThat(proto).isEqualTo(3);
    hello.release();

    send(
        "GET missing",
        "DEBUG PROTOCOL null",
        "DEBUG PROTOCOL true",
        "DEBUG PROTOCOL false",
        "DEBUG PROTOCOL double",
        "DEBUG PROTOCOL bignum",
        "DEBUG PROTOCOL map",
        "DEBUG PROTOCOL set",
        "DEBUG PROTOCOL verbatim",
        "DEBUG PROTOCOL attrib",
        "DEBUG PROTOCOL push");
    assertThat(reply()).isSameAs(NullRedisMessage.INSTANCE);
    assertThat(reply()).isSameAs(NullRedisMessage.INSTANCE);
    assertThat(reply()).isSameAs(BooleanRedisMessage.TRUE);
    assertThat(reply()).isSameAs(BooleanRedisMessage.FALSE);
    assertThat(((DoubleRedisMessage) reply()).value()).isEqualTo(3.141);
    assertThat(((BigNumberRedisMessage) reply()).value().toString())
        .isEqualTo("1234567999999999999999999999999999999");
    MapRedisMessage map = (MapRedisMessage) reply();
    assertThat(map.size()).isEqualTo(3);
    assertThat(map.key(0)).isEqualTo(IntegerRedisMessage.of(0));
    assertThat(map.value(0)).isSameAs(BooleanRedisMessage.FALSE);
    map.release();
    ArrayRedisMessage set = (ArrayRedisMessage) reply();
    assertThat(set.type()).isEqualTo(RedisMessageType.SET);
    assertThat(set.children()).hasSize(3);
    set.release();
    VerbatimStringRedisMessage verbatim = (VerbatimStringRedisMessage) reply();
    assertThat(verbatim.format()).isEqualTo("txt");
    assertThat(verbatim.content().toString(StandardCharsets.UTF_8))
        .isEqualTo("This is a verbatim\nstring");
    verbatim.release();
    // The attribute comes first, then the value it describes.
    MapRedisMessage attribute = (MapRedisMessage) reply();
    assertThat(attribute.type()).isEqualTo(RedisMessageType.ATTRIBUTE);
    assertThat(text(attribute.key(0))).isEqualTo("key-popularity");
    attribute.release();
    RedisMessage described = reply();
    assertThat(text(described)).isEqualTo("Some real reply following the attribute");
    ReferenceCountUtil.release(described);
    // DEBUG PROTOCOL push sends a push, then its own reply.
    ArrayRedisMessage push = (ArrayRedisMessage) reply();
    assertThat(push.type()).isEqualTo(RedisMessageType.PUSH);
    assertThat(text(push.children().get(0))).isEqualTo("server-cpu-usage");
    push.release();
    RedisMessage last = reply();
    assertThat(text(last)).isEqualTo("Some real reply following the push reply");
    ReferenceCountUtil.release(last);
  }

  @Test
  void pubSubMessagesArriveAsPushesInResp3() throws Exception {
    send("HELLO 3", "SUBSCRIBE news");
    ReferenceCountUtil.release(reply());
    ArrayRedisMessage subscribed = (ArrayRedisMessage) reply();
    assertThat(subscribed.type()).isEqualTo(RedisMessageType.PUSH);
    assertThat(text(subscribed.children().get(0))).isEqualTo("subscribe");
    subscribed.release();
    // Publish from a second connection through redis-cli.
    Peer.Result published =
        Peer.command("redis-cli", "apt package redis-tools")
            .args(
                "-p",
                "" + ((InetSocketAddress) channel.remoteAddress()).getPort(),
                "PUBLISH",
                "news",
                "hello")
            .run(Duration.ofSeconds(30));
    assertThat(published.output().trim()).isEqualTo("1");
    ArrayRedisMessage message = (ArrayRedisMessage) reply();
    assertThat(message.type()).isEqualTo(RedisMessageType.PUSH);
    assertThat(message.children().stream().map(RedisInteropTest::text))
        .containsExactly("message", "news", "hello");
    message.release();
  }
}
