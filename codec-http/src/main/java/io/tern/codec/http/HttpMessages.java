package io.tern.codec.http;

/** Shared {@code toString} formatting of messages. */
final class HttpMessages {
  private HttpMessages() {}

  static String describe(HttpObject msg, String type) {
    StringBuilder sb = new StringBuilder(type).append('(');
    if (msg instanceof HttpContent c) {
      sb.append("content: ").append(c.content()).append(')');
    } else {
      sb.append(')');
    }
    sb.append('\n');
    if (msg instanceof HttpRequest r) {
      sb.append(r.method()).append(' ').append(r.uri()).append(' ').append(r.protocolVersion());
    } else if (msg instanceof HttpResponse r) {
      sb.append(r.protocolVersion()).append(' ').append(r.status());
    }
    if (msg instanceof HttpMessage m) {
      appendHeaders(sb, m.headers());
    }
    if (msg instanceof LastHttpContent l) {
      appendHeaders(sb, l.trailingHeaders());
    }
    return sb.toString();
  }

  private static void appendHeaders(StringBuilder sb, HttpHeaders headers) {
    headers.forEach((name, value) -> sb.append('\n').append(name).append(": ").append(value));
  }
}
