package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpMessageModelTest {

  @Test
  void standardMethodsAreSharedConstants() {
    assertThat(HttpMethod.valueOf("GET")).isSameAs(HttpMethod.GET);
    assertThat(HttpMethod.valueOf("OPTIONS")).isSameAs(HttpMethod.OPTIONS);
    assertThat(HttpMethod.valueOf("CONNECT")).isSameAs(HttpMethod.CONNECT);
    assertThat(HttpMethod.valueOf("PATCH")).isSameAs(HttpMethod.PATCH);
    assertThat(HttpMethod.valueOf("get")).isNotSameAs(HttpMethod.GET).isNotEqualTo(HttpMethod.GET);
    assertThat(HttpMethod.valueOf("PROPFIND").name()).isEqualTo("PROPFIND");
    assertThat(HttpMethod.valueOf("PROPFIND")).isEqualTo(new HttpMethod("PROPFIND"));
    assertThat(HttpMethod.POST.asciiName().toString()).isEqualTo("POST");
  }

  @Test
  void methodNamesMustBeTokens() {
    assertThatThrownBy(() -> HttpMethod.valueOf("GE T"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HttpMethod.valueOf("")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void versionsParseAndCompare() {
    assertThat(HttpVersion.valueOf("HTTP/1.1")).isSameAs(HttpVersion.HTTP_1_1);
    assertThat(HttpVersion.valueOf(" HTTP/1.0 ")).isSameAs(HttpVersion.HTTP_1_0);
    HttpVersion v2 = HttpVersion.valueOf("HTTP/2.0");
    assertThat(v2.majorVersion()).isEqualTo(2);
    assertThat(v2.isKeepAliveDefault()).isTrue();
    assertThat(v2).isGreaterThan(HttpVersion.HTTP_1_1);
    assertThat(HttpVersion.HTTP_1_0.isKeepAliveDefault()).isFalse();
    assertThat(HttpVersion.HTTP_1_1.asciiText().toString()).isEqualTo("HTTP/1.1");
    assertThatThrownBy(() -> HttpVersion.valueOf("HTTP/1"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HttpVersion.valueOf("http/1.1"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void statusesAreCachedWithTheirText() {
    HttpResponseStatus ok = HttpResponseStatus.valueOf(200);
    assertThat(ok).isSameAs(HttpResponseStatus.OK);
    assertThat(ok.codeAndReason().toString()).isEqualTo("200 OK");
    assertThat(ok.codeAsText().toString()).isEqualTo("200");
    assertThat(ok.codeClass()).isEqualTo(HttpStatusClass.SUCCESS);
    assertThat(HttpResponseStatus.valueOf(404, "Not Found")).isSameAs(HttpResponseStatus.NOT_FOUND);
    HttpResponseStatus custom = HttpResponseStatus.valueOf(404, "Nope");
    assertThat(custom)
        .isNotSameAs(HttpResponseStatus.NOT_FOUND)
        .isEqualTo(HttpResponseStatus.NOT_FOUND);
    assertThat(custom.reasonPhrase()).isEqualTo("Nope");
    assertThat(HttpResponseStatus.valueOf(299).reasonPhrase()).isEqualTo("Unknown Status (299)");
    assertThat(HttpResponseStatus.valueOf(799).codeClass()).isEqualTo(HttpStatusClass.UNKNOWN);
  }

  @Test
  void statusLinesParse() {
    assertThat(HttpResponseStatus.parseLine("404 Not Found"))
        .isSameAs(HttpResponseStatus.NOT_FOUND);
    assertThat(HttpResponseStatus.parseLine("204")).isSameAs(HttpResponseStatus.NO_CONTENT);
    assertThat(HttpResponseStatus.parseLine("200 Fine").reasonPhrase()).isEqualTo("Fine");
    assertThatThrownBy(() -> HttpResponseStatus.parseLine("20x OK"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HttpResponseStatus.parseLine("2000"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void reasonPhrasesCannotCarryLineBreaks() {
    assertThatThrownBy(() -> new HttpResponseStatus(200, "OK\r\nX: y"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void statusClassesContainTheirCodes() {
    assertThat(HttpStatusClass.INFORMATIONAL.contains(101)).isTrue();
    assertThat(HttpStatusClass.CLIENT_ERROR.contains(500)).isFalse();
    assertThat(HttpStatusClass.valueOf(99)).isEqualTo(HttpStatusClass.UNKNOWN);
    assertThat(HttpStatusClass.UNKNOWN.contains(600)).isTrue();
  }

  @Test
  void fullMessageReferenceCountIsTheContents() {
    ByteBuf content = UnpooledByteBufAllocator.DEFAULT.heapBuffer();
    content.writeCharSequence("hello", StandardCharsets.US_ASCII);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, content);
    assertThat(r.refCnt()).isEqualTo(1);
    FullHttpResponse dup = r.retainedDuplicate();
    assertThat(content.refCnt()).isEqualTo(2);
    assertThat(dup.release()).isFalse();
    FullHttpResponse copy = r.copy();
    assertThat(copy.content()).isNotSameAs(content);
    assertThat(copy.content().toString(StandardCharsets.US_ASCII)).isEqualTo("hello");
    assertThat(copy.release()).isTrue();
    assertThat(r.release()).isTrue();
    assertThat(content.refCnt()).isZero();
  }

  @Test
  void replaceKeepsHeadAndCopiesHeaders() {
    DefaultFullHttpRequest req =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x");
    req.headers().add("a", "1");
    req.trailingHeaders().add("t", "2");
    FullHttpRequest other = req.replace(Unpooled.copiedBuffer("body", StandardCharsets.UTF_8));
    other.headers().add("b", "2");
    assertThat(other.method()).isSameAs(HttpMethod.POST);
    assertThat(other.uri()).isEqualTo("/x");
    assertThat(other.trailingHeaders().get("t")).isEqualTo("2");
    assertThat(req.headers().contains("b")).isFalse();
    other.release();
    req.release();
  }

  @Test
  void settersReturnTheMessage() {
    DefaultFullHttpRequest req =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.GET, "/");
    assertThat(req.setMethod(HttpMethod.PUT).setUri("/y").setProtocolVersion(HttpVersion.HTTP_1_1))
        .isSameAs(req);
    assertThat(req.toString()).contains("PUT /y HTTP/1.1");
    req.release();
  }

  @Test
  void emptyLastContentIgnoresReferenceCounting() {
    LastHttpContent e = LastHttpContent.EMPTY_LAST_CONTENT;
    assertThat(e.release()).isFalse();
    assertThat(e.retain()).isSameAs(e);
    assertThat(e.refCnt()).isEqualTo(1);
    assertThat(e.content().readableBytes()).isZero();
    assertThat(e.trailingHeaders().isEmpty()).isTrue();
    assertThatThrownBy(() -> e.trailingHeaders().add("a", "b"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void contentDuplicatesShareTheBuffer() {
    HttpContent c = new DefaultHttpContent(Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8));
    HttpContent d = c.duplicate();
    assertThat(d.content().readableBytes()).isEqualTo(3);
    assertThat(d.refCnt()).isEqualTo(1);
    HttpContent r = c.retainedDuplicate();
    assertThat(c.refCnt()).isEqualTo(2);
    r.release();
    LastHttpContent last = new DefaultLastHttpContent();
    last.trailingHeaders().add("x", "y");
    LastHttpContent lastCopy = last.copy();
    assertThat(lastCopy.trailingHeaders().get("x")).isEqualTo("y");
    lastCopy.release();
    last.release();
    assertThat(c.release()).isTrue();
  }
}
