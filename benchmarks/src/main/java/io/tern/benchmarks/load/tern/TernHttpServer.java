package io.tern.benchmarks.load.tern;

import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelInitializer;

/**
 * Tern's TechEmpower-style plaintext/JSON HTTP/1.1 server ({@code tern-http} in the load harness),
 * the twin of {@code NettyHttpServer}: {@code TernHttpServer --port N [--transport
 * nio|epoll|io_uring] [--threads N]}. The same decoder limits as the Netty side, header validation
 * off on both sides (as in TechEmpower's Netty entry); one handler instance serves every
 * connection.
 *
 * <p>The same port also speaks h2c with prior knowledge (the load harness's {@code h2c} scenario):
 * a {@link CleartextHttp2ServerUpgradeHandler} looks at each connection's first bytes and, on the
 * HTTP/2 client preface, sets up the {@code Http2FrameCodec} and {@code tern-http2}'s handler
 * ({@link TernHttp2Server.Hello}) instead. It takes no {@code Upgrade: h2c} ({@code
 * priorKnowledgeOnly()}), so no handler watches the HTTP/1.1 requests and they cost what they cost
 * behind a plain {@code HttpServerCodec}; the sniffing handler leaves the pipeline after the first
 * read.
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
    TernServer.serve("tern-http", TernServer.Args.parse(args), childHandler());
  }

  /**
   * Returns the handler that sets up each connection's pipeline (shared by every connection).
   *
   * @return the child handler
   */
  public static ChannelHandler childHandler() {
    HttpDecoderConfig decoder =
        HttpDecoderConfig.DEFAULT
            .withMaxInitialLineLength(4096)
            .withMaxHeaderSize(8192)
            .withMaxChunkSize(8192)
            .withValidateHeaders(false);
    HelloWorldHandler hello = new HelloWorldHandler();
    TernHttp2Server.Hello hello2 = new TernHttp2Server.Hello();
    return new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel ch) {
        ch.pipeline()
            .addLast(
                CleartextHttp2ServerUpgradeHandler.builder()
                    .http1Config(decoder)
                    .http1(hello)
                    .http2(hello2)
                    .priorKnowledgeOnly()
                    .build());
      }
    };
  }
}
