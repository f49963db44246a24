package io.tern.codec.http;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpObjectAggregatorTest {

  // The refusal closes the channel as soon as the 413 is written, which in an EmbeddedChannel is at
  // once: the handlers are removed, so the rest of the request reaches the tail instead of being
  // discarded by the aggregator. No full request may be among it.
  private static void assertNoFullRequest(EmbeddedChannel ch) {
    Object o;
    while ((o = ch.readInbound()) != null) {
      assertThat(o).isNotInstanceOf(FullHttpRequest.class);
      ReferenceCountUtil.release(o);
    }
  }

  @Test
  void joinsChunkedContentIntoAFullRequest() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(1024));
    ch.writeInbound(
        bytes(
            HttpRequestDecoderTest.crlf(
                "POST /p HTTP/1.1",
                "Host: h",
                "Transfer-Encoding: chunked",
                "",
                "3",
                "abc",
                "4",
                "defg",
                "0",
                "X-T: 1",
                "",
                "")));
    FullHttpRequest r = ch.readInbound();
    assertThat(r.content().toString(StandardCharsets.US_ASCII)).isEqualTo("abcdefg");
    assertThat(r.headers().get(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo("7");
    assertThat(r.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
    assertThat(r.trailingHeaders().get("x-t")).isEqualTo("1");
    r.release();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void refusesADeclaredLengthAboveTheLimitWith413AndCloses() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(4));
    ch.writeInbound(bytes("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"));
    assertNoFullRequest(ch);
    assertThat(written(ch)).startsWith("HTTP/1.1 413 Content Too Large\r\n").contains("close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesChunkedContentThatGrowsPastTheLimit() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(4));
    ch.writeInbound(
        bytes(
            HttpRequestDecoderTest.crlf(
                "POST /p HTTP/1.1",
                "Host: h",
                "Transfer-Encoding: chunked",
                "",
                "3",
                "abc",
                "3",
                "def",
                "0",
                "",
                "")));
    assertNoFullRequest(ch);
    assertThat(written(ch)).startsWith("HTTP/1.1 413 ");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void answersExpectContinue() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(10));
    ch.writeInbound(
        bytes("PUT /p HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"));
    assertThat(written(ch)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
    ch.writeInbound(bytes("ok"));
    FullHttpRequest r = ch.readInbound();
    assertThat(r.headers().contains(HttpHeaderNames.EXPECT)).isFalse();
    assertThat(r.content().readableBytes()).isEqualTo(2);
    r.release();
    ch.finishAndReleaseAll();

    EmbeddedChannel big = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(10));
    big.writeInbound(
        bytes("PUT /p HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 99\r\n\r\n"));
    assertThat(written(big)).startsWith("HTTP/1.1 413 ");
    assertThat(big.isOpen()).isFalse();
    big.finishAndReleaseAll();

    EmbeddedChannel odd = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(10));
    odd.writeInbound(bytes("PUT /p HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\n\r\n"));
    assertThat(written(odd)).startsWith("HTTP/1.1 417 Expectation Failed");
    odd.finishAndReleaseAll();
  }

  @Test
  void failsOnAResponseAboveTheLimit() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpResponseDecoder(), new HttpObjectAggregator(4));
    assertThatThrownBy(
            () -> ch.writeInbound(bytes("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n123456789")))
        .isInstanceOf(TooLongHttpContentException.class);
    ch.finishAndReleaseAll();
  }

  @Test
  void passesFailedMessagesOnAsFullMessages() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpRequestDecoder(), new HttpObjectAggregator(10));
    ch.writeInbound(bytes("GET / HTTP/1.1\r\n\r\n"));
    FullHttpRequest r = ch.readInbound();
    assertThat(r.decoderResult().isFailure()).isTrue();
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void releasesWhatItGatheredWhenTheChannelCloses() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpObjectAggregator(100));
    ch.writeInbound(
        new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"),
        new DefaultHttpContent(Unpooled.copiedBuffer("partial", StandardCharsets.US_ASCII)));
    assertThat(ch.inboundMessages()).isEmpty();
    ch.close();
    ReferenceCountUtil.release(ch.readInbound());
    ch.finishAndReleaseAll();
  }
}
