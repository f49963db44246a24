package io.tern.codec.dns;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * A DNS message with the addresses of the datagram that carries it: what {@link DatagramDnsDecoder}
 * hands on and {@link DatagramDnsEncoder} sends.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param message the message
 * @param sender where it came from ({@code null} for one to be sent: the channel's address)
 * @param recipient where it goes
 */
public record DnsEnvelope(
    DnsMessage message, InetSocketAddress sender, InetSocketAddress recipient) {
  /** Checks the fields. */
  public DnsEnvelope {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(recipient, "recipient");
  }

  /**
   * A message to send to {@code recipient}.
   *
   * @param message the message
   * @param recipient the destination
   * @return the envelope
   */
  public static DnsEnvelope to(DnsMessage message, InetSocketAddress recipient) {
    return new DnsEnvelope(message, null, recipient);
  }
}
