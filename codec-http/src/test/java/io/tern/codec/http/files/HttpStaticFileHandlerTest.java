package io.tern.codec.http.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpServerCodecTest;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpStaticFileHandlerTest {
  private static final Instant MODIFIED = Instant.parse("2026-01-02T03:04:05Z");

  @TempDir Path dir;
  private Path root;

  @BeforeEach
  void files() throws IOException {
    root = Files.createDirectory(dir.resolve("www"));
    Files.writeString(root.resolve("hello.txt"), "0123456789");
    Files.setLastModifiedTime(root.resolve("hello.txt"), FileTime.from(MODIFIED));
    Files.writeString(root.resolve("index.html"), "<h1>hi</h1>");
    Files.createDirectory(root.resolve("sub"));
    Files.writeString(root.resolve("sub/data.bin"), "xyz");
    Files.writeString(root.resolve(".secret"), "hidden");
    Files.writeString(dir.resolve("outside.txt"), "outside");
    Files.createSymbolicLink(root.resolve("escape.txt"), dir.resolve("outside.txt"));
  }

  /** Sends one request; returns what was written, a file region shown as [region first+count]. */
  private String exchange(String request) throws IOException {
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpServerCodec(), new HttpStaticFileHandler(root));
    ch.writeInbound(HttpServerCodecTest.bytes(request));
    StringBuilder sb = new StringBuilder();
    Object o;
    while ((o = ch.readOutbound()) != null) {
      if (o instanceof ByteBuf b) {
        sb.append(b.toString(StandardCharsets.ISO_8859_1));
      } else if (o instanceof FileRegion r) {
        sb.append("[region ").append(r.position()).append('+').append(r.count()).append(']');
      }
      ReferenceCountUtil.release(o);
    }
    ch.finishAndReleaseAll();
    return sb.toString();
  }

  private static String get(String path, String... headers) {
    return "GET " + path + " HTTP/1.1\r\nHost: h\r\n" + String.join("", headers) + "\r\n";
  }

  @Test
  void servesAFileAsAFileRegionWithTypeLengthAndLastModified() throws IOException {
    String out = exchange(get("/hello.txt"));
    assertThat(out)
        .startsWith("HTTP/1.1 200 OK\r\n")
        .contains("content-type: text/plain; charset=utf-8\r\n")
        .contains("content-length: 10\r\n")
        .contains("last-modified: Fri, 02 Jan 2026 03:04:05 GMT\r\n")
        .contains("accept-ranges: bytes\r\n")
        .endsWith("\r\n\r\n[region 0+10]");
  }

  @Test
  void answersHeadWithoutOpeningTheFile() throws IOException {
    String out = exchange("HEAD /hello.txt HTTP/1.1\r\nHost: h\r\n\r\n");
    assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("content-length: 10\r\n");
    assertThat(out).doesNotContain("[region");
  }

  @Test
  void answersNotModifiedSinceWith304() throws IOException {
    assertThat(exchange(get("/hello.txt", "If-Modified-Since: Fri, 02 Jan 2026 03:04:05 GMT\r\n")))
        .startsWith("HTTP/1.1 304 Not Modified\r\n")
        .doesNotContain("[region");
    assertThat(exchange(get("/hello.txt", "If-Modified-Since: Fri, 02 Jan 2026 03:04:04 GMT\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
    assertThat(exchange(get("/hello.txt", "If-Modified-Since: yesterday\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
  }

  @Test
  void servesASingleRangeWith206() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=2-5\r\n")))
        .startsWith("HTTP/1.1 206 Partial Content\r\n")
        .contains("content-range: bytes 2-5/10\r\n")
        .contains("content-length: 4\r\n")
        .endsWith("[region 2+4]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=-3\r\n")))
        .contains("content-range: bytes 7-9/10\r\n")
        .endsWith("[region 7+3]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=4-\r\n"))).endsWith("[region 4+6]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=8-100\r\n")))
        .contains("content-range: bytes 8-9/10\r\n")
        .endsWith("[region 8+2]");
  }

  @Test
  void answersAnUnsatisfiableRangeWith416() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=10-\r\n")))
        .startsWith("HTTP/1.1 416 Range Not Satisfiable\r\n")
        .contains("content-range: bytes */10\r\n")
        .doesNotContain("[region");
    assertThat(exchange(get("/hello.txt", "Range: bytes=-0\r\n"))).startsWith("HTTP/1.1 416 ");
  }

  @Test
  void servesTheWholeFileForAMalformedRangeOrAnotherUnit() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=5-2\r\n"))).endsWith("[region 0+10]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=0-1,x-5\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n")
        .endsWith("[region 0+10]");
    assertThat(exchange(get("/hello.txt", "Range: lines=1-2\r\n"))).endsWith("[region 0+10]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=\r\n"))).endsWith("[region 0+10]");
  }

  @Test
  void servesSeveralRangesAsMultipartByteranges() throws IOException {
    String out = exchange(get("/hello.txt", "Range: bytes=7-8, 0-1\r\n"));
    assertThat(out).startsWith("HTTP/1.1 206 Partial Content\r\n");
    String boundary = header(out, "content-type").replace("multipart/byteranges; boundary=", "");
    assertThat(boundary).startsWith("tern-");
    String body = out.substring(out.indexOf("\r\n\r\n") + 4);
    assertThat(body)
        .isEqualTo(
            "\r\n--"
                + boundary
                + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Range: bytes 0-1/10\r\n\r\n[region 0+2]"
                + "\r\n--"
                + boundary
                + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Range: bytes 7-8/10\r\n\r\n[region 7+2]"
                + "\r\n--"
                + boundary
                + "--\r\n");
    assertThat(Long.parseLong(header(out, "content-length"))).isEqualTo(wireLength(body));
    assertThat(out).doesNotContain("content-range: bytes 0");
  }

  @Test
  void mergesOverlappingAndAdjacentRangesIntoOne() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=2-5,0-3,6-6\r\n")))
        .startsWith("HTTP/1.1 206 Partial Content\r\n")
        .contains("content-range: bytes 0-6/10\r\n")
        .contains("content-length: 7\r\n")
        .endsWith("\r\n\r\n[region 0+7]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=0-,-3,4-4\r\n")))
        .contains("content-range: bytes 0-9/10\r\n")
        .endsWith("[region 0+10]");
  }

  @Test
  void dropsUnsatisfiableRangesBesideSatisfiableOnes() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=50-60,3-4,-0\r\n")))
        .startsWith("HTTP/1.1 206 Partial Content\r\n")
        .contains("content-range: bytes 3-4/10\r\n")
        .endsWith("[region 3+2]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=50-60,10-\r\n")))
        .startsWith("HTTP/1.1 416 ");
  }

  @Test
  void servesTheWholeFileForMoreRangesThanAllowed() throws IOException {
    String many = "bytes=" + "0-0,".repeat(HttpStaticFileHandler.DEFAULT_MAX_RANGES) + "9-9";
    assertThat(exchange(get("/hello.txt", "Range: " + many + "\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n")
        .endsWith("[region 0+10]");
    String enough = "bytes=" + "0-0,".repeat(HttpStaticFileHandler.DEFAULT_MAX_RANGES - 1) + "9-9";
    assertThat(exchange(get("/hello.txt", "Range: " + enough + "\r\n")))
        .startsWith("HTTP/1.1 206 ")
        .contains("multipart/byteranges");
  }

  @Test
  void ignoresRangeOnHead() throws IOException {
    assertThat(exchange("HEAD /hello.txt HTTP/1.1\r\nHost: h\r\nRange: bytes=0-1\r\n\r\n"))
        .startsWith("HTTP/1.1 200 OK\r\n")
        .contains("content-length: 10\r\n");
  }

  @Test
  void sendsAStrongEtagMadeOfTimeAndSize() throws IOException {
    String etag = header(exchange(get("/hello.txt")), "etag");
    assertThat(etag).isEqualTo('"' + Long.toHexString(MODIFIED.toEpochMilli()) + "-a\"");
  }

  @Test
  void answersAMatchingIfNoneMatchWith304() throws IOException {
    String etag = header(exchange(get("/hello.txt")), "etag");
    for (String value : new String[] {etag, "W/" + etag, "\"x\", " + etag, "*"}) {
      assertThat(exchange(get("/hello.txt", "If-None-Match: " + value + "\r\n")))
          .as(value)
          .startsWith("HTTP/1.1 304 Not Modified\r\n")
          .contains("etag: " + etag + "\r\n")
          .doesNotContain("[region");
    }
    assertThat(exchange(get("/hello.txt", "If-None-Match: \"other\"\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
    // If-None-Match wins over If-Modified-Since (RFC 9110, section 13.2.2).
    assertThat(
            exchange(
                get(
                    "/hello.txt",
                    "If-None-Match: \"other\"\r\n",
                    "If-Modified-Since: Fri, 02 Jan 2026 03:04:05 GMT\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
  }

  @Test
  void answersAFailedIfMatchOrIfUnmodifiedSinceWith412() throws IOException {
    String etag = header(exchange(get("/hello.txt")), "etag");
    assertThat(exchange(get("/hello.txt", "If-Match: \"other\"\r\n")))
        .startsWith("HTTP/1.1 412 Precondition Failed\r\n");
    assertThat(exchange(get("/hello.txt", "If-Match: W/" + etag + "\r\n")))
        .startsWith("HTTP/1.1 412 "); // If-Match compares strongly
    assertThat(exchange(get("/hello.txt", "If-Match: " + etag + "\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
    assertThat(
            exchange(get("/hello.txt", "If-Unmodified-Since: Fri, 02 Jan 2026 03:04:04 GMT\r\n")))
        .startsWith("HTTP/1.1 412 ");
    assertThat(
            exchange(get("/hello.txt", "If-Unmodified-Since: Fri, 02 Jan 2026 03:04:05 GMT\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n");
  }

  @Test
  void honoursRangeOnlyWhenIfRangeNamesTheCurrentVersion() throws IOException {
    String etag = header(exchange(get("/hello.txt")), "etag");
    String range = "Range: bytes=2-3\r\n";
    assertThat(exchange(get("/hello.txt", range, "If-Range: " + etag + "\r\n")))
        .startsWith("HTTP/1.1 206 ")
        .endsWith("[region 2+2]");
    assertThat(exchange(get("/hello.txt", range, "If-Range: Fri, 02 Jan 2026 03:04:05 GMT\r\n")))
        .startsWith("HTTP/1.1 206 ");
    for (String stale :
        new String[] {"\"old\"", "W/" + etag, "Fri, 02 Jan 2026 03:04:06 GMT", "soon"}) {
      assertThat(exchange(get("/hello.txt", range, "If-Range: " + stale + "\r\n")))
          .as(stale)
          .startsWith("HTTP/1.1 200 OK\r\n")
          .endsWith("[region 0+10]");
    }
  }

  /** Returns a response header's value (names are written in lower case). */
  static String header(String response, String name) {
    int start = response.indexOf("\r\n" + name + ": ");
    assertThat(start).as(name).isPositive();
    start += name.length() + 4;
    return response.substring(start, response.indexOf("\r\n", start));
  }

  /** The length of a body shown by {@link #exchange}, its regions counted as their bytes. */
  private static long wireLength(String body) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\[region \\d+\\+(\\d+)]").matcher(body);
    long length = body.length();
    while (m.find()) {
      length += Long.parseLong(m.group(1)) - m.group().length();
    }
    return length;
  }

  @Test
  void servesIndexHtmlForTheRootAndFilesInSubdirectories() throws IOException {
    assertThat(exchange(get("/")))
        .contains("content-type: text/html; charset=utf-8\r\n")
        .endsWith("[region 0+11]");
    assertThat(exchange(get("/sub/data.bin?v=1")))
        .contains("content-type: application/octet-stream\r\n")
        .endsWith("[region 0+3]");
    assertThat(exchange(get("/sub/"))).startsWith("HTTP/1.1 404 Not Found\r\n");
  }

  @Test
  void refusesEveryWayOutOfTheRoot() throws IOException {
    for (String path :
        new String[] {
          "/../outside.txt",
          "/%2e%2e/outside.txt",
          "/sub/../../outside.txt",
          "/sub/%2E%2E/%2E%2E/outside.txt",
          "/..%2foutside.txt",
          "/..%5coutside.txt",
          "/.secret",
          "/escape.txt",
          "/hello.txt%00.html"
        }) {
      String out = exchange(get(path));
      assertThat(out).as(path).startsWith("HTTP/1.1 404 Not Found\r\n").doesNotContain("[region");
    }
    // Targets in no form a GET allows never reach the handler: the codec answers 400.
    for (String path : new String[] {"/%zz", "*"}) {
      String out = exchange(get(path));
      assertThat(out).as(path).startsWith("HTTP/1.1 400 Bad Request\r\n");
    }
  }

  @Test
  void answersOtherMethodsWith405() throws IOException {
    assertThat(exchange("DELETE /hello.txt HTTP/1.1\r\nHost: h\r\n\r\n"))
        .startsWith("HTTP/1.1 405 Method Not Allowed\r\n")
        .contains("allow: GET, HEAD\r\n");
  }
}
