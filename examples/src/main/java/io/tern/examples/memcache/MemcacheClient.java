package io.tern.examples.memcache;

import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.BinaryMemcacheOpcodes;
import io.tern.codec.memcache.BinaryMemcacheRequest;
import io.tern.codec.memcache.BinaryMemcacheRequestEncoder;
import io.tern.codec.memcache.BinaryMemcacheResponse;
import io.tern.codec.memcache.BinaryMemcacheResponseDecoder;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./run-example memcache-client [--host 127.0.0.1] [--port 11211] [--count 100]}: stores
 * {@code --count} keys with quiet {@code SETQ}s, reads them back with quiet {@code GETKQ}s (plus
 * one missing key, which stays silent), ends the batch with a {@code NOOP}, and prints what came
 * back: one response per hit, then the {@code NOOP}'s. All of it is one pipelined write.
 *
 * <p>Pipeline: {@link BinaryMemcacheResponseDecoder}, {@link BinaryMemcacheRequestEncoder}, and a
 * handler that collects responses until the {@code NOOP}'s.
 */
public final class MemcacheClient {
  private MemcacheClient() {}

  /**
   * Connects, writes {@code requests} and collects the responses up to the one answering the last
   * request (which must be loud, e.g. a {@code NOOP}).
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param requests the requests, now owned by the channel
   * @return completed with the responses (the caller releases them), or failed
   */
  public static Future<List<BinaryMemcacheResponse>> exchange(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      List<BinaryMemcacheRequest> requests) {
    Promise<List<BinaryMemcacheResponse>> result = group.next().newPromise();
    int lastOpaque = requests.get(requests.size() - 1).opaque();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new BinaryMemcacheResponseDecoder(),
                        new BinaryMemcacheRequestEncoder(),
                        new Collector(requests, lastOpaque, result));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                requests.forEach(BinaryMemcacheRequest::release);
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Builds a request with a key, and a value and extras if given.
   *
   * @param opcode the opcode
   * @param key the key
   * @param value the value, or {@code null}
   * @param opaque the opaque value
   * @return the request
   */
  public static BinaryMemcacheRequest request(byte opcode, String key, String value, int opaque) {
    boolean store = value != null;
    return new BinaryMemcacheRequest(
            opcode,
            store ? Unpooled.buffer(8).writeInt(0).writeInt(0) : Unpooled.EMPTY_BUFFER,
            Unpooled.copiedBuffer(key, StandardCharsets.UTF_8),
            store ? Unpooled.copiedBuffer(value, StandardCharsets.UTF_8) : Unpooled.EMPTY_BUFFER)
        .opaque(opaque);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the exchange fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address =
        transport.address(options.get("host", "127.0.0.1"), options.port(11211));
    int count = options.positiveInt("count", 100);
    List<BinaryMemcacheRequest> requests = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      requests.add(request(BinaryMemcacheOpcodes.SETQ, "key:" + i, "value " + i, i));
    }
    for (int i = 0; i <= count; i++) {
      requests.add(request(BinaryMemcacheOpcodes.GETKQ, "key:" + i, null, count + i));
    }
    requests.add(BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.NOOP).opaque(-1));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      if (transport.inVmOnly()) {
        MemcacheServer.start(transport, group, address).sync();
      }
      List<BinaryMemcacheResponse> responses =
          exchange(transport, group, address, requests).sync().getNow();
      for (BinaryMemcacheResponse response : responses) {
        System.out.printf(
            "opcode 0x%02x status %d key %s value %s%n",
            response.opcode(),
            response.status(),
            response.key().toString(StandardCharsets.UTF_8),
            response.value().toString(StandardCharsets.UTF_8));
        response.release();
      }
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  private static final class Collector implements ChannelHandler {
    private final List<BinaryMemcacheRequest> requests;
    private final int lastOpaque;
    private final Promise<List<BinaryMemcacheResponse>> result;
    private final List<BinaryMemcacheResponse> responses = new ArrayList<>();

    Collector(
        List<BinaryMemcacheRequest> requests,
        int lastOpaque,
        Promise<List<BinaryMemcacheResponse>> result) {
      this.requests = requests;
      this.lastOpaque = lastOpaque;
      this.result = result;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      requests.forEach(ctx::write);
      ctx.flush();
      ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      BinaryMemcacheResponse response = (BinaryMemcacheResponse) msg;
      responses.add(response);
      if (response.opaque() == lastOpaque && result.trySuccess(List.copyOf(responses))) {
        responses.clear();
        ctx.close();
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      fail(new ClosedChannelException());
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      fail(cause);
      ctx.close();
    }

    private void fail(Throwable cause) {
      if (result.tryFailure(cause)) {
        responses.forEach(BinaryMemcacheResponse::release);
        responses.clear();
      }
    }
  }
}
