package io.tern.codec.http.server;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.ok;
import static io.tern.codec.http.HttpServerCodecTest.releaseInbound;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class HttpServerKeepAliveHandlerTest {

  private static EmbeddedChannel channel() {
    return new EmbeddedChannel(new HttpServerCodec(), new HttpServerKeepAliveHandler());
  }

  @Test
  void keepsHttp11ConnectionsOpen() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("x"));
    assertThat(written(ch)).doesNotContain("close");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void closesAfterTheResponseWhenTheClientAskedTo() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("x"));
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void closesHttp10WithoutKeepAliveAndKeepsItWith() {
    EmbeddedChannel plain = channel();
    plain.writeInbound(bytes("GET / HTTP/1.0\r\n\r\n"));
    releaseInbound(plain);
    plain.writeOutbound(ok("x"));
    written(plain);
    assertThat(plain.isOpen()).isFalse();
    plain.finishAndReleaseAll();

    EmbeddedChannel kept = channel();
    kept.writeInbound(bytes("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"));
    releaseInbound(kept);
    FullHttpResponse r = ok("x");
    r.setProtocolVersion(HttpVersion.HTTP_1_0);
    HttpUtil.setKeepAlive(r, true);
    kept.writeOutbound(r);
    assertThat(written(kept)).contains("connection: keep-alive");
    assertThat(kept.isOpen()).isTrue();
    kept.finishAndReleaseAll();
  }

  @Test
  void closesAfterAResponseDelimitedByClose() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r = ok("x");
    r.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
    ch.writeOutbound(r);
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }
}
