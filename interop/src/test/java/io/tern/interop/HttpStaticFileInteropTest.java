package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.files.HttpStaticFileHandler;
import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HttpStaticFileHandler} against curl on 127.0.0.1: single and multiple ranges ({@code -r}),
 * resuming a download ({@code -C -}, which relies on the range), conditional {@code GET} with the
 * {@code ETag} ({@code --etag-save}/{@code --etag-compare}) and a whole file over TLS, where the
 * handler must write chunks instead of file regions.
 */
@Tag("interop")
class HttpStaticFileInteropTest {
  private static final String CURL = "apt package curl";
  private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  @TempDir Path root;

  /** curl's outputs: not the peer's directory, which {@link Peer.Builder#run} deletes. */
  @TempDir Path work;

  private final byte[] data = new byte[200_000];
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private ServerChannel plain;
  private ServerChannel tls;

  @BeforeEach
  void startServers() throws Exception {
    new Random(7).nextBytes(data);
    Files.write(root.resolve("data.bin"), data);
    HttpStaticFileHandler files = new HttpStaticFileHandler(root);
    plain = start(files, null);
    tls = start(files, SslContextBuilder.forServer(CERT).build());
  }

  private ServerChannel start(HttpStaticFileHandler files, SslContext ssl) throws Exception {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerSocketChannel::new)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                if (ssl != null) {
                  ch.pipeline().addLast(ssl.newHandler());
                }
                ch.pipeline()
                    .addLast(new HttpServerCodec(), new HttpServerKeepAliveHandler(), files);
              }
            })
        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .sync()
        .getNow();
  }

  @AfterEach
  void stopServers() throws Exception {
    plain.close().sync();
    tls.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private static String url(String scheme, ServerChannel server) {
    return scheme
        + "://127.0.0.1:"
        + ((InetSocketAddress) server.localAddress()).getPort()
        + "/data.bin";
  }

  /** Runs curl writing the body to {@code out} (in {@link #work}); returns that file's bytes. */
  private byte[] curl(String out, String... args) throws Exception {
    Path file = work.resolve(out);
    Peer.Result result =
        Peer.command("curl", CURL)
            .args("-sS", "--max-time", "30", "-o", file.toString())
            .args(args)
            .run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
  }

  @Test
  void curlGetsOneRange() throws Exception {
    byte[] got = curl("out.bin", "-r", "1000-1999", url("http", plain));
    assertThat(got).isEqualTo(Arrays.copyOfRange(data, 1000, 2000));
  }

  @Test
  void curlGetsSeveralRangesAsMultipartByteranges() throws Exception {
    Path headers = work.resolve("headers.txt");
    byte[] got =
        curl("out.bin", "-D", headers.toString(), "-r", "0-9,100-109,-5", url("http", plain));
    String head = Files.readString(headers, StandardCharsets.ISO_8859_1);
    assertThat(head).startsWith("HTTP/1.1 206 Partial Content\r\n");
    String boundary = head.replaceAll("(?s).*boundary=([^\r\n]+).*", "$1");
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    int[][] ranges = {{0, 9}, {100, 109}, {199995, 199999}};
    for (int[] r : ranges) {
      expected.writeBytes(
          ("\r\n--"
                  + boundary
                  + "\r\nContent-Type: application/octet-stream\r\n"
                  + "Content-Range: bytes "
                  + r[0]
                  + "-"
                  + r[1]
                  + "/200000\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      expected.write(data, r[0], r[1] - r[0] + 1);
    }
    expected.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
    assertThat(got).isEqualTo(expected.toByteArray());
  }

  @Test
  void curlResumesAPartialDownload() throws Exception {
    Files.write(work.resolve("out.bin"), Arrays.copyOf(data, 123_456));
    byte[] got = curl("out.bin", "-C", "-", url("http", plain));
    assertThat(got).isEqualTo(data);
  }

  @Test
  void curlRevalidatesWithTheEtag() throws Exception {
    Path etag = work.resolve("etag.txt");
    Path headers = work.resolve("headers.txt");
    assertThat(curl("first.bin", "--etag-save", etag.toString(), url("http", plain)))
        .isEqualTo(data);
    byte[] again =
        curl(
            "again.bin",
            "-D",
            headers.toString(),
            "--etag-compare",
            etag.toString(),
            url("http", plain));
    assertThat(again).isEmpty();
    assertThat(Files.readString(headers)).startsWith("HTTP/1.1 304 Not Modified\r\n");
  }

  @Test
  void curlGetsAWholeFileAndARangeOverTls() throws Exception {
    // -k: the certificate is self-signed
    assertThat(curl("whole.bin", "-k", url("https", tls))).isEqualTo(data);
    assertThat(curl("range.bin", "-k", "-r", "50000-50099", url("https", tls)))
        .isEqualTo(Arrays.copyOfRange(data, 50000, 50100));
  }
}
