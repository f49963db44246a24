package io.tern.benchmarks.load.tern;

import io.tern.benchmarks.load.common.TlsFiles;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpServerCodec;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.ssl.SslHandshakeCompletionEvent;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSession;

/**
 * {@code tern-https} in the load harness: {@link TernHttpServer} behind an {@code SslHandler}, the
 * twin of {@code NettyHttpsServer}. {@code TernHttpsServer --port N --cert FILE --key FILE
 * [--transport nio|epoll|io_uring] [--threads N]}. The default TLS provider (OpenSSL where it
 * loads, which the start-up output says), TLS 1.3 and 1.2, and of the TLS 1.3 suites only {@value
 * TlsFiles#TLS13_SUITE}, the one BoringSSL picks with wrk on the Netty side; the first handshake's
 * protocol and suite are printed so that a run shows what was negotiated.
 */
public final class TernHttpsServer {
  private TernHttpsServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the key material cannot be read or the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TlsFiles tls = TlsFiles.parse(args);
    TernServer.Args options = TernServer.Args.parse(tls.rest().toArray(String[]::new));
    SslContext context =
        SslContextBuilder.forServer(tls.certificateChain(), tls.privateKey())
            .protocols("TLSv1.3", "TLSv1.2")
            .ciphers(TlsFiles.TLS13_SUITE, "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384")
            .build();
    System.out.println("tern-https: TLS provider " + context.provider());
    HttpDecoderConfig decoder =
        HttpDecoderConfig.DEFAULT
            .withMaxInitialLineLength(4096)
            .withMaxHeaderSize(8192)
            .withMaxChunkSize(8192)
            .withValidateHeaders(false);
    HelloWorldHandler hello = new HelloWorldHandler();
    AtomicBoolean printed = new AtomicBoolean();
    TernServer.serve(
        "tern-https",
        options,
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            SslHandler ssl = context.newHandler();
            ch.pipeline().addLast(ssl);
            if (!printed.get()) {
              ch.pipeline().addLast(new FirstHandshake(ssl, printed));
            }
            ch.pipeline().addLast(new HttpServerCodec(decoder), hello);
          }
        });
  }

  /** Prints the first completed handshake's protocol and suite, then leaves the pipeline. */
  private static final class FirstHandshake implements ChannelHandler {
    private final SslHandler ssl;
    private final AtomicBoolean printed;

    FirstHandshake(SslHandler ssl, AtomicBoolean printed) {
      this.ssl = ssl;
      this.printed = printed;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof SslHandshakeCompletionEvent done) {
        if (done.isSuccess() && printed.compareAndSet(false, true)) {
          SSLSession session = ssl.session();
          System.out.println(
              "tern-https: negotiated " + session.getProtocol() + " " + session.getCipherSuite());
          System.out.flush();
        }
        ctx.pipeline().remove(this);
      }
      ctx.fireUserEventTriggered(evt);
    }
  }
}
