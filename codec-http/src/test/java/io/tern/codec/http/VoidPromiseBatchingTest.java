package io.tern.codec.http;

import static io.tern.codec.http.HttpServerCodecTest.bytes;
import static io.tern.codec.http.HttpServerCodecTest.ok;
import static io.tern.codec.http.HttpServerCodecTest.releaseInbound;
import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Responses written with the void promise are encoded into one buffer until the flush. */
class VoidPromiseBatchingTest {
  private static final String OK_A = "HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\na";
  private static final String OK_B = "HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\nb";
  private static final String OK_C = "HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\nc";

  /** Records what reaches exceptionCaught. */
  private static final class Failures implements ChannelHandler {
    final List<Throwable> caught = new ArrayList<>();

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      caught.add(cause);
    }
  }

  private static EmbeddedChannel serverWithRequests(int n, ChannelHandler... after) {
    ChannelHandler[] handlers = new ChannelHandler[after.length + 1];
    handlers[0] = new HttpServerCodec();
    System.arraycopy(after, 0, handlers, 1, after.length);
    EmbeddedChannel ch = new EmbeddedChannel(handlers);
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n".repeat(n)));
    releaseInbound(ch);
    return ch;
  }

  @Test
  void pipelinedResponsesLeaveInOneBufferAtTheFlush() {
    EmbeddedChannel ch = serverWithRequests(3);

    ch.write(ok("a"), ch.voidPromise());
    ch.write(ok("b"), ch.voidPromise());
    ch.write(ok("c"), ch.voidPromise());
    assertThat(ch.outboundMessages()).isEmpty();
    ch.flush();

    assertThat(ch.outboundMessages()).hasSize(1);
    assertThat(written(ch)).isEqualTo(OK_A + OK_B + OK_C);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aWriteWithAnOrdinaryPromisePassesTheBatchOnFirst() {
    EmbeddedChannel ch = serverWithRequests(2);

    ch.write(ok("a"), ch.voidPromise());
    Future<Void> second = ch.write(ok("b"));
    ch.flush();

    assertThat(second.isSuccess()).isTrue();
    ByteBuf first = ch.readOutbound();
    assertThat(first.toString(StandardCharsets.US_ASCII)).isEqualTo(OK_A);
    first.release();
    assertThat(written(ch)).isEqualTo(OK_B);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void largeContentKeepsItsPlaceBehindTheBatchedBytes() {
    EmbeddedChannel ch = serverWithRequests(3);
    String big = "x".repeat(5000);

    ch.write(ok("a"), ch.voidPromise());
    ch.write(ok(big), ch.voidPromise());
    ch.write(ok("c"), ch.voidPromise());
    ch.flush();

    assertThat(written(ch))
        .isEqualTo(OK_A + "HTTP/1.1 200 OK\r\ncontent-length: 5000\r\n\r\n" + big + OK_C);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void chunkedResponsesAreBatchedPieceByPiece() {
    EmbeddedChannel ch = serverWithRequests(1);
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    HttpUtil.setTransferEncodingChunked(head, true);

    ch.write(head, ch.voidPromise());
    ch.write(
        new DefaultHttpContent(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII)),
        ch.voidPromise());
    ch.write(LastHttpContent.EMPTY_LAST_CONTENT, ch.voidPromise());
    ch.flush();

    assertThat(ch.outboundMessages()).hasSize(1);
    assertThat(written(ch))
        .isEqualTo("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void theBadRequestAnswerFollowsTheBatchedResponses() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(bytes("GET /ok HTTP/1.1\r\nHost: h\r\n\r\nGET /bad HTTP/1.1\r\n\r\n"));
    releaseInbound(ch);

    ch.write(ok("a"), ch.voidPromise());

    assertThat(written(ch))
        .isEqualTo(
            OK_A + "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void closingWithoutAFlushReleasesTheBatch() {
    EmbeddedChannel ch = serverWithRequests(2);
    ch.write(ok("a"), ch.voidPromise());
    ch.write(ok("b"), ch.voidPromise());

    ch.close();

    assertThat(ch.isOpen()).isFalse();
    assertThat(ch.outboundMessages()).isEmpty();
    // the leak detector (PARANOID in every test) fails the test if the batch was not released
    ch.finishAndReleaseAll();
  }

  @Test
  void aFailingWriteGoesToExceptionCaughtAndKeepsTheResponsesBeforeIt() {
    Failures failures = new Failures();
    EmbeddedChannel ch = serverWithRequests(1, failures);
    ch.write(ok("a"), ch.voidPromise());
    ByteBuf orphan = Unpooled.copiedBuffer("no head", StandardCharsets.US_ASCII);

    ch.write(new DefaultHttpContent(orphan), ch.voidPromise());
    ch.flush();

    assertThat(failures.caught).hasSize(1);
    assertThat(failures.caught.get(0))
        .isInstanceOf(EncoderException.class)
        .hasRootCauseInstanceOf(IllegalStateException.class);
    assertThat(orphan.refCnt()).isZero();
    assertThat(written(ch)).isEqualTo(OK_A);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aStandaloneEncoderBatchesUntilTheFlushPassesThroughIt() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());

    ch.write(ok("a"), ch.voidPromise());
    ch.write(ok("b"), ch.voidPromise());
    assertThat(ch.outboundMessages()).isEmpty();
    ch.flush();

    assertThat(ch.outboundMessages()).hasSize(1);
    assertThat(written(ch)).isEqualTo(OK_A + OK_B);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void removingTheCodecPassesTheBatchOn() {
    HttpServerCodec codec = new HttpServerCodec();
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    releaseInbound(ch);
    ch.write(ok("a"), ch.voidPromise());

    ch.pipeline().remove(codec);
    ch.flush();

    assertThat(written(ch)).isEqualTo(OK_A);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void theKeepAliveHandlerStillClosesAfterAVoidPromiseResponse() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpServerCodec(), new HttpServerKeepAliveHandler());
    ch.writeInbound(bytes("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"));
    releaseInbound(ch);

    ch.writeAndFlush(ok("a"), ch.voidPromise());

    assertThat(written(ch)).contains("connection: close");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void aClientCodecBatchesPipelinedRequests() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
    Promise<Void> promise = ch.voidPromise();

    for (String path : new String[] {"/a", "/b"}) {
      HttpRequest request =
          new DefaultFullHttpRequest(
              HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER);
      request.headers().set(HttpHeaderNames.HOST, "h");
      ch.write(request, promise);
    }
    ch.flush();

    assertThat(ch.outboundMessages()).hasSize(1);
    assertThat(written(ch))
        .isEqualTo("GET /a HTTP/1.1\r\nhost: h\r\n\r\nGET /b HTTP/1.1\r\nhost: h\r\n\r\n");
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }
}
