/**
 * Framing decoders and encoders: split a byte stream into frames by line, by delimiter, by fixed
 * length, by a length field or a varint32 length prefix, or into whole JSON objects; and prepend
 * lengths on the way out.
 *
 * <p>Every decoder here has a maximum frame length. A frame over it is skipped (discard mode) and
 * reported as a {@link io.tern.codec.TooLongFrameException} through {@code exceptionCaught}, and
 * decoding resumes with the next frame; input that cannot be framed at all raises a {@link
 * io.tern.codec.CorruptedFrameException}, after which the decoder drops all further input. Frames
 * are retained slices of the cumulation (override {@code extractFrame} to copy instead); the next
 * handler releases them. Delimiters are found with bulk searches, and the decoders remember how far
 * they searched, so a frame arriving in many small reads is scanned once.
 *
 * <p>Threading: each decoder runs on its channel's event loop and keeps per-channel state; give
 * each channel its own instance. The prependers keep no state and may be shared.
 */
package io.tern.codec.frame;
