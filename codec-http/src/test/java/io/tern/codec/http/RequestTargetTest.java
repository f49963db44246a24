package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestTargetTest {

  @Test
  void originFormSplitsPathAndQuery() {
    RequestTarget t = RequestTarget.parse(HttpMethod.GET, "/where?q=now&x=1&x=2#frag");
    assertThat(t.form()).isEqualTo(RequestTarget.Form.ORIGIN);
    assertThat(t.raw()).isEqualTo("/where?q=now&x=1&x=2#frag");
    assertThat(t.path()).isEqualTo("/where");
    assertThat(t.rawPath()).isEqualTo("/where");
    assertThat(t.query()).isEqualTo("q=now&x=1&x=2");
    assertThat(t.parameters().get("q")).containsExactly("now");
    assertThat(t.parameters().get("x")).containsExactly("1", "2");
    assertThat(t.scheme()).isNull();
    assertThat(t.authority()).isNull();
    assertThat(t.host()).isNull();
    assertThat(t.port()).isEqualTo(-1);
  }

  @Test
  void aQueryDoesNotChangeThePath() {
    assertThat(RequestTarget.parse(HttpMethod.GET, "/plaintext?x=1").path())
        .isEqualTo("/plaintext");
    assertThat(RequestTarget.parse(HttpMethod.GET, "/plaintext?").query()).isEmpty();
    assertThat(RequestTarget.parse(HttpMethod.GET, "/plaintext").query()).isNull();
    assertThat(RequestTarget.parse(HttpMethod.GET, "/plaintext").parameters()).isEmpty();
  }

  @Test
  void theParametersAreDecodedOnceAndKept() {
    RequestTarget t = RequestTarget.parse(HttpMethod.GET, "/s?q=a+b%21");
    assertThat(t.parameters()).isSameAs(t.parameters());
    assertThat(t.parameters().get("q")).containsExactly("a b!");
  }

  @Test
  void absoluteFormGivesTheSamePathAsOriginForm() {
    RequestTarget t = RequestTarget.parse(HttpMethod.GET, "http://Example.org:8080/where?q=now");
    assertThat(t.form()).isEqualTo(RequestTarget.Form.ABSOLUTE);
    assertThat(t.scheme()).isEqualTo("http");
    assertThat(t.authority()).isEqualTo("Example.org:8080");
    assertThat(t.host()).isEqualTo("Example.org");
    assertThat(t.port()).isEqualTo(8080);
    assertThat(t.path()).isEqualTo("/where");
    assertThat(t.query()).isEqualTo("q=now");
  }

  @Test
  void absoluteFormWithAnEmptyPathHasTheRootPath() {
    RequestTarget t = RequestTarget.parse(HttpMethod.GET, "https://[::1]?a=b");
    assertThat(t.rawPath()).isEqualTo("/");
    assertThat(t.path()).isEqualTo("/");
    assertThat(t.host()).isEqualTo("::1");
    assertThat(t.port()).isEqualTo(-1);
    assertThat(t.query()).isEqualTo("a=b");
  }

  @Test
  void authorityFormIsForConnect() {
    RequestTarget t = RequestTarget.parse(HttpMethod.CONNECT, "example.org:443");
    assertThat(t.form()).isEqualTo(RequestTarget.Form.AUTHORITY);
    assertThat(t.authority()).isEqualTo("example.org:443");
    assertThat(t.host()).isEqualTo("example.org");
    assertThat(t.port()).isEqualTo(443);
    assertThat(t.path()).isEmpty();
    assertThat(t.query()).isNull();
    assertThat(RequestTarget.parse(HttpMethod.CONNECT, "[2001:db8::1]:8443").host())
        .isEqualTo("2001:db8::1");
  }

  @Test
  void asteriskFormIsForOptions() {
    RequestTarget t = RequestTarget.parse(HttpMethod.OPTIONS, "*");
    assertThat(t.form()).isEqualTo(RequestTarget.Form.ASTERISK);
    assertThat(t.path()).isEqualTo("*");
    assertThat(t.query()).isNull();
    assertThat(t.authority()).isNull();
  }

  @ParameterizedTest
  @CsvSource({
    "/a/b, /a/b",
    "/a/./b, /a/b",
    "/a/c/../b, /a/b",
    "/a/b/., /a/b/",
    "/a/b/.., /a/",
    "/.., /",
    "/../../x, /x",
    "/a/%2e%2E/b, /b",
    "/a/.%2e, /",
    "/a/%62, /a/b",
    "/a+b/%20c, /a+b/ c",
    "/caf%C3%A9, /caf\u00e9",
    "/a//b, /a//b",
    "/, /",
    "/.hidden/x.y, /.hidden/x.y",
    "/a/...b, /a/...b"
  })
  void thePathIsNormalised(String raw, String path) {
    assertThat(RequestTarget.parse(HttpMethod.GET, raw).path()).isEqualTo(path);
    assertThat(RequestTarget.parse(HttpMethod.GET, "http://h" + raw).path()).isEqualTo(path);
  }

  @Test
  void aPathNeedingNoWorkIsTheRawStringItself() {
    String raw = "/plaintext";
    assertThat(RequestTarget.parse(HttpMethod.GET, raw).path()).isSameAs(raw);
  }

  @ParameterizedTest
  @CsvSource({
    "GET, ''",
    "GET, where",
    "GET, example.org:443",
    "GET, *",
    "GET, http:/x",
    "GET, http:///x",
    "GET, http://user@host/x",
    "GET, 1http://host/x",
    "GET, /a%zz",
    "GET, /a%2",
    "GET, /a b",
    "CONNECT, example.org",
    "CONNECT, /path",
    "CONNECT, example.org:99999",
    "CONNECT, example.org:44x",
    "CONNECT, :443",
    "CONNECT, [::1:443",
    "OPTIONS, **"
  })
  void refusesTargetsInNoFormTheMethodAllows(String method, String target) {
    assertThatThrownBy(() -> RequestTarget.parse(HttpMethod.valueOf(method), target))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDecodedRequestCarriesItsParsedTarget() {
    List<Object> out =
        HttpRequestDecoderTest.decode(
            new HttpRequestDecoder(),
            "GET http://example.org/plaintext?x=1 HTTP/1.1\r\nHost: example.org\r\n\r\n",
            100);
    HttpRequest request = (HttpRequest) out.get(0);
    assertThat(request.uri()).isEqualTo("http://example.org/plaintext?x=1");
    assertThat(request.target().form()).isEqualTo(RequestTarget.Form.ABSOLUTE);
    assertThat(request.target().path()).isEqualTo("/plaintext");
    assertThat(request.target().parameters().get("x")).containsExactly("1");
    HttpRequestDecoderTest.release(out);
  }

  @Test
  void aBuiltRequestParsesItsTargetOnFirstUseAndAgainAfterAChange() {
    DefaultHttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/a");
    assertThat(request.target().path()).isEqualTo("/a");
    request.setUri("/b?c=d");
    assertThat(request.target().path()).isEqualTo("/b");
    request.setMethod(HttpMethod.CONNECT).setUri("h:443");
    assertThat(request.target().form()).isEqualTo(RequestTarget.Form.AUTHORITY);
  }

  @Test
  void equalTargetsHaveTheSameFormAndText() {
    assertThat(RequestTarget.parse(HttpMethod.GET, "/a?b"))
        .isEqualTo(RequestTarget.parse(HttpMethod.POST, "/a?b"))
        .hasSameHashCodeAs(RequestTarget.parse(HttpMethod.POST, "/a?b"))
        .isNotEqualTo(RequestTarget.parse(HttpMethod.GET, "/a?c"));
    assertThat(RequestTarget.parse(HttpMethod.GET, "/a?b")).hasToString("/a?b");
  }
}
