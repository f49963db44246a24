package io.tern.codec.http;

import io.tern.codec.http.internal.AfterHead;

/**
 * Decodes HTTP/1.1 responses: each becomes an {@link HttpResponse} followed by its content (see
 * {@link HttpObjectDecoder} for parsing, strictness and failure).
 *
 * <p>The status line must be {@code HTTP-version SP 3DIGIT [SP reason-phrase]}. {@code 1xx}, {@code
 * 204} and {@code 304} responses have no content; a response without {@code Content-Length} or
 * {@code Transfer-Encoding} has content up to the end of the connection. After {@code 101 Switching
 * Protocols} the following bytes are passed on as they are. On its own the decoder does not know
 * which responses answer {@code HEAD} or {@code CONNECT}; {@link HttpClientCodec} does.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpObjectDecoder}: every object passed on belongs to the next handler.
 */
public final class HttpResponseDecoder extends HttpObjectDecoder {
  /** Creates a decoder with {@link HttpDecoderConfig#DEFAULT}. */
  public HttpResponseDecoder() {
    this(HttpDecoderConfig.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param config the limits
   */
  public HttpResponseDecoder(HttpDecoderConfig config) {
    super(
        config,
        StatusLine.INSTANCE,
        head -> AfterHead.ofResponse(((HttpResponse) head).status().code()));
  }
}
