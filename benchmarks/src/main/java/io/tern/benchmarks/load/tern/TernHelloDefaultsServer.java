package io.tern.benchmarks.load.tern;

import io.tern.benchmarks.load.common.JsonMessage;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpDateCache;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.nio.charset.StandardCharsets;

/**
 * The README's {@code http-hello} example in the load harness ({@code tern-http-hello}): {@code
 * TernHelloDefaultsServer --port N [--transport nio|epoll|io_uring] [--threads N]}. Its pipeline
 * and handler are the example's ({@code io.tern.examples.http.HttpHelloServer}, which the
 * benchmarks cannot depend on): a {@link CleartextHttp2ServerUpgradeHandler} choosing HTTP/1.1 or
 * h2c on the first bytes, the codec on its defaults (header validation on), the h2c upgrade watcher
 * (the codec closes the connection when HTTP says it ends), and a handler that builds each response
 * with the default (validating) headers and {@code setInt} for {@code Content-Length}. Only {@code
 * /json} differs: it serializes a {@link JsonMessage} per request as {@code tern-http} does, so the
 * two servers do the same work apart from the defaults.
 *
 * <p>Compared with {@code tern-http} (the load twin, validation off, no keep-alive handler) it
 * gives the cost of Tern's safe defaults: {@code benchmarks/load/compare --tern tern-http-hello
 * --netty tern-http --netty-nochecks none --limit-server none}.
 */
public final class TernHelloDefaultsServer {
  private TernHelloDefaultsServer() {}

  /** The example's HTTP/1.1 handler: stateless, shared by every connection. */
  static final class Hello implements ChannelHandler {
    private static final byte[] PLAINTEXT = JsonMessage.HELLO.getBytes(StandardCharsets.US_ASCII);
    private static final AsciiString SERVER = AsciiString.cached("tern");

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof HttpRequest request) {
          ctx.write(respond(request.target().path()), ctx.voidPromise());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }

    private static FullHttpResponse respond(String path) {
      return switch (path) {
        case "/", "/plaintext" -> ok(PLAINTEXT, HttpHeaderValues.TEXT_PLAIN);
        case "/json" ->
            ok(new JsonMessage(JsonMessage.HELLO).toJson(), HttpHeaderValues.APPLICATION_JSON);
        default -> {
          FullHttpResponse notFound =
              new DefaultFullHttpResponse(
                  HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND, Unpooled.EMPTY_BUFFER);
          notFound.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
          yield notFound;
        }
      };
    }

    private static FullHttpResponse ok(byte[] body, AsciiString contentType) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
      headers.set(HttpHeaderNames.SERVER, SERVER);
      headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
      headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
      return response;
    }
  }

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TernServer.Args options = TernServer.Args.parse(args);
    Hello hello = new Hello();
    TernHttp2Server.Hello hello2 = new TernHttp2Server.Hello();
    ChannelInitializer<Channel> http1 =
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast(hello);
          }
        };
    TernServer.serve(
        "tern-http-hello",
        options,
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline()
                .addLast(
                    CleartextHttp2ServerUpgradeHandler.builder()
                        .http1(http1)
                        .http2(hello2)
                        .build());
          }
        });
  }
}
