package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Encodes each {@link DnsMessage} after its two-byte length, for DNS over TCP.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link MessageToByteEncoder}: the encoder allocates the buffer it writes on.
 */
public final class TcpDnsEncoder extends MessageToByteEncoder<DnsMessage> {
  /** Creates an encoder. */
  public TcpDnsEncoder() {
    super(DnsMessage.class);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, DnsMessage msg, ByteBuf out) {
    int lengthAt = out.writerIndex();
    out.writeShort(0);
    DnsMessages.encode(msg, out);
    out.setShort(lengthAt, out.writerIndex() - lengthAt - 2);
  }
}
