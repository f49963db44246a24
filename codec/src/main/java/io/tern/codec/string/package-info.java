/**
 * Text codecs: {@link io.tern.codec.string.StringDecoder} turns each inbound buffer (a frame from a
 * framing decoder) into a {@code String}; {@link io.tern.codec.string.StringEncoder} and {@link
 * io.tern.codec.string.LineEncoder} turn outbound text into buffers.
 *
 * <p>Threading: the channel's event loop. These handlers keep no per-channel state and may be
 * shared between pipelines.
 */
package io.tern.codec.string;
