/**
 * Protocol Buffers codecs: {@link io.tern.codec.protobuf.ProtobufDecoder} turns each frame into a
 * message of one type, {@link io.tern.codec.protobuf.ProtobufEncoder} turns messages into bytes.
 * Put them behind the varint32 framing ({@link io.tern.codec.frame.Varint32FrameDecoder}, {@link
 * io.tern.codec.frame.Varint32LengthFieldPrepender}), which is protobuf's own length-delimited
 * form, or behind any other framing.
 */
package io.tern.codec.protobuf;
