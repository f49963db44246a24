package io.tern.codec.http;

import static io.tern.codec.http.HttpRequestDecoderTest.crlf;
import static io.tern.codec.http.HttpRequestDecoderTest.decode;
import static io.tern.codec.http.HttpRequestDecoderTest.release;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.internal.KnownHeaderNames;
import io.tern.common.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The decoder checks a request's fields while decoding and builds its headers only when asked: the
 * built headers are those an eager parse gives, bad input fails at the same point, and what the
 * codecs ask of a request (keep-alive, an upgrade) has the same answer before and after.
 */
class DecodedRequestHeadersTest {
  static Stream<Arguments> heads() {
    return Stream.of(
        Arguments.of("one field", crlf("GET /plaintext HTTP/1.1", "Host: 127.0.0.1:8080", "", "")),
        Arguments.of(
            "browser",
            crlf(
                "GET /search?q=tern HTTP/1.1",
                "Host: www.example.com",
                "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101",
                "Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
                "Connection: keep-alive",
                "Cookie: session=abc123; theme=dark",
                "X-Custom-Header:   padded value  ",
                "",
                "")),
        Arguments.of(
            "duplicates, case and empty values",
            crlf(
                "POST /form HTTP/1.1",
                "host: h",
                "Accept: a",
                "ACCEPT: b",
                "x-Empty:",
                "X-Tabs:\t\tv\t",
                "accept: c",
                "Content-Length: 0",
                "",
                "")),
        Arguments.of("no fields (HTTP/1.0)", crlf("GET /old HTTP/1.0", "", "")),
        Arguments.of(
            "obs-text values", "GET / HTTP/1.1\r\nHost: h\r\nX-Latin: caf\u00e9 \u00ff\r\n\r\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("heads")
  void builtHeadersEqualAnEagerParse(String name, String head) {
    for (boolean validate : new boolean[] {true, false}) {
      HttpDecoderConfig config = HttpDecoderConfig.DEFAULT.withValidateHeaders(validate);
      List<Object> out = decode(new HttpRequestDecoder(config), head, head.length());
      HttpRequest request = (HttpRequest) out.get(0);
      assertThat(request.decoderResult().isSuccess()).isTrue();
      HttpHeaders eager = eagerParse(head, validate);

      HttpHeaders built = request.headers();
      assertThat(built.entries()).isEqualTo(eager.entries());
      assertThat(built).isEqualTo(eager);
      assertThat(built.validation()).isEqualTo(eager.validation());
      for (int i = 0; i < built.size(); i++) {
        AsciiString eagerName = (AsciiString) eager.nameAt(i);
        if (KnownHeaderNames.isConstant(eagerName)) {
          assertThat(built.nameAt(i)).as("a known name is its constant").isSameAs(eagerName);
        }
        assertThat(built.valueAt(i)).isInstanceOf(AsciiString.class);
      }
      assertThat(request.headers()).as("built once").isSameAs(built);
      release(out);
    }
  }

  /** The headers {@link HttpFieldParser#parse} adds for the fields of {@code head}. */
  private static HttpHeaders eagerParse(String head, boolean validate) {
    byte[] b = head.getBytes(StandardCharsets.ISO_8859_1);
    List<Integer> lfs = new ArrayList<>();
    for (int i = 0; i < b.length; i++) {
      if (b[i] == '\n') {
        lfs.add(i);
      }
    }
    int[] ends = lfs.stream().mapToInt(Integer::intValue).toArray();
    HttpHeaders headers =
        HttpHeaders.create(
            validate ? HttpHeaders.Validation.NAMES_AND_VALUES : HttpHeaders.Validation.NONE);
    HttpFieldParser.parse(
        b, ends, 1, ends.length - 1, ends[0] + 1, validate, headers, new HttpFieldParser.Framing());
    return headers;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n|obs-fold",
        "GET / HTTP/1.1\r\nHost: h\r\nBad Name: v\r\n\r\n|in a header name",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n|in a header value",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0001b\r\n\r\n|in a header value",
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n"
            + "|more than one Content-Length",
        "GET / HTTP/1.1\r\n\r\n|without Host",
        "GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n|more than one Host",
        "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n|without name or colon",
        "BAD/ / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n|in the method",
      })
  void invalidFieldsFailTheHeadAsTheyDid(String input) {
    int bar = input.lastIndexOf('|');
    String head = input.substring(0, bar);
    List<Object> out = decode(new HttpRequestDecoder(), head, head.length());
    assertThat(out).hasSize(1);
    assertThat(((HttpRequest) out.get(0)).decoderResult().cause())
        .isInstanceOf(InvalidHttpMessageException.class)
        .hasMessageContaining(input.substring(bar + 1));
    release(out);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nConnection: Keep-Alive , CLOSE\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\nconnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nConnection: closed\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: x, keep-alive\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: keep-alive\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\n\r\n",
        "GET / HTTP/1.0\r\nUpgrade: h2c\r\nConnection: upgrade\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: h2c\r\nConnection: \r\nConnection: upgrade\r\n\r\n",
      })
  void keepAliveAndUpgradeAreAnsweredAsTheHeadersAnswerThem(String head) {
    List<Object> out = decode(new HttpRequestDecoder(), head, head.length());
    DecodedHttpRequest request = (DecodedHttpRequest) out.get(0);
    assertThat(request.decoderResult().isSuccess()).isTrue();
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    boolean upgrade = HttpUtil.isUpgradeRequest(request);
    assertThat(request.headersBuilt()).as("answered from the decoder's records").isFalse();

    request.headers();
    assertThat(request.headersBuilt()).isTrue();
    assertThat(HttpUtil.isKeepAlive(request)).isEqualTo(keepAlive);
    assertThat(HttpUtil.isUpgradeRequest(request)).isEqualTo(upgrade);
    release(out);
  }

  @Test
  void changedHeadersDecideOnceBuilt() {
    String head = "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: h2c\r\nConnection: upgrade\r\n\r\n";
    List<Object> out = decode(new HttpRequestDecoder(), head, head.length());
    HttpRequest request = (HttpRequest) out.get(0);
    assertThat(HttpUtil.isKeepAlive(request)).isTrue();
    assertThat(HttpUtil.isUpgradeRequest(request)).isTrue();

    request.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    assertThat(HttpUtil.isKeepAlive(request)).isFalse();
    assertThat(HttpUtil.isUpgradeRequest(request)).isFalse();
    assertThat(request.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    release(out);
  }

  @Test
  void consecutiveRequestsForTheSameTargetShareIt() {
    String input =
        request("GET", "/plaintext").repeat(2)
            + request("HEAD", "/plaintext")
            + request("HEAD", "/plaintext?x=1").repeat(2);
    List<Object> out = decode(new HttpRequestDecoder(), input, input.length());
    List<HttpRequest> requests = new ArrayList<>();
    for (Object o : out) {
      if (o instanceof HttpRequest r) {
        requests.add(r);
      }
    }
    assertThat(requests).hasSize(5);
    assertThat(requests.get(1).target()).isSameAs(requests.get(0).target());
    assertThat(requests.get(1).uri()).isSameAs(requests.get(0).uri());
    assertThat(requests.get(2).target()).as("another method").isNotSameAs(requests.get(1).target());
    assertThat(requests.get(2).target()).isEqualTo(requests.get(1).target());
    assertThat(requests.get(3).target())
        .as("another target")
        .isNotEqualTo(requests.get(2).target());
    assertThat(requests.get(4).target()).isSameAs(requests.get(3).target());
    assertThat(requests.get(4).target().parameters()).containsEntry("x", List.of("1"));

    requests.get(1).setUri("/other");
    assertThat(requests.get(1).target().path()).isEqualTo("/other");
    assertThat(requests.get(0).target().path())
        .as("the shared value is not changed")
        .isEqualTo("/plaintext");
    release(out);
  }

  @Test
  void aLongTargetIsParsedAgainEachTime() {
    String target = "/" + "a".repeat(300);
    String input = request("GET", target).repeat(2);
    List<Object> out = decode(new HttpRequestDecoder(), input, input.length());
    HttpRequest first = (HttpRequest) out.get(0);
    HttpRequest second = (HttpRequest) out.get(2);
    assertThat(second.uri()).isEqualTo(target);
    assertThat(second.target()).isEqualTo(first.target()).isNotSameAs(first.target());
    release(out);
  }

  private static String request(String method, String target) {
    return method + " " + target + " HTTP/1.1\r\nHost: h\r\n\r\n";
  }

  @Test
  void aPlainRequestAnswersUpgradeFromItsHeaders() {
    HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
    assertThat(HttpUtil.isUpgradeRequest(request)).isFalse();
    request.headers().set(HttpHeaderNames.UPGRADE, "websocket");
    assertThat(HttpUtil.isUpgradeRequest(request)).isFalse();
    request.headers().set(HttpHeaderNames.CONNECTION, "keep-alive, Upgrade");
    assertThat(HttpUtil.isUpgradeRequest(request)).isTrue();
    request.setProtocolVersion(HttpVersion.HTTP_1_0);
    assertThat(HttpUtil.isUpgradeRequest(request)).isFalse();
  }
}
