/**
 * HTTP/2 (RFC 9113): HPACK header compression (RFC 7541), frames, the connection and stream state
 * machines, flow control and abuse limits behind a frame codec ({@code Http2FrameCodec}).
 */
@SuppressWarnings("module") // "http2" is the protocol's name, digits and all
module io.tern.codec.http2 {
  requires transitive io.tern.codec.http;
  requires io.tern.handler;

  exports io.tern.codec.http2;
  exports io.tern.codec.http2.hpack;
}
