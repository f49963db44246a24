package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
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
  void servesTheWholeFileForSeveralRangesOrAMalformedOne() throws IOException {
    assertThat(exchange(get("/hello.txt", "Range: bytes=0-1,4-5\r\n")))
        .startsWith("HTTP/1.1 200 OK\r\n")
        .endsWith("[region 0+10]");
    assertThat(exchange(get("/hello.txt", "Range: bytes=5-2\r\n"))).endsWith("[region 0+10]");
    assertThat(exchange(get("/hello.txt", "Range: lines=1-2\r\n"))).endsWith("[region 0+10]");
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
          "/hello.txt%00.html",
          "/%zz",
          "*"
        }) {
      String out = exchange(get(path));
      assertThat(out).as(path).startsWith("HTTP/1.1 404 Not Found\r\n").doesNotContain("[region");
    }
  }

  @Test
  void answersOtherMethodsWith405() throws IOException {
    assertThat(exchange("DELETE /hello.txt HTTP/1.1\r\nHost: h\r\n\r\n"))
        .startsWith("HTTP/1.1 405 Method Not Allowed\r\n")
        .contains("allow: GET, HEAD\r\n");
  }
}
