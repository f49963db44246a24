package io.tern.codec.dns;

import io.tern.codec.MessageToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.socket.DatagramPacket;
import java.util.List;
import java.util.Objects;

/**
 * Decodes each {@link DatagramPacket} as one DNS message and hands on a {@link DnsEnvelope}. A
 * malformed datagram raises a {@link DnsDecoderException} through {@code exceptionCaught}; the
 * channel stays open, since the next datagram is unrelated (and may be the genuine answer a forged
 * one tried to pre-empt).
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared.
 *
 * <h2>Ownership</h2>
 *
 * <p>Releases each datagram after decoding it; the envelopes hold no reference-counted objects.
 */
public final class DatagramDnsDecoder extends MessageToMessageDecoder<DatagramPacket> {
  private final DnsLimits limits;

  /** Creates a decoder with {@link DnsLimits#DEFAULT}. */
  public DatagramDnsDecoder() {
    this(DnsLimits.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param limits bounds on counts
   */
  public DatagramDnsDecoder(DnsLimits limits) {
    super(DatagramPacket.class);
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, DatagramPacket packet, List<Object> out) {
    DnsMessage m = DnsMessages.decode(packet.content(), limits);
    out.add(new DnsEnvelope(m, packet.sender(), packet.recipient()));
  }
}
