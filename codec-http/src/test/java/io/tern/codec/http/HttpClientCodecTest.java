package io.tern.codec.http;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpClientCodecTest {

  private static List<Object> inbound(EmbeddedChannel ch) {
    List<Object> out = new ArrayList<>();
    Object o;
    while ((o = ch.readInbound()) != null) {
      out.add(o);
    }
    return out;
  }

  private static void request(EmbeddedChannel ch, HttpMethod method, String uri) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
    r.headers().set(HttpHeaderNames.HOST, "example.com");
    ch.writeOutbound(r, LastHttpContent.EMPTY_LAST_CONTENT);
  }

  @Test
  void encodesRequestsAndMatchesResponsesIncludingHead() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.HEAD, "/a");
    request(ch, HttpMethod.GET, "");
    assertThat(written(ch))
        .isEqualTo(
            "HEAD /a HTTP/1.1\r\nhost: example.com\r\n\r\nGET / HTTP/1.1\r\nhost: example.com\r\n\r\n");
    ch.writeInbound(
        bytes(
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"));
    List<Object> out = inbound(ch);
    assertThat(out).hasSize(4);
    assertThat(out.get(1)).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
    assertThat(((LastHttpContent) out.get(3)).content().toString(StandardCharsets.US_ASCII))
        .isEqualTo("hello");
    out.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void interimResponsesWaitForTheFinalOne() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.POST, "/p");
    written(ch);
    ch.writeInbound(
        bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
    List<Object> out = inbound(ch);
    assertThat(((HttpResponse) out.get(0)).status()).isEqualTo(HttpResponseStatus.CONTINUE);
    assertThat(((HttpResponse) out.get(2)).status()).isEqualTo(HttpResponseStatus.OK);
    assertThat(((LastHttpContent) out.get(3)).content().readableBytes()).isEqualTo(2);
    out.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void aSuccessfulConnectTurnsTheConnectionIntoATunnel() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.CONNECT, "example.com:443");
    written(ch);
    ch.writeInbound(bytes("HTTP/1.1 200 Connection established\r\n\r\n\u0016\u0003\u0001raw"));
    List<Object> out = inbound(ch);
    assertThat(((HttpResponse) out.get(0)).status().code()).isEqualTo(200);
    assertThat(out.get(1)).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
    ByteBuf raw = (ByteBuf) out.get(2);
    assertThat(raw.toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0016\u0003\u0001raw");
    out.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void readsContentUntilCloseWithoutLength() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.GET, "/");
    written(ch);
    ch.writeInbound(bytes("HTTP/1.0 200 OK\r\n\r\nsome "), bytes("body"));
    ch.close();
    List<Object> out = inbound(ch);
    StringBuilder body = new StringBuilder();
    for (Object o : out) {
      if (o instanceof HttpContent c) {
        body.append(c.content().toString(StandardCharsets.US_ASCII));
      }
    }
    assertThat(body.toString()).isEqualTo("some body");
    assertThat(out.get(out.size() - 1)).isInstanceOf(LastHttpContent.class);
    out.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void decodesStatusLinesStrictly() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseDecoder());
    ch.writeInbound(bytes("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"));
    HttpResponse r = ch.readInbound();
    assertThat(r.status()).isSameAs(HttpResponseStatus.NOT_FOUND);
    ReferenceCountUtil.release(ch.readInbound());
    ch.writeInbound(bytes("HTTP/1.1 299 Custom\r\nContent-Length: 0\r\n\r\n"));
    r = ch.readInbound();
    assertThat(r.status().reasonPhrase()).isEqualTo("Custom");
    ReferenceCountUtil.release(ch.readInbound());
    ch.writeInbound(bytes("HTTP/1.1 20 OK\r\n\r\n"));
    FullHttpResponse bad = ch.readInbound();
    assertThat(bad.decoderResult().isFailure()).isTrue();
    bad.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void aTunnelCarriesBytesBothWaysAndRefusesRequests() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.CONNECT, "example.com:443");
    written(ch);
    ch.writeInbound(bytes("HTTP/1.1 200 Connection established\r\n\r\n"));
    inbound(ch).forEach(ReferenceCountUtil::release);
    ch.writeOutbound(bytes("\u0016\u0003\u0001hello"));
    assertThat(written(ch)).isEqualTo("\u0016\u0003\u0001hello");
    HttpRequest late = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
    io.tern.common.concurrent.Future<Void> f = ch.pipeline().writeAndFlush(late);
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class).hasMessageContaining("TUNNEL");
    ch.finishAndReleaseAll();
  }

  @Test
  void switchingProtocolsPassesTheFollowingBytesOn() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    request(ch, HttpMethod.GET, "/chat");
    written(ch);
    ch.writeInbound(
        bytes("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\u0081\u0000"));
    List<Object> out = inbound(ch);
    assertThat(((HttpResponse) out.get(0)).status().code()).isEqualTo(101);
    assertThat(out.get(1)).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
    assertThat(((ByteBuf) out.get(2)).toString(StandardCharsets.ISO_8859_1))
        .isEqualTo("\u0081\u0000");
    out.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }
}
