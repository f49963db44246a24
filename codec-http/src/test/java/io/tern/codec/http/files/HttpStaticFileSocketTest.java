package io.tern.codec.http.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.HttpServerCodec;
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
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HttpStaticFileHandler} over real NIO connections, in plain TCP (file regions, {@code
 * sendfile}) and behind {@code SslHandler} (the handler must switch to chunked reads through a
 * {@code ChunkedWriteHandler} it adds itself): whole files, one range and several ranges come back
 * byte for byte.
 */
class HttpStaticFileSocketTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();
  private static final byte[] DATA = new byte[300_000]; // past several chunks and TLS records

  @TempDir static Path root;
  private static EventLoopGroup group;
  private static ServerChannel plain;
  private static ServerChannel tls;
  private static SSLSocketFactory clientTls;

  @BeforeAll
  static void startServers() throws Exception {
    new Random(42).nextBytes(DATA);
    Files.write(root.resolve("data.bin"), DATA);
    HttpStaticFileHandler files = new HttpStaticFileHandler(root);
    SslContext serverContext = SslContextBuilder.forServer(CERT).build();
    clientTls =
        SslContextBuilder.forClient()
            .trustManager(List.of(CERT.certificate()))
            .build()
            .context()
            .getSocketFactory();
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    plain = start(files, null);
    tls = start(files, serverContext);
  }

  private static ServerChannel start(HttpStaticFileHandler files, SslContext ssl) throws Exception {
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

  @AfterAll
  static void stopServers() throws Exception {
    plain.close().sync();
    tls.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @ParameterizedTest(name = "tls={0}")
  @ValueSource(booleans = {false, true})
  void servesAWholeFileByteForByte(boolean overTls) throws IOException {
    Response response = get(overTls, "");
    assertThat(response.head()).startsWith("HTTP/1.1 200 OK\r\n");
    assertThat(response.body()).isEqualTo(DATA);
  }

  @ParameterizedTest(name = "tls={0}")
  @ValueSource(booleans = {false, true})
  void servesOneRange(boolean overTls) throws IOException {
    Response response = get(overTls, "Range: bytes=100000-250000\r\n");
    assertThat(response.head())
        .startsWith("HTTP/1.1 206 Partial Content\r\n")
        .contains("content-range: bytes 100000-250000/300000\r\n");
    assertThat(response.body()).isEqualTo(Arrays.copyOfRange(DATA, 100000, 250001));
  }

  @ParameterizedTest(name = "tls={0}")
  @ValueSource(booleans = {false, true})
  void servesSeveralRangesAsMultipart(boolean overTls) throws IOException {
    Response response = get(overTls, "Range: bytes=-10, 0-99999, 200000-200009\r\n");
    assertThat(response.head()).startsWith("HTTP/1.1 206 Partial Content\r\n");
    String boundary =
        HttpStaticFileHandlerTest.header(response.head(), "content-type")
            .replace("multipart/byteranges; boundary=", "");
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    long[][] ranges = {{0, 99999}, {200000, 200009}, {299990, 299999}};
    for (long[] r : ranges) {
      String partHead =
          "\r\n--"
              + boundary
              + "\r\nContent-Type: application/octet-stream\r\n"
              + "Content-Range: bytes "
              + r[0]
              + "-"
              + r[1]
              + "/300000\r\n\r\n";
      expected.writeBytes(partHead.getBytes(StandardCharsets.US_ASCII));
      expected.write(DATA, (int) r[0], (int) (r[1] - r[0] + 1));
    }
    expected.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
    assertThat(response.body()).isEqualTo(expected.toByteArray());
    assertThat(response.head()).contains("content-length: " + expected.size() + "\r\n");
  }

  /** A response as received: the head as text, the body as bytes. */
  private static final class Response {
    private final String head;
    private final byte[] body;

    Response(String head, byte[] body) {
      this.head = head;
      this.body = body;
    }

    String head() {
      return head;
    }

    byte[] body() {
      return body;
    }
  }

  /**
   * Sends a {@code GET /data.bin} with {@code Connection: close} and reads until the server closes;
   * the socket timeout is only a hang guard.
   */
  private static Response get(boolean overTls, String headers) throws IOException {
    InetSocketAddress address = (InetSocketAddress) (overTls ? tls : plain).localAddress();
    Socket socket =
        overTls
            ? clientTls.createSocket(address.getAddress(), address.getPort())
            : new Socket(address.getAddress(), address.getPort());
    try (socket) {
      socket.setSoTimeout(30_000);
      if (socket instanceof SSLSocket ssl) {
        ssl.startHandshake();
      }
      String request =
          "GET /data.bin HTTP/1.1\r\nHost: h\r\nConnection: close\r\n" + headers + "\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      InputStream in = socket.getInputStream();
      byte[] all = in.readAllBytes();
      int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertThat(end).as("end of head").isNotNegative();
      return new Response(
          new String(all, 0, end + 4, StandardCharsets.ISO_8859_1),
          Arrays.copyOfRange(all, end + 4, all.length));
    }
  }

  private static int indexOf(byte[] data, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= data.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
