/**
 * Decoder and encoder base classes, framing decoders, string and base64 codecs, and compression
 * codecs.
 */
module io.tern.codec {
  requires transitive io.tern.transport;

  exports io.tern.codec;
}
