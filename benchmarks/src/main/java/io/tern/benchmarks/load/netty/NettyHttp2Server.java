package io.tern.benchmarks.load.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;

/**
 * Netty's h2c (prior knowledge) hello-world server in the shape of Tern's twin ({@code netty-http2}
 * in the load harness): {@code NettyHttp2Server --port N [--transport nio|epoll|io_uring]
 * [--threads N]}. Pipeline: Netty's {@code Http2FrameCodec} with its defaults, then one shared
 * handler answering every request's HEADERS with the same response as the Tern twin, flushed once
 * per read.
 */
public final class NettyHttp2Server {
  private NettyHttp2Server() {}

  /** Answers every request; shared by every connection. */
  @Sharable
  // Writes go with the void promise and failures reach exceptionCaught: nothing waits on them.
  @SuppressWarnings("FutureReturnValueIgnored")
  static final class Hello extends ChannelInboundHandlerAdapter {
    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof Http2HeadersFrame h && h.headers().path() != null) {
          Http2Headers headers =
              new DefaultHttp2Headers()
                  .status("200")
                  .add("content-type", "text/plain")
                  .add("content-length", "13");
          ctx.write(
              new DefaultHttp2HeadersFrame(headers, false).stream(h.stream()), ctx.voidPromise());
          ctx.write(
              new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(BODY), true).stream(h.stream()),
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
   * @throws InterruptedException if interrupted while serving
   */
  @SuppressWarnings("FutureReturnValueIgnored") // the server runs until the process is killed
  public static void main(String[] args) throws InterruptedException {
    ServerArgs options = ServerArgs.parse(args);
    Hello hello = new Hello();
    NettyServer.serve(
        "netty-http2",
        options,
        NettyServer.Tuning.DEFAULTS,
        channel -> channel.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), hello));
  }
}
