package io.tern.codec.http.multipart;

import static io.tern.codec.http.multipart.MultipartBodies.bytes;
import static io.tern.codec.http.multipart.MultipartBodies.offer;
import static io.tern.codec.http.multipart.MultipartBodies.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UrlEncodedDecoderTest {
  private static final HttpDataFactory MEMORY =
      HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build();

  private static HttpRequest form() {
    return request("application/x-www-form-urlencoded");
  }

  @Test
  void decodesFieldsWhateverTheChunking() throws Exception {
    String body = "a=1&b=hello+world&c=%26%3D&d&=skipped&&e=&f=caf%C3%A9";
    for (int piece = 1; piece <= body.length(); piece++) {
      HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, form());
      try {
        offer(d, bytes(body), piece);
        assertThat(d.isMultipart()).isFalse();
        assertThat(d.bodyHttpDatas())
            .extracting(HttpData::name)
            .containsExactly("a", "b", "c", "d", "e", "f");
        assertThat(d.bodyHttpData("b").string()).isEqualTo("hello world");
        assertThat(d.bodyHttpData("c").string()).isEqualTo("&=");
        assertThat(d.bodyHttpData("d").length()).isZero();
        assertThat(((Attribute) d.bodyHttpData("f")).value()).isEqualTo("caf\u00e9");
      } finally {
        d.destroy();
      }
    }
  }

  @Test
  void streamsFieldsAtEachAmpersand() {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, form());
    try {
      MultipartBodies.offerPiece(d, bytes("a=1&b=2"), false);
      assertThat(d.next().name()).isEqualTo("a");
      assertThat(d.hasNext()).isFalse();
      MultipartBodies.offerPiece(d, new byte[0], true);
      assertThat(d.next().name()).isEqualTo("b");
      assertThat(d.isEndOfData()).isTrue();
    } finally {
      d.destroy();
    }
  }

  @Test
  void usesTheRequestCharset() throws Exception {
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.create(
            MEMORY, request("application/x-www-form-urlencoded; charset=ISO-8859-1"));
    try {
      offer(d, bytes("n%E9=%E9"), 100);
      assertThat(d.bodyHttpData("n\u00e9").string()).isEqualTo("\u00e9");
      assertThat(d.bodyHttpData("n\u00e9").charset()).isEqualTo(StandardCharsets.ISO_8859_1);
    } finally {
      d.destroy();
    }
  }

  @Test
  void rejectsMalformedEscapes() {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, form());
    try {
      assertThatThrownBy(() -> offer(d, bytes("a=%zz&b=1"), 100))
          .isInstanceOf(HttpPostDecoderException.class)
          .hasMessageContaining("%zz");
    } finally {
      d.destroy();
    }
  }

  @Test
  void enforcesFieldCountAndSize() {
    HttpPostRequestDecoder many = HttpPostRequestDecoder.builder(MEMORY).maxFields(2).build(form());
    try {
      assertThatThrownBy(() -> offer(many, bytes("a=1&b=2&c=3"), 100))
          .isInstanceOfSatisfying(
              HttpPostLimitException.class,
              e -> assertThat(e.limit()).isEqualTo(HttpPostLimitException.Limit.FIELDS));
    } finally {
      many.destroy();
    }
    HttpPostRequestDecoder big =
        HttpPostRequestDecoder.builder(MEMORY).maxFieldSize(3).build(form());
    try {
      assertThatThrownBy(() -> offer(big, bytes("a=1234"), 100))
          .isInstanceOf(HttpPostLimitException.class);
    } finally {
      big.destroy();
    }
    // A field that never ends is stopped before it is buffered whole.
    HttpPostRequestDecoder endless =
        HttpPostRequestDecoder.builder(MEMORY).maxFieldSize(10).build(form());
    try {
      assertThatThrownBy(
              () -> {
                for (int i = 0; i < 1000; i++) {
                  MultipartBodies.offerPiece(endless, bytes("x".repeat(100)), false);
                }
              })
          .isInstanceOf(HttpPostLimitException.class);
    } finally {
      endless.destroy();
    }
  }

  @Test
  void withoutContentTypeTheBodyIsUrlEncoded() throws Exception {
    HttpPostRequestDecoder d = HttpPostRequestDecoder.create(MEMORY, request(null));
    try {
      offer(d, bytes("k=v"), 100);
      assertThat(d.bodyHttpData("k").string()).isEqualTo("v");
    } finally {
      d.destroy();
    }
  }
}
