/**
 * HTTP/1.1: the message model (requests, responses, content, headers), cookies, query strings,
 * dates, POST body decoding and encoding ({@code application/x-www-form-urlencoded} and {@code
 * multipart/form-data}), CORS and a static file handler.
 */
module io.tern.codec.http {
  requires transitive io.tern.codec;
  requires transitive io.tern.handler;

  exports io.tern.codec.http;
  exports io.tern.codec.http.cookie;
  exports io.tern.codec.http.cors;
  exports io.tern.codec.http.multipart;
}
