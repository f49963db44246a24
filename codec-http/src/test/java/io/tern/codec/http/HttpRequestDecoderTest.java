package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpRequestDecoderTest {
  private static final String BROWSER_GET =
      crlf(
          "GET /search?q=tern HTTP/1.1",
          "Host: www.example.com",
          "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
          "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "Accept-Language: en-US,en;q=0.5",
          "Accept-Encoding: gzip, deflate, br",
          "Connection: keep-alive",
          "Cookie: session=abc123; theme=dark",
          "X-Custom-Header:   padded value  ",
          "",
          "");

  /** Joins lines with CRLF. */
  static String crlf(String... lines) {
    return String.join("\r\n", lines);
  }

  static ByteBuf bytes(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
  }

  /** Feeds {@code input} in pieces of {@code piece} bytes and collects everything decoded. */
  static List<Object> decode(HttpObjectDecoder decoder, String input, int piece) {
    return decode(decoder, input, piece, false);
  }

  /** As {@link #decode(HttpObjectDecoder, String, int)}, in native memory if {@code direct}. */
  static List<Object> decode(HttpObjectDecoder decoder, String input, int piece, boolean direct) {
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    for (int i = 0; i < input.length(); i += piece) {
      ByteBuf heap = bytes(input.substring(i, Math.min(input.length(), i + piece)));
      if (direct) {
        ByteBuf offHeap = Unpooled.directBuffer(heap.readableBytes()).writeBytes(heap);
        heap.release();
        ch.writeInbound(offHeap);
      } else {
        ch.writeInbound(heap);
      }
    }
    List<Object> out = new ArrayList<>();
    Object o;
    while ((o = ch.readInbound()) != null) {
      out.add(o);
    }
    ch.finishAndReleaseAll();
    return out;
  }

  static void release(List<Object> objects) {
    objects.forEach(ReferenceCountUtil::release);
  }

  static String content(List<Object> objects) {
    StringBuilder sb = new StringBuilder();
    for (Object o : objects) {
      if (o instanceof HttpContent c) {
        sb.append(c.content().toString(StandardCharsets.ISO_8859_1));
      }
    }
    return sb.toString();
  }

  @Test
  void decodesABrowserRequestWhateverTheSplit() {
    for (int piece : new int[] {1, 2, 3, 7, 64, BROWSER_GET.length()}) {
      List<Object> out = decode(new HttpRequestDecoder(), BROWSER_GET, piece);
      assertThat(out).hasSize(2);
      HttpRequest r = (HttpRequest) out.get(0);
      assertThat(r.decoderResult().isSuccess()).isTrue();
      assertThat(r.method()).isSameAs(HttpMethod.GET);
      assertThat(r.uri()).isEqualTo("/search?q=tern");
      assertThat(r.protocolVersion()).isSameAs(HttpVersion.HTTP_1_1);
      assertThat(r.headers().size()).isEqualTo(8);
      assertThat(r.headers().get(HttpHeaderNames.HOST)).isEqualTo("www.example.com");
      assertThat(r.headers().get("x-custom-header")).isEqualTo("padded value");
      assertThat(r.headers().nameAt(0)).isSameAs(HttpHeaderNames.HOST);
      assertThat(r.headers().valueAt(0)).isInstanceOf(io.tern.common.AsciiString.class);
      assertThat(out.get(1)).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
      release(out);
    }
  }

  @Test
  void decodesPipelinedRequestsFromNativeMemoryWhateverTheSplit() {
    String one = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\n";
    String input = BROWSER_GET + one + BROWSER_GET;
    for (int piece : new int[] {1, 3, 7, 64, input.length()}) {
      List<Object> out = decode(new HttpRequestDecoder(), input, piece, true);
      List<String> uris = new ArrayList<>();
      for (Object o : out) {
        if (o instanceof HttpRequest r) {
          assertThat(r.decoderResult().isSuccess()).isTrue();
          uris.add(r.uri());
        }
      }
      assertThat(uris).containsExactly("/search?q=tern", "/1", "/search?q=tern");
      HttpRequest last = (HttpRequest) out.get(4);
      assertThat(last.headers().get("x-custom-header")).isEqualTo("padded value");
      release(out);
    }
  }

  @Test
  void aBareLfInNativeMemoryIsRejected() {
    List<Object> out =
        decode(new HttpRequestDecoder(), "GET / HTTP/1.1\r\nHost: h\n\r\n", 100, true);
    assertThat(out).hasSize(1);
    assertThat(((HttpRequest) out.get(0)).decoderResult().cause())
        .isInstanceOf(InvalidHttpMessageException.class)
        .hasMessageContaining("bare LF");
    release(out);
  }

  @Test
  void decodesFixedLengthContentInPiecesOfAtMostMaxChunkSize() {
    String body = "x".repeat(100);
    String req = "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n" + body;
    HttpDecoderConfig config = HttpDecoderConfig.DEFAULT.withMaxChunkSize(30);
    List<Object> out = decode(new HttpRequestDecoder(config), req, req.length());
    assertThat(out).hasSize(5);
    assertThat(out.get(4)).isInstanceOf(LastHttpContent.class);
    assertThat(content(out)).isEqualTo(body);
    for (Object o : out.subList(1, 5)) {
      assertThat(((HttpContent) o).content().readableBytes()).isLessThanOrEqualTo(30);
    }
    release(out);
  }

  @Test
  void decodesChunkedContentWithExtensionsAndTrailers() {
    String req =
        crlf(
            "POST /upload HTTP/1.1",
            "Host: h",
            "Transfer-Encoding: chunked",
            "",
            "5;name=value",
            "hello",
            "6",
            " world",
            "0",
            "X-Checksum: abc",
            "Content-Length: 99",
            "",
            "");
    for (int piece : new int[] {1, 5, req.length()}) {
      List<Object> out = decode(new HttpRequestDecoder(), req, piece);
      assertThat(content(out)).isEqualTo("hello world");
      LastHttpContent last = (LastHttpContent) out.get(out.size() - 1);
      assertThat(last.decoderResult().isSuccess()).isTrue();
      assertThat(last.trailingHeaders().get("x-checksum")).isEqualTo("abc");
      assertThat(last.trailingHeaders().contains(HttpHeaderNames.CONTENT_LENGTH)).isFalse();
      release(out);
    }
  }

  @Test
  void decodesPipelinedRequestsInOrder() {
    String one = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\n";
    String two = "POST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc";
    String three = "\r\nGET /3 HTTP/1.0\r\n\r\n";
    List<Object> out = decode(new HttpRequestDecoder(), one + two + three, 1000);
    List<String> uris = new ArrayList<>();
    for (Object o : out) {
      if (o instanceof HttpRequest r) {
        uris.add(r.uri());
      }
    }
    assertThat(uris).containsExactly("/1", "/2", "/3");
    assertThat(content(out)).isEqualTo("abc");
    assertThat(out.stream().filter(o -> o instanceof LastHttpContent).count()).isEqualTo(3);
    release(out);
  }

  @Test
  void internsStandardMethodsAndKeepsExtensionMethods() {
    List<Object> out =
        decode(new HttpRequestDecoder(), "PROPFIND /d HTTP/1.1\r\nHost: h\r\n\r\n", 100);
    HttpRequest r = (HttpRequest) out.get(0);
    assertThat(r.method().name()).isEqualTo("PROPFIND");
    release(out);
    out = decode(new HttpRequestDecoder(), "DELETE /d HTTP/1.1\r\nHost: h\r\n\r\n", 100);
    assertThat(((HttpRequest) out.get(0)).method()).isSameAs(HttpMethod.DELETE);
    release(out);
  }

  @Test
  void failsOnLimitsWithTheirExceptions() {
    assertFailure(
        new HttpRequestDecoder(HttpDecoderConfig.DEFAULT.withMaxInitialLineLength(20)),
        "GET /" + "a".repeat(30) + " HTTP/1.1\r\nHost: h\r\n\r\n",
        TooLongHttpLineException.class);
    assertFailure(
        new HttpRequestDecoder(HttpDecoderConfig.DEFAULT.withMaxInitialLineLength(20)),
        "GET /" + "a".repeat(30),
        TooLongHttpLineException.class);
    assertFailure(
        new HttpRequestDecoder(HttpDecoderConfig.DEFAULT.withMaxHeaderSize(50)),
        "GET / HTTP/1.1\r\nHost: h\r\nX: " + "v".repeat(60) + "\r\n\r\n",
        TooLongHttpHeaderException.class);
    assertFailure(
        new HttpRequestDecoder(HttpDecoderConfig.DEFAULT.withMaxHeaderSize(50)),
        "GET / HTTP/1.1\r\nHost: h\r\nX: " + "v".repeat(60),
        TooLongHttpHeaderException.class);
    assertFailure(
        new HttpRequestDecoder(HttpDecoderConfig.DEFAULT.withMaxHeaderCount(3)),
        "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n",
        TooLongHttpHeaderException.class);
  }

  private static void assertFailure(
      HttpObjectDecoder decoder, String input, Class<? extends Throwable> cause) {
    List<Object> out = decode(decoder, input, input.length());
    HttpObject last = (HttpObject) out.get(out.size() - 1);
    assertThat(last.decoderResult().isFailure()).as(input).isTrue();
    assertThat(last.decoderResult().cause()).as(input).isInstanceOf(cause);
    release(out);
  }

  @Test
  void afterAFailureEverythingIsDiscarded() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpRequestDecoder());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nBad Header: x\r\n\r\n"));
    FullHttpRequest bad = ch.readInbound();
    assertThat(bad.uri()).isEqualTo("/bad-request");
    assertThat(bad.decoderResult().cause()).isInstanceOf(InvalidHttpMessageException.class);
    bad.release();
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    assertThat(ch.inboundMessages()).isEmpty();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void truncatedContentEndsWithAFailedLastContent() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpRequestDecoder());
    ch.writeInbound(bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc"));
    ch.close();
    List<Object> out = new ArrayList<>();
    Object o;
    while ((o = ch.readInbound()) != null) {
      out.add(o);
    }
    LastHttpContent last = (LastHttpContent) out.get(out.size() - 1);
    assertThat(last.decoderResult().isFailure()).isTrue();
    release(out);
    ch.finishAndReleaseAll();
  }

  @Test
  void validationOffStillRejectsFramingBytes() {
    HttpDecoderConfig loose = HttpDecoderConfig.DEFAULT.withValidateHeaders(false);
    List<Object> out =
        decode(
            new HttpRequestDecoder(loose), "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0001b\r\n\r\n", 99);
    assertThat(((HttpRequest) out.get(0)).headers().get("x")).isEqualTo("a\u0001b");
    release(out);
    assertFailure(
        new HttpRequestDecoder(loose),
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n",
        InvalidHttpMessageException.class);
  }
}
