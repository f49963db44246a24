package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpUtilTest {

  private static HttpRequest request(HttpVersion version) {
    return new DefaultHttpRequest(version, HttpMethod.GET, "/");
  }

  @Test
  void keepAliveFollowsVersionDefaultsAndConnectionHeader() {
    assertThat(HttpUtil.isKeepAlive(request(HttpVersion.HTTP_1_1))).isTrue();
    assertThat(HttpUtil.isKeepAlive(request(HttpVersion.HTTP_1_0))).isFalse();
    HttpRequest r10 = request(HttpVersion.HTTP_1_0);
    r10.headers().add(HttpHeaderNames.CONNECTION, "Keep-Alive");
    assertThat(HttpUtil.isKeepAlive(r10)).isTrue();
    HttpRequest r11 = request(HttpVersion.HTTP_1_1);
    r11.headers().add(HttpHeaderNames.CONNECTION, "Upgrade, close");
    assertThat(HttpUtil.isKeepAlive(r11)).isFalse();
  }

  @Test
  void setKeepAliveWritesOnlyWhatTheVersionNeeds() {
    HttpRequest r11 = request(HttpVersion.HTTP_1_1);
    HttpUtil.setKeepAlive(r11, false);
    assertThat(r11.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    HttpUtil.setKeepAlive(r11, true);
    assertThat(r11.headers().contains(HttpHeaderNames.CONNECTION)).isFalse();
    HttpRequest r10 = request(HttpVersion.HTTP_1_0);
    HttpUtil.setKeepAlive(r10, true);
    assertThat(r10.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(HttpUtil.isKeepAlive(r10)).isTrue();
  }

  @Test
  void contentLengthParsesStrictly() {
    HttpRequest r = request(HttpVersion.HTTP_1_1);
    assertThat(HttpUtil.contentLength(r, -1)).isEqualTo(-1);
    assertThat(HttpUtil.isContentLengthSet(r)).isFalse();
    HttpUtil.setContentLength(r, 12);
    assertThat(HttpUtil.contentLength(r, -1)).isEqualTo(12);
    r.headers().set(HttpHeaderNames.CONTENT_LENGTH, "+12");
    assertThat(HttpUtil.contentLength(r, -1)).isEqualTo(-1);
    r.headers().set(HttpHeaderNames.CONTENT_LENGTH, "99999999999999999999");
    assertThat(HttpUtil.contentLength(r, -1)).isEqualTo(-1);
  }

  @Test
  void chunkedOnRemovesContentLengthAndOffKeepsOtherCodings() {
    HttpRequest r = request(HttpVersion.HTTP_1_1);
    HttpUtil.setContentLength(r, 5);
    HttpUtil.setTransferEncodingChunked(r, true);
    assertThat(HttpUtil.isTransferEncodingChunked(r)).isTrue();
    assertThat(HttpUtil.isContentLengthSet(r)).isFalse();
    r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, "gzip, chunked");
    HttpUtil.setTransferEncodingChunked(r, false);
    assertThat(r.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING)).containsExactly("gzip");
    r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, "Chunked");
    HttpUtil.setTransferEncodingChunked(r, false);
    assertThat(r.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
  }

  @Test
  void expectContinueOnlyForHttp11Requests() {
    HttpRequest r = request(HttpVersion.HTTP_1_1);
    HttpUtil.set100ContinueExpected(r, true);
    assertThat(HttpUtil.is100ContinueExpected(r)).isTrue();
    assertThat(HttpUtil.isUnsupportedExpectation(r)).isFalse();
    r.headers().set(HttpHeaderNames.EXPECT, "100-Continue");
    assertThat(HttpUtil.is100ContinueExpected(r)).isTrue();
    r.headers().set(HttpHeaderNames.EXPECT, "something-else");
    assertThat(HttpUtil.is100ContinueExpected(r)).isFalse();
    assertThat(HttpUtil.isUnsupportedExpectation(r)).isTrue();
    HttpRequest r10 = request(HttpVersion.HTTP_1_0);
    HttpUtil.set100ContinueExpected(r10, true);
    assertThat(HttpUtil.is100ContinueExpected(r10)).isFalse();
    HttpUtil.set100ContinueExpected(r, false);
    assertThat(r.headers().contains(HttpHeaderNames.EXPECT)).isFalse();
  }

  @Test
  void charsetAndMimeTypeComeFromContentType() {
    assertThat(HttpUtil.charset("text/html; charset=ISO-8859-1", StandardCharsets.UTF_8))
        .isEqualTo(StandardCharsets.ISO_8859_1);
    assertThat(HttpUtil.charset("text/html;Charset=\"utf-16\"", StandardCharsets.UTF_8))
        .isEqualTo(StandardCharsets.UTF_16);
    assertThat(HttpUtil.charset("text/html; charset=nonsense-cs", StandardCharsets.UTF_8))
        .isEqualTo(StandardCharsets.UTF_8);
    assertThat(HttpUtil.charset("text/html", StandardCharsets.US_ASCII))
        .isEqualTo(StandardCharsets.US_ASCII);
    assertThat(HttpUtil.mimeType(" text/html ; charset=x")).isEqualTo("text/html");
    HttpRequest r = request(HttpVersion.HTTP_1_1);
    assertThat(HttpUtil.charset(r, StandardCharsets.UTF_8)).isEqualTo(StandardCharsets.UTF_8);
  }

  @Test
  void parametersHandleQuotingAndOrder() {
    String v = "multipart/form-data; a=1; boundary=\"x;y\\\"z\"; b = two ";
    assertThat(HttpUtil.parameter(v, "boundary")).isEqualTo("x;y\"z");
    assertThat(HttpUtil.parameter(v, "A")).isEqualTo("1");
    assertThat(HttpUtil.parameter(v, "b")).isEqualTo("two");
    assertThat(HttpUtil.parameter(v, "c")).isNull();
    assertThat(HttpUtil.parameter("x; flag; c=3", "c")).isEqualTo("3");
  }
}
