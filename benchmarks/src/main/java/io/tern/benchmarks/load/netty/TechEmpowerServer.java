package io.tern.benchmarks.load.netty;

import io.netty.buffer.PooledByteBufAllocator;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.util.ResourceLeakDetector;

/**
 * Netty's plaintext/JSON HTTP/1.1 server in the shape of Netty's own TechEmpower entry ({@code
 * netty-http-te} in the load harness): a separate {@code HttpRequestDecoder} (limits
 * 4096/8192/8192, header validation off) and {@code HttpResponseEncoder} (accepting {@code
 * DefaultFullHttpResponse} by class before any {@code instanceof}), a pooled allocator preferring
 * direct buffers, reads until the socket is empty in one loop turn, leak detection disabled, a
 * handler with a fast path for {@code DefaultHttpRequest} and the empty last content, and the
 * {@code Date} value refreshed once a second by a scheduled task. On io_uring it also receives into
 * a registered buffer ring. The harness starts it with TechEmpower's JVM flags (Unsafe allowed, the
 * parallel GC) and, as {@code netty-http-te-nochecks}, also with {@code
 * io.netty.buffer.checkBounds=false} and {@code checkAccessible=false}, the safety checks Tern
 * always keeps, so that a reader sees both figures.
 *
 * <p>{@code TechEmpowerServer --port N [--transport nio|epoll|io_uring] [--threads N]}.
 */
public final class TechEmpowerServer {
  private TechEmpowerServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    ServerArgs options = ServerArgs.parse(args);
    boolean checksOff =
        "false".equals(System.getProperty("io.netty.buffer.checkBounds"))
            && "false".equals(System.getProperty("io.netty.buffer.checkAccessible"));
    HttpDecoderConfig decoder =
        new HttpDecoderConfig()
            .setMaxInitialLineLength(4096)
            .setMaxHeaderSize(8192)
            .setMaxChunkSize(8192)
            .setHeadersFactory(DefaultHttpHeadersFactory.headersFactory().withValidation(false));
    TechEmpowerHandler handler = new TechEmpowerHandler();
    NettyServer.serve(
        checksOff ? "netty-http-te-nochecks" : "netty-http-te",
        options,
        new NettyServer.Tuning(new PooledByteBufAllocator(true), true, true),
        channel ->
            channel
                .pipeline()
                .addLast(new FastResponseEncoder(), new NoBodyRequestDecoder(decoder), handler));
  }

  /** Takes its own response class without the generic type check first. */
  private static final class FastResponseEncoder extends HttpResponseEncoder {
    @Override
    public boolean acceptOutboundMessage(Object msg) throws Exception {
      return msg.getClass() == DefaultFullHttpResponse.class || super.acceptOutboundMessage(msg);
    }
  }

  /** The benchmark's requests have no body: skip the decoder's look for one. */
  private static final class NoBodyRequestDecoder extends HttpRequestDecoder {
    NoBodyRequestDecoder(HttpDecoderConfig config) {
      super(config);
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage msg) {
      return false;
    }
  }
}
