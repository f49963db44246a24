package io.tern.codec.http.websocket;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What a {@link WebSocketServerProtocolHandler} accepts and how it runs the connection: an
 * immutable value built with {@link #builder(String)}.
 *
 * <pre>{@code
 * WebSocketServerProtocolConfig cfg = WebSocketServerProtocolConfig.builder("/chat")
 *     .subprotocols("chat.v1")
 *     .originCheck(origin -> "https://example.org".equals(origin))
 *     .build();
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread (the origin check is called on the channel's event loop).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param path the request path (as {@code request.target().path()} gives it) that is upgraded
 * @param subprotocols the subprotocols the server speaks, in its order of preference
 * @param originCheck called with the {@code Origin} header (or {@code null}); {@code false} → 403
 * @param handshakeTimeoutMillis how long a connection may go without completing the handshake
 * @param closeTimeoutMillis how long to wait for the other side of the close handshake
 * @param autoPong whether pings are answered with pongs by the handler (and not passed on)
 * @param dropPongs whether pongs are dropped (and not passed on)
 * @param decoderConfig the frame limits and rules
 * @param perMessageDeflate what the server accepts of permessage-deflate (RFC 7692), or {@code
 *     null} to accept no extension
 */
public record WebSocketServerProtocolConfig(
    String path,
    List<String> subprotocols,
    Predicate<String> originCheck,
    long handshakeTimeoutMillis,
    long closeTimeoutMillis,
    boolean autoPong,
    boolean dropPongs,
    WebSocketDecoderConfig decoderConfig,
    PerMessageDeflateConfig perMessageDeflate) {

  /**
   * Checks the values.
   *
   * @param path path
   * @param subprotocols subprotocols
   * @param originCheck origin check
   * @param handshakeTimeoutMillis positive
   * @param closeTimeoutMillis positive
   * @param autoPong automatic pong
   * @param dropPongs drop pongs
   * @param decoderConfig must expect masked frames
   * @param perMessageDeflate permessage-deflate, or null
   */
  public WebSocketServerProtocolConfig {
    Objects.requireNonNull(path, "path");
    subprotocols = List.copyOf(subprotocols);
    Objects.requireNonNull(originCheck, "originCheck");
    if (handshakeTimeoutMillis <= 0 || closeTimeoutMillis <= 0) {
      throw new IllegalArgumentException("timeouts must be positive");
    }
    if (!decoderConfig.expectMaskedFrames()) {
      throw new IllegalArgumentException("a server's decoder must expect masked frames");
    }
  }

  /**
   * Returns a builder for the given path, with the defaults: no subprotocol, any origin, 10 s
   * handshake timeout, 3 s close timeout, automatic pong, pongs dropped, {@link
   * WebSocketDecoderConfig#forServer()}.
   *
   * @param path the path to upgrade
   * @return a new builder
   */
  public static Builder builder(String path) {
    return new Builder(path);
  }

  /**
   * Builds a {@link WebSocketServerProtocolConfig}.
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
    private final String path;
    private List<String> subprotocols = List.of();
    private Predicate<String> originCheck = origin -> true;
    private long handshakeTimeoutMillis = 10_000;
    private long closeTimeoutMillis = 3_000;
    private boolean autoPong = true;
    private boolean dropPongs = true;
    private PerMessageDeflateConfig perMessageDeflate;
    private WebSocketDecoderConfig decoderConfig = WebSocketDecoderConfig.forServer();

    private Builder(String path) {
      this.path = path;
    }

    /**
     * Sets the subprotocols the server speaks, preferred first.
     *
     * @param names the subprotocol names
     * @return this builder
     */
    public Builder subprotocols(String... names) {
      this.subprotocols = List.of(names);
      return this;
    }

    /**
     * Sets the origin check (a browser's {@code Origin}; {@code null} when absent).
     *
     * @param check returns {@code false} to refuse with 403
     * @return this builder
     */
    public Builder originCheck(Predicate<String> check) {
      this.originCheck = check;
      return this;
    }

    /**
     * Sets the handshake timeout.
     *
     * @param millis milliseconds from the handler's addition to the 101
     * @return this builder
     */
    public Builder handshakeTimeoutMillis(long millis) {
      this.handshakeTimeoutMillis = millis;
      return this;
    }

    /**
     * Sets the close-handshake timeout.
     *
     * @param millis milliseconds to wait for the peer's close
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
     * Sets the frame limits and rules.
     *
     * @param config the decoder config
     * @return this builder
     */
    public Builder decoderConfig(WebSocketDecoderConfig config) {
      this.decoderConfig = config;
      return this;
    }

    /**
     * Accepts permessage-deflate (RFC 7692) when a client offers it, within {@code config}.
     *
     * @param config what to accept and how to compress, or {@code null} (the default) to accept no
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
    public WebSocketServerProtocolConfig build() {
      return new WebSocketServerProtocolConfig(
          path,
          subprotocols,
          originCheck,
          handshakeTimeoutMillis,
          closeTimeoutMillis,
          autoPong,
          dropPongs,
          decoderConfig,
          perMessageDeflate);
    }
  }
}
