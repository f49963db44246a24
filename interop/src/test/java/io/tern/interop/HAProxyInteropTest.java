package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.haproxy.HAProxyMessage;
import io.tern.codec.haproxy.HAProxyMessageDecoder;
import io.tern.codec.haproxy.HAProxySSLTLV;
import io.tern.codec.haproxy.HAProxyTLV;
import io.tern.codec.haproxy.ProxiedAddressHandler;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpVersion;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's PROXY protocol decoder behind real senders on 127.0.0.1: {@code haproxy} in front of a
 * Tern HTTP server with {@code send-proxy} (version 1) and {@code send-proxy-v2} with {@code
 * proxy-v2-options crc32c,ssl} (TLS terminated by haproxy), and {@code curl --haproxy-protocol}
 * talking to Tern directly. curl binds a known local port, so the test checks that the Tern server
 * reports the original client (127.0.0.1 and that port), not the proxy's connection.
 */
@Tag("interop")
class HAProxyInteropTest {
  private static final Duration CURL_TIMEOUT = Duration.ofSeconds(30);

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private Channel server;
  private int ternPort;

  @BeforeEach
  void startTern() throws Exception {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(new HAProxyMessageDecoder())
                        .addLast(ProxiedAddressHandler.INSTANCE)
                        .addLast(new HttpServerCodec())
                        .addLast(new HttpObjectAggregator(1024))
                        .addLast(new WhoAmI());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0))
            .sync()
            .getNow();
    ternPort = ((InetSocketAddress) server.localAddress()).getPort();
  }

  @AfterEach
  void stop() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Answers with the remote address the channel reports and what the header's TLVs said. */
  private static final class WhoAmI extends SimpleChannelInboundHandler<FullHttpRequest> {
    WhoAmI() {
      super(FullHttpRequest.class);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      HAProxyMessage header = ctx.channel().attr(ProxiedAddressHandler.MESSAGE).get();
      StringBuilder body = new StringBuilder();
      InetSocketAddress remote = (InetSocketAddress) ctx.channel().remoteAddress();
      body.append("remote=")
          .append(remote.getAddress().getHostAddress())
          .append(':')
          .append(remote.getPort())
          .append('\n');
      if (header != null) {
        body.append("version=").append(header.protocolVersion()).append('\n');
        body.append("crc32c=").append(header.tlv(HAProxyTLV.Type.CRC32C) != null).append('\n');
        if (header.tlv(HAProxyTLV.Type.SSL) instanceof HAProxySSLTLV ssl) {
          body.append("ssl=").append(ssl.isPP2ClientSSL()).append(' ').append(ssl.version());
          body.append('\n');
        }
      }
      ByteBuf content = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
      DefaultFullHttpResponse response =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, content);
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
      ctx.writeAndFlush(response);
    }
  }

  private static Peer.Result curl(String... args) {
    return Peer.command("curl", "apt package curl").args(args).run(CURL_TIMEOUT);
  }

  @Test
  void curlHaproxyProtocolV1NamesItsOwnAddress() {
    int clientPort = FreePort.find();
    Peer.Result r =
        curl(
            "-sS",
            "--haproxy-protocol",
            "--local-port",
            Integer.toString(clientPort),
            "http://127.0.0.1:" + ternPort + "/");
    assertThat(r.exitCode()).as(r.output()).isZero();
    assertThat(r.output()).contains("remote=127.0.0.1:" + clientPort).contains("version=V1");
  }

  @Test
  void haproxySendProxyV1AndV2WithCrc32cAndSsl() throws Exception {
    Path dir = Files.createTempDirectory("tern-haproxy-");
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    Path pem = dir.resolve("server.pem");
    Files.writeString(pem, cert.certificatePem() + cert.privateKeyPem());
    int v1Port = FreePort.find();
    int v2Port = FreePort.find();
    String config =
        """
        global
          maxconn 64
        defaults
          mode tcp
          timeout connect 5s
          timeout client 30s
          timeout server 30s
        frontend v1
          bind 127.0.0.1:%d
          default_backend tern_v1
        backend tern_v1
          server tern 127.0.0.1:%d send-proxy
        frontend v2
          bind 127.0.0.1:%d ssl crt %s
          default_backend tern_v2
        backend tern_v2
          server tern 127.0.0.1:%d send-proxy-v2 proxy-v2-options crc32c,ssl
        """
            .formatted(v1Port, ternPort, v2Port, pem, ternPort);
    Path cfg = dir.resolve("haproxy.cfg");
    Files.writeString(cfg, config);
    try (Peer haproxy =
        Peer.command("haproxy", "apt package haproxy")
            .args("-db", "-f", cfg.toString())
            .readyOnPort(v2Port)
            .start()) {
      int clientPort = FreePort.find();
      Peer.Result v1 =
          curl(
              "-sS",
              "--local-port",
              Integer.toString(clientPort),
              "http://127.0.0.1:" + v1Port + "/");
      assertThat(v1.exitCode()).as(v1.output() + haproxy.output()).isZero();
      assertThat(v1.output()).contains("remote=127.0.0.1:" + clientPort).contains("version=V1");

      int tlsClientPort = FreePort.find();
      Peer.Result v2 =
          curl(
              "-sS",
              "-k",
              "--tlsv1.3",
              "--local-port",
              Integer.toString(tlsClientPort),
              "https://127.0.0.1:" + v2Port + "/");
      assertThat(v2.exitCode()).as(v2.output() + haproxy.output()).isZero();
      assertThat(v2.output())
          .contains("remote=127.0.0.1:" + tlsClientPort)
          .contains("version=V2")
          .contains("crc32c=true")
          .contains("ssl=true TLSv1.3");
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(dir);
    }
  }
}
