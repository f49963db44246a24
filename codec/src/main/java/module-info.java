/**
 * Decoder and encoder base classes, framing decoders, string and base64 codecs, and compression
 * codecs.
 */
module io.tern.codec {
  requires transitive io.tern.transport;
  // Optional: Snappy, zstd and LZ4 through aircompressor, brotli decoding through org.brotli:dec,
  // present only if the application adds them.
  requires static aircompressor.v3;
  requires static dec; // org.brotli:dec: no module name in its manifest, so its file name gives it

  exports io.tern.codec;
  exports io.tern.codec.base64;
  exports io.tern.codec.compression;
  exports io.tern.codec.frame;
  exports io.tern.codec.string;
}
