package io.tern.handler.proxy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Connects through an HTTP proxy with {@code CONNECT host:port HTTP/1.1}, optionally with Basic
 * authentication ({@code Proxy-Authorization}). Any 2xx answer opens the tunnel; anything else
 * fails the connect with a {@link ProxyConnectException} whose {@link
 * ProxyConnectException#reply()} is the status line ({@code 407} is reported as {@link
 * ProxyConnectException.Reason#AUTHENTICATION_FAILED}). The answer's head is bounded to 8 KiB. An
 * unresolved destination is sent by name. See {@link ProxyHandler} for the life cycle.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link ProxyHandler}.
 */
public final class HttpProxyHandler extends ProxyHandler {
  private final String authorization;
  private final HttpConnectResponseDecoder decoder = new HttpConnectResponseDecoder();

  /**
   * Creates a handler without authentication.
   *
   * @param proxyAddress the proxy
   */
  public HttpProxyHandler(SocketAddress proxyAddress) {
    this(proxyAddress, null, null);
  }

  /**
   * Creates a handler.
   *
   * @param proxyAddress the proxy
   * @param username the user for Basic authentication, or {@code null}
   * @param password the password (with a user)
   */
  public HttpProxyHandler(SocketAddress proxyAddress, String username, String password) {
    super(proxyAddress);
    if ((username == null) != (password == null)) {
      throw new IllegalArgumentException("give both username and password, or neither");
    }
    if (username != null && username.indexOf(':') >= 0) {
      throw new IllegalArgumentException("a Basic user name cannot contain ':'");
    }
    this.authorization =
        username == null
            ? null
            : "Basic "
                + Base64.getEncoder()
                    .encodeToString((username + ':' + password).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String protocol() {
    return "http";
  }

  @Override
  public String authScheme() {
    return authorization != null ? "basic" : "none";
  }

  @Override
  protected void addCodec(ChannelHandlerContext ctx) {
    addBefore(ctx, decoder);
  }

  @Override
  protected void removeCodec(ChannelHandlerContext ctx) {
    removeIfPresent(ctx, decoder);
  }

  @Override
  protected Object newInitialMessage(ChannelHandlerContext ctx) {
    if (!(destinationAddress() instanceof InetSocketAddress dst)) {
      throw new IllegalArgumentException(
          "CONNECT needs an InetSocketAddress: " + destinationAddress());
    }
    String host =
        dst.isUnresolved()
            ? dst.getHostString()
            : dst.getAddress() instanceof Inet6Address
                ? '[' + dst.getAddress().getHostAddress() + ']'
                : dst.getAddress().getHostAddress();
    String authority = host + ':' + dst.getPort();
    StringBuilder request = new StringBuilder(128);
    request
        .append("CONNECT ")
        .append(authority)
        .append(" HTTP/1.1\r\nHost: ")
        .append(authority)
        .append("\r\n");
    if (authorization != null) {
      request.append("Proxy-Authorization: ").append(authorization).append("\r\n");
    }
    request.append("\r\n");
    ByteBuf out = ctx.alloc().buffer(request.length());
    ByteBufUtil.writeAscii(out, request);
    return out;
  }

  @Override
  protected boolean handleResponse(ChannelHandlerContext ctx, Object reply)
      throws ProxyConnectException {
    if (!(reply instanceof HttpConnectResponseDecoder.Response response)) {
      throw exception(Reason.PROTOCOL_ERROR, null, "unexpected reply " + reply);
    }
    int status = response.status();
    if (status < 0) {
      throw exception(Reason.PROTOCOL_ERROR, response.statusLine(), "not an HTTP response");
    }
    if (status / 100 == 2) {
      return true;
    }
    throw exception(
        status == 407 ? Reason.AUTHENTICATION_FAILED : Reason.REFUSED,
        response.statusLine(),
        "the proxy refused CONNECT to " + destinationAddress());
  }
}
