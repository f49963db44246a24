package io.tern.codec.http;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.ok;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the codec's keep-alive does beyond {@code HttpServerKeepAliveHandler}'s rules (those are
 * tested for the codec too, in {@code HttpServerKeepAliveHandlerTest}): requests behind a {@code
 * close} are not decoded, the close waits for void-promise writes to be flushed, an answer to
 * {@code HEAD} needs no length, interim and switching responses are left alone.
 */
class HttpServerCodecKeepAliveTest {

  /** Reads the requests (method and target) the codec passed on, releasing every message. */
  private static List<String> requests(EmbeddedChannel ch) {
    List<String> seen = new ArrayList<>();
    Object o;
    while ((o = ch.readInbound()) != null) {
      if (o instanceof HttpRequest r) {
        seen.add(r.method() + " " + r.uri());
      }
      ReferenceCountUtil.release(o);
    }
    return seen;
  }

  @Test
  void http11ConnectionsStayOpenAcrossPipelinedRequests() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n"));
    assertThat(requests(ch)).containsExactly("GET /a", "GET /b");
    ch.writeOutbound(ok("a"), ok("b"));
    assertThat(written(ch)).doesNotContain("connection");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void aCloseRequestIsTheLastOneDecodedAndTheConnectionClosesAfterItsResponse() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    String close = "GET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n";
    ch.writeInbound(bytes(close + "GET /not-processed HTTP/1.1\r\nHost: h\r\n\r\n"));
    assertThat(requests(ch))
        .as("requests after a close are not processed")
        .containsExactly("GET /a");
    ch.writeOutbound(ok("a"));
    assertThat(written(ch)).startsWith("HTTP/1.1 200 OK\r\n").contains("connection: close\r\n");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void closesAfterAResponseWrittenWithTheVoidPromiseOnceFlushed() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\nGET /last HTTP/1.0\r\n\r\n"));
    assertThat(requests(ch)).containsExactly("GET /", "GET /last");
    ch.write(ok("1"), ch.voidPromise());
    ch.write(ok("2"), ch.voidPromise());
    assertThat(ch.isOpen()).as("nothing is closed before the bytes leave").isTrue();
    ch.flush();
    String out = written(ch);
    // Decoding the HTTP/1.0 request already said the connection ends: both answers tell the
    // client, and both are written before the close.
    assertThat(out.split("connection: close", -1)).hasSize(3);
    assertThat(out).endsWith("\r\n\r\n2");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void aResponseDelimitedByTheCloseIsMarkedAndCloses() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    requests(ch);
    DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    ch.writeOutbound(head);
    assertThat(ch.isOpen()).isTrue();
    ch.writeOutbound(new DefaultLastHttpContent(bytes("until the close")));
    assertThat(written(ch)).contains("connection: close").endsWith("until the close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void theAnswerToHeadNeedsNoLengthToKeepTheConnection() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n"));
    requests(ch);
    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER));
    assertThat(written(ch)).doesNotContain("connection");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void anInterimResponseDoesNotEndTheConnection() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    String head = "POST / HTTP/1.1\r\nHost: h\r\nConnection: close\r\nExpect: 100-continue\r\n";
    ch.writeInbound(bytes(head + "Content-Length: 1\r\n\r\n"));
    requests(ch);
    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER));
    assertThat(written(ch)).startsWith("HTTP/1.1 100 Continue").doesNotContain("connection");
    assertThat(ch.isOpen()).isTrue();
    ch.writeInbound(bytes("x"));
    requests(ch);
    ch.writeOutbound(ok("done"));
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void aRefusedConnectWithCloseDoesNotResumeDecoding() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    String connect = "CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\nConnection: close\r\n\r\n";
    ch.writeInbound(bytes(connect + "GET /after HTTP/1.1\r\nHost: h\r\n\r\n"));
    assertThat(requests(ch)).containsExactly("CONNECT h:443");
    FullHttpResponse refused =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.FORBIDDEN, Unpooled.EMPTY_BUFFER);
    HttpUtil.setContentLength(refused, 0);
    ch.writeOutbound(refused);
    ch.runPendingTasks();
    assertThat(requests(ch)).isEmpty();
    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void anAcceptedUpgradeIsLeftAlone() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(
        bytes(
            "GET /chat HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"));
    requests(ch);
    ch.writeOutbound(
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS, Unpooled.EMPTY_BUFFER));
    assertThat(written(ch)).doesNotContain("close");
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }
}
