package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.socket.DatagramPacket;
import java.util.List;

/**
 * Encodes each {@link DnsEnvelope} into one {@link DatagramPacket} to its recipient.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared.
 *
 * <h2>Ownership</h2>
 *
 * <p>Allocates the datagram's buffer, which the packet owns; releases it if encoding fails.
 */
public final class DatagramDnsEncoder extends MessageToMessageEncoder<DnsEnvelope> {
  /** Creates an encoder. */
  public DatagramDnsEncoder() {
    super(DnsEnvelope.class);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, DnsEnvelope msg, List<Object> out) {
    ByteBuf buf = ctx.alloc().buffer(512);
    try {
      DnsMessages.encode(msg.message(), buf);
    } catch (RuntimeException e) {
      buf.release();
      throw e;
    }
    out.add(new DatagramPacket(buf, msg.recipient()));
  }
}
