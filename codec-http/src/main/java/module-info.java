/**
 * HTTP/1.1: the message model (requests, responses, content, headers), cookies, query strings,
 * dates, POST body decoding and encoding ({@code application/x-www-form-urlencoded} and {@code
 * multipart/form-data}) and CORS.
 */
module io.tern.codec.http {
  requires transitive io.tern.transport;

  exports io.tern.codec.http;
  exports io.tern.codec.http.cookie;
  exports io.tern.codec.http.cors;
  exports io.tern.codec.http.multipart;
}
