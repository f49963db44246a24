package io.tern.codec.http.multipart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpPostRequestEncoderTest {
  private static final HttpDataFactory MEMORY =
      HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build();

  private static HttpRequest head() {
    return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/form");
  }

  @Test
  void encodesAUrlEncodedForm() throws Exception {
    HttpPostRequestEncoder e = new HttpPostRequestEncoder(head(), false);
    e.addBodyAttribute("name", "J\u00fcrgen & co");
    e.addBodyAttribute("x", "1");
    FullHttpRequest req = (FullHttpRequest) e.finalizeRequest();
    try {
      assertThat(e.isChunked()).isFalse();
      assertThat(e.isEndOfInput()).isTrue();
      assertThat(req.content().toString(StandardCharsets.US_ASCII))
          .isEqualTo("name=J%C3%BCrgen%20%26%20co&x=1");
      assertThat(HttpUtil.contentLength(req, -1)).isEqualTo(req.content().readableBytes());
      assertThat(req.headers().get(HttpHeaderNames.CONTENT_TYPE))
          .isEqualTo("application/x-www-form-urlencoded");
      HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, req);
      try {
        assertThat(d.bodyHttpData("name").string()).isEqualTo("J\u00fcrgen & co");
      } finally {
        d.destroy();
      }
    } finally {
      req.release();
    }
    assertThatThrownBy(() -> e.addBodyAttribute("late", "x"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void encodesAMultipartFormInMemoryAndTheDecoderReadsItBack() throws Exception {
    HttpPostRequestEncoder e = new HttpPostRequestEncoder(head(), true);
    e.addBodyAttribute("we\"ird\r\nname", "value");
    e.addBodyFileUpload("f", "a \"b\".txt", new byte[] {0, 1, 2, '\r', '\n'}, "application/x-t");
    FullHttpRequest req = (FullHttpRequest) e.finalizeRequest();
    try {
      assertThat(req.content().toString(StandardCharsets.UTF_8))
          .contains("name=\"we%22ird%0D%0Aname\"")
          .contains("filename=\"a %22b%22.txt\"")
          .endsWith("--" + e.boundary() + "--\r\n");
      HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, req);
      try {
        assertThat(d.bodyHttpData("we\"ird\r\nname").string()).isEqualTo("value");
        FileUpload f = (FileUpload) d.bodyHttpData("f");
        assertThat(f.filename()).isEqualTo("a \"b\".txt");
        assertThat(f.contentType()).isEqualTo("application/x-t");
        assertThat(f.bytes()).containsExactly(0, 1, 2, '\r', '\n');
      } finally {
        d.destroy();
      }
    } finally {
      req.release();
    }
  }

  @Test
  void streamsFilesFromDiskAsChunks(@TempDir Path dir) throws Exception {
    byte[] content = new byte[100_000];
    new Random(1).nextBytes(content);
    Path file = dir.resolve("data.bin");
    Files.write(file, content);
    Path empty = Files.createFile(dir.resolve("empty.bin"));
    HttpRequest head = head();
    HttpPostRequestEncoder e = new HttpPostRequestEncoder(head, true);
    e.chunkSize(4096);
    e.addBodyAttribute("a", "1");
    e.addBodyFileUpload("file", file, "application/octet-stream");
    e.addBodyFileUpload("none", empty, "application/octet-stream");
    HttpRequest req = e.finalizeRequest();
    assertThat(req).isSameAs(head);
    assertThat(e.isChunked()).isTrue();
    assertThat(HttpUtil.isTransferEncodingChunked(req)).isTrue();
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, req);
    try {
      int chunks = 0;
      long total = 0;
      while (!e.isEndOfInput()) {
        HttpContent c = e.readChunk(UnpooledByteBufAllocator.DEFAULT);
        try {
          assertThat(c.content().readableBytes()).isLessThanOrEqualTo(4096);
          total += c.content().readableBytes();
          chunks++;
          d.offer(c);
          assertThat(c instanceof LastHttpContent).isEqualTo(e.isEndOfInput());
        } finally {
          c.release();
        }
      }
      assertThat(total).isEqualTo(e.length()).isEqualTo(e.progress());
      assertThat(chunks).isGreaterThan(20);
      assertThat(d.isEndOfData()).isTrue();
      assertThat(d.bodyHttpData("file").bytes()).isEqualTo(content);
      assertThat(((FileUpload) d.bodyHttpData("file")).filename()).isEqualTo("data.bin");
      assertThat(d.bodyHttpData("none").length()).isZero();
      assertThatThrownBy(() -> e.readChunk(UnpooledByteBufAllocator.DEFAULT))
          .isInstanceOf(IllegalStateException.class);
    } finally {
      d.destroy();
      e.close();
    }
  }

  @Test
  void refusesFilesInAUrlEncodedBodyAndFullRequests() {
    HttpPostRequestEncoder e = new HttpPostRequestEncoder(head(), false);
    assertThatThrownBy(() -> e.addBodyFileUpload("f", "n", new byte[0], "a/b"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> e.isChunked()).isInstanceOf(IllegalStateException.class);
    io.tern.codec.http.DefaultFullHttpRequest full =
        new io.tern.codec.http.DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
    try {
      assertThatThrownBy(() -> new HttpPostRequestEncoder(full, true))
          .isInstanceOf(IllegalArgumentException.class);
    } finally {
      full.release();
    }
  }
}
