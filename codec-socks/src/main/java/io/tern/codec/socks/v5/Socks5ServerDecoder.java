package io.tern.codec.socks.v5;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.socks.SocksProtocolException;
import io.tern.codec.socks.internal.SocksAddresses;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes what a SOCKS 5 client sends: the {@link Socks5InitialRequest}, then a {@link
 * Socks5PasswordAuthRequest} (its first byte is 1) or directly the {@link Socks5CommandRequest}
 * (first byte 5); after the command request it removes itself (what follows is the relayed stream).
 * Which authentication the server accepts is the server handler's decision: it checks that the
 * message it gets is the one the method it chose calls for.
 *
 * <p><b>Limits.</b> Every field is length-prefixed by one byte, so a message is at most 513 bytes.
 * A wrong version, an empty method list, an unknown command or address type, a non-zero reserved
 * byte, an empty host name, or a second authentication request raise a {@link
 * SocksProtocolException}; the decoder then drops the rest of the input (close the channel).
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
public final class Socks5ServerDecoder extends ByteToMessageDecoder {
  private enum State {
    INIT,
    AUTH_OR_COMMAND,
    COMMAND,
    FAILED
  }

  private State state = State.INIT;

  /** Creates a decoder. */
  public Socks5ServerDecoder() {}

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (state == State.FAILED) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      Socks5Message m =
          switch (state) {
            case INIT -> initial(in);
            case AUTH_OR_COMMAND ->
                in.getUnsignedByte(in.readerIndex()) == 1 ? auth(in) : command(in);
            default -> command(in);
          };
      if (m == null) {
        return;
      }
      out.add(m);
      switch (m) {
        case Socks5InitialRequest r -> state = State.AUTH_OR_COMMAND;
        case Socks5PasswordAuthRequest r -> state = State.COMMAND;
        default -> ctx.pipeline().remove(this);
      }
    } catch (SocksProtocolException e) {
      state = State.FAILED;
      in.skipBytes(in.readableBytes());
      throw e;
    } catch (IllegalArgumentException e) {
      state = State.FAILED;
      in.skipBytes(in.readableBytes());
      throw new SocksProtocolException("invalid SOCKS 5 message: " + e.getMessage());
    }
  }

  private static Socks5InitialRequest initial(ByteBuf in) {
    int r = in.readerIndex();
    Socks5ClientDecoder.version(in, r, 5);
    if (in.readableBytes() < 2) {
      return null;
    }
    int n = in.getUnsignedByte(r + 1);
    if (n == 0) {
      throw new SocksProtocolException("SOCKS 5 greeting offers no method");
    }
    if (in.readableBytes() < 2 + n) {
      return null;
    }
    List<Socks5AuthMethod> methods = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      methods.add(new Socks5AuthMethod(in.getUnsignedByte(r + 2 + i)));
    }
    in.skipBytes(2 + n);
    return new Socks5InitialRequest(methods);
  }

  private static Socks5PasswordAuthRequest auth(ByteBuf in) {
    int r = in.readerIndex();
    if (in.readableBytes() < 2) {
      return null;
    }
    int ulen = in.getUnsignedByte(r + 1);
    if (in.readableBytes() < 3 + ulen) {
      return null;
    }
    int plen = in.getUnsignedByte(r + 2 + ulen);
    if (in.readableBytes() < 3 + ulen + plen) {
      return null;
    }
    String user = SocksAddresses.readText(in, r + 2, ulen);
    String password = SocksAddresses.readText(in, r + 3 + ulen, plen);
    in.skipBytes(3 + ulen + plen);
    return new Socks5PasswordAuthRequest(user, password);
  }

  private static Socks5CommandRequest command(ByteBuf in) {
    int r = in.readerIndex();
    Socks5ClientDecoder.version(in, r, 5);
    int n = in.readableBytes();
    if (n >= 2) {
      int cmd = in.getUnsignedByte(r + 1);
      if (cmd < 1 || cmd > 3) {
        throw new SocksProtocolException("unknown SOCKS 5 command " + cmd);
      }
    }
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
    Socks5CommandType type = new Socks5CommandType(in.getUnsignedByte(r + 1));
    in.skipBytes(4 + length);
    return new Socks5CommandRequest(type, new Socks5AddressType(atyp), address, port);
  }
}
