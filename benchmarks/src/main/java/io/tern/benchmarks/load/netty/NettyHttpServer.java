package io.tern.benchmarks.load.netty;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Netty's plaintext/JSON HTTP/1.1 server in the shape of Tern's twin ({@code netty-http} in the
 * load harness): {@code HttpServerCodec} and Netty's defaults otherwise (its 4.2 adaptive
 * allocator, its transports' default options). {@code NettyHttpServer --port N [--transport
 * nio|epoll|io_uring] [--threads N]}. Header validation is off on both sides, as in TechEmpower's
 * Netty entry. {@link TechEmpowerServer} is the other Netty server, in the shape of Netty's own
 * TechEmpower entry; the harness compares Tern with the faster of the two in each round.
 */
public final class NettyHttpServer {
  private NettyHttpServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    ServerArgs options = ServerArgs.parse(args);
    HttpDecoderConfig decoder =
        new HttpDecoderConfig()
            .setMaxInitialLineLength(4096)
            .setMaxHeaderSize(8192)
            .setMaxChunkSize(8192)
            .setHeadersFactory(DefaultHttpHeadersFactory.headersFactory().withValidation(false));
    HelloWorldHandler hello = new HelloWorldHandler();
    NettyServer.serve(
        "netty-http",
        options,
        NettyServer.Tuning.DEFAULTS,
        channel -> channel.pipeline().addLast(new HttpServerCodec(decoder), hello));
  }
}
