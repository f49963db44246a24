/**
 * WebSocket (RFC 6455, version 13): frames ({@link io.tern.codec.http.websocket.WebSocketFrame} and
 * its kinds), the frame decoder and encoder, aggregation of fragments, and the server and client
 * handshakes that take a connection over from HTTP/1.1.
 */
package io.tern.codec.http.websocket;
