package io.tern.codec.http.multipart;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds request heads and offers bodies in pieces. */
final class MultipartBodies {
  static final String BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW";

  private MultipartBodies() {}

  static HttpRequest multipartRequest() {
    return request("multipart/form-data; boundary=" + BOUNDARY);
  }

  static HttpRequest request(String contentType) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/upload");
    if (contentType != null) {
      r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
    }
    return r;
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Offers {@code body} in pieces of {@code pieceSize} bytes, the last as a LastHttpContent. */
  static void offer(HttpPostRequestDecoder decoder, byte[] body, int pieceSize) {
    int i = 0;
    do {
      int n = Math.min(pieceSize, body.length - i);
      boolean last = i + n == body.length;
      offerPiece(decoder, Arrays.copyOfRange(body, i, i + n), last);
      i += n;
    } while (i < body.length);
  }

  static void offerPiece(HttpPostRequestDecoder decoder, byte[] piece, boolean last) {
    ByteBuf buf = Unpooled.copiedBuffer(piece);
    HttpContent c = last ? new DefaultLastHttpContent(buf) : new DefaultHttpContent(buf);
    try {
      decoder.offer(c);
    } finally {
      c.release();
    }
  }

  static String part(String name, String value) {
    return "--"
        + BOUNDARY
        + "\r\nContent-Disposition: form-data; name=\""
        + name
        + "\"\r\n\r\n"
        + value
        + "\r\n";
  }

  static String filePart(String name, String filename, String type, String content) {
    return "--"
        + BOUNDARY
        + "\r\nContent-Disposition: form-data; name=\""
        + name
        + "\"; filename=\""
        + filename
        + "\"\r\nContent-Type: "
        + type
        + "\r\n\r\n"
        + content
        + "\r\n";
  }

  static String close() {
    return "--" + BOUNDARY + "--\r\n";
  }
}
