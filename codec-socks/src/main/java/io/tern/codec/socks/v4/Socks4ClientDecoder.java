package io.tern.codec.socks.v4;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.socks.SocksProtocolException;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes the one 8-byte SOCKS 4 response a server sends into a {@link Socks4CommandResponse}, then
 * removes itself. A reply version other than 0 raises a {@link SocksProtocolException}.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; the response holds no
 * reference-counted objects.
 */
public final class Socks4ClientDecoder extends ByteToMessageDecoder {
  private boolean failed;

  /** Creates a decoder. */
  public Socks4ClientDecoder() {}

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (in.readableBytes() < 8) {
      return;
    }
    int r = in.readerIndex();
    int vn = in.getUnsignedByte(r);
    if (vn != 0) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw new SocksProtocolException("SOCKS 4 reply with version " + vn + " (expected 0)");
    }
    Socks4CommandStatus status = new Socks4CommandStatus(in.getUnsignedByte(r + 1));
    int port = in.getUnsignedShort(r + 2);
    byte[] ip = new byte[4];
    in.getBytes(r + 4, ip);
    in.skipBytes(8);
    out.add(new Socks4CommandResponse(status, SocksAddresses.literal(ip), port));
    ctx.pipeline().remove(this);
  }
}
