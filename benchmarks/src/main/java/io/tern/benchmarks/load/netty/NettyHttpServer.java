package io.tern.benchmarks.load.netty;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Netty's TechEmpower-style plaintext/JSON HTTP/1.1 server ({@code netty-http} in the load
 * harness): {@code NettyHttpServer --port N [--transport nio|epoll|io_uring|native] [--threads N]}.
 * Header validation is off on both sides, as in TechEmpower's Netty entry.
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
    NettyServer.serve(
        "netty-http",
        options,
        channel ->
            channel.pipeline().addLast(new HttpServerCodec(decoder), new HelloWorldHandler()));
  }
}
