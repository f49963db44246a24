package io.tern.benchmarks.load.tern;

import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpServerCodec;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;

/**
 * Tern's TechEmpower-style plaintext/JSON HTTP/1.1 server ({@code tern-http} in the load harness),
 * the twin of {@code NettyHttpServer}: {@code TernHttpServer --port N [--transport
 * nio|epoll|io_uring] [--threads N]}. The same decoder limits as the Netty side, header validation
 * off on both sides (as in TechEmpower's Netty entry); one handler instance serves every
 * connection.
 */
public final class TernHttpServer {
  private TernHttpServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TernServer.Args options = TernServer.Args.parse(args);
    HttpDecoderConfig decoder =
        HttpDecoderConfig.DEFAULT
            .withMaxInitialLineLength(4096)
            .withMaxHeaderSize(8192)
            .withMaxChunkSize(8192)
            .withValidateHeaders(false);
    HelloWorldHandler hello = new HelloWorldHandler();
    TernServer.serve(
        "tern-http",
        options,
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast(new HttpServerCodec(decoder), hello);
          }
        });
  }
}
