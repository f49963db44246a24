/**
 * Protocol Buffers messages over the varint32 framing of {@code io.tern.codec.frame}: a decoder
 * from frames to messages and an encoder from messages to bytes, for protobuf-java's full and lite
 * runtimes (an optional dependency the application brings).
 */
module io.tern.codec.protobuf {
  requires transitive io.tern.codec;
  // Optional: protobuf-java (or protobuf-javalite, the same packages), added by the application.
  requires static transitive com.google.protobuf;

  exports io.tern.codec.protobuf;
}
