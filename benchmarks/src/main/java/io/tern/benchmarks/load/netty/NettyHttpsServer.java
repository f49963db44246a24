package io.tern.benchmarks.load.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.ssl.SslProvider;
import io.tern.benchmarks.load.common.TlsFiles;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSession;

/**
 * {@code netty-https} in the load harness: {@link NettyHttpServer} behind Netty's {@code
 * SslHandler} on its fastest provider, BoringSSL through {@code netty-tcnative-boringssl-static}
 * ({@code SslProvider.OPENSSL}; the server refuses to start without it), the twin of Tern's {@code
 * tern-https}. {@code NettyHttpsServer --port N --cert FILE --key FILE [--transport
 * nio|epoll|io_uring] [--threads N]}. TLS 1.3 and 1.2; BoringSSL cannot be told a TLS 1.3 suite and
 * follows wrk's preference, {@value TlsFiles#TLS13_SUITE} (on a CPU with AES instructions), which
 * Tern's twin is limited to. The first handshake's protocol and suite are printed.
 */
public final class NettyHttpsServer {
  private NettyHttpsServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the key material cannot be read or the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TlsFiles tls = TlsFiles.parse(args);
    ServerArgs options = ServerArgs.parse(tls.rest().toArray(String[]::new));
    OpenSsl.ensureAvailability();
    SslContext context =
        SslContextBuilder.forServer(tls.certificateChain().toFile(), tls.privateKey().toFile())
            .sslProvider(SslProvider.OPENSSL)
            .protocols("TLSv1.3", "TLSv1.2")
            .ciphers(List.of(TlsFiles.TLS13_SUITE, "ECDHE-ECDSA-AES256-GCM-SHA384"))
            .build();
    System.out.println("netty-https: TLS provider OPENSSL (" + OpenSsl.versionString() + ")");
    HttpDecoderConfig decoder =
        new HttpDecoderConfig()
            .setMaxInitialLineLength(4096)
            .setMaxHeaderSize(8192)
            .setMaxChunkSize(8192)
            .setHeadersFactory(DefaultHttpHeadersFactory.headersFactory().withValidation(false));
    HelloWorldHandler hello = new HelloWorldHandler();
    AtomicBoolean printed = new AtomicBoolean();
    NettyServer.serve(
        "netty-https",
        options,
        NettyServer.Tuning.DEFAULTS,
        channel -> {
          SslHandler ssl = context.newHandler(channel.alloc());
          channel.pipeline().addLast(ssl);
          if (!printed.get()) {
            channel.pipeline().addLast(new FirstHandshake(ssl, printed));
          }
          channel.pipeline().addLast(new HttpServerCodec(decoder), hello);
        });
  }

  /** Prints the first completed handshake's protocol and suite, then leaves the pipeline. */
  private static final class FirstHandshake extends ChannelInboundHandlerAdapter {
    private final SslHandler ssl;
    private final AtomicBoolean printed;

    FirstHandshake(SslHandler ssl, AtomicBoolean printed) {
      this.ssl = ssl;
      this.printed = printed;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
      if (evt instanceof SslHandshakeCompletionEvent done) {
        if (done.isSuccess() && printed.compareAndSet(false, true)) {
          SSLSession session = ssl.engine().getSession();
          System.out.println(
              "netty-https: negotiated " + session.getProtocol() + " " + session.getCipherSuite());
          System.out.flush();
        }
        ctx.pipeline().remove(this);
      }
      super.userEventTriggered(ctx, evt);
    }
  }
}
