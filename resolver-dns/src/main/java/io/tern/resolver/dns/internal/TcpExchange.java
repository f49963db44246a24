package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.TcpDnsDecoder;
import io.tern.codec.dns.TcpDnsEncoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.AddressResolver;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One question over one TCP connection (RFC 7766), for an answer that came back truncated over UDP:
 * connect, send the query after its two-byte length, wait for the response with the same id and
 * question, close. The connection and the wait share one timeout.
 *
 * <p>Used on the resolver's event loop only.
 */
final class TcpExchange implements ChannelHandler {
  private final DnsMessage query;
  private final Promise<DnsMessage> promise;
  private final ResolverStats stats;
  private Channel channel;

  private TcpExchange(DnsMessage query, Promise<DnsMessage> promise, ResolverStats stats) {
    this.query = query;
    this.promise = promise;
    this.stats = stats;
  }

  static Future<DnsMessage> run(
      EventLoop loop,
      ResolverSettings settings,
      ResolverStats stats,
      InetSocketAddress server,
      DnsQuestion question,
      int id) {
    DnsMessage query =
        DnsMessage.builder().id(id).recursionDesired(true).addQuestion(question).build();
    Promise<DnsMessage> promise = loop.newPromise();
    TcpExchange exchange = new TcpExchange(query, promise, stats);
    long timeoutMillis = settings.queryTimeoutMillis();
    ScheduledFuture<?> timer =
        loop.schedule(
            () -> {
              promise.tryFailure(
                  new TimeoutException(
                      "no answer over TCP from " + server + " in " + timeoutMillis + " ms"));
            },
            timeoutMillis,
            TimeUnit.MILLISECONDS);
    promise.addListener(
        f -> {
          timer.cancel(false);
          if (exchange.channel != null) {
            exchange.channel.close();
          }
        });
    stats.tcpQuery();
    Future<Channel> connected;
    try {
      connected =
          new Bootstrap()
              .group(loop)
              .channelFactory(settings.streamChannelFactory())
              .resolver(AddressResolver.NONE)
              .option(
                  ChannelOption.CONNECT_TIMEOUT_MILLIS,
                  (int) Math.min(timeoutMillis, Integer.MAX_VALUE))
              .handler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      stats.opened(ch);
                      exchange.channel = ch;
                      if (promise.isDone()) {
                        ch.close();
                        return;
                      }
                      ch.pipeline()
                          .addLast(
                              new TcpDnsEncoder(), new TcpDnsDecoder(settings.limits()), exchange);
                    }
                  })
              .connect(server);
    } catch (RuntimeException e) {
      promise.tryFailure(e);
      return promise;
    }
    connected.addListener(
        f -> {
          if (!f.isSuccess()) {
            promise.tryFailure(f.cause());
            return;
          }
          Channel ch = f.getNow();
          if (promise.isDone()) {
            ch.close();
            return;
          }
          ch.writeAndFlush(query)
              .addListener(
                  w -> {
                    if (!w.isSuccess()) {
                      promise.tryFailure(w.cause());
                    }
                  });
        });
    return promise;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof DnsMessage response
        && response.id() == query.id()
        && ResponseCheck.answers(response, query.questions().get(0))) {
      promise.trySuccess(response);
    } else {
      ReferenceCountUtil.release(msg);
      stats.dropped();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    promise.tryFailure(cause);
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    promise.tryFailure(new ClosedChannelException());
  }
}
