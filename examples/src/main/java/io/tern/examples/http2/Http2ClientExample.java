package io.tern.examples.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2FrameCodec;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2ResetFrame;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code ./run-example http2-client [--host 127.0.0.1] [--port 8080] [--path /plaintext] [--streams
 * 3] [--tls --trust cert.pem] [--transport nio]}: an HTTP/2 client. It opens one connection, sends
 * {@code --streams} concurrent {@code GET}s of {@code --path} on it (streams 1, 3, 5, ...), and
 * prints each response. Without {@code --tls} it speaks h2c with prior knowledge; with it, TLS with
 * ALPN {@code h2}, trusting the certificate in {@code --trust} (the one {@code http-hello --tls}
 * prints). Try it against {@code http-hello}, or {@code nghttpd}.
 *
 * <p>Pipeline: ({@code SslHandler},) {@link Http2FrameCodec} (client side), a collector of each
 * stream's status and body.
 */
public final class Http2ClientExample {
  /** The largest body a stream may bring. */
  public static final int MAX_BODY = 1 << 20;

  private Http2ClientExample() {}

  /**
   * One response.
   *
   * @param streamId the stream it came on
   * @param status the {@code :status}, or -1 if the stream was reset
   * @param body the body decoded as UTF-8
   */
  public record Reply(int streamId, int status, String body) {}

  /**
   * Connects, sends {@code streams} GETs of {@code path} at once and waits for every response.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param authority the {@code :authority} value
   * @param path the {@code :path}
   * @param streams how many requests
   * @param tls a client context offering {@code h2}, or {@code null} for h2c with prior knowledge
   * @return completed with the replies in stream order, or failed if the connection fails
   */
  public static Future<List<Reply>> fetch(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      String authority,
      String path,
      int streams,
      SslContext tls) {
    Promise<List<Reply>> result = group.next().newPromise();
    Collector collector = new Collector(streams, result);
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                if (tls != null) {
                  // The peer's name and port let the engine check the certificate's names.
                  ch.pipeline()
                      .addLast(
                          server instanceof InetSocketAddress inet
                              ? tls.newHandler(inet.getHostString(), inet.getPort())
                              : tls.newHandler());
                }
                ch.pipeline().addLast(Http2FrameCodec.forClient().build(), collector);
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
                return;
              }
              Channel ch = collector.channel;
              for (int i = 0; i < streams; i++) {
                Http2Headers request =
                    new Http2Headers()
                        .method("GET")
                        .scheme(tls == null ? "http" : "https")
                        .authority(authority)
                        .path(path)
                        .add("user-agent", "tern-http2-client");
                ch.write(new Http2HeadersFrame(0, request, true)); // ids 1, 3, 5, ...
              }
              ch.flush();
            });
    result.addListener(done -> collector.close());
    return result;
  }

  /** Gathers each stream's status and body; completes once every stream has ended. */
  private static final class Collector implements ChannelHandler {
    private final int streams;
    private final Promise<List<Reply>> result;
    private final Map<Integer, Integer> status = new TreeMap<>();
    private final Map<Integer, ByteBuf> bodies = new TreeMap<>();
    private final List<Reply> replies = new ArrayList<>();
    private Channel channel;

    Collector(int streams, Promise<List<Reply>> result) {
      this.streams = streams;
      this.result = result;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      channel = ctx.channel();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof Http2HeadersFrame h) {
          CharSequence s = h.headers().status();
          if (s != null && s.charAt(0) != '1') {
            status.put(h.streamId(), Integer.parseInt(s.toString()));
          }
          if (h.endStream()) {
            ended(h.streamId());
          }
        } else if (msg instanceof Http2DataFrame d) {
          ByteBuf body = bodies.computeIfAbsent(d.streamId(), id -> Unpooled.buffer());
          if (body.readableBytes() + d.content().readableBytes() > MAX_BODY) {
            result.tryFailure(new IllegalStateException("body larger than " + MAX_BODY));
            return;
          }
          body.writeBytes(d.content());
          if (d.endStream()) {
            ended(d.streamId());
          }
        } else if (msg instanceof Http2ResetFrame r) {
          status.put(r.streamId(), -1);
          ended(r.streamId());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    private void ended(int streamId) {
      ByteBuf body = bodies.remove(streamId);
      String text = body == null ? "" : body.toString(StandardCharsets.UTF_8);
      if (body != null) {
        body.release();
      }
      replies.add(new Reply(streamId, status.getOrDefault(streamId, -1), text));
      if (replies.size() == streams) {
        replies.sort((a, b) -> Integer.compare(a.streamId(), b.streamId()));
        result.trySuccess(List.copyOf(replies));
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      result.tryFailure(new IllegalStateException("connection closed before every response"));
      releaseBodies();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      result.tryFailure(cause);
      ctx.close();
    }

    void close() {
      if (channel != null) {
        channel.close();
      }
    }

    private void releaseBodies() {
      bodies.values().forEach(ByteBuf::release);
      bodies.clear();
    }
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the run fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    String host = options.get("host", "127.0.0.1");
    int port = options.port(8080);
    int streams = options.positiveInt("streams", 3);
    SslContext tls = null;
    if (options.flag("tls")) {
      SslContextBuilder b = SslContextBuilder.forClient().applicationProtocols("h2");
      String trust = options.get("trust", null);
      if (trust != null) {
        b.trustManager(Path.of(trust));
      }
      tls = b.build();
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      Future<List<Reply>> replies =
          fetch(
                  transport,
                  group,
                  transport.address(host, port),
                  host + ":" + port,
                  options.get("path", "/plaintext"),
                  streams,
                  tls)
              .await();
      if (!replies.isSuccess()) {
        System.err.println("http2-client: failed: " + replies.cause());
        System.exit(1);
      }
      for (Reply r : replies.getNow()) {
        System.out.printf("stream %d: %d %s%n", r.streamId(), r.status(), r.body());
      }
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
