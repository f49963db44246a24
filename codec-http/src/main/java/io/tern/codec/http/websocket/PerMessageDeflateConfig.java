package io.tern.codec.http.websocket;

/**
 * What one endpoint offers or accepts of permessage-deflate (RFC 7692), and how it compresses: an
 * immutable value, changed with the {@code with…} methods. Pass it to {@link
 * WebSocketServerProtocolConfig.Builder#perMessageDeflate} (the server accepts a client's offer) or
 * {@link WebSocketClientProtocolConfig.Builder#perMessageDeflate} (the client makes one).
 *
 * <p>The four parameters keep the RFC's names and directions ("server" is the server-to-client
 * direction, "client" the other):
 *
 * <ul>
 *   <li>{@code serverNoContextTakeover}: on a server, reset its compressor after every message and
 *       say so; on a client, ask the server to.
 *   <li>{@code clientNoContextTakeover}: on a server, ask the client to reset its compressor after
 *       every message; on a client, reset it and say so.
 *   <li>{@code serverMaxWindowBits} (8–15): on a server, the largest LZ77 window it compresses with
 *       (announced when below 15); on a client, ask the server for at most this window.
 *   <li>{@code clientMaxWindowBits} (8–15): on a server, ask the client for at most this window
 *       (when the client's offer allows it); on a client, the largest window it compresses with.
 * </ul>
 *
 * <p><b>Window sizes.</b> The JDK's {@link java.util.zip.Deflater} always uses a 32 KiB (15-bit)
 * window. When the agreed window for what an endpoint sends is smaller, it compresses a message
 * only if the whole message is unfragmented and no longer than the window, with a compressor reset
 * before it (a back-reference can then never reach further than the window); other messages go
 * uncompressed, which RFC 7692 allows for any message (RSV1 clear). Inflating needs nothing
 * special: a 15-bit inflater reads streams made with any smaller window.
 *
 * <p>The size of an inflated message is limited by the decoder's {@link
 * WebSocketDecoderConfig#maxMessagePayloadLength()}, checked while inflating: a message that
 * inflates beyond it is answered with close {@code 1009} before more is inflated.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param compressionLevel the deflate level, 0 (store) to 9 (best); default 6
 * @param serverNoContextTakeover see above
 * @param clientNoContextTakeover see above
 * @param serverMaxWindowBits see above, 8 to 15
 * @param clientMaxWindowBits see above, 8 to 15
 */
public record PerMessageDeflateConfig(
    int compressionLevel,
    boolean serverNoContextTakeover,
    boolean clientNoContextTakeover,
    int serverMaxWindowBits,
    int clientMaxWindowBits) {

  /** The largest (and default) LZ77 window: 15 bits, 32 KiB. */
  public static final int MAX_WINDOW_BITS = 15;

  /** The smallest LZ77 window RFC 7692 allows: 8 bits. */
  public static final int MIN_WINDOW_BITS = 8;

  /**
   * Checks the values.
   *
   * @param compressionLevel 0 to 9
   * @param serverNoContextTakeover server resets its compressor per message
   * @param clientNoContextTakeover client resets its compressor per message
   * @param serverMaxWindowBits 8 to 15
   * @param clientMaxWindowBits 8 to 15
   */
  public PerMessageDeflateConfig {
    if (compressionLevel < 0 || compressionLevel > 9) {
      throw new IllegalArgumentException("compressionLevel must be 0..9: " + compressionLevel);
    }
    checkWindowBits(serverMaxWindowBits);
    checkWindowBits(clientMaxWindowBits);
  }

  private static void checkWindowBits(int bits) {
    if (bits < MIN_WINDOW_BITS || bits > MAX_WINDOW_BITS) {
      throw new IllegalArgumentException("window bits must be 8..15: " + bits);
    }
  }

  /**
   * Returns the defaults: level 6, context takeover both ways, 15-bit windows both ways.
   *
   * @return the defaults
   */
  public static PerMessageDeflateConfig defaults() {
    return new PerMessageDeflateConfig(6, false, false, MAX_WINDOW_BITS, MAX_WINDOW_BITS);
  }

  /**
   * Returns this config with another compression level.
   *
   * @param level 0 to 9
   * @return the new config
   */
  public PerMessageDeflateConfig withCompressionLevel(int level) {
    return new PerMessageDeflateConfig(
        level,
        serverNoContextTakeover,
        clientNoContextTakeover,
        serverMaxWindowBits,
        clientMaxWindowBits);
  }

  /**
   * Returns this config with {@code server_no_context_takeover} on or off.
   *
   * @param on whether the server's compressor resets per message
   * @return the new config
   */
  public PerMessageDeflateConfig withServerNoContextTakeover(boolean on) {
    return new PerMessageDeflateConfig(
        compressionLevel, on, clientNoContextTakeover, serverMaxWindowBits, clientMaxWindowBits);
  }

  /**
   * Returns this config with {@code client_no_context_takeover} on or off.
   *
   * @param on whether the client's compressor resets per message
   * @return the new config
   */
  public PerMessageDeflateConfig withClientNoContextTakeover(boolean on) {
    return new PerMessageDeflateConfig(
        compressionLevel, serverNoContextTakeover, on, serverMaxWindowBits, clientMaxWindowBits);
  }

  /**
   * Returns this config with another {@code server_max_window_bits}.
   *
   * @param bits 8 to 15
   * @return the new config
   */
  public PerMessageDeflateConfig withServerMaxWindowBits(int bits) {
    return new PerMessageDeflateConfig(
        compressionLevel,
        serverNoContextTakeover,
        clientNoContextTakeover,
        bits,
        clientMaxWindowBits);
  }

  /**
   * Returns this config with another {@code client_max_window_bits}.
   *
   * @param bits 8 to 15
   * @return the new config
   */
  public PerMessageDeflateConfig withClientMaxWindowBits(int bits) {
    return new PerMessageDeflateConfig(
        compressionLevel,
        serverNoContextTakeover,
        clientNoContextTakeover,
        serverMaxWindowBits,
        bits);
  }
}
