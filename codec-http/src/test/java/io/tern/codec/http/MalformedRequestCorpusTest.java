package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every request-smuggling and malformed-request case: the server codec answers {@code 400 Bad
 * Request}, closes the connection, lets no complete request through and leaks nothing.
 */
class MalformedRequestCorpusTest {
  private static final String HEAD = "POST / HTTP/1.1\r\nHost: h\r\n";
  private static final String CHUNKED = HEAD + "Transfer-Encoding: chunked\r\n\r\n";

  static Stream<Arguments> corpus() {
    return Stream.of(
        // Content-Length
        Arguments.of(
            "repeated Content-Length",
            HEAD + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello"),
        Arguments.of(
            "conflicting Content-Length",
            HEAD + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"),
        Arguments.of("Content-Length list", HEAD + "Content-Length: 5, 5\r\n\r\nhello"),
        Arguments.of("Content-Length with sign", HEAD + "Content-Length: +5\r\n\r\nhello"),
        Arguments.of("Content-Length with inner space", HEAD + "Content-Length: 1 0\r\n\r\n"),
        Arguments.of("Content-Length in hex", HEAD + "Content-Length: 0x5\r\n\r\nhello"),
        Arguments.of("Content-Length empty", HEAD + "Content-Length:\r\n\r\n"),
        Arguments.of(
            "Content-Length overflow", HEAD + "Content-Length: 99999999999999999999\r\n\r\n"),
        // Content-Length with Transfer-Encoding, transfer codings
        Arguments.of(
            "Content-Length and Transfer-Encoding",
            HEAD + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of(
            "Transfer-Encoding and Content-Length",
            HEAD + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n"),
        Arguments.of(
            "repeated Transfer-Encoding",
            HEAD + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of("unknown transfer coding", HEAD + "Transfer-Encoding: gzip\r\n\r\n"),
        Arguments.of(
            "transfer coding list", HEAD + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of(
            "chunked twice in one field",
            HEAD + "Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of("misspelled chunked", HEAD + "Transfer-Encoding: chunkedx\r\n\r\n0\r\n\r\n"),
        Arguments.of(
            "vertical tab before chunked",
            HEAD + "Transfer-Encoding: \u000bchunked\r\n\r\n0\r\n\r\n"),
        Arguments.of(
            "Transfer-Encoding in HTTP/1.0",
            "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        // Field syntax
        Arguments.of("obs-fold", HEAD + "X-A: a\r\n b\r\n\r\n"),
        Arguments.of(
            "obs-fold of Transfer-Encoding",
            HEAD + "Transfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of("space before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n"),
        Arguments.of(
            "space before colon of Transfer-Encoding",
            HEAD + "Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n"),
        Arguments.of("tab before colon", "GET / HTTP/1.1\r\nHost\t: h\r\n\r\n"),
        Arguments.of("line without colon", "GET / HTTP/1.1\r\nHost h\r\n\r\n"),
        Arguments.of("empty field name", "GET / HTTP/1.1\r\nHost: h\r\n: v\r\n\r\n"),
        Arguments.of(
            "control character in a name", "GET / HTTP/1.1\r\nHost: h\r\nX\u0001Y: v\r\n\r\n"),
        Arguments.of("NUL in a value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n"),
        Arguments.of("DEL in a value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u007fb\r\n\r\n"),
        Arguments.of(
            "escape character in a value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u001bb\r\n\r\n"),
        // Line endings
        Arguments.of("bare LF after a field", "GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n"),
        Arguments.of("bare LF after the request line", "GET / HTTP/1.1\nHost: h\r\n\r\n"),
        Arguments.of("bare LF ending the head", "GET / HTTP/1.1\r\nHost: h\r\n\n"),
        Arguments.of("bare CR inside a value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n"),
        Arguments.of("bare CR inside the request line", "GET /a\rb HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("bare LF before the request", "\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("bare CR before the request", "\rGET / HTTP/1.1\r\nHost: h\r\n\r\n"),
        // Request line
        Arguments.of("two spaces after the method", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("tab after the method", "GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("trailing space after the version", "GET / HTTP/1.1 \r\nHost: h\r\n\r\n"),
        Arguments.of(
            "control character in the target", "GET /a\u0001b HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("space in the target", "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("non-token method", "G(T / HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("missing version", "GET /\r\nHost: h\r\n\r\n"),
        Arguments.of("HTTP/1.2", "GET / HTTP/1.2\r\nHost: h\r\n\r\n"),
        Arguments.of("HTTP/2.0", "GET / HTTP/2.0\r\nHost: h\r\n\r\n"),
        Arguments.of("lower-case version", "GET / http/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("HTTP/0.9 style", "GET /\r\n\r\n"),
        // Host
        Arguments.of("HTTP/1.1 without Host", "GET / HTTP/1.1\r\nX: y\r\n\r\n"),
        Arguments.of("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        // Limits
        Arguments.of(
            "over-long request line", "GET /" + "a".repeat(5000) + " HTTP/1.1\r\nHost: h\r\n\r\n"),
        Arguments.of("over-long request line, never ending", "GET /" + "a".repeat(5000)),
        Arguments.of(
            "too large header section",
            "GET / HTTP/1.1\r\nHost: h\r\nX: " + "v".repeat(9000) + "\r\n\r\n"),
        Arguments.of(
            "too many header fields",
            "GET / HTTP/1.1\r\nHost: h\r\n" + "X: y\r\n".repeat(101) + "\r\n"),
        // Chunked framing (the head is valid; the content is not)
        Arguments.of("non-hex chunk size", CHUNKED + "zz\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk size with leading space", CHUNKED + " 5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk size with 0x", CHUNKED + "0x5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("negative chunk size", CHUNKED + "-5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk size overflow", CHUNKED + "fffffffffffffffff1\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("empty chunk-size line", CHUNKED + "\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk-size line ending in bare LF", CHUNKED + "5\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk data longer than its size", CHUNKED + "5\r\nhelloXX\r\n0\r\n\r\n"),
        Arguments.of("chunk data followed by bare LF", CHUNKED + "5\r\nhello\n0\r\n\r\n"),
        Arguments.of("bare CR in a chunk extension", CHUNKED + "5;a\rb\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("NUL in a chunk extension", CHUNKED + "5;a\u0000\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("chunk extension without semicolon", CHUNKED + "5 foo\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "over-long chunk-size line",
            CHUNKED + "5;" + "x".repeat(5000) + "\r\nhello\r\n0\r\n\r\n"),
        Arguments.of("obs-fold in trailers", CHUNKED + "0\r\nX: a\r\n b\r\n\r\n"),
        Arguments.of("bare LF in trailers", CHUNKED + "0\r\nX: a\n\r\n"),
        Arguments.of("too large trailers", CHUNKED + "0\r\nX: " + "v".repeat(9000) + "\r\n\r\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void isAnsweredWith400AndClosed(String name, String request) {
    for (int piece : new int[] {request.length(), 7, 1}) {
      EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec());
      List<Object> received = new ArrayList<>();
      for (int i = 0; i < request.length() && ch.isOpen(); i += piece) {
        ByteBuf in =
            Unpooled.copiedBuffer(
                request.substring(i, Math.min(request.length(), i + piece)),
                StandardCharsets.ISO_8859_1);
        ch.writeInbound(in);
        drain(ch, received);
      }
      assertThat(ch.isOpen()).as(name + " (piece " + piece + ")").isFalse();
      ByteBuf response = ch.readOutbound();
      assertThat(response.toString(StandardCharsets.US_ASCII))
          .as(name)
          .startsWith("HTTP/1.1 400 Bad Request\r\n")
          .contains("Connection: close");
      response.release();
      assertThat(ch.outboundMessages()).isEmpty();
      for (Object o : received) {
        if (o instanceof LastHttpContent last) {
          assertThat(last.decoderResult().isFailure()).as(name).isTrue();
        }
        ReferenceCountUtil.release(o);
      }
      ch.finishAndReleaseAll();
    }
  }

  private static void drain(EmbeddedChannel ch, List<Object> into) {
    Object o;
    while ((o = ch.readInbound()) != null) {
      into.add(o);
    }
  }
}
