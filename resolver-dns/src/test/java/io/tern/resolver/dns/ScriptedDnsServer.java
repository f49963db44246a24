package io.tern.resolver.dns;

import io.tern.codec.dns.DatagramDnsDecoder;
import io.tern.codec.dns.DatagramDnsEncoder;
import io.tern.codec.dns.DnsEnvelope;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.TcpDnsDecoder;
import io.tern.codec.dns.TcpDnsEncoder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioDatagramChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A DNS server for tests, written with Tern's own codec: a UDP socket and a TCP listener on the
 * same port of 127.0.0.1, answering each query with what the script returns (nothing, one message,
 * or several in order). Every query is logged with how it came. A second UDP socket, the stranger,
 * lets a test send a datagram from another port.
 */
final class ScriptedDnsServer implements AutoCloseable {
  /** One query as the server saw it. */
  record Exchange(DnsMessage query, boolean tcp, InetSocketAddress client) {}

  /** What the server answers. */
  @FunctionalInterface
  interface Script {
    List<DnsMessage> answer(Exchange exchange);
  }

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<Exchange> log = new CopyOnWriteArrayList<>();
  private volatile Script script;
  private final Channel udp;
  private final Channel stranger;
  private final ServerChannel tcp;

  ScriptedDnsServer(Script script) throws InterruptedException {
    this.script = script;
    InetSocketAddress any = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0);
    udp =
        new Bootstrap()
            .group(group)
            .channelFactory(l -> new NioDatagramChannel(l, StandardProtocolFamily.INET))
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(new DatagramDnsDecoder(), new DatagramDnsEncoder(), new Udp());
                  }
                })
            .bind(any)
            .sync()
            .getNow();
    stranger =
        new Bootstrap()
            .group(group)
            .channelFactory(l -> new NioDatagramChannel(l, StandardProtocolFamily.INET))
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(new DatagramDnsEncoder());
                  }
                })
            .bind(any)
            .sync()
            .getNow();
    tcp =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(new TcpDnsEncoder(), new TcpDnsDecoder(), new Tcp());
                  }
                })
            .bind(address())
            .sync()
            .getNow();
  }

  /** The address of both the UDP socket and the TCP listener. */
  InetSocketAddress address() {
    return (InetSocketAddress) udp.localAddress();
  }

  void script(Script script) {
    this.script = script;
  }

  List<Exchange> log() {
    return log;
  }

  long udpQueries() {
    return log.stream().filter(e -> !e.tcp()).count();
  }

  long tcpQueries() {
    return log.stream().filter(Exchange::tcp).count();
  }

  /** Sends a message to {@code client} from another port of 127.0.0.1. */
  void sendFromStranger(DnsMessage message, InetSocketAddress client) throws InterruptedException {
    stranger.writeAndFlush(DnsEnvelope.to(message, client)).sync();
  }

  /** From a script (on the server's loop): sends from another port without waiting. */
  void sendFromStrangerLater(DnsMessage message, InetSocketAddress client) {
    stranger.writeAndFlush(DnsEnvelope.to(message, client));
  }

  /** Sends a message to {@code client} from the server's own port. */
  void send(DnsMessage message, InetSocketAddress client) throws InterruptedException {
    udp.writeAndFlush(DnsEnvelope.to(message, client)).sync();
  }

  private final class Udp implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DnsEnvelope envelope = (DnsEnvelope) msg;
      Exchange ex = new Exchange(envelope.message(), false, envelope.sender());
      log.add(ex);
      for (DnsMessage reply : script.answer(ex)) {
        ctx.writeAndFlush(DnsEnvelope.to(reply, envelope.sender()));
      }
    }
  }

  private final class Tcp implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DnsMessage query = (DnsMessage) msg;
      Exchange ex = new Exchange(query, true, (InetSocketAddress) ctx.channel().remoteAddress());
      log.add(ex);
      for (DnsMessage reply : script.answer(ex)) {
        ctx.writeAndFlush(reply);
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    udp.close().sync();
    stranger.close().sync();
    tcp.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }
}
