package io.tern.codec.http2;

/**
 * {@code PING}. The codec answers the peer's pings itself; it passes on the acknowledgements of
 * pings the application sent.
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param content the eight opaque bytes
 * @param ack whether this acknowledges a ping
 */
public record Http2PingFrame(long content, boolean ack) implements Http2Frame {
  @Override
  public String name() {
    return "PING";
  }
}
