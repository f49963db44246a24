package io.tern.benchmarks.load.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;

/**
 * Netty's other h2c hello-world shape ({@code netty-http2-handler} in the load harness), the one of
 * Netty's own HTTP/2 hello-world example: an {@code Http2ConnectionHandler} with a frame listener,
 * no frame objects, answering through the connection's encoder; {@code NettyHttp2HandlerServer
 * --port N [--transport nio|epoll|io_uring] [--threads N]}. The response is the Tern twin's; the
 * handler flushes once per read (the connection handler does at read complete).
 */
public final class NettyHttp2HandlerServer {
  private NettyHttp2HandlerServer() {}

  /** Answers each request once it has ended; one per connection (it holds the encoder). */
  // Writes complete asynchronously and failures close the stream: nothing waits on them.
  @SuppressWarnings("FutureReturnValueIgnored")
  static final class Hello extends Http2FrameAdapter {
    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private Http2ConnectionEncoder encoder;

    private void respond(ChannelHandlerContext ctx, int streamId) {
      Http2Headers headers =
          new DefaultHttp2Headers()
              .status("200")
              .add("content-type", "text/plain")
              .add("content-length", "13");
      encoder.writeHeaders(ctx, streamId, headers, 0, false, ctx.newPromise());
      encoder.writeData(ctx, streamId, Unpooled.wrappedBuffer(BODY), 0, true, ctx.newPromise());
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean end) {
      if (end) {
        respond(ctx, streamId);
      }
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx,
        int streamId,
        Http2Headers headers,
        int streamDependency,
        short weight,
        boolean exclusive,
        int padding,
        boolean end) {
      onHeadersRead(ctx, streamId, headers, padding, end);
    }

    @Override
    public int onDataRead(
        ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean end) {
      if (end) {
        respond(ctx, streamId);
      }
      return data.readableBytes() + padding; // consumed: the window goes back to the client
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
    NettyServer.serve(
        "netty-http2-handler",
        options,
        NettyServer.Tuning.DEFAULTS,
        channel -> {
          Hello hello = new Hello();
          Http2ConnectionHandler handler =
              new Http2ConnectionHandlerBuilder().server(true).frameListener(hello).build();
          hello.encoder = handler.encoder();
          channel.pipeline().addLast(handler);
        });
  }
}
