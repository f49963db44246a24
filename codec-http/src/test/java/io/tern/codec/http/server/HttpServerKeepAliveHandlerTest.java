package io.tern.codec.http.server;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.ok;
import static io.tern.codec.http.HttpServerCodecTest.releaseInbound;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequestDecoder;
import io.tern.codec.http.HttpResponseEncoder;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The keep-alive rules, the same in the three pipelines that apply them: the handler behind a
 * separate decoder and encoder (what it is for), {@code HttpServerCodec} alone (which applies them
 * itself), and the codec with the handler behind it (code ported from Netty: redundant, harmless).
 * What only the codec does is in {@code HttpServerCodecKeepAliveTest}.
 */
class HttpServerKeepAliveHandlerTest {

  static Stream<Arguments> pipelines() {
    Supplier<ChannelHandler[]> handler =
        () ->
            new ChannelHandler[] {
              new HttpRequestDecoder(), new HttpResponseEncoder(), new HttpServerKeepAliveHandler()
            };
    Supplier<ChannelHandler[]> codec = () -> new ChannelHandler[] {new HttpServerCodec()};
    Supplier<ChannelHandler[]> both =
        () -> new ChannelHandler[] {new HttpServerCodec(), new HttpServerKeepAliveHandler()};
    return Stream.of(
        Arguments.of("decoder, encoder, handler", handler),
        Arguments.of("codec", codec),
        Arguments.of("codec, handler", both));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pipelines")
  void keepsHttp11ConnectionsOpen(String name, Supplier<ChannelHandler[]> pipeline) {
    EmbeddedChannel ch = new EmbeddedChannel(pipeline.get());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("x"));
    assertThat(written(ch)).doesNotContain("close");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pipelines")
  void closesAfterTheResponseWhenTheClientAskedTo(
      String name, Supplier<ChannelHandler[]> pipeline) {
    EmbeddedChannel ch = new EmbeddedChannel(pipeline.get());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("x"));
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pipelines")
  void closesHttp10WithoutKeepAliveAndKeepsItWith(
      String name, Supplier<ChannelHandler[]> pipeline) {
    EmbeddedChannel plain = new EmbeddedChannel(pipeline.get());
    plain.writeInbound(bytes("GET / HTTP/1.0\r\n\r\n"));
    releaseInbound(plain);
    plain.writeOutbound(ok("x"));
    assertThat(written(plain)).contains("connection: close");
    assertThat(plain.isOpen()).isFalse();
    plain.finishAndReleaseAll();

    EmbeddedChannel kept = new EmbeddedChannel(pipeline.get());
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

  @ParameterizedTest(name = "{0}")
  @MethodSource("pipelines")
  void closesAfterAResponseDelimitedByClose(String name, Supplier<ChannelHandler[]> pipeline) {
    EmbeddedChannel ch = new EmbeddedChannel(pipeline.get());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r = ok("x");
    r.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
    ch.writeOutbound(r);
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pipelines")
  void aResponseSayingCloseEndsTheConnectionAfterTheResponsesOwed(
      String name, Supplier<ChannelHandler[]> pipeline) {
    EmbeddedChannel ch = new EmbeddedChannel(pipeline.get());
    ch.writeInbound(bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse first = ok("a");
    HttpUtil.setKeepAlive(first, false);
    ch.writeOutbound(first);
    assertThat(ch.isOpen()).as("the pipelined request is still answered").isTrue();
    ch.writeOutbound(ok("b"));
    assertThat(written(ch).split("connection: close", -1)).as("both say close").hasSize(3);
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }
}
