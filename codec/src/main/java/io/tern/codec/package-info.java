/**
 * Base classes for protocol codecs: {@link io.tern.codec.ByteToMessageDecoder} turns a stream of
 * buffers into messages, {@link io.tern.codec.MessageToByteEncoder} turns messages into buffers,
 * {@link io.tern.codec.MessageToMessageDecoder} and {@link io.tern.codec.MessageToMessageEncoder}
 * transform messages, and the typed exceptions they raise.
 *
 * <p>Every handler here runs on its channel's event loop and holds per-channel state: give each
 * channel its own instance.
 */
package io.tern.codec;
