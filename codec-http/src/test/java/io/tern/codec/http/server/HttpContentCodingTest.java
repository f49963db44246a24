package io.tern.codec.http.server;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.compression.BrotliEncoder;
import io.tern.codec.compression.DecompressionException;
import io.tern.codec.compression.DecompressionLimitException;
import io.tern.codec.compression.DecompressionLimits;
import io.tern.codec.compression.NativeZstdEncoder;
import io.tern.codec.compression.ZstdEncoder;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpRequestDecoder;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http.client.HttpContentDecompressor;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpContentCodingTest {
  private static final String TEXT = "Tern compresses this text. ".repeat(200);

  private static EmbeddedChannel server() {
    return new EmbeddedChannel(new HttpServerCodec(), new HttpContentCompressor());
  }

  private static void request(EmbeddedChannel ch, String acceptEncoding) {
    String ae = acceptEncoding == null ? "" : "Accept-Encoding: " + acceptEncoding + "\r\n";
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n" + ae + "\r\n"));
    Object o;
    while ((o = ch.readInbound()) != null) {
      ReferenceCountUtil.release(o);
    }
  }

  /**
   * Checks that the response the server wrote first says {@code Content-Encoding: coding}, then
   * decompresses it like {@link #roundTrip(EmbeddedChannel)}.
   */
  private static FullHttpResponse roundTrip(EmbeddedChannel server, String coding) {
    EmbeddedChannel wire = new EmbeddedChannel();
    Object o;
    while ((o = server.readOutbound()) != null) {
      wire.writeOutbound(o);
    }
    ByteBuf first = wire.readOutbound();
    assertThat(first.toString(StandardCharsets.ISO_8859_1)).contains("content-encoding: " + coding);
    EmbeddedChannel again = new EmbeddedChannel();
    again.writeOutbound(first);
    while ((o = wire.readOutbound()) != null) {
      again.writeOutbound(o);
    }
    FullHttpResponse r = roundTrip(again);
    again.finishAndReleaseAll();
    wire.finishAndReleaseAll();
    return r;
  }

  /** Feeds what a server wrote to a client pipeline that decompresses and aggregates. */
  private static FullHttpResponse roundTrip(EmbeddedChannel server) {
    EmbeddedChannel client =
        new EmbeddedChannel(
            new HttpClientCodec(),
            new HttpContentDecompressor(),
            new HttpObjectAggregator(1 << 20));
    client.writeOutbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/"));
    client.releaseOutbound();
    Object o;
    while ((o = server.readOutbound()) != null) {
      client.writeInbound(o);
    }
    FullHttpResponse r = client.readInbound();
    client.finishAndReleaseAll();
    return r;
  }

  private static FullHttpResponse textResponse() {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK,
            Unpooled.copiedBuffer(TEXT, StandardCharsets.US_ASCII));
    HttpUtil.setContentLength(r, TEXT.length());
    return r;
  }

  @Test
  void compressesAFullResponseWithGzipAndTheClientDecompressesIt() {
    EmbeddedChannel server = server();
    request(server, "gzip, deflate");
    server.writeOutbound(textResponse());
    ByteBuf wire = server.readOutbound();
    String head = wire.toString(StandardCharsets.ISO_8859_1);
    assertThat(head).contains("content-encoding: gzip").contains("vary: accept-encoding");
    assertThat(wire.readableBytes()).isLessThan(TEXT.length() / 4);
    EmbeddedChannel again = new EmbeddedChannel();
    again.writeOutbound(wire);
    Object rest;
    while ((rest = server.readOutbound()) != null) {
      again.writeOutbound(rest);
    }
    FullHttpResponse r = roundTrip(again);
    assertThat(r.content().toString(StandardCharsets.US_ASCII)).isEqualTo(TEXT);
    assertThat(r.headers().contains(HttpHeaderNames.CONTENT_ENCODING)).isFalse();
    r.release();
    again.finishAndReleaseAll();
    server.finishAndReleaseAll();
  }

  @Test
  void compressesAStreamedResponseChunkByChunkWithDeflate() {
    EmbeddedChannel server = server();
    request(server, "deflate;q=1, gzip;q=0.5");
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    server.writeOutbound(
        head,
        new DefaultHttpContent(Unpooled.copiedBuffer(TEXT, StandardCharsets.US_ASCII)),
        new DefaultLastHttpContent(Unpooled.copiedBuffer("end", StandardCharsets.US_ASCII)));
    assertThat(head.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo("deflate");
    assertThat(HttpUtil.isTransferEncodingChunked(head)).isTrue();
    FullHttpResponse r = roundTrip(server);
    assertThat(r.content().toString(StandardCharsets.US_ASCII)).isEqualTo(TEXT + "end");
    r.release();
    server.finishAndReleaseAll();
  }

  @Test
  void leavesResponsesAloneWhenNotAskedOrNotWorthIt() {
    EmbeddedChannel server = server();
    request(server, null);
    request(server, "identity");
    request(server, "gzip");
    server.writeOutbound(textResponse(), textResponse());
    FullHttpResponse small =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK,
            Unpooled.copiedBuffer("tiny", StandardCharsets.US_ASCII));
    server.writeOutbound(small);
    StringBuilder all = new StringBuilder();
    Object o;
    while ((o = server.readOutbound()) != null) {
      all.append(((ByteBuf) o).toString(StandardCharsets.ISO_8859_1));
      ReferenceCountUtil.release(o);
    }
    assertThat(all.toString()).doesNotContain("content-encoding");
    server.finishAndReleaseAll();
  }

  @Test
  void choosesByQualityAndBreaksTiesByTheServersPreference() {
    assertThat(HttpContentCompressor.choose("gzip")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("x-gzip")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("deflate")).isEqualTo("deflate");
    assertThat(HttpContentCompressor.choose("gzip;q=0, deflate")).isEqualTo("deflate");
    assertThat(HttpContentCompressor.choose("gzip, deflate, br, zstd")).isEqualTo("br");
    assertThat(HttpContentCompressor.choose("deflate, gzip, zstd")).isEqualTo("zstd");
    assertThat(HttpContentCompressor.choose("br;q=0.5, zstd;q=0.8, gzip;q=0.9")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("br;q=0.5, zstd;q=0.5, gzip;q=0.5")).isEqualTo("br");
    assertThat(HttpContentCompressor.choose("BR;Q=1.0, gzip;q=0.999")).isEqualTo("br");
    assertThat(HttpContentCompressor.choose("*")).isEqualTo("br");
    assertThat(HttpContentCompressor.choose("*;q=0.5, gzip")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("br;q=0, zstd;q=0, *")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("gzip;level=1;q=0.3, deflate;q=0.2")).isEqualTo("gzip");
    assertThat(HttpContentCompressor.choose("compress, identity")).isNull();
    assertThat(HttpContentCompressor.choose("gzip;q=0")).isNull();
    assertThat(HttpContentCompressor.choose("*;q=0")).isNull();
    assertThat(HttpContentCompressor.choose("gzip;q=2, br;q=nope")).isNull();
    assertThat(HttpContentCompressor.choose("")).isNull();
  }

  @Test
  void aConfiguredPreferenceBreaksTies() {
    EmbeddedChannel server =
        new EmbeddedChannel(
            new HttpServerCodec(), new HttpContentCompressor(6, 256, "gzip", "zstd", "br"));
    request(server, "br, zstd, gzip");
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    server.writeOutbound(head, LastHttpContent.EMPTY_LAST_CONTENT);
    assertThat(head.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo("gzip");
    server.finishAndReleaseAll();
  }

  @Test
  void refusesAnUnknownOrRepeatedCoding() {
    assertThatThrownBy(() -> new HttpContentCompressor(6, 256, "compress"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HttpContentCompressor(6, 256, "gzip", "GZIP"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void offersTheNativeCodingsWhereTheirLibrariesLoad() {
    // The build machines install libbrotli1 and libzstd1 (.ci/install-peers).
    assertThat(new HttpContentCompressor().offeredCodings())
        .containsExactly("br", "zstd", "gzip", "deflate");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"br", "zstd", "gzip", "deflate"})
  void compressesAFullResponseWithEachCodingAndTheClientDecompressesIt(String coding) {
    EmbeddedChannel server = server();
    request(server, coding + ", identity;q=0.1");
    server.writeOutbound(textResponse());
    FullHttpResponse r = roundTrip(server, coding);
    assertThat(r.content().toString(StandardCharsets.US_ASCII)).isEqualTo(TEXT);
    r.release();
    server.finishAndReleaseAll();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"br", "zstd"})
  void compressesAStreamedResponseWithTheNativeCodings(String coding) {
    EmbeddedChannel server = server();
    request(server, coding);
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    server.writeOutbound(
        head,
        new DefaultHttpContent(Unpooled.copiedBuffer(TEXT, StandardCharsets.US_ASCII)),
        new DefaultHttpContent(Unpooled.directBuffer().writeBytes(TEXT.getBytes(US_ASCII))),
        new DefaultLastHttpContent(Unpooled.copiedBuffer("end", StandardCharsets.US_ASCII)));
    assertThat(head.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo(coding);
    assertThat(HttpUtil.isTransferEncodingChunked(head)).isTrue();
    FullHttpResponse r = roundTrip(server);
    assertThat(r.content().toString(StandardCharsets.US_ASCII)).isEqualTo(TEXT + TEXT + "end");
    r.release();
    server.finishAndReleaseAll();
  }

  @Test
  void aStreamedBrotliResponseWithNoContentIsAnEmptyStream() {
    EmbeddedChannel server = server();
    request(server, "br");
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    server.writeOutbound(head, LastHttpContent.EMPTY_LAST_CONTENT);
    FullHttpResponse r = roundTrip(server);
    assertThat(r.content().readableBytes()).isZero();
    r.release();
    server.finishAndReleaseAll();
  }

  @Test
  void stopsADecompressionBomb() throws Exception {
    ByteArrayOutputStream bomb = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bomb)) {
      gz.write(new byte[4 << 20]);
    }
    byte[] body = bomb.toByteArray();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new HttpRequestDecoder(),
            new HttpContentDecompressor(DecompressionLimits.maxOutput(1 << 20)));
    String head =
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Encoding: gzip\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
    in.writeBytes(body);
    assertThatThrownBy(() -> ch.writeInbound(in)).isInstanceOf(DecompressionLimitException.class);
    Object o;
    while ((o = ch.readInbound()) != null) {
      ReferenceCountUtil.release(o);
    }
    ch.finishAndReleaseAll();
  }

  /** Feeds a request with the given content coding and body; returns the decompressed body. */
  private static String decompressedRequestBody(String encoding, byte[] body) {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new HttpRequestDecoder(),
            new HttpContentDecompressor(),
            new HttpObjectAggregator(1 << 20));
    String head =
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Encoding: "
            + encoding
            + "\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
    in.writeBytes(body);
    ch.writeInbound(in);
    FullHttpRequest request = ch.readInbound();
    try {
      assertThat(request.headers().contains("content-encoding")).isFalse();
      return request.content().toString(StandardCharsets.US_ASCII);
    } finally {
      request.release();
      ch.finishAndReleaseAll();
    }
  }

  /** The text compressed into one stream by a native encoder, as a body. */
  private static byte[] nativeStream(
      io.tern.transport.channel.ChannelHandler encoder, byte[] text) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ch.writeOutbound(Unpooled.copiedBuffer(text));
    ch.close();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Object o;
    while ((o = ch.readOutbound()) != null) {
      ByteBuf b = (ByteBuf) o;
      byte[] bytes = new byte[b.readableBytes()];
      b.readBytes(bytes);
      out.writeBytes(bytes);
      b.release();
    }
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  @Test
  void decompressesBrAndZstdRequestBodiesWithTheNativeDecoders() {
    byte[] text = TEXT.getBytes(US_ASCII);
    assertThat(decompressedRequestBody("br", nativeStream(new BrotliEncoder(), text)))
        .isEqualTo(TEXT);
    assertThat(decompressedRequestBody("zstd", nativeStream(new NativeZstdEncoder(), text)))
        .isEqualTo(TEXT);
  }

  @Test
  void stopsANativeZstdBombAndATruncatedBrotliBody() {
    byte[] bomb = nativeStream(new NativeZstdEncoder(), new byte[4 << 20]);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new HttpRequestDecoder(),
            new HttpContentDecompressor(DecompressionLimits.maxOutput(1 << 20)));
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Encoding: zstd\r\nContent-Length: "
                + bomb.length
                + "\r\n\r\n")
            .getBytes(US_ASCII));
    in.writeBytes(bomb);
    assertThatThrownBy(() -> ch.writeInbound(in)).isInstanceOf(DecompressionLimitException.class);
    Object o;
    while ((o = ch.readInbound()) != null) {
      ReferenceCountUtil.release(o);
    }
    ch.finishAndReleaseAll();

    byte[] br = nativeStream(new BrotliEncoder(), TEXT.getBytes(US_ASCII));
    byte[] truncated = java.util.Arrays.copyOf(br, br.length / 2);
    EmbeddedChannel cut =
        new EmbeddedChannel(
            new HttpRequestDecoder(),
            new HttpContentDecompressor(),
            new HttpObjectAggregator(1 << 20));
    ByteBuf request = Unpooled.buffer();
    request.writeBytes(
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Encoding: br\r\nContent-Length: "
                + truncated.length
                + "\r\n\r\n")
            .getBytes(US_ASCII));
    request.writeBytes(truncated);
    assertThatThrownBy(() -> cut.writeInbound(request)).isInstanceOf(DecompressionException.class);
    while ((o = cut.readInbound()) != null) {
      ReferenceCountUtil.release(o);
    }
    cut.finishAndReleaseAll();
  }

  @Test
  void decompressesZstdContent() {
    EmbeddedChannel encoder = new EmbeddedChannel(new ZstdEncoder());
    encoder.writeOutbound(Unpooled.copiedBuffer(TEXT, StandardCharsets.US_ASCII));
    ByteBuf compressed = encoder.readOutbound();
    byte[] body = new byte[compressed.readableBytes()];
    compressed.readBytes(body);
    compressed.release();
    encoder.finishAndReleaseAll();

    assertThat(decompressedRequestBody("zstd", body)).isEqualTo(TEXT);
  }

  @Test
  void decompressesBrotliContent() {
    // brotli -c of the text below, written by the reference brotli tool.
    int[] brotli = {
      0x1f, 0x4c, 0x00, 0xf8, 0x8d, 0x94, 0xab, 0xed, 0x68, 0x41, 0xe5, 0x36, 0xb6, 0xae, 0x63,
      0x79, 0x47, 0xe4, 0x08, 0xa2, 0xc0, 0x2a, 0x78, 0x8c, 0xaa, 0x14, 0x3a, 0xb2, 0x3c, 0x48,
      0x05, 0xbd, 0xac, 0x43, 0x78, 0xbf, 0x8b, 0x00
    };
    byte[] body = new byte[brotli.length];
    for (int i = 0; i < body.length; i++) {
      body[i] = (byte) brotli[i];
    }

    assertThat(decompressedRequestBody("br", body))
        .isEqualTo("Tern decompresses brotli. Tern decompresses brotli. Tern decompresses brotli.");
  }
}
