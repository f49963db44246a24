/**
 * Decoder and encoder base classes, framing decoders, string and base64 codecs, and compression
 * codecs.
 */
module io.tern.codec {
  requires transitive io.tern.transport;
  // Optional: Snappy framing through aircompressor, present only if the application adds it.
  requires static aircompressor.v3;

  exports io.tern.codec;
  exports io.tern.codec.base64;
  exports io.tern.codec.compression;
  exports io.tern.codec.frame;
  exports io.tern.codec.string;
}
