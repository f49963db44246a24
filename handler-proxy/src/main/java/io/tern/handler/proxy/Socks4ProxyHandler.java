package io.tern.handler.proxy;

import io.tern.codec.socks.v4.Socks4ClientDecoder;
import io.tern.codec.socks.v4.Socks4CommandRequest;
import io.tern.codec.socks.v4.Socks4CommandResponse;
import io.tern.codec.socks.v4.Socks4CommandType;
import io.tern.codec.socks.v4.Socks4Encoder;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Connects through a SOCKS 4 proxy; an unresolved destination ({@code
 * InetSocketAddress.createUnresolved}) is sent as a host name for the proxy to resolve (SOCKS 4a).
 * SOCKS 4 carries no IPv6 address: such a destination fails the connect. See {@link ProxyHandler}
 * for the life cycle.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link ProxyHandler}.
 */
public final class Socks4ProxyHandler extends ProxyHandler {
  private final String userId;
  private final Socks4ClientDecoder decoder = new Socks4ClientDecoder();
  private final Socks4Encoder encoder = new Socks4Encoder();

  /**
   * Creates a handler with an empty user id.
   *
   * @param proxyAddress the proxy
   */
  public Socks4ProxyHandler(SocketAddress proxyAddress) {
    this(proxyAddress, "");
  }

  /**
   * Creates a handler.
   *
   * @param proxyAddress the proxy
   * @param userId the user id to send, at most 255 ASCII characters
   */
  public Socks4ProxyHandler(SocketAddress proxyAddress, String userId) {
    super(proxyAddress);
    this.userId = userId;
  }

  @Override
  public String protocol() {
    return "socks4";
  }

  @Override
  public String authScheme() {
    return userId.isEmpty() ? "none" : "userid";
  }

  @Override
  protected void addCodec(ChannelHandlerContext ctx) {
    addBefore(ctx, decoder);
    addBefore(ctx, encoder);
  }

  @Override
  protected void removeCodec(ChannelHandlerContext ctx) {
    removeIfPresent(ctx, decoder);
    removeIfPresent(ctx, encoder);
  }

  @Override
  protected Object newInitialMessage(ChannelHandlerContext ctx) {
    if (!(destinationAddress() instanceof InetSocketAddress dst)) {
      throw new IllegalArgumentException(
          "SOCKS needs an InetSocketAddress: " + destinationAddress());
    }
    String host;
    if (dst.isUnresolved()) {
      host = dst.getHostString();
    } else if (dst.getAddress() instanceof Inet4Address ip) {
      host = ip.getHostAddress();
    } else {
      throw new IllegalArgumentException("SOCKS 4 cannot carry the IPv6 address " + dst);
    }
    return new Socks4CommandRequest(Socks4CommandType.CONNECT, host, dst.getPort(), userId);
  }

  @Override
  protected boolean handleResponse(ChannelHandlerContext ctx, Object reply)
      throws ProxyConnectException {
    if (!(reply instanceof Socks4CommandResponse response)) {
      throw exception(Reason.PROTOCOL_ERROR, null, "unexpected reply " + reply);
    }
    if (!response.status().isSuccess()) {
      throw exception(
          Reason.REFUSED,
          response.status().toString(),
          "the proxy refused the connection to " + destinationAddress());
    }
    return true;
  }
}
