package io.tern.codec.socks.v4;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Writes SOCKS 4 messages: requests (a client's) and responses (a server's). A request whose
 * destination is a host name is written as SOCKS 4a ({@code DSTIP} 0.0.0.1 and the name after the
 * user id).
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared ({@link #INSTANCE}).
 *
 * <h2>Ownership</h2>
 *
 * <p>Writes each message into a new buffer it passes on; the messages hold no reference-counted
 * objects.
 */
public final class Socks4Encoder extends MessageToByteEncoder<Socks4Message> {
  /** A shared instance. */
  public static final Socks4Encoder INSTANCE = new Socks4Encoder();

  private static final byte[] SOCKS4A_IP = {0, 0, 0, 1};

  /** Creates an encoder; {@link #INSTANCE} serves every channel. */
  public Socks4Encoder() {
    super(Socks4Message.class);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Socks4Message msg, ByteBuf out) {
    encode(msg, out);
  }

  /**
   * Writes a message outside a pipeline.
   *
   * @param msg the message
   * @param out where it goes
   */
  public static void encode(Socks4Message msg, ByteBuf out) {
    switch (msg) {
      case Socks4CommandRequest req -> {
        out.writeByte(4);
        out.writeByte(req.type().byteValue());
        out.writeShort(req.dstPort());
        byte[] ip = SocksAddresses.ipv4(req.dstAddr());
        out.writeBytes(ip != null ? ip : SOCKS4A_IP);
        SocksAddresses.writeAscii(out, req.userId());
        out.writeByte(0);
        if (ip == null) {
          SocksAddresses.writeAscii(out, req.dstAddr());
          out.writeByte(0);
        }
      }
      case Socks4CommandResponse res -> {
        out.writeByte(0);
        out.writeByte(res.status().byteValue());
        out.writeShort(res.dstPort());
        out.writeBytes(SocksAddresses.ipv4(res.dstAddr()));
      }
    }
  }
}
