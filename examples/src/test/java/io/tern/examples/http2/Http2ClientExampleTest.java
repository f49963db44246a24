package io.tern.examples.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.http.HttpHelloServer;
import io.tern.examples.http2.Http2ClientExample.Reply;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class Http2ClientExampleTest {
  private static final InetSocketAddress ANY_PORT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  @Test
  void fetchesConcurrentStreamsFromHttpHelloWithPriorKnowledge() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server = HttpHelloServer.start(nio, group, ANY_PORT).sync().getNow();
      List<Reply> replies =
          Http2ClientExample.fetch(
                  nio, group, server.localAddress(), "127.0.0.1", "/plaintext", 3, null)
              .get(30, TimeUnit.SECONDS);
      assertThat(replies)
          .containsExactly(
              new Reply(1, 200, "Hello, World!"),
              new Reply(3, 200, "Hello, World!"),
              new Reply(5, 200, "Hello, World!"));
      List<Reply> missing =
          Http2ClientExample.fetch(nio, group, server.localAddress(), "127.0.0.1", "/x", 1, null)
              .get(30, TimeUnit.SECONDS);
      assertThat(missing).containsExactly(new Reply(1, 404, ""));
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void fetchesOverTlsWithAlpn() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    try {
      ServerChannel server =
          HttpHelloServer.start(nio, group, ANY_PORT, HttpHelloServer.tls(cert)).sync().getNow();
      SslContext client =
          SslContextBuilder.forClient()
              .trustManager(List.of(cert.certificate()))
              .applicationProtocols("h2")
              .build();
      List<Reply> replies =
          Http2ClientExample.fetch(
                  nio, group, server.localAddress(), "127.0.0.1", "/json", 2, client)
              .get(30, TimeUnit.SECONDS);
      assertThat(replies)
          .containsExactly(
              new Reply(1, 200, "{\"message\":\"Hello, World!\"}"),
              new Reply(3, 200, "{\"message\":\"Hello, World!\"}"));
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
