/**
 * STOMP 1.0, 1.1 and 1.2 (the Simple Text Oriented Messaging Protocol).
 *
 * <ul>
 *   <li>{@link io.tern.codec.stomp.StompFrame}: a command, ordered {@link
 *       io.tern.codec.stomp.StompHeaders} and a body; {@link io.tern.codec.stomp.StompCommand},
 *       {@link io.tern.codec.stomp.StompVersion}.
 *   <li>{@link io.tern.codec.stomp.StompCodec}: whole frames from bytes and back, bodies framed by
 *       {@code content-length} or by their NUL, header escaping as the version negotiated by the
 *       {@code CONNECTED} frame requires, limits from {@link
 *       io.tern.codec.stomp.StompDecoderConfig}.
 *   <li>{@link io.tern.codec.stomp.StompHeartbeatHandler}: reads the {@code heart-beat} headers of
 *       {@code CONNECT} and {@code CONNECTED}, sends heart-beats and closes a connection whose peer
 *       went silent.
 * </ul>
 *
 * <p>Threading: the handlers run on their channel's event loop and keep per-channel state. Frames
 * are plain values that may be handed between threads, one thread at a time.
 */
package io.tern.codec.stomp;
