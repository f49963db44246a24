/**
 * Base64 (RFC 4648) over buffers: {@link io.tern.codec.base64.Base64} encodes and decodes from one
 * {@code ByteBuf} into another without a {@code String} or {@code byte[]} round trip of the whole
 * content; {@link io.tern.codec.base64.Base64Encoder} and {@link
 * io.tern.codec.base64.Base64Decoder} do it for each message in a pipeline.
 *
 * <p>Threading: the static methods are thread-safe; the handlers keep no per-channel state and may
 * be shared.
 */
package io.tern.codec.base64;
