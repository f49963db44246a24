/**
 * HTTP/1.1: the message model (requests, responses, content, headers, request targets) and the
 * codec at the root package; server handlers ({@code server}), client handlers ({@code client}),
 * static files ({@code files}), cookies, CORS and POST bodies ({@code multipart}) in packages of
 * their own, each depending on the root and never the other way round.
 */
module io.tern.codec.http {
  requires transitive io.tern.codec;
  requires transitive io.tern.handler;

  exports io.tern.codec.http;
  exports io.tern.codec.http.client;
  exports io.tern.codec.http.cookie;
  exports io.tern.codec.http.cors;
  exports io.tern.codec.http.files;
  exports io.tern.codec.http.multipart;
  exports io.tern.codec.http.server;
}
