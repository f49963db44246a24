package io.tern.codec.http.multipart;

import static io.tern.codec.http.multipart.MultipartBodies.BOUNDARY;
import static io.tern.codec.http.multipart.MultipartBodies.bytes;
import static io.tern.codec.http.multipart.MultipartBodies.close;
import static io.tern.codec.http.multipart.MultipartBodies.filePart;
import static io.tern.codec.http.multipart.MultipartBodies.multipartRequest;
import static io.tern.codec.http.multipart.MultipartBodies.offer;
import static io.tern.codec.http.multipart.MultipartBodies.offerPiece;
import static io.tern.codec.http.multipart.MultipartBodies.part;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultipartDecoderTest {
  private static final HttpDataFactory MEMORY =
      HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build();

  private static final String FORM =
      part("title", "Holiday")
          + filePart("photo", "beach.jpg", "image/jpeg", "\u00ff\u00d8binary\r\n--notaboundary")
          + part("note", "caf\u00e9")
          + close();

  @Test
  void decodesAttributesAndFilesFromAFullRequest() throws Exception {
    DefaultFullHttpRequest req =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, HttpMethod.POST, "/", Unpooled.copiedBuffer(bytes(FORM)));
    req.headers().set(HttpHeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + BOUNDARY);
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, req);
    try {
      assertThat(d.isMultipart()).isTrue();
      assertThat(d.isEndOfData()).isTrue();
      List<HttpData> all = d.bodyHttpDatas();
      assertThat(all).extracting(HttpData::name).containsExactly("title", "photo", "note");
      assertThat(((Attribute) all.get(0)).value()).isEqualTo("Holiday");
      FileUpload photo = (FileUpload) all.get(1);
      assertThat(photo.kind()).isEqualTo(HttpData.Kind.FILE_UPLOAD);
      assertThat(photo.filename()).isEqualTo("beach.jpg");
      assertThat(photo.contentType()).isEqualTo("image/jpeg");
      assertThat(photo.bytes()).isEqualTo(bytes("\u00ff\u00d8binary\r\n--notaboundary"));
      assertThat(photo.isInMemory()).isTrue();
      assertThat(d.bodyHttpData("note").string()).isEqualTo("caf\u00e9");
      assertThat(d.bodyHttpDatas("missing")).isEmpty();
    } finally {
      d.destroy();
      req.release();
    }
  }

  @Test
  void givesTheSameFieldsWhateverTheChunking() throws Exception {
    byte[] body = bytes(FORM);
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
      try {
        int i = 0;
        while (i < body.length) {
          int n = Math.min(body.length - i, 1 + random.nextInt(round % 2 == 0 ? 4 : 64));
          byte[] piece = java.util.Arrays.copyOfRange(body, i, i + n);
          i += n;
          offerPiece(d, piece, i == body.length);
        }
        assertThat(d.bodyHttpDatas())
            .extracting(HttpData::name)
            .containsExactly("title", "photo", "note");
        assertThat(d.bodyHttpData("photo").bytes())
            .isEqualTo(bytes("\u00ff\u00d8binary\r\n--notaboundary"));
        assertThat(d.bodyHttpData("note").string()).isEqualTo("caf\u00e9");
      } finally {
        d.destroy();
      }
    }
  }

  @Test
  void streamsEachFieldAsItCompletes() throws Exception {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    try {
      String first = part("a", "1");
      offerPiece(d, bytes(first), false);
      // The delimiter that ends "a" has not arrived in full yet.
      assertThat(d.hasNext()).isFalse();
      assertThat(d.currentPartialHttpData()).isNotNull();
      assertThat(d.currentPartialHttpData().name()).isEqualTo("a");
      offerPiece(d, bytes("--" + BOUNDARY + "\r\n"), false);
      assertThat(d.hasNext()).isTrue();
      HttpData a = d.next();
      assertThat(a.isCompleted()).isTrue();
      assertThat(a.string()).isEqualTo("1");
      assertThat(d.hasNext()).isFalse();
      offerPiece(
          d, bytes("Content-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n" + close()), true);
      assertThat(d.next().name()).isEqualTo("b");
      assertThat(d.isEndOfData()).isTrue();
      assertThatThrownBy(d::next).isInstanceOf(java.util.NoSuchElementException.class);
      assertThatThrownBy(() -> offerPiece(d, new byte[1], true))
          .isInstanceOf(IllegalStateException.class);
    } finally {
      d.destroy();
    }
  }

  @Test
  void acceptsBareLineFeedsPreambleEpilogueAndPadding() throws Exception {
    String body =
        "This is a preamble.\r\n--"
            + BOUNDARY
            + " \t\nContent-Disposition: form-data; name=\"x\"\n\nvalue\n--"
            + BOUNDARY
            + "--\nan epilogue";
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    try {
      offer(d, bytes(body), 7);
      assertThat(d.bodyHttpData("x").string()).isEqualTo("value");
    } finally {
      d.destroy();
    }
  }

  @Test
  void decodesEmptyFieldsAndAnEmptyFile() throws Exception {
    String body = part("empty", "") + filePart("f", "", "application/octet-stream", "") + close();
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    try {
      offer(d, bytes(body), body.length());
      assertThat(d.bodyHttpData("empty").length()).isZero();
      FileUpload f = (FileUpload) d.bodyHttpData("f");
      assertThat(f.filename()).isEmpty();
      assertThat(f.length()).isZero();
    } finally {
      d.destroy();
    }
  }

  @Test
  void keepsDecodedBytesWhenTheOfferedBufferChangesLater() throws Exception {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    byte[] body = bytes(part("a", "original") + "--" + BOUNDARY + "\r\n");
    ByteBuf buf = Unpooled.wrappedBuffer(body);
    try {
      d.offer(new DefaultHttpContent(buf));
      java.util.Arrays.fill(body, (byte) 'X');
      assertThat(d.next().string()).isEqualTo("original");
    } finally {
      buf.release();
      d.destroy();
    }
  }

  @Test
  void readsFilenameStarCharsetFieldAndEscapes() throws Exception {
    String body =
        "--"
            + BOUNDARY
            + "\r\nContent-Disposition: form-data; name=\"a%22b\"; filename=\"x.txt\";"
            + " filename*=UTF-8''%E2%82%AC%20rates.txt\r\n\r\ndata\r\n"
            + part("_charset_", "ISO-8859-1")
            + "--"
            + BOUNDARY
            + "\r\nContent-Disposition: form-data; name=\"latin\"\r\n\r\n";
    byte[] head = bytes(body);
    byte[] latin = {(byte) 0xE9};
    byte[] tail = bytes("\r\n" + filePart("q", "say %22hi%22.txt", "text/plain", "x") + close());
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    try {
      offerPiece(d, head, false);
      offerPiece(d, latin, false);
      offerPiece(d, tail, true);
      FileUpload euro = (FileUpload) d.bodyHttpData("a\"b");
      assertThat(euro.filename()).isEqualTo("\u20ac rates.txt");
      assertThat(d.bodyHttpData("latin").string()).isEqualTo("\u00e9");
      assertThat(((FileUpload) d.bodyHttpData("q")).filename()).isEqualTo("say \"hi\".txt");
    } finally {
      d.destroy();
    }
  }

  @Test
  void usesThePartCharset() throws Exception {
    String body =
        "--"
            + BOUNDARY
            + "\r\nContent-Disposition: form-data; name=\"t\"\r\n"
            + "Content-Type: text/plain; charset=ISO-8859-1\r\n\r\n";
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    try {
      offerPiece(d, bytes(body), false);
      offerPiece(d, new byte[] {(byte) 0xE9}, false);
      offerPiece(d, bytes("\r\n" + close()), true);
      assertThat(d.bodyHttpData("t").charset()).isEqualTo(StandardCharsets.ISO_8859_1);
      assertThat(((Attribute) d.bodyHttpData("t")).value()).isEqualTo("\u00e9");
    } finally {
      d.destroy();
    }
  }

  @Test
  void storesFilesOnDiskAndDeletesThemOnDestroy(@TempDir Path dir) throws Exception {
    HttpDataFactory disk =
        HttpDataFactory.builder().storage(HttpDataFactory.Storage.DISK).directory(dir).build();
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(disk, multipartRequest());
    Path file;
    try {
      offer(d, bytes(FORM), 5);
      HttpData photo = d.bodyHttpData("photo");
      assertThat(photo.isInMemory()).isFalse();
      file = photo.file();
      assertThat(file.getParent()).isEqualTo(dir);
      assertThat(file.getFileName().toString()).startsWith("tern-upload-");
      assertThat(Files.readAllBytes(file)).isEqualTo(bytes("\u00ff\u00d8binary\r\n--notaboundary"));
      ByteBuf content = photo.content();
      assertThat(content.readableBytes()).isEqualTo(photo.length());
      content.release();
    } finally {
      d.destroy();
    }
    assertThat(file).doesNotExist();
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void mixedStorageMovesToDiskPastTheThreshold(@TempDir Path dir) throws Exception {
    HttpDataFactory mixed = HttpDataFactory.builder().threshold(8).directory(dir).build();
    String big = "0123456789abcdef";
    String body = part("small", "1234") + filePart("big", "b.bin", "x/y", big) + close();
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(mixed, multipartRequest());
    try {
      offer(d, bytes(body), 3);
      assertThat(d.bodyHttpData("small").isInMemory()).isTrue();
      HttpData b = d.bodyHttpData("big");
      assertThat(b.isInMemory()).isFalse();
      assertThat(b.string()).isEqualTo(big);
    } finally {
      d.destroy();
    }
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void renamedAndRetainedFieldsSurviveDestroy(@TempDir Path dir) throws Exception {
    HttpDataFactory disk =
        HttpDataFactory.builder().storage(HttpDataFactory.Storage.DISK).directory(dir).build();
    String body = filePart("f", "a.txt", "text/plain", "keep me") + part("g", "me too") + close();
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(disk, multipartRequest());
    Path target = dir.resolve("kept.txt");
    HttpData retained;
    try {
      offer(d, bytes(body), 64);
      d.bodyHttpData("f").renameTo(target);
      assertThat(d.bodyHttpData("f").file()).isEqualTo(target);
      retained = d.bodyHttpData("g").retain();
    } finally {
      d.destroy();
    }
    assertThat(Files.readString(target)).isEqualTo("keep me");
    assertThat(retained.string()).isEqualTo("me too");
    Path retainedFile = retained.file();
    assertThat(retained.release()).isTrue();
    assertThat(retainedFile).doesNotExist();
    assertThatThrownBy(retained::bytes)
        .isInstanceOf(io.tern.common.IllegalReferenceCountException.class);
  }

  @Test
  void limitsTheNumberOfFields() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      sb.append(part("f" + i, "v"));
    }
    sb.append(close());
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(MEMORY).maxFields(3).build(multipartRequest());
    try {
      assertThatThrownBy(() -> offer(d, bytes(sb.toString()), 10))
          .isInstanceOfSatisfying(
              HttpPostLimitException.class,
              e -> assertThat(e.limit()).isEqualTo(HttpPostLimitException.Limit.FIELDS));
      assertThatThrownBy(() -> offerPiece(d, new byte[1], true))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("failed");
      assertThat(d.isEndOfData()).isFalse();
    } finally {
      d.destroy();
    }
  }

  @Test
  void limitsFieldAndFileSizes() {
    assertLimit(
        HttpPostRequestDecoder.builder(MEMORY).maxFieldSize(4),
        part("a", "12345") + close(),
        HttpPostLimitException.Limit.FIELD_SIZE);
    assertLimit(
        HttpPostRequestDecoder.builder(MEMORY).maxFileSize(100),
        filePart("f", "x", "a/b", "z".repeat(1000)) + close(),
        HttpPostLimitException.Limit.FILE_SIZE);
    assertLimit(
        HttpPostRequestDecoder.builder(MEMORY).maxHeaderSize(64),
        filePart("f", "x".repeat(100), "a/b", "z") + close(),
        HttpPostLimitException.Limit.HEADER_SIZE);
    // A header line that never ends is caught before it completes.
    assertLimit(
        HttpPostRequestDecoder.builder(MEMORY).maxHeaderSize(64),
        "--" + BOUNDARY + "\r\nContent-Disposition: " + "x".repeat(500),
        HttpPostLimitException.Limit.HEADER_SIZE);
  }

  private static void assertLimit(
      HttpPostRequestDecoder.Builder builder, String body, HttpPostLimitException.Limit limit) {
    HttpPostRequestDecoder d = builder.build(multipartRequest());
    try {
      assertThatThrownBy(() -> offer(d, bytes(body), 16))
          .isInstanceOfSatisfying(
              HttpPostLimitException.class, e -> assertThat(e.limit()).isEqualTo(limit));
    } finally {
      d.destroy();
    }
  }

  @Test
  void rejectsMalformedBodies() {
    String[] bodies = {
      part("a", "1"), // no close delimiter
      "--" + BOUNDARY + "\r\nContent-Type: text/plain\r\n\r\nx\r\n" + close(), // no disposition
      "--" + BOUNDARY + "\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n" + close(),
      "--" + BOUNDARY + "\r\nContent-Disposition: form-data\r\n\r\nx\r\n" + close(),
      "--" + BOUNDARY + "X\r\n" + close(),
      "--" + BOUNDARY + "\r\nbad header line\r\n\r\nx\r\n" + close(),
      "--" + BOUNDARY + "\r\n\tfolded\r\n\r\nx\r\n" + close(),
      "--"
          + BOUNDARY
          + "\r\nContent-Disposition: form-data; name=\"a\"\r\n"
          + "Content-Transfer-Encoding: base64\r\n\r\nx\r\n"
          + close(),
      "--"
          + BOUNDARY
          + "\r\nContent-Disposition: form-data; name=\"unterminated\r\n\r\nx\r\n"
          + close(),
      "--" + BOUNDARY + "\rX",
      "no delimiter at all",
    };
    for (String body : bodies) {
      HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
      try {
        assertThatThrownBy(() -> offer(d, bytes(body), 8))
            .as(body)
            .isInstanceOf(HttpPostDecoderException.class)
            .isNotInstanceOf(HttpPostLimitException.class);
      } finally {
        d.destroy();
      }
    }
  }

  @Test
  void requiresABoundary() {
    assertThatThrownBy(
            () ->
                HttpPostRequestDecoder.create(
                    MEMORY, MultipartBodies.request("multipart/form-data")))
        .isInstanceOf(HttpPostDecoderException.class)
        .hasMessageContaining("boundary");
    assertThatThrownBy(
            () ->
                HttpPostRequestDecoder.create(
                    MEMORY,
                    MultipartBodies.request("multipart/form-data; boundary=" + "b".repeat(71))))
        .isInstanceOf(HttpPostDecoderException.class);
  }

  @Test
  void malformedFullRequestIsReleasedByTheCaller() {
    DefaultFullHttpRequest req =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            HttpMethod.POST,
            "/",
            Unpooled.copiedBuffer(bytes(part("a", "1"))));
    req.headers().set(HttpHeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + BOUNDARY);
    try {
      assertThatThrownBy(() -> HttpPostRequestDecoder.create(MEMORY, req))
          .isInstanceOf(HttpPostDecoderException.class);
    } finally {
      req.release();
    }
  }

  @Test
  void destroyIsIdempotentAndClearsEverything() throws Exception {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, multipartRequest());
    offer(d, bytes(FORM), 1000);
    List<HttpData> fields = new ArrayList<>(d.bodyHttpDatas());
    d.destroy();
    d.destroy();
    assertThat(fields).allSatisfy(f -> assertThat(f.refCnt()).isZero());
    assertThat(d.bodyHttpDatas()).isEmpty();
    assertThatThrownBy(() -> offerPiece(d, new byte[1], true))
        .isInstanceOf(IllegalStateException.class);
  }
}
