package io.tern.codec.socks.server;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.socks.SocksProtocolException;
import io.tern.codec.socks.SocksVersion;
import io.tern.codec.socks.v4.Socks4Encoder;
import io.tern.codec.socks.v4.Socks4ServerDecoder;
import io.tern.codec.socks.v5.Socks5Encoder;
import io.tern.codec.socks.v5.Socks5ServerDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.util.List;

/**
 * The first handler of a SOCKS server connection: reads the version byte the client starts with and
 * puts that version's server decoder and the encoder in its place (after it, in this order: {@link
 * Socks4ServerDecoder} and {@link Socks4Encoder}, or {@link Socks5ServerDecoder} and {@link
 * Socks5Encoder}), then removes itself; the bytes it held go to the new decoder. Any other first
 * byte raises a {@link SocksProtocolException} and closes the channel.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; it hands the bytes it
 * holds to the next handler when it removes itself.
 */
public final class SocksPortUnificationServerHandler extends ByteToMessageDecoder {
  /** Creates the handler. */
  public SocksPortUnificationServerHandler() {}

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (!in.isReadable()) {
      return;
    }
    int first = in.getUnsignedByte(in.readerIndex());
    SocksVersion version = SocksVersion.of(first);
    ChannelPipeline p = ctx.pipeline();
    String name = ctx.name();
    if (version == SocksVersion.SOCKS4a) {
      p.addAfter(name, null, new Socks4Encoder());
      p.addAfter(name, null, new Socks4ServerDecoder());
    } else if (version == SocksVersion.SOCKS5) {
      p.addAfter(name, null, new Socks5Encoder());
      p.addAfter(name, null, new Socks5ServerDecoder());
    } else {
      in.skipBytes(in.readableBytes());
      ctx.close();
      throw new SocksProtocolException("not a SOCKS 4 or 5 request: first byte " + first);
    }
    p.remove(this);
  }
}
