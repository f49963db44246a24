package io.tern.codec.http;

import io.tern.codec.http.internal.AfterHead;

/**
 * Decodes HTTP/1.1 requests: each becomes an {@link HttpRequest} followed by its content (see
 * {@link HttpObjectDecoder} for parsing, strictness and failure).
 *
 * <p>The request line must be {@code method SP request-target SP HTTP-version} with single spaces,
 * a token method, a target of visible ASCII characters in one of the four {@linkplain RequestTarget
 * forms} its method allows, and the version {@code HTTP/1.1} or {@code HTTP/1.0}. An HTTP/1.1
 * request must carry exactly one {@code Host} field. A request without {@code Content-Length} or
 * {@code Transfer-Encoding} has no content. On its own the decoder knows nothing of responses;
 * {@link HttpServerCodec} pairs it with the encoder.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpObjectDecoder}: every object passed on belongs to the next handler.
 */
public final class HttpRequestDecoder extends HttpObjectDecoder {
  /** Creates a decoder with {@link HttpDecoderConfig#DEFAULT}. */
  public HttpRequestDecoder() {
    this(HttpDecoderConfig.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param config the limits
   */
  public HttpRequestDecoder(HttpDecoderConfig config) {
    super(config, new RequestLine(), head -> AfterHead.CONTENT);
  }
}
