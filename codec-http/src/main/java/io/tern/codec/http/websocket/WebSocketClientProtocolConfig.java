package io.tern.codec.http.websocket;

import io.tern.codec.http.HttpHeaders;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link WebSocketClientProtocolHandler} asks for and how it runs the connection: an
 * immutable value built with {@link #builder(URI)}.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param uri the {@code ws://} or {@code wss://} URI (its host, port, path and query are sent)
 * @param subprotocols the subprotocols offered, preferred first (the server picks one or none)
 * @param origin the {@code Origin} header to send, or {@code null}
 * @param extraHeaders further request headers
 * @param handshakeTimeoutMillis how long to wait for the {@code 101}
 * @param closeTimeoutMillis how long to wait for the server to end the close handshake
 * @param autoPong whether pings are answered by the handler
 * @param dropPongs whether pongs are dropped
 * @param decoderConfig the frame limits (must not expect masked frames)
 * @param perMessageDeflate what the client offers of permessage-deflate (RFC 7692), or {@code null}
 *     to offer no extension
 */
public record WebSocketClientProtocolConfig(
    URI uri,
    List<String> subprotocols,
    String origin,
    HttpHeaders extraHeaders,
    long handshakeTimeoutMillis,
    long closeTimeoutMillis,
    boolean autoPong,
    boolean dropPongs,
    WebSocketDecoderConfig decoderConfig,
    PerMessageDeflateConfig perMessageDeflate) {

  /**
   * Checks the values.
   *
   * @param uri uri
   * @param subprotocols subprotocols
   * @param origin origin or null
   * @param extraHeaders headers
   * @param handshakeTimeoutMillis positive
   * @param closeTimeoutMillis positive
   * @param autoPong automatic pong
   * @param dropPongs drop pongs
   * @param decoderConfig must not expect masked frames
   * @param perMessageDeflate permessage-deflate, or null
   */
  public WebSocketClientProtocolConfig {
    Objects.requireNonNull(uri, "uri");
    subprotocols = List.copyOf(subprotocols);
    extraHeaders = extraHeaders.copy();
    if (handshakeTimeoutMillis <= 0 || closeTimeoutMillis <= 0) {
      throw new IllegalArgumentException("timeouts must be positive");
    }
    if (decoderConfig.expectMaskedFrames()) {
      throw new IllegalArgumentException("a client's decoder must refuse masked frames");
    }
  }

  /**
   * Returns a builder with the defaults: no subprotocol, no origin, 10 s handshake timeout, 3 s
   * close timeout, automatic pong, pongs dropped, {@link WebSocketDecoderConfig#forClient()}.
   *
   * @param uri the URI to connect to
   * @return a new builder
   */
  public static Builder builder(URI uri) {
    return new Builder(uri);
  }

  /**
   * Builds a {@link WebSocketClientProtocolConfig}.
   *
   * <h2>Threading</h2>
   *
   * Not thread-safe; build on one thread.
   *
   * <h2>Ownership</h2>
   *
   * Holds no reference-counted objects.
   */
  public static final class Builder {
    private final URI uri;
    private List<String> subprotocols = List.of();
    private String origin;
    private HttpHeaders extraHeaders = new HttpHeaders();
    private long handshakeTimeoutMillis = 10_000;
    private long closeTimeoutMillis = 3_000;
    private boolean autoPong = true;
    private boolean dropPongs = true;
    private PerMessageDeflateConfig perMessageDeflate;
    private WebSocketDecoderConfig decoderConfig = WebSocketDecoderConfig.forClient();

    private Builder(URI uri) {
      this.uri = uri;
    }

    /**
     * Sets the subprotocols offered.
     *
     * @param names preferred first
     * @return this builder
     */
    public Builder subprotocols(String... names) {
      this.subprotocols = List.of(names);
      return this;
    }

    /**
     * Sets the {@code Origin} header.
     *
     * @param origin the origin, or {@code null} for none
     * @return this builder
     */
    public Builder origin(String origin) {
      this.origin = origin;
      return this;
    }

    /**
     * Sets further request headers.
     *
     * @param headers the headers (copied)
     * @return this builder
     */
    public Builder extraHeaders(HttpHeaders headers) {
      this.extraHeaders = headers;
      return this;
    }

    /**
     * Sets the handshake timeout.
     *
     * @param millis milliseconds from the request to the {@code 101}
     * @return this builder
     */
    public Builder handshakeTimeoutMillis(long millis) {
      this.handshakeTimeoutMillis = millis;
      return this;
    }

    /**
     * Sets the close-handshake timeout.
     *
     * @param millis milliseconds
     * @return this builder
     */
    public Builder closeTimeoutMillis(long millis) {
      this.closeTimeoutMillis = millis;
      return this;
    }

    /**
     * Sets whether pings are answered automatically.
     *
     * @param on automatic pong
     * @return this builder
     */
    public Builder autoPong(boolean on) {
      this.autoPong = on;
      return this;
    }

    /**
     * Sets whether pongs are dropped.
     *
     * @param on drop pongs
     * @return this builder
     */
    public Builder dropPongs(boolean on) {
      this.dropPongs = on;
      return this;
    }

    /**
     * Sets the frame limits.
     *
     * @param config the decoder config
     * @return this builder
     */
    public Builder decoderConfig(WebSocketDecoderConfig config) {
      this.decoderConfig = config;
      return this;
    }

    /**
     * Offers permessage-deflate (RFC 7692) as {@code config} says.
     *
     * @param config what to offer and how to compress, or {@code null} (the default) to offer no
     *     extension
     * @return this builder
     */
    public Builder perMessageDeflate(PerMessageDeflateConfig config) {
      this.perMessageDeflate = config;
      return this;
    }

    /**
     * Builds the config.
     *
     * @return the config
     */
    public WebSocketClientProtocolConfig build() {
      return new WebSocketClientProtocolConfig(
          uri,
          subprotocols,
          origin,
          extraHeaders,
          handshakeTimeoutMillis,
          closeTimeoutMillis,
          autoPong,
          dropPongs,
          decoderConfig,
          perMessageDeflate);
    }
  }
}
