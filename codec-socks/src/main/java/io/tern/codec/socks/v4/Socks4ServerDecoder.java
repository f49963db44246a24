package io.tern.codec.socks.v4;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.socks.SocksProtocolException;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes the one SOCKS 4 or 4a request a client sends into a {@link Socks4CommandRequest}, then
 * removes itself (what follows is the relayed stream).
 *
 * <p><b>Limits.</b> The user id and the 4a host name are at most 255 bytes each: the NUL that ends
 * them is searched for in the next 256 bytes only. A version other than 4, an unknown command, a
 * field without its NUL in 256 bytes or an empty 4a host name raise a {@link
 * SocksProtocolException}; the decoder then drops the rest of the input (close the channel).
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; the request holds no
 * reference-counted objects.
 */
public final class Socks4ServerDecoder extends ByteToMessageDecoder {
  private static final int FIXED = 8;
  private boolean failed;

  /** Creates a decoder. */
  public Socks4ServerDecoder() {}

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      Socks4CommandRequest request = tryDecode(in);
      if (request != null) {
        out.add(request);
        ctx.pipeline().remove(this);
      }
    } catch (SocksProtocolException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  private static Socks4CommandRequest tryDecode(ByteBuf in) {
    int r = in.readerIndex();
    int end = in.writerIndex();
    if (end - r >= 1 && in.getUnsignedByte(r) != 4) {
      throw new SocksProtocolException("not SOCKS 4: version " + in.getUnsignedByte(r));
    }
    if (end - r >= 2) {
      int cd = in.getUnsignedByte(r + 1);
      if (cd != 1 && cd != 2) {
        throw new SocksProtocolException("unknown SOCKS 4 command " + cd);
      }
    }
    if (end - r < FIXED) {
      return null;
    }
    int userStart = r + FIXED;
    int userEnd = nul(in, userStart, end, "user id");
    if (userEnd < 0) {
      return null;
    }
    int port = in.getUnsignedShort(r + 2);
    byte[] ip = new byte[4];
    in.getBytes(r + 4, ip);
    String user = SocksAddresses.readText(in, userStart, userEnd - userStart);
    String host;
    int next = userEnd + 1;
    if (ip[0] == 0 && ip[1] == 0 && ip[2] == 0 && ip[3] != 0) {
      int hostEnd = nul(in, next, end, "host name");
      if (hostEnd < 0) {
        return null;
      }
      if (hostEnd == next) {
        throw new SocksProtocolException("empty SOCKS 4a host name");
      }
      host = SocksAddresses.readText(in, next, hostEnd - next);
      next = hostEnd + 1;
    } else {
      host = SocksAddresses.literal(ip);
    }
    Socks4CommandType type =
        in.getUnsignedByte(r + 1) == 1 ? Socks4CommandType.CONNECT : Socks4CommandType.BIND;
    in.readerIndex(next);
    try {
      return new Socks4CommandRequest(type, host, port, user);
    } catch (IllegalArgumentException e) {
      throw new SocksProtocolException("invalid SOCKS 4 request: " + e.getMessage());
    }
  }

  /** Returns the NUL ending a field at {@code from}, -1 if not in yet, or throws past 255. */
  private static int nul(ByteBuf in, int from, int end, String what) {
    int limit = Math.min(end, from + SocksAddresses.MAX_STRING_LENGTH + 1);
    int i = in.indexOf(from, limit, (byte) 0);
    if (i < 0 && limit - from > SocksAddresses.MAX_STRING_LENGTH) {
      throw new SocksProtocolException("SOCKS 4 " + what + " longer than 255 bytes");
    }
    return i;
  }
}
