package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

public class HttpServerCodecTest {

  public static ByteBuf bytes(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
  }

  /** Reads and concatenates every outbound buffer. */
  public static String written(EmbeddedChannel ch) {
    StringBuilder sb = new StringBuilder();
    Object o;
    while ((o = ch.readOutbound()) != null) {
      ByteBuf b = (ByteBuf) o;
      sb.append(b.toString(StandardCharsets.ISO_8859_1));
      b.release();
    }
    return sb.toString();
  }

  public static FullHttpResponse ok(String body) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK,
            Unpooled.copiedBuffer(body, StandardCharsets.US_ASCII));
    HttpUtil.setContentLength(r, body.length());
    return r;
  }

  public static void releaseInbound(EmbeddedChannel ch) {
    Object o;
    while ((o = ch.readInbound()) != null) {
      ReferenceCountUtil.release(o);
    }
  }

  @Test
  void encodesASmallFullResponseAsOneBuffer() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r = ok("Hello, World!");
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    ch.writeOutbound(r);
    ByteBuf out = ch.readOutbound();
    assertThat(out.toString(StandardCharsets.US_ASCII))
        .isEqualTo(
            "HTTP/1.1 200 OK\r\ncontent-length: 13\r\ncontent-type: text/plain\r\n\r\nHello, World!");
    out.release();
    assertThat(ch.outboundMessages()).isEmpty();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void encodesManyFieldsOfEveryKindInOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r = ok("x");
    StringBuilder expected = new StringBuilder("HTTP/1.1 200 OK\r\ncontent-length: 1\r\n");
    String big = "v".repeat(600); // larger than the encoder's first scratch array
    for (int i = 0; i < 40; i++) {
      CharSequence name =
          i % 3 == 0 ? "x-string-" + i : io.tern.common.AsciiString.of("x-ascii-" + i);
      CharSequence value =
          i == 20
              ? io.tern.common.AsciiString.of(big)
              : i % 4 == 0 ? "s" + i : io.tern.common.AsciiString.of("a" + i);
      r.headers().add(name, value);
      expected.append(name).append(": ").append(value).append("\r\n");
    }
    ch.writeOutbound(r);

    assertThat(written(ch)).isEqualTo(expected.append("\r\nx").toString());
    ch.finishAndReleaseAll();
  }

  @Test
  void encodesAnyStatusLineWithTheFieldsAndWritesLazyTrailersOnlyOnceWritten() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    // A reason phrase longer than the encoder's first scratch array, then a String field.
    HttpResponseStatus odd = new HttpResponseStatus(299, "r".repeat(300));
    FullHttpResponse first = ok("1").setStatus(odd);
    first.headers().add("x-string", "s");
    assertThat(first.trailingHeaders().isEmpty()).isTrue();
    // Trailers written to after a read are emitted with the chunked framing.
    FullHttpResponse second = ok("22");
    HttpUtil.setTransferEncodingChunked(second, true);
    second.trailingHeaders().add("x-checksum", "abc");
    ch.writeOutbound(first, second);

    assertThat(written(ch))
        .isEqualTo(
            "HTTP/1.1 299 "
                + "r".repeat(300)
                + "\r\ncontent-length: 1\r\nx-string: s\r\n\r\n1"
                + "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
                + "2\r\n22\r\n0\r\nx-checksum: abc\r\n\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void smallHeapContentJoinsItsHeadFromItsReadableBytesOnly() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    // A slice (array offset 4) whose reader index has moved on: only "body" is content.
    ByteBuf whole = Unpooled.copiedBuffer("xxxx--body--", StandardCharsets.US_ASCII);
    ByteBuf content = whole.slice(4, 8);
    content.skipBytes(2);
    content.writerIndex(6);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, content);
    HttpUtil.setContentLength(r, 4);
    ch.writeOutbound(r);

    ByteBuf out = ch.readOutbound();
    assertThat(out.toString(StandardCharsets.US_ASCII))
        .isEqualTo("HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nbody");
    out.release();
    assertThat(ch.outboundMessages()).isEmpty();
    assertThat(whole.refCnt()).isZero();
    ch.finishAndReleaseAll();
  }

  @Test
  void writesLargeContentWithoutCopying() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    String big = "b".repeat(5000);
    ch.writeOutbound(ok(big));
    ByteBuf head = ch.readOutbound();
    ByteBuf body = ch.readOutbound();
    assertThat(head.toString(StandardCharsets.US_ASCII)).endsWith("\r\n\r\n");
    assertThat(body.readableBytes()).isEqualTo(5000);
    head.release();
    body.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void answersHeadWithoutContentAndKeepsPipelinedOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("HEAD /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("first"), ok("second"));
    String out = written(ch);
    assertThat(out)
        .isEqualTo(
            "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n"
                + "HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nsecond");
    ch.finishAndReleaseAll();
  }

  @Test
  void encodesChunkedResponsesWithTrailers() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    HttpUtil.setTransferEncodingChunked(head, true);
    LastHttpContent last = new DefaultLastHttpContent();
    last.trailingHeaders().add("x-sum", "7");
    ch.writeOutbound(
        head,
        new DefaultHttpContent(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII)),
        new DefaultHttpContent(Unpooled.copiedBuffer("x".repeat(2000), StandardCharsets.US_ASCII)),
        last);
    String out = written(ch);
    assertThat(out)
        .isEqualTo(
            "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n"
                + "7d0\r\n"
                + "x".repeat(2000)
                + "\r\n0\r\nx-sum: 7\r\n\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void interimResponsesDoNotConsumeTheRequest() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER),
        ok("ignored for HEAD"));
    assertThat(written(ch))
        .isEqualTo("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 16\r\n\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void noContentResponsesDropFramingHeaders() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("DELETE /x HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT, Unpooled.buffer(0));
    r.headers().set(HttpHeaderNames.CONTENT_LENGTH, "0");
    ch.writeOutbound(r);
    assertThat(written(ch)).isEqualTo("HTTP/1.1 204 No Content\r\n\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void badRequestWaitsForTheResponsesOwedBeforeIt() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /ok HTTP/1.1\r\nHost: h\r\n\r\nGET /bad HTTP/1.1\r\n\r\n"));
    HttpRequest first = ch.readInbound();
    assertThat(first.uri()).isEqualTo("/ok");
    releaseInbound(ch);
    assertThat(ch.outboundMessages()).isEmpty();
    assertThat(ch.isOpen()).isTrue();
    ch.writeOutbound(ok("fine"));
    String out = written(ch);
    assertThat(out)
        .startsWith("HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nfine")
        .endsWith("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void connectPausesDecodingUntilAnsweredAndA2xxTurnsTheConnectionIntoATunnel() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n\u0016\u0003raw"));
    HttpRequest connect = ch.readInbound();
    assertThat(connect.method()).isEqualTo(HttpMethod.CONNECT);
    Object end = ch.readInbound();
    assertThat(end).isInstanceOf(LastHttpContent.class);
    Object waiting = ch.readInbound();
    assertThat(waiting).as("bytes after CONNECT wait for its answer").isNull();

    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER));
    assertThat(written(ch)).isEqualTo("HTTP/1.1 200 OK\r\n\r\n");
    ch.runPendingTasks();
    ByteBuf tunnelled = ch.readInbound();
    assertThat(tunnelled.toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0016\u0003raw");
    tunnelled.release();

    ch.writeInbound(bytes("GET / HTTP/1.1\r\n"));
    ByteBuf more = ch.readInbound();
    assertThat(more.toString(StandardCharsets.ISO_8859_1)).isEqualTo("GET / HTTP/1.1\r\n");
    more.release();
    ch.writeOutbound(bytes("back"));
    assertThat(written(ch)).isEqualTo("back");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void aRefusedConnectResumesHttpWithThePipelinedRequests() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    String connect = "CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n";
    ch.writeInbound(bytes(connect + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse refused =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.FORBIDDEN, Unpooled.EMPTY_BUFFER);
    HttpUtil.setContentLength(refused, 0);
    ch.writeOutbound(refused);
    assertThat(written(ch)).startsWith("HTTP/1.1 403 Forbidden\r\n");
    ch.runPendingTasks();
    HttpRequest next = ch.readInbound();
    assertThat(next.uri()).isEqualTo("/next");
    releaseInbound(ch);
    ch.finishAndReleaseAll();
  }

  private static final String UPGRADE_REQUEST =
      "GET /chat HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n";

  private static FullHttpResponse switchingProtocols() {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS, Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.UPGRADE, "websocket");
    r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
    return r;
  }

  @Test
  void anUpgradeRequestPausesDecodingAndA101PassesTheRestThrough() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes(UPGRADE_REQUEST + "\u0081\u0002hi"));
    HttpRequest upgrade = ch.readInbound();
    assertThat(upgrade.target().path()).isEqualTo("/chat");
    assertThat(ch.<Object>readInbound()).isInstanceOf(LastHttpContent.class);
    assertThat(ch.<Object>readInbound()).as("the frame waits for the answer").isNull();

    ch.writeOutbound(switchingProtocols());
    assertThat(written(ch)).startsWith("HTTP/1.1 101 Switching Protocols\r\n");
    ByteBuf frame = ch.readInbound();
    assertThat(frame.toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0081\u0002hi");
    frame.release();
    ch.writeOutbound(bytes("\u0081\u0002ok"));
    assertThat(written(ch)).isEqualTo("\u0081\u0002ok");
    ch.finishAndReleaseAll();
  }

  @Test
  void aHandlerTakingAnUpgradeOverRemovesTheCodecAndGetsTheBytesNotDecoded() {
    HttpServerCodec codec = new HttpServerCodec();
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    ch.writeInbound(bytes(UPGRADE_REQUEST + "\u0081\u0002hi"));
    releaseInbound(ch);

    // As an upgrade handler does: answer 101, then remove the codec before anything else runs.
    ch.pipeline().writeAndFlush(switchingProtocols());
    ch.pipeline().remove(codec);
    assertThat(ch.pipeline().names()).noneMatch(n -> n.contains("Http"));
    ByteBuf handedOver = ch.readInbound();
    assertThat(handedOver.toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0081\u0002hi");
    handedOver.release();
    ch.runPendingTasks();
    assertThat(ch.<Object>readInbound()).isNull();

    ch.writeInbound(bytes("\u0081\u0001!"));
    ByteBuf next = ch.readInbound();
    assertThat(next.toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0081\u0001!");
    next.release();
    assertThat(written(ch)).startsWith("HTTP/1.1 101 Switching Protocols\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void aDeclinedUpgradeResumesHttpWithThePipelinedRequests() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes(UPGRADE_REQUEST + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(ok("no"));
    assertThat(written(ch)).startsWith("HTTP/1.1 200 OK\r\n");
    HttpRequest next = ch.readInbound();
    assertThat(next.uri()).isEqualTo("/next");
    releaseInbound(ch);
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesA101ThatAnswersNoUpgrade() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.SWITCHING_PROTOCOLS,
            Unpooled.copiedBuffer("x", StandardCharsets.US_ASCII));
    io.tern.common.concurrent.Future<Void> f = ch.pipeline().writeAndFlush(r);
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class);
    assertThat(r.refCnt()).as("a refused message is released").isZero();
    ch.writeOutbound(ok("fine"));
    assertThat(written(ch)).startsWith("HTTP/1.1 200 OK\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesHttpMessagesInATunnel() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n"));
    releaseInbound(ch);
    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER));
    written(ch);
    FullHttpResponse late = ok("late");
    io.tern.common.concurrent.Future<Void> f = ch.pipeline().writeAndFlush(late);
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class).hasMessageContaining("TUNNEL");
    assertThat(late.refCnt()).isZero();
    assertThat(ch.outboundMessages()).isEmpty();
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesWritesAfterTheBadRequest() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /bad HTTP/1.1\r\n\r\n"));
    assertThat(written(ch)).startsWith("HTTP/1.1 400 Bad Request\r\n");
    FullHttpResponse late = ok("late");
    io.tern.common.concurrent.Future<Void> f = ch.pipeline().writeAndFlush(late);
    // Refused by the codec (closed state) or, once the close has gone through, by the channel.
    assertThat(f.cause()).isNotNull();
    assertThat(late.refCnt()).isZero();
    assertThat(ch.outboundMessages()).isEmpty();
    ch.finishAndReleaseAll();
  }

  @Test
  void aTargetInNoFormIsABadRequest() {
    for (String line : new String[] {"GET where", "GET *", "CONNECT h", "GET /a%zz"}) {
      EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
      ch.writeInbound(bytes(line + " HTTP/1.1\r\nHost: h\r\n\r\n"));
      assertThat(ch.<Object>readInbound()).as(line).isNull();
      assertThat(written(ch)).as(line).startsWith("HTTP/1.1 400 Bad Request\r\n");
      assertThat(ch.isOpen()).isFalse();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void absoluteFormAndOptionsAsteriskAreAccepted() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    String absoluteForm = "GET http://h/plaintext?x=1 HTTP/1.1\r\nHost: h\r\n\r\n";
    String asteriskForm = "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n";
    ch.writeInbound(bytes(absoluteForm + asteriskForm));
    HttpRequest absolute = ch.readInbound();
    assertThat(absolute.target().path()).isEqualTo("/plaintext");
    ReferenceCountUtil.release(ch.readInbound());
    HttpRequest options = ch.readInbound();
    assertThat(options.target().form()).isEqualTo(RequestTarget.Form.ASTERISK);
    releaseInbound(ch);
    ch.finishAndReleaseAll();
  }
}
