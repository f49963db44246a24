package io.tern.codec.socks.v5;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.socks.SocksProtocolException;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes what a SOCKS 5 server sends: the {@link Socks5InitialResponse}; then, if it chose {@link
 * Socks5AuthMethod#PASSWORD}, the {@link Socks5PasswordAuthResponse}; then the {@link
 * Socks5CommandResponse}, after which it removes itself. If the server refuses every method or the
 * credentials, nothing more is expected and later input is dropped.
 *
 * <p>A wrong version, a non-zero reserved byte or an unknown address type raise a {@link
 * SocksProtocolException}; the decoder then drops the rest of the input.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; the messages hold no
 * reference-counted objects.
 */
public final class Socks5ClientDecoder extends ByteToMessageDecoder {
  private enum State {
    INIT,
    AUTH,
    COMMAND,
    DONE
  }

  private State state = State.INIT;

  /** Creates a decoder. */
  public Socks5ClientDecoder() {}

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (state == State.DONE) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      int r = in.readerIndex();
      switch (state) {
        case INIT -> {
          version(in, r, 5);
          if (in.readableBytes() < 2) {
            return;
          }
          Socks5AuthMethod method = new Socks5AuthMethod(in.getUnsignedByte(r + 1));
          in.skipBytes(2);
          state =
              method.equals(Socks5AuthMethod.PASSWORD)
                  ? State.AUTH
                  : method.equals(Socks5AuthMethod.UNACCEPTED) ? State.DONE : State.COMMAND;
          out.add(new Socks5InitialResponse(method));
        }
        case AUTH -> {
          version(in, r, 1);
          if (in.readableBytes() < 2) {
            return;
          }
          Socks5PasswordAuthResponse res =
              new Socks5PasswordAuthResponse(in.getUnsignedByte(r + 1));
          in.skipBytes(2);
          state = res.isSuccess() ? State.COMMAND : State.DONE;
          out.add(res);
        }
        default -> {
          Socks5CommandResponse res = command(in, r);
          if (res != null) {
            state = State.DONE;
            out.add(res);
            ctx.pipeline().remove(this);
          }
        }
      }
    } catch (SocksProtocolException e) {
      state = State.DONE;
      in.skipBytes(in.readableBytes());
      throw e;
    } catch (IllegalArgumentException e) {
      state = State.DONE;
      in.skipBytes(in.readableBytes());
      throw new SocksProtocolException("invalid SOCKS 5 reply: " + e.getMessage());
    }
  }

  private static Socks5CommandResponse command(ByteBuf in, int r) {
    version(in, r, 5);
    int n = in.readableBytes();
    if (n >= 3 && in.getByte(r + 2) != 0) {
      throw new SocksProtocolException("SOCKS 5 reserved byte is " + in.getUnsignedByte(r + 2));
    }
    if (n < 4) {
      return null;
    }
    int atyp = in.getUnsignedByte(r + 3);
    int length = SocksAddresses.socks5AddressLength(in, r + 4, atyp);
    if (length < 0 || n < 4 + length) {
      return null;
    }
    String address = SocksAddresses.readSocks5Address(in, r + 4, atyp);
    int port = in.getUnsignedShort(r + 4 + length - 2);
    Socks5CommandStatus status = new Socks5CommandStatus(in.getUnsignedByte(r + 1));
    in.skipBytes(4 + length);
    return new Socks5CommandResponse(status, new Socks5AddressType(atyp), address, port);
  }

  /** Throws unless the first byte, once in, is {@code expected}. */
  static void version(ByteBuf in, int r, int expected) {
    if (in.readableBytes() >= 1 && in.getUnsignedByte(r) != expected) {
      throw new SocksProtocolException(
          "SOCKS 5 message with version " + in.getUnsignedByte(r) + " (expected " + expected + ")");
    }
  }
}
