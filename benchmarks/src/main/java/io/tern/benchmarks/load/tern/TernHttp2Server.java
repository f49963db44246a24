package io.tern.benchmarks.load.tern;

import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2FrameCodec;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.nio.charset.StandardCharsets;

/**
 * Tern's h2c (prior knowledge) hello-world server ({@code tern-http2} in the load harness), the
 * twin of {@code NettyHttp2Server}: {@code TernHttp2Server --port N [--transport
 * nio|epoll|io_uring] [--threads N]}. Pipeline: {@link Http2FrameCodec} with its defaults, then one
 * shared handler that answers every request's HEADERS with {@code 200}, {@code content-type},
 * {@code content-length} and {@code Hello, World!}, flushed once per read.
 */
public final class TernHttp2Server {
  private TernHttp2Server() {}

  /** Answers every request; shared by every connection. */
  static final class Hello implements ChannelHandler {
    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof Http2HeadersFrame h && h.headers().path() != null) {
          Http2Headers headers =
              new Http2Headers()
                  .status("200")
                  .add("content-type", "text/plain")
                  .add("content-length", "13");
          ctx.write(new Http2HeadersFrame(h.streamId(), headers, false), ctx.voidPromise());
          ctx.write(
              new Http2DataFrame(h.streamId(), Unpooled.wrappedBuffer(BODY), true),
              ctx.voidPromise());
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
    TernServer.serve(
        "tern-http2",
        options,
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast(Http2FrameCodec.forServer().build(), hello);
          }
        });
  }
}
