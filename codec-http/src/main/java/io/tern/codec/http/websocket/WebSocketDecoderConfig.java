package io.tern.codec.http.websocket;

/**
 * The limits and rules of a {@link WebSocketFrameDecoder}: an immutable value, changed with the
 * {@code with…} methods.
 *
 * <pre>{@code
 * WebSocketDecoderConfig cfg = WebSocketDecoderConfig.forServer().withMaxFramePayloadLength(1 << 20);
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxFramePayloadLength the largest payload one frame may carry (default 64 KiB); larger →
 *     close {@code 1009}
 * @param maxMessagePayloadLength the largest payload all frames of one message may carry together
 *     (default 1 MiB); larger → close {@code 1009}
 * @param expectMaskedFrames {@code true} on a server: frames must be masked, unmasked ones are a
 *     protocol error; {@code false} on a client: masked frames are a protocol error
 * @param allowExtensions whether RSV bits may be set (an extension such as permessage-deflate was
 *     negotiated and its handler checks them)
 * @param closeOnProtocolViolation whether the decoder answers a violation with a close frame and
 *     closes the connection (RFC 6455 requires it; turn off only to handle it yourself)
 * @param validateUtf8 whether text messages and close reasons are checked to be UTF-8 (close {@code
 *     1007} otherwise)
 */
public record WebSocketDecoderConfig(
    int maxFramePayloadLength,
    long maxMessagePayloadLength,
    boolean expectMaskedFrames,
    boolean allowExtensions,
    boolean closeOnProtocolViolation,
    boolean validateUtf8) {

  /** Default largest frame payload: 64 KiB. */
  public static final int DEFAULT_MAX_FRAME_PAYLOAD_LENGTH = 65536;

  /** Default largest message payload: 1 MiB. */
  public static final long DEFAULT_MAX_MESSAGE_PAYLOAD_LENGTH = 1 << 20;

  /**
   * Checks the limits.
   *
   * @param maxFramePayloadLength at least 125 (a control frame must fit)
   * @param maxMessagePayloadLength at least {@code maxFramePayloadLength}
   * @param expectMaskedFrames server ({@code true}) or client
   * @param allowExtensions RSV bits allowed
   * @param closeOnProtocolViolation close on violations
   * @param validateUtf8 validate text
   */
  public WebSocketDecoderConfig {
    if (maxFramePayloadLength < 125) {
      throw new IllegalArgumentException("maxFramePayloadLength < 125: " + maxFramePayloadLength);
    }
    if (maxMessagePayloadLength < maxFramePayloadLength) {
      throw new IllegalArgumentException("maxMessagePayloadLength < maxFramePayloadLength");
    }
  }

  /**
   * Returns the defaults for a server: masked frames required.
   *
   * @return the server defaults
   */
  public static WebSocketDecoderConfig forServer() {
    return new WebSocketDecoderConfig(
        DEFAULT_MAX_FRAME_PAYLOAD_LENGTH,
        DEFAULT_MAX_MESSAGE_PAYLOAD_LENGTH,
        true,
        false,
        true,
        true);
  }

  /**
   * Returns the defaults for a client: masked frames refused.
   *
   * @return the client defaults
   */
  public static WebSocketDecoderConfig forClient() {
    return forServer().withExpectMaskedFrames(false);
  }

  /**
   * Returns this config with another frame limit (and the message limit raised to it if lower).
   *
   * @param max the largest frame payload
   * @return the new config
   */
  public WebSocketDecoderConfig withMaxFramePayloadLength(int max) {
    return new WebSocketDecoderConfig(
        max,
        Math.max(max, maxMessagePayloadLength),
        expectMaskedFrames,
        allowExtensions,
        closeOnProtocolViolation,
        validateUtf8);
  }

  /**
   * Returns this config with another message limit.
   *
   * @param max the largest message payload
   * @return the new config
   */
  public WebSocketDecoderConfig withMaxMessagePayloadLength(long max) {
    return new WebSocketDecoderConfig(
        maxFramePayloadLength,
        max,
        expectMaskedFrames,
        allowExtensions,
        closeOnProtocolViolation,
        validateUtf8);
  }

  /**
   * Returns this config expecting masked frames (server) or not (client).
   *
   * @param expect {@code true} for a server
   * @return the new config
   */
  public WebSocketDecoderConfig withExpectMaskedFrames(boolean expect) {
    return new WebSocketDecoderConfig(
        maxFramePayloadLength,
        maxMessagePayloadLength,
        expect,
        allowExtensions,
        closeOnProtocolViolation,
        validateUtf8);
  }

  /**
   * Returns this config allowing RSV bits or not.
   *
   * @param allow whether an extension was negotiated
   * @return the new config
   */
  public WebSocketDecoderConfig withAllowExtensions(boolean allow) {
    return new WebSocketDecoderConfig(
        maxFramePayloadLength,
        maxMessagePayloadLength,
        expectMaskedFrames,
        allow,
        closeOnProtocolViolation,
        validateUtf8);
  }

  /**
   * Returns this config closing on violations or not.
   *
   * @param close whether to answer violations with a close frame and close
   * @return the new config
   */
  public WebSocketDecoderConfig withCloseOnProtocolViolation(boolean close) {
    return new WebSocketDecoderConfig(
        maxFramePayloadLength,
        maxMessagePayloadLength,
        expectMaskedFrames,
        allowExtensions,
        close,
        validateUtf8);
  }

  /**
   * Returns this config validating UTF-8 or not.
   *
   * @param validate whether to validate text
   * @return the new config
   */
  public WebSocketDecoderConfig withValidateUtf8(boolean validate) {
    return new WebSocketDecoderConfig(
        maxFramePayloadLength,
        maxMessagePayloadLength,
        expectMaskedFrames,
        allowExtensions,
        closeOnProtocolViolation,
        validate);
  }
}
