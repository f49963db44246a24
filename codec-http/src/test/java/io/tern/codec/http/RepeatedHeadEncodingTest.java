package io.tern.codec.http;

import static io.tern.codec.http.HttpServerCodecTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.AsciiString;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The response encoder reuses the bytes of the previous head when the next one is made of the same
 * objects; every head must still come out exactly as its own fields say.
 */
class RepeatedHeadEncodingTest {
  private static final AsciiString SERVER = AsciiString.cached("tern");
  private static final AsciiString DATE_1 = AsciiString.cached("Mon, 30 Nov 2026 00:00:01 GMT");
  private static final AsciiString DATE_2 = AsciiString.cached("Mon, 30 Nov 2026 00:00:02 GMT");
  private static final AsciiString LENGTH = AsciiString.cached("2");

  private static FullHttpResponse response(HttpResponseStatus status, AsciiString date) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            status,
            Unpooled.wrappedBuffer("hi".getBytes(StandardCharsets.US_ASCII)),
            HttpHeaders.create(HttpHeaders.Validation.NONE),
            HttpHeaders.newTrailers(HttpHeaders.Validation.NONE));
    r.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
        .set(HttpHeaderNames.SERVER, SERVER)
        .set(HttpHeaderNames.DATE, date)
        .set(HttpHeaderNames.CONTENT_LENGTH, LENGTH);
    return r;
  }

  private static String head(String status, String date) {
    return "HTTP/1.1 "
        + status
        + "\r\ncontent-type: text/plain\r\nserver: tern\r\ndate: "
        + date
        + "\r\ncontent-length: 2\r\n\r\n";
  }

  private static String encode(EmbeddedChannel ch, HttpObject... messages) {
    for (HttpObject m : messages) {
      ch.write(m, ch.voidPromise());
    }
    ch.flush();
    return written(ch);
  }

  @Test
  void identicalHeadsAreEncodedAlikeOneAfterTheOther() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());

    String out =
        encode(
            ch,
            response(HttpResponseStatus.OK, DATE_1),
            response(HttpResponseStatus.OK, DATE_1),
            response(HttpResponseStatus.OK, DATE_1));

    String one = head("200 OK", DATE_1.toString()) + "hi";
    assertThat(out).isEqualTo(one + one + one);
    assertThat(encode(ch, response(HttpResponseStatus.OK, DATE_1))).isEqualTo(one);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aNewValueObjectIsEncodedAfterTheHeadItReplaces() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());

    String out =
        encode(
            ch,
            response(HttpResponseStatus.OK, DATE_1),
            response(HttpResponseStatus.OK, DATE_1),
            response(HttpResponseStatus.OK, DATE_2),
            response(HttpResponseStatus.OK, DATE_2));

    String first = head("200 OK", DATE_1.toString()) + "hi";
    String second = head("200 OK", DATE_2.toString()) + "hi";
    assertThat(out).isEqualTo(first + first + second + second);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void anotherStatusWithTheSameFieldsGetsItsOwnFirstLine() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());

    String out =
        encode(
            ch,
            response(HttpResponseStatus.OK, DATE_1),
            response(HttpResponseStatus.NOT_FOUND, DATE_1),
            response(HttpResponseStatus.OK, DATE_1));

    String ok = head("200 OK", DATE_1.toString()) + "hi";
    assertThat(out).isEqualTo(ok + head("404 Not Found", DATE_1.toString()) + "hi" + ok);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aFieldAddedOrAStringValueIsNotMistakenForTheLastHead() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());
    FullHttpResponse withExtra = response(HttpResponseStatus.OK, DATE_1);
    withExtra.headers().add(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    FullHttpResponse withString = response(HttpResponseStatus.OK, DATE_1);
    withString.headers().set(HttpHeaderNames.SERVER, "other");

    String out =
        encode(
            ch,
            response(HttpResponseStatus.OK, DATE_1),
            withExtra,
            withString,
            response(HttpResponseStatus.OK, DATE_1));

    String plain = head("200 OK", DATE_1.toString()) + "hi";
    String extra =
        head("200 OK", DATE_1.toString()).replace("\r\n\r\n", "\r\ncache-control: no-cache\r\n\r\n")
            + "hi";
    String other = plain.replace("server: tern", "server: other");
    assertThat(out).isEqualTo(plain + extra + other + plain);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void trailersBetweenTwoEqualHeadsLeaveTheSecondIntact() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());
    HttpResponse chunked = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    chunked.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    LastHttpContent last = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
    last.trailingHeaders().set(AsciiString.cached("x-checksum"), AsciiString.cached("12345"));

    String out =
        encode(
            ch,
            response(HttpResponseStatus.OK, DATE_1),
            chunked,
            last,
            response(HttpResponseStatus.OK, DATE_1));

    String plain = head("200 OK", DATE_1.toString()) + "hi";
    assertThat(out)
        .isEqualTo(
            plain
                + "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
                + "0\r\nx-checksum: 12345\r\n\r\n"
                + plain);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aRepeatedChunkedHeadStillChunksItsContent() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());
    String out = "";
    for (int i = 0; i < 3; i++) {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
      out +=
          encode(
              ch,
              head,
              new DefaultLastHttpContent(
                  Unpooled.wrappedBuffer("abc".getBytes(StandardCharsets.US_ASCII))));
    }

    String one = "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
    assertThat(out).isEqualTo(one + one + one);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void headsThatDifferEveryTimeAreAllEncodedAsTheirFieldsSay() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseEncoder());
    StringBuilder expected = new StringBuilder();
    StringBuilder out = new StringBuilder();
    // More than the encoder's back-off, with repeats in between, so that every path is taken.
    for (int i = 0; i < 200; i++) {
      FullHttpResponse r = response(HttpResponseStatus.OK, DATE_1);
      AsciiString length = AsciiString.of(Integer.toString(i % 7 == 0 ? 2 : 1000 + i));
      r.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
      String h =
          head("200 OK", DATE_1.toString())
              .replace("content-length: 2", "content-length: " + length);
      expected.append(h).append("hi");
      out.append(encode(ch, r));
      if (i % 5 == 0) {
        FullHttpResponse same = response(HttpResponseStatus.OK, DATE_1);
        same.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
        expected.append(h).append("hi");
        out.append(encode(ch, same));
      }
    }
    assertThat(out.toString()).isEqualTo(expected.toString());
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aHeadToAHeadRequestIsReusedWithoutItsContent() {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
    ch.writeInbound(
        HttpServerCodecTest.bytes(
            "HEAD / HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"));
    HttpServerCodecTest.releaseInbound(ch);

    String out =
        encode(
            ch, response(HttpResponseStatus.OK, DATE_1), response(HttpResponseStatus.OK, DATE_1));

    String h = head("200 OK", DATE_1.toString());
    assertThat(out).isEqualTo(h + h + "hi");
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }
}
