package io.tern.handler.proxy;

import io.tern.codec.socks.v5.Socks5AuthMethod;
import io.tern.codec.socks.v5.Socks5ClientDecoder;
import io.tern.codec.socks.v5.Socks5CommandRequest;
import io.tern.codec.socks.v5.Socks5CommandResponse;
import io.tern.codec.socks.v5.Socks5CommandType;
import io.tern.codec.socks.v5.Socks5Encoder;
import io.tern.codec.socks.v5.Socks5InitialRequest;
import io.tern.codec.socks.v5.Socks5InitialResponse;
import io.tern.codec.socks.v5.Socks5PasswordAuthRequest;
import io.tern.codec.socks.v5.Socks5PasswordAuthResponse;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Connects through a SOCKS 5 proxy, without authentication or with a username and password (RFC
 * 1929; both methods are offered when credentials are given). An unresolved destination is sent as
 * a host name for the proxy to resolve. See {@link ProxyHandler} for the life cycle.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link ProxyHandler}.
 */
public final class Socks5ProxyHandler extends ProxyHandler {
  private final String username;
  private final String password;
  private final Socks5ClientDecoder decoder = new Socks5ClientDecoder();
  private final Socks5Encoder encoder = new Socks5Encoder();

  /**
   * Creates a handler that offers no authentication.
   *
   * @param proxyAddress the proxy
   */
  public Socks5ProxyHandler(SocketAddress proxyAddress) {
    this(proxyAddress, null, null);
  }

  /**
   * Creates a handler.
   *
   * @param proxyAddress the proxy
   * @param username the user, or {@code null} for no authentication
   * @param password the password (with a user)
   */
  public Socks5ProxyHandler(SocketAddress proxyAddress, String username, String password) {
    super(proxyAddress);
    if ((username == null) != (password == null)) {
      throw new IllegalArgumentException("give both username and password, or neither");
    }
    if (username != null) {
      new Socks5PasswordAuthRequest(username, password); // checks the lengths now
    }
    this.username = username;
    this.password = password;
  }

  @Override
  public String protocol() {
    return "socks5";
  }

  @Override
  public String authScheme() {
    return username != null ? "password" : "none";
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
    return username != null
        ? Socks5InitialRequest.of(Socks5AuthMethod.NO_AUTH, Socks5AuthMethod.PASSWORD)
        : Socks5InitialRequest.of(Socks5AuthMethod.NO_AUTH);
  }

  @Override
  protected boolean handleResponse(ChannelHandlerContext ctx, Object reply)
      throws ProxyConnectException {
    return switch (reply) {
      case Socks5InitialResponse r -> onInitialResponse(ctx, r);
      case Socks5PasswordAuthResponse r -> onPasswordAuthResponse(ctx, r);
      case Socks5CommandResponse r -> onCommandResponse(r);
      default -> throw exception(Reason.PROTOCOL_ERROR, null, "unexpected reply " + reply);
    };
  }

  private boolean onInitialResponse(ChannelHandlerContext ctx, Socks5InitialResponse r)
      throws ProxyConnectException {
    Socks5AuthMethod method = r.authMethod();
    if (method.equals(Socks5AuthMethod.NO_AUTH)) {
      sendCommand(ctx);
    } else if (method.equals(Socks5AuthMethod.PASSWORD) && username != null) {
      ctx.writeAndFlush(new Socks5PasswordAuthRequest(username, password));
    } else {
      throw exception(
          Reason.AUTHENTICATION_FAILED,
          method.toString(),
          "the proxy accepts none of the offered methods");
    }
    return false;
  }

  private boolean onPasswordAuthResponse(ChannelHandlerContext ctx, Socks5PasswordAuthResponse r)
      throws ProxyConnectException {
    if (!r.isSuccess()) {
      throw exception(
          Reason.AUTHENTICATION_FAILED,
          "status " + r.status(),
          "the proxy refused the username and password");
    }
    sendCommand(ctx);
    return false;
  }

  private boolean onCommandResponse(Socks5CommandResponse r) throws ProxyConnectException {
    if (!r.status().isSuccess()) {
      throw exception(
          Reason.REFUSED,
          r.status().toString(),
          "the proxy refused the connection to " + destinationAddress());
    }
    return true;
  }

  private void sendCommand(ChannelHandlerContext ctx) {
    if (!(destinationAddress() instanceof InetSocketAddress dst)) {
      throw new IllegalArgumentException(
          "SOCKS needs an InetSocketAddress: " + destinationAddress());
    }
    String host = dst.isUnresolved() ? dst.getHostString() : dst.getAddress().getHostAddress();
    ctx.writeAndFlush(Socks5CommandRequest.of(Socks5CommandType.CONNECT, host, dst.getPort()));
  }
}
