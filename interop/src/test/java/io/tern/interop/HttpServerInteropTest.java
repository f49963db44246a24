package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.multipart.FileUpload;
import io.tern.codec.http.multipart.HttpData;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostRequestDecoder;
import io.tern.codec.http.server.HttpContentCompressor;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tern's HTTP/1.1 server (codec, keep-alive, compressor, aggregator) against real clients on
 * 127.0.0.1: curl 7.88 (keep-alive, chunked upload, {@code -F} multipart upload, {@code Expect:
 * 100-continue}, {@code --compressed}, HTTP/1.0) and Python's {@code http.client}.
 */
@Tag("interop")
class HttpServerInteropTest {
  private static final String CURL = "apt package curl";
  private static final String PYTHON = "apt package python3";
  private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);
  private static final String BIG = "All work and no play makes Jack a dull boy.\n".repeat(400);

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final AtomicInteger connections = new AtomicInteger();
  private ServerChannel server;
  private String base;

  @BeforeEach
  void startServer() throws Exception {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    connections.incrementAndGet();
                    ch.pipeline()
                        .addLast(
                            new HttpServerCodec(), // also closes when HTTP says so
                            new HttpContentCompressor(),
                            new HttpObjectAggregator(4 << 20),
                            new Application());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    base = "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
  }

  @AfterEach
  void stopServer() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /**
   * {@code GET /hello}, {@code GET /big} (compressible), {@code POST /echo} (echoes the body),
   * {@code POST /form} (decodes a multipart or urlencoded form and lists its fields).
   */
  private static final class Application implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof FullHttpRequest request && request.decoderResult().isSuccess()) {
          ByteBuf body =
              switch (request.target().path()) {
                case "/hello" -> Unpooled.copiedBuffer("Hello, World!", StandardCharsets.US_ASCII);
                case "/big" -> Unpooled.copiedBuffer(BIG, StandardCharsets.US_ASCII);
                case "/echo" ->
                    request.method().equals(HttpMethod.POST)
                        ? request.content().retainedDuplicate()
                        : null;
                case "/form" -> describeForm(request);
                default -> null;
              };
          FullHttpResponse response =
              new DefaultFullHttpResponse(
                  request.protocolVersion(),
                  body == null ? HttpResponseStatus.NOT_FOUND : HttpResponseStatus.OK,
                  body == null ? Unpooled.buffer(0) : body);
          response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
          HttpUtil.setContentLength(response, response.content().readableBytes());
          if (request.protocolVersion().equals(HttpVersion.HTTP_1_0)
              && HttpUtil.isKeepAlive(request)) {
            HttpUtil.setKeepAlive(response, true);
          }
          ctx.writeAndFlush(response);
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }

    /** One line per field: {@code name=value}, or {@code name:filename:type:length:sha-256}. */
    private static ByteBuf describeForm(FullHttpRequest request) {
      HttpPostRequestDecoder decoder =
          HttpPostRequestDecoder.create(HttpDataFactory.defaultFactory(), request);
      try {
        StringBuilder sb = new StringBuilder();
        for (HttpData data : decoder.bodyHttpDatas()) {
          if (data instanceof FileUpload file) {
            sb.append(file.name())
                .append(':')
                .append(file.filename())
                .append(':')
                .append(file.contentType())
                .append(':')
                .append(file.length())
                .append(':')
                .append(
                    HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(file.bytes())))
                .append('\n');
          } else {
            sb.append(data.name()).append('=').append(data.string()).append('\n');
          }
        }
        return Unpooled.copiedBuffer(sb, StandardCharsets.UTF_8);
      } catch (IOException | NoSuchAlgorithmException e) {
        throw new UncheckedIOException(new IOException(e));
      } finally {
        decoder.destroy();
      }
    }
  }

  /** Runs a Python script with the server's port as its argument; it must exit with 0. */
  private Peer.Result python(String script) {
    Peer.Result result =
        Peer.command("python3", PYTHON)
            .args(
                "-c",
                script,
                Integer.toString(((InetSocketAddress) server.localAddress()).getPort()))
            .run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result;
  }

  private Peer.Result curl(String... args) {
    Peer.Builder builder = Peer.command("curl", CURL).args("-sS", "--max-time", "30");
    Peer.Result result = builder.args(args).run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result;
  }

  @Test
  void curlReusesOneConnectionForSeveralRequests() {
    Peer.Result result = curl(base + "/hello", base + "/hello", base + "/hello");
    assertThat(result.output()).isEqualTo("Hello, World!".repeat(3));
    assertThat(connections.get()).isEqualTo(1);
  }

  @Test
  void curlAskingToCloseGetsEachAnswerOnItsOwnConnection() {
    Peer.Result result = curl("-H", "Connection: close", "-i", base + "/hello", base + "/hello");
    assertThat(result.output().split("(?i)connection: close", -1)).hasSize(3);
    assertThat(result.output()).endsWith("Hello, World!");
    assertThat(connections.get()).as("the codec closed after each answer").isEqualTo(2);
  }

  @Test
  void aClientAskingToCloseSeesTheServerCloseAfterOneAnswer() {
    // Reads to the end of the stream: the server must close, and must not answer the request
    // pipelined behind the one that asked to close.
    String script =
        """
        import socket, sys
        s = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=20)
        s.sendall(b'GET /hello HTTP/1.1\\r\\nHost: h\\r\\nConnection: close\\r\\n\\r\\n'
                  b'GET /hello HTTP/1.1\\r\\nHost: h\\r\\n\\r\\n')
        data = b''
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        print(data.count(b'HTTP/1.1 200'), 'closed', data.decode().lower().count('connection: close'))
        """;
    Peer.Result result = python(script);
    assertThat(result.output().strip()).isEqualTo("1 closed 1");
  }

  @Test
  void curlUploadsAChunkedBodyAndGetsItBack() throws Exception {
    Peer.Builder builder = Peer.command("curl", CURL);
    Path file = builder.directory().resolve("body.txt");
    Files.writeString(file, BIG);
    Peer.Result result =
        builder
            .args(
                "-sS",
                "--max-time",
                "30",
                "-H",
                "Transfer-Encoding: chunked",
                "-H",
                "Expect:",
                "--data-binary",
                "@" + file,
                base + "/echo")
            .run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).isEqualTo(BIG);
  }

  @Test
  void curlGets100ContinueBeforeSendingItsBody() throws Exception {
    Peer.Builder builder = Peer.command("curl", CURL);
    Path file = builder.directory().resolve("body.bin");
    Files.writeString(file, "x".repeat(2 << 20)); // above 1 MB curl asks for 100-continue itself
    Peer.Result result =
        builder
            .args(
                "-sS",
                "-v",
                "--max-time",
                "30",
                "--expect100-timeout",
                "20",
                "--data-binary",
                "@" + file,
                "-o",
                builder.directory().resolve("out.bin").toString(),
                base + "/echo")
            .run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output())
        .contains("> Expect: 100-continue")
        .contains("< HTTP/1.1 100 Continue")
        .contains("< HTTP/1.1 200 OK")
        .contains("content-length: " + (2 << 20));
  }

  @Test
  void curlUploadsAMultipartFormWithAFile() throws Exception {
    Peer.Builder builder = Peer.command("curl", CURL);
    Path file = builder.directory().resolve("photo.jpg");
    byte[] bytes = BIG.repeat(10).getBytes(StandardCharsets.US_ASCII);
    Files.write(file, bytes);
    Peer.Result result =
        builder
            .args(
                "-sS",
                "--max-time",
                "30",
                "-F",
                "comment=holiday snaps",
                "-F",
                "photo=@" + file + ";type=image/jpeg",
                base + "/form")
            .run(PEER_TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    assertThat(result.output())
        .isEqualTo(
            "comment=holiday snaps\nphoto:photo.jpg:image/jpeg:" + bytes.length + ":" + sha + "\n");
  }

  @Test
  void curlCompressedGetsTheServersFirstChoiceBrotli() {
    // curl 7.88 built with brotli and zstd offers "deflate, gzip, br, zstd", all at q=1.
    Peer.Result result = curl("--compressed", "-D", "-", base + "/big");
    assertThat(result.output()).containsIgnoringCase("content-encoding: br").endsWith(BIG);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"br", "zstd", "gzip", "deflate"})
  void curlDecompressesEachCoding(String coding) {
    Peer.Result result =
        curl("--compressed", "-H", "Accept-Encoding: " + coding, "-D", "-", base + "/big");
    assertThat(result.output()).containsIgnoringCase("content-encoding: " + coding).endsWith(BIG);
  }

  @Test
  void curlsQualityValuesChooseTheCoding() {
    Peer.Result result =
        curl(
            "--compressed",
            "-H",
            "Accept-Encoding: br;q=0, zstd;q=0.5, gzip;q=0.8",
            "-D",
            "-",
            base + "/big");
    assertThat(result.output()).containsIgnoringCase("content-encoding: gzip").endsWith(BIG);
  }

  @Test
  void curlSpeaksHttp10() {
    Peer.Result result = curl("-0", "-i", base + "/hello");
    assertThat(result.output())
        .startsWith("HTTP/1.0 200 OK\r\n")
        .doesNotContainIgnoringCase("keep-alive") // HTTP/1.0 closes by default; curl saw the end
        .endsWith("Hello, World!");
  }

  @Test
  void pythonHttpClientKeepsAliveAndPosts() {
    String script =
        """
        import http.client, sys
        c = http.client.HTTPConnection('127.0.0.1', int(sys.argv[1]), timeout=30)
        c.request('GET', '/hello')
        r = c.getresponse(); print(r.status, r.read().decode())
        c.request('POST', '/echo', body=b'ping' * 1000)
        r = c.getresponse(); b = r.read(); print(r.status, len(b), b[:8].decode())
        c.request('GET', '/missing')
        r = c.getresponse(); r.read(); print(r.status)
        c.request('POST', '/echo', body=iter([b'chunk-', b'ed']), encode_chunked=True,
                  headers={'Transfer-Encoding': 'chunked'})
        r = c.getresponse(); print(r.status, r.read().decode())
        c.close()
        """;
    Peer.Result result = python(script);
    assertThat(result.output())
        .isEqualTo("200 Hello, World!\n200 4000 pingping\n404\n200 chunk-ed\n");
    assertThat(connections.get()).isEqualTo(1);
  }
}
