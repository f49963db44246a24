package io.tern.examples.socks;

import io.tern.codec.socks.v4.Socks4CommandRequest;
import io.tern.codec.socks.v4.Socks4CommandResponse;
import io.tern.codec.socks.v4.Socks4CommandStatus;
import io.tern.codec.socks.v4.Socks4CommandType;
import io.tern.codec.socks.v5.Socks5AuthMethod;
import io.tern.codec.socks.v5.Socks5CommandRequest;
import io.tern.codec.socks.v5.Socks5CommandResponse;
import io.tern.codec.socks.v5.Socks5CommandStatus;
import io.tern.codec.socks.v5.Socks5CommandType;
import io.tern.codec.socks.v5.Socks5InitialRequest;
import io.tern.codec.socks.v5.Socks5InitialResponse;
import io.tern.codec.socks.v5.Socks5PasswordAuthRequest;
import io.tern.codec.socks.v5.Socks5PasswordAuthResponse;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * The proxy's side of the handshake, for both versions: answers the SOCKS 5 method selection (no
 * authentication, or username/password when the proxy was given credentials), checks the
 * credentials, then for a {@code CONNECT} of either version connects to the destination (the host
 * name resolved by the default resolver) and answers with success or the reason it could not, and
 * turns both channels into a relay. BIND and UDP ASSOCIATE are answered as unsupported; SOCKS 4,
 * which has no password, is refused when the proxy requires one.
 */
final class SocksServerHandler implements ChannelHandler {
  private final ChannelFactory<? extends Channel> channelFactory;
  private final String user;
  private final String password;
  private boolean authenticated;

  SocksServerHandler(
      ChannelFactory<? extends Channel> channelFactory, String user, String password) {
    this.channelFactory = channelFactory;
    this.user = user;
    this.password = password;
    this.authenticated = user == null;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    switch (msg) {
      case Socks5InitialRequest greeting -> {
        Socks5AuthMethod wanted =
            user == null ? Socks5AuthMethod.NO_AUTH : Socks5AuthMethod.PASSWORD;
        boolean offered = greeting.authMethods().contains(wanted);
        ctx.writeAndFlush(
            new Socks5InitialResponse(offered ? wanted : Socks5AuthMethod.UNACCEPTED));
        if (!offered) {
          ctx.close();
        }
      }
      case Socks5PasswordAuthRequest auth -> {
        authenticated =
            user != null && user.equals(auth.username()) && password.equals(auth.password());
        Socks5PasswordAuthResponse answer =
            authenticated ? Socks5PasswordAuthResponse.SUCCESS : Socks5PasswordAuthResponse.FAILURE;
        ctx.writeAndFlush(answer)
            .addListener(
                f -> {
                  if (!authenticated) {
                    ctx.close();
                  }
                });
      }
      case Socks5CommandRequest cmd -> {
        if (!authenticated) {
          ctx.close();
        } else if (!cmd.type().equals(Socks5CommandType.CONNECT)) {
          ctx.writeAndFlush(Socks5CommandResponse.of(Socks5CommandStatus.COMMAND_UNSUPPORTED))
              .addListener(f -> ctx.close());
        } else {
          connect(
              ctx,
              cmd.dstAddr(),
              cmd.dstPort(),
              failure ->
                  ctx.writeAndFlush(
                      Socks5CommandResponse.of(
                          failure == null
                              ? Socks5CommandStatus.SUCCESS
                              : failure instanceof ConnectException
                                  ? Socks5CommandStatus.CONNECTION_REFUSED
                                  : Socks5CommandStatus.HOST_UNREACHABLE)));
        }
      }
      case Socks4CommandRequest cmd -> {
        if (cmd.type() != Socks4CommandType.CONNECT || user != null) {
          ctx.writeAndFlush(Socks4CommandResponse.of(Socks4CommandStatus.REJECTED_OR_FAILED))
              .addListener(f -> ctx.close());
        } else {
          connect(
              ctx,
              cmd.dstAddr(),
              cmd.dstPort(),
              failure ->
                  ctx.writeAndFlush(
                      Socks4CommandResponse.of(
                          failure == null
                              ? Socks4CommandStatus.SUCCESS
                              : Socks4CommandStatus.REJECTED_OR_FAILED)));
        }
      }
      default -> ReferenceCountUtil.release(msg);
    }
  }

  /**
   * Connects to the destination; answers (with the failure, or {@code null}); on success relays
   * both ways.
   */
  private void connect(
      ChannelHandlerContext ctx, String host, int port, Consumer<Throwable> answer) {
    Channel client = ctx.channel();
    client.config().autoRead(false); // nothing to relay until the destination is connected
    new Bootstrap()
        .group(client.eventLoop())
        .channelFactory(channelFactory)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
        .option(ChannelOption.AUTO_READ, false) // until the relay is in place
        .handler(new ChannelHandler() {})
        .connect(InetSocketAddress.createUnresolved(host, port))
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                answer.accept(f.cause());
                RelayHandler.closeOnFlush(client);
                return;
              }
              Channel outbound = f.getNow();
              answer.accept(null);
              ctx.pipeline().remove(this);
              // Whatever codec handlers remain have removed themselves after the request.
              client.pipeline().addLast(new RelayHandler(outbound));
              outbound.pipeline().addLast(new RelayHandler(client));
              client.config().autoRead(true);
              outbound.config().autoRead(true);
            });
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
