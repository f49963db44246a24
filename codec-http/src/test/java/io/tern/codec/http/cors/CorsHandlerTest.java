package io.tern.codec.http.cors;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CorsHandlerTest {
  private static final String ORIGIN = "https://app.example.com";

  private static FullHttpRequest request(HttpMethod method, String origin) {
    FullHttpRequest r = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, "/api");
    if (origin != null) {
      r.headers().set(HttpHeaderNames.ORIGIN, origin);
    }
    return r;
  }

  private static FullHttpRequest preflight(String origin, String method) {
    FullHttpRequest r = request(HttpMethod.OPTIONS, origin);
    r.headers().set(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD, method);
    return r;
  }

  private static HttpResponse ok() {
    return new DefaultFullHttpResponse(
        HttpVersion.HTTP_1_1,
        HttpResponseStatus.OK,
        Unpooled.copiedBuffer("hi", StandardCharsets.UTF_8));
  }

  @Test
  void answersAPreflightWithTheConfiguredPermissions() {
    CorsConfig config =
        CorsConfigBuilder.forOrigin(ORIGIN)
            .allowedRequestMethods(HttpMethod.GET, HttpMethod.DELETE)
            .allowedRequestHeaders("Content-Type", "X-Request-Id")
            .allowCredentials()
            .maxAge(600)
            .preflightResponseHeader("x-custom", "a", "b")
            .build();
    EmbeddedChannel ch = new EmbeddedChannel(new CorsHandler(config));
    assertThat(ch.writeInbound(preflight(ORIGIN, "DELETE"))).isFalse();
    FullHttpResponse r = ch.readOutbound();
    HttpHeaders h = r.headers();
    assertThat(r.status()).isEqualTo(HttpResponseStatus.OK);
    assertThat(h.get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(ORIGIN);
    assertThat(h.get(HttpHeaderNames.VARY)).isEqualTo("origin");
    assertThat(h.get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS)).isEqualTo("GET,DELETE");
    assertThat(h.get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS))
        .isEqualTo("content-type,x-request-id");
    assertThat(h.get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_CREDENTIALS)).isEqualTo("true");
    assertThat(h.get(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE)).isEqualTo("600");
    assertThat(h.getAll("x-custom")).containsExactly("a", "b");
    assertThat(h.get(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo("0");
    assertThat(ch.isOpen()).isTrue();
    r.release();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void preflightFromAnUnknownOriginGetsNoPermissions() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new CorsHandler(CorsConfigBuilder.forOrigin(ORIGIN).build()));
    ch.writeInbound(preflight("https://evil.example", "GET"));
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isFalse();
    assertThat(r.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS)).isFalse();
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void anyOriginGetsAStarUnlessCredentialsAreAllowed() {
    EmbeddedChannel star =
        new EmbeddedChannel(new CorsHandler(CorsConfigBuilder.forAnyOrigin().build()));
    star.writeInbound(request(HttpMethod.GET, ORIGIN));
    FullHttpRequest in = star.readInbound();
    in.release();
    star.writeOutbound(ok());
    HttpResponse r = star.readOutbound();
    assertThat(r.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo("*");
    assertThat(r.headers().contains(HttpHeaderNames.VARY)).isFalse();
    ((FullHttpResponse) r).release();
    star.finishAndReleaseAll();

    EmbeddedChannel echo =
        new EmbeddedChannel(
            new CorsHandler(
                CorsConfigBuilder.forAnyOrigin()
                    .allowCredentials()
                    .exposeHeaders("X-Total")
                    .build()));
    echo.writeInbound(request(HttpMethod.GET, ORIGIN));
    ((FullHttpRequest) echo.readInbound()).release();
    echo.writeOutbound(ok());
    FullHttpResponse e = echo.readOutbound();
    assertThat(e.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(ORIGIN);
    assertThat(e.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_CREDENTIALS)).isEqualTo("true");
    assertThat(e.headers().get(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS)).isEqualTo("x-total");
    e.release();
    echo.finishAndReleaseAll();
  }

  @Test
  void matchesPipelinedResponsesToTheirRequestsInOrder() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new CorsHandler(CorsConfigBuilder.forOrigin(ORIGIN).build()));
    ch.writeInbound(
        request(HttpMethod.GET, ORIGIN),
        request(HttpMethod.GET, null),
        request(HttpMethod.GET, "https://other.example"));
    for (int i = 0; i < 3; i++) {
      ((FullHttpRequest) ch.readInbound()).release();
    }
    HttpResponse interim =
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE);
    ch.writeOutbound(interim, ok(), ok(), ok());
    HttpResponse r0 = ch.readOutbound();
    assertThat(r0.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isFalse();
    FullHttpResponse r1 = ch.readOutbound();
    FullHttpResponse r2 = ch.readOutbound();
    FullHttpResponse r3 = ch.readOutbound();
    assertThat(r1.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(ORIGIN);
    assertThat(r2.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isFalse();
    assertThat(r3.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isFalse();
    r1.release();
    r2.release();
    r3.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void shortCircuitForbidsOtherOriginsAndClosesWithoutKeepAlive() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new CorsHandler(CorsConfigBuilder.forOrigin(ORIGIN).shortCircuit().build()));
    FullHttpRequest req = request(HttpMethod.POST, "https://evil.example");
    req.headers().set(HttpHeaderNames.CONNECTION, "close");
    assertThat(ch.writeInbound(req)).isFalse();
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.status()).isEqualTo(HttpResponseStatus.FORBIDDEN);
    assertThat(r.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(req.refCnt()).isZero();
    assertThat(ch.isOpen()).isFalse();
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void allowsTheNullOriginOnlyWhenAsked() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new CorsHandler(CorsConfigBuilder.forOrigin(ORIGIN).allowNullOrigin().build()));
    ch.writeInbound(request(HttpMethod.GET, "null"));
    ((FullHttpRequest) ch.readInbound()).release();
    ch.writeOutbound(ok());
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo("null");
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void discardsTheContentOfAStreamedPreflight() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new CorsHandler(CorsConfigBuilder.forAnyOrigin().build()));
    HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.OPTIONS, "/");
    head.headers().set(HttpHeaderNames.ORIGIN, ORIGIN);
    head.headers().set(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD, "PUT");
    LastHttpContent body =
        new DefaultLastHttpContent(Unpooled.copiedBuffer("x", StandardCharsets.UTF_8));
    assertThat(ch.writeInbound(head, body)).isFalse();
    assertThat(body.refCnt()).isZero();
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo("*");
    r.release();
    // The next request passes again.
    assertThat(ch.writeInbound(request(HttpMethod.GET, ORIGIN))).isTrue();
    ((FullHttpRequest) ch.readInbound()).release();
    ch.finishAndReleaseAll();
  }

  @Test
  void privateNetworkAccessIsGrantedWhenAskedAndAllowed() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new CorsHandler(CorsConfigBuilder.forAnyOrigin().allowPrivateNetwork().build()));
    FullHttpRequest p = preflight(ORIGIN, "GET");
    p.headers().set(HttpHeaderNames.ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK, "true");
    ch.writeInbound(p);
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.headers().get(HttpHeaderNames.ACCESS_CONTROL_ALLOW_PRIVATE_NETWORK))
        .isEqualTo("true");
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void disabledConfigPassesEverythingThrough() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new CorsHandler(CorsConfigBuilder.forOrigin(ORIGIN).disable().build()));
    assertThat(ch.writeInbound(preflight(ORIGIN, "GET"))).isTrue();
    ((FullHttpRequest) ch.readInbound()).release();
    ch.writeOutbound(ok());
    FullHttpResponse r = ch.readOutbound();
    assertThat(r.headers().contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)).isFalse();
    r.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void configBuilderValidatesAndDescribes() {
    CorsConfig c = CorsConfigBuilder.forOrigins("a", "b").build();
    assertThat(c.origins()).containsExactlyInAnyOrder("a", "b");
    assertThat(c.allowedRequestMethods())
        .containsExactlyInAnyOrder(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST);
    assertThat(CorsConfigBuilder.forOrigin("*").build().isAnyOriginSupported()).isTrue();
    assertThat(c.toString()).contains("origins=");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> CorsConfigBuilder.forAnyOrigin().maxAge(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
