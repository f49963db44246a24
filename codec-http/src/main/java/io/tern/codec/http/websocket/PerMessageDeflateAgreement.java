package io.tern.codec.http.websocket;

import io.tern.codec.http.websocket.internal.DeflateNegotiation;
import io.tern.codec.http.websocket.internal.DeflateParams;
import io.tern.codec.http.websocket.internal.PerMessageDeflateHandler;
import io.tern.transport.channel.ChannelHandler;
import java.util.List;
import java.util.Objects;

/**
 * permessage-deflate (RFC 7692) as agreed by one endpoint's handshake, for WebSocket transports
 * that carry the handshake themselves, such as a WebSocket over an HTTP/2 stream (RFC 8441, whose
 * {@code sec-websocket-extensions} field has the same syntax and meaning as in HTTP/1.1). The
 * HTTP/1.1 handlers ({@link WebSocketServerProtocolHandler}, {@link
 * WebSocketClientProtocolHandler}) negotiate with the same rules by themselves.
 *
 * <pre>{@code
 * // Client: offer, then check the answer.
 * request.add("sec-websocket-extensions", PerMessageDeflateAgreement.clientOffer(config));
 * PerMessageDeflateAgreement agreed = PerMessageDeflateAgreement.clientAccept(answerValues, config);
 *
 * // Server: choose among the offers, answer with response().
 * PerMessageDeflateAgreement agreed = PerMessageDeflateAgreement.serverAccept(offerValues, config);
 *
 * // Both, once agreed: the extension's handler goes after the frame encoder, and the frame decoder
 * // must let the RSV bits through.
 * pipeline.addLast(new WebSocketFrameDecoder(decoderConfig.withAllowExtensions(true)), encoder,
 *     agreed.newHandler(decoderConfig), webSocketHandler);
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread. Each handler {@link #newHandler} returns belongs to one channel and its
 * event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. A handler from {@link #newHandler} consumes the compressed
 * frames it reads and writes and passes on new ones, owned by the next handler; it frees its
 * compressor and inflater when it is removed from the pipeline.
 */
public final class PerMessageDeflateAgreement {
  /** The extension's name, as it appears in {@code sec-websocket-extensions}. */
  public static final String NAME = DeflateNegotiation.NAME;

  private final String response;
  private final DeflateParams params;

  private PerMessageDeflateAgreement(String response, DeflateParams params) {
    this.response = response;
    this.params = params;
  }

  /**
   * Returns a client's offer.
   *
   * @param config what the client asks for
   * @return the {@code sec-websocket-extensions} value to send
   */
  public static String clientOffer(PerMessageDeflateConfig config) {
    return DeflateNegotiation.clientOffer(Objects.requireNonNull(config, "config"));
  }

  /**
   * Chooses the first permessage-deflate offer a server can accept (RFC 7692, section 5).
   *
   * @param offers the request's {@code sec-websocket-extensions} values (none: no offer)
   * @param config what the server allows
   * @return the agreement, or {@code null} when no offer is acceptable (the WebSocket then runs
   *     without compression)
   */
  public static PerMessageDeflateAgreement serverAccept(
      List<String> offers, PerMessageDeflateConfig config) {
    DeflateNegotiation.Accepted accepted =
        DeflateNegotiation.serverAccept(offers, Objects.requireNonNull(config, "config"));
    return accepted == null
        ? null
        : new PerMessageDeflateAgreement(accepted.response(), accepted.params());
  }

  /**
   * Checks the server's answer to a client's offer (RFC 7692, section 7.1).
   *
   * @param answers the response's {@code sec-websocket-extensions} values (none: declined)
   * @param config what the client offered
   * @return the agreement, or {@code null} when the server accepted no extension
   * @throws WebSocketHandshakeException when the answer is not one the offer allows (the client
   *     then fails the WebSocket)
   */
  public static PerMessageDeflateAgreement clientAccept(
      List<String> answers, PerMessageDeflateConfig config) throws WebSocketHandshakeException {
    DeflateParams params;
    try {
      params = DeflateNegotiation.clientAccept(answers, Objects.requireNonNull(config, "config"));
    } catch (IllegalArgumentException e) {
      throw new WebSocketHandshakeException("bad permessage-deflate answer: " + e.getMessage());
    }
    return params == null ? null : new PerMessageDeflateAgreement(null, params);
  }

  /**
   * Returns the server's answer.
   *
   * @return the {@code sec-websocket-extensions} value a server sends with its acceptance, or
   *     {@code null} for a client's agreement
   */
  public String response() {
    return response;
  }

  /**
   * Returns the extension's handler for one channel: it goes after the frame encoder (and so after
   * the frame decoder), before the WebSocket handler. It inflates the compressed messages read,
   * within {@code decoderConfig}'s message size limit and checking UTF-8 as it says, and compresses
   * the data messages written (RSV1 set).
   *
   * @param decoderConfig the frame decoder's configuration
   * @return a new handler
   */
  public ChannelHandler newHandler(WebSocketDecoderConfig decoderConfig) {
    return new PerMessageDeflateHandler(
        params, decoderConfig.maxMessagePayloadLength(), decoderConfig.validateUtf8());
  }

  @Override
  public String toString() {
    return "PerMessageDeflateAgreement" + params;
  }
}
