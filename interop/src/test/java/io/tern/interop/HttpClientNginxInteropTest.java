package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.client.HttpContentDecompressor;
import io.tern.codec.http.multipart.HttpPostRequestEncoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.handler.stream.ChunkedWriteHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's HTTP/1.1 client ({@link HttpClientCodec}, {@link HttpContentDecompressor}, {@link
 * HttpObjectAggregator}) against nginx on 127.0.0.1: pipelined keep-alive {@code GET}s, {@code
 * HEAD} followed by {@code GET} on the same connection, a gzipped chunked response, {@code 304} and
 * {@code 404}, and a chunked multipart upload streamed by {@link HttpPostRequestEncoder}. nginx
 * runs in the foreground as a single process with every path inside its private directory.
 */
@Tag("interop")
class HttpClientNginxInteropTest {
  private static final String NGINX = "apt package nginx-light";
  private static final String TEXT = "The quick brown fox jumps over the lazy dog.\n".repeat(500);

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
  private Peer nginx;
  private int port;
  private Path upload;

  /** One response, copied out of its buffer. */
  private record Reply(int status, String contentEncoding, String lastModified, String body) {}

  @BeforeEach
  void startNginx() throws Exception {
    port = FreePort.find();
    Peer.Builder builder = Peer.command("nginx", NGINX);
    Path dir = builder.directory();
    Path www = Files.createDirectories(dir.resolve("www"));
    Files.writeString(www.resolve("fox.txt"), TEXT);
    upload = Files.write(dir.resolve("upload.bin"), new byte[200_000]);
    String conf =
        """
        daemon off;
        master_process off;
        pid %1$s/nginx.pid;
        error_log %1$s/error.log;
        events { worker_connections 64; }
        http {
          access_log off;
          client_body_temp_path %1$s/body;
          proxy_temp_path %1$s/proxy;
          fastcgi_temp_path %1$s/fastcgi;
          uwsgi_temp_path %1$s/uwsgi;
          scgi_temp_path %1$s/scgi;
          types { text/plain txt; }
          gzip on;
          gzip_min_length 1;
          gzip_types text/plain;
          client_max_body_size 1m;
          server {
            listen 127.0.0.1:%2$d;
            root %1$s/www;
            location = /upload { return 200 "uploaded $request_method\\n"; }
          }
        }
        """
            .formatted(dir, port);
    Path confFile = Files.writeString(dir.resolve("nginx.conf"), conf);
    nginx =
        builder
            .args(
                "-e",
                dir.resolve("error.log").toString(),
                "-p",
                dir.toString(),
                "-c",
                confFile.toString())
            .readyOnPort(port)
            .lifetime(Duration.ofMinutes(2))
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    if (nginx != null) {
      nginx.close();
    }
  }

  /** Copies each aggregated response out and releases it. */
  private final class Collector implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof FullHttpResponse r) {
          replies.add(
              new Reply(
                  r.decoderResult().isSuccess() ? r.status().code() : -1,
                  r.headers().get(HttpHeaderNames.CONTENT_ENCODING),
                  r.headers().get(HttpHeaderNames.LAST_MODIFIED),
                  r.content().toString(StandardCharsets.UTF_8)));
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      replies.add(new Reply(-1, null, null, cause.toString()));
      ctx.close();
    }
  }

  private Channel connect() throws Exception {
    return new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new HttpClientCodec(),
                        new HttpContentDecompressor(),
                        new HttpObjectAggregator(1 << 20),
                        new ChunkedWriteHandler(),
                        new Collector());
              }
            })
        .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
        .sync()
        .getNow();
  }

  private FullHttpRequest request(HttpMethod method, String path) {
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, path);
    request.headers().set(HttpHeaderNames.HOST, "127.0.0.1:" + port);
    return request;
  }

  private Reply next() throws InterruptedException {
    Reply reply = replies.poll(30, TimeUnit.SECONDS); // a hang guard only
    assertThat(reply).as("a response within the hang guard").isNotNull();
    return reply;
  }

  @Test
  void pipelinedGetsOnOneConnectionIncludingHeadAnd404() throws Exception {
    Channel ch = connect();
    ch.write(request(HttpMethod.GET, "/fox.txt"));
    ch.write(request(HttpMethod.HEAD, "/fox.txt")); // has Content-Length, no body
    ch.write(request(HttpMethod.GET, "/missing"));
    ch.writeAndFlush(request(HttpMethod.GET, "/fox.txt"));
    assertThat(next()).extracting(Reply::status, Reply::body).containsExactly(200, TEXT);
    assertThat(next()).extracting(Reply::status, Reply::body).containsExactly(200, "");
    assertThat(next().status()).isEqualTo(404);
    assertThat(next()).extracting(Reply::status, Reply::body).containsExactly(200, TEXT);
    assertThat(ch.isActive()).isTrue();
    ch.close().sync();
  }

  @Test
  void decompressesAGzippedChunkedResponseAndRevalidates() throws Exception {
    Channel ch = connect();
    FullHttpRequest gzip = request(HttpMethod.GET, "/fox.txt");
    gzip.headers().set(HttpHeaderNames.ACCEPT_ENCODING, HttpHeaderValues.GZIP);
    ch.writeAndFlush(gzip);
    Reply first = next();
    assertThat(first.status()).isEqualTo(200);
    assertThat(first.contentEncoding()).isNull(); // the decompressor removed it
    assertThat(first.body()).isEqualTo(TEXT); // decoded, and the aggregator joined the chunks
    assertThat(first.lastModified()).isNotNull();
    FullHttpRequest again = request(HttpMethod.GET, "/fox.txt");
    again.headers().set(HttpHeaderNames.IF_MODIFIED_SINCE, first.lastModified());
    ch.writeAndFlush(again);
    assertThat(next()).extracting(Reply::status, Reply::body).containsExactly(304, "");
    ch.close().sync();
  }

  @Test
  void streamsAChunkedMultipartUpload() throws Exception {
    Channel ch = connect();
    HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/upload");
    head.headers().set(HttpHeaderNames.HOST, "127.0.0.1:" + port);
    HttpPostRequestEncoder encoder = new HttpPostRequestEncoder(head, true);
    encoder.addBodyAttribute("comment", "from tern");
    encoder.addBodyFileUpload("file", upload, "application/octet-stream");
    HttpRequest request = encoder.finalizeRequest();
    assertThat(HttpUtil.isTransferEncodingChunked(request)).isTrue();
    ch.write(request);
    ch.writeAndFlush(encoder);
    assertThat(next())
        .extracting(Reply::status, Reply::body)
        .containsExactly(200, "uploaded POST\n");
    // The connection is still in step: a request after the upload is answered.
    ch.writeAndFlush(request(HttpMethod.GET, "/fox.txt"));
    assertThat(next().status()).isEqualTo(200);
    ch.close().sync();
  }
}
