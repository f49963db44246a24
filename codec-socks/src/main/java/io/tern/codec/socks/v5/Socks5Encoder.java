package io.tern.codec.socks.v5;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Writes every SOCKS 5 message, a client's and a server's.
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
public final class Socks5Encoder extends MessageToByteEncoder<Socks5Message> {
  /** A shared instance. */
  public static final Socks5Encoder INSTANCE = new Socks5Encoder();

  /** Creates an encoder; {@link #INSTANCE} serves every channel. */
  public Socks5Encoder() {
    super(Socks5Message.class);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Socks5Message msg, ByteBuf out) {
    encode(msg, out);
  }

  /**
   * Writes a message outside a pipeline.
   *
   * @param msg the message
   * @param out where it goes
   */
  public static void encode(Socks5Message msg, ByteBuf out) {
    switch (msg) {
      case Socks5InitialRequest m -> {
        out.writeByte(5);
        out.writeByte(m.authMethods().size());
        for (Socks5AuthMethod a : m.authMethods()) {
          out.writeByte(a.byteValue());
        }
      }
      case Socks5InitialResponse m -> {
        out.writeByte(5);
        out.writeByte(m.authMethod().byteValue());
      }
      case Socks5PasswordAuthRequest m -> {
        out.writeByte(1);
        out.writeByte(m.username().length());
        SocksAddresses.writeAscii(out, m.username());
        out.writeByte(m.password().length());
        SocksAddresses.writeAscii(out, m.password());
      }
      case Socks5PasswordAuthResponse m -> {
        out.writeByte(1);
        out.writeByte(m.status());
      }
      case Socks5CommandRequest m -> {
        out.writeByte(5);
        out.writeByte(m.type().byteValue());
        out.writeByte(0);
        out.writeByte(m.dstAddrType().byteValue());
        SocksAddresses.writeSocks5Address(out, m.dstAddrType().byteValue(), m.dstAddr());
        out.writeShort(m.dstPort());
      }
      case Socks5CommandResponse m -> {
        out.writeByte(5);
        out.writeByte(m.status().byteValue());
        out.writeByte(0);
        out.writeByte(m.bndAddrType().byteValue());
        SocksAddresses.writeSocks5Address(out, m.bndAddrType().byteValue(), m.bndAddr());
        out.writeShort(m.bndPort());
      }
    }
  }
}
