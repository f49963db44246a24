package io.tern.examples.dns;

import io.tern.codec.dns.DatagramDnsDecoder;
import io.tern.codec.dns.DatagramDnsEncoder;
import io.tern.codec.dns.DnsEnvelope;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.TcpDnsDecoder;
import io.tern.codec.dns.TcpDnsEncoder;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.UsageException;
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
import java.net.BindException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;

/**
 * {@code ./run-example dns-server --zone FILE [--port 10053] [--host 127.0.0.1]}: an authoritative
 * DNS server answering from a zone file ({@link Zone}: A, AAAA, CNAME, NS, PTR, MX, TXT, SRV, SOA,
 * CAA) over UDP and TCP on the same port. An answer too large for the client's UDP payload size is
 * sent truncated, and the client asks again over TCP. Try dig against server 127.0.0.1, port 10053
 * (docs/dns.md shows the commands), over UDP and with {@code +tcp}.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #main} runs on the launching thread; the handlers on the event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the codecs release the datagrams and buffers.
 */
public final class DnsServer implements AutoCloseable {
  /** How many free UDP ports {@code start} tries when asked for port 0. */
  private static final int PORT_ATTEMPTS = 10;

  private final Channel udp;
  private final ServerChannel tcp;

  private DnsServer(Channel udp, ServerChannel tcp) {
    this.udp = udp;
    this.tcp = tcp;
  }

  /**
   * Starts a server: UDP first (port 0: a free one), then TCP on the same port.
   *
   * @param group event loops running NIO
   * @param address where to listen
   * @param zone what to answer
   * @return the running server
   * @throws InterruptedException if interrupted while binding
   */
  public static DnsServer start(EventLoopGroup group, InetSocketAddress address, Zone zone)
      throws InterruptedException {
    ZoneAnswerer answerer = new ZoneAnswerer(zone);
    for (int attempt = 1; ; attempt++) {
      try {
        return bind(group, address, answerer);
      } catch (CompletionException e) {
        // Port 0 lets the system pick a free UDP port, and the TCP port of the same number may be
        // taken (by an outgoing connection's local port, say): pick again rather than fail.
        if (address.getPort() != 0
            || !(e.getCause() instanceof BindException)
            || attempt == PORT_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static DnsServer bind(
      EventLoopGroup group, InetSocketAddress address, ZoneAnswerer answerer)
      throws InterruptedException {
    StandardProtocolFamily family =
        address.getAddress() instanceof Inet4Address
            ? StandardProtocolFamily.INET
            : StandardProtocolFamily.INET6;
    Channel udp =
        new Bootstrap()
            .group(group)
            .channelFactory(loop -> new NioDatagramChannel(loop, family))
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            new DatagramDnsDecoder(),
                            new DatagramDnsEncoder(),
                            new UdpHandler(answerer));
                  }
                })
            .bind(address)
            .sync()
            .getNow();
    InetSocketAddress bound = (InetSocketAddress) udp.localAddress();
    try {
      ServerChannel tcp =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerSocketChannel::new)
              .childHandler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline()
                          .addLast(
                              new TcpDnsEncoder(), new TcpDnsDecoder(), new TcpHandler(answerer));
                    }
                  })
              .bind(bound)
              .sync()
              .getNow();
      return new DnsServer(udp, tcp);
    } catch (RuntimeException | InterruptedException e) {
      udp.close().sync();
      throw e;
    }
  }

  /**
   * Returns the address both listeners are bound to.
   *
   * @return the address
   */
  public InetSocketAddress address() {
    return (InetSocketAddress) udp.localAddress();
  }

  /**
   * Closes both listeners and waits.
   *
   * @throws InterruptedException if interrupted while waiting
   */
  @Override
  public void close() throws InterruptedException {
    udp.close().sync();
    tcp.close().sync();
  }

  private static final class UdpHandler implements ChannelHandler {
    private final ZoneAnswerer answerer;

    UdpHandler(ZoneAnswerer answerer) {
      this.answerer = answerer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DnsEnvelope query = (DnsEnvelope) msg;
      DnsMessage response = ZoneAnswerer.forUdp(query.message(), answerer.answer(query.message()));
      ctx.writeAndFlush(DnsEnvelope.to(response, query.sender()));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // A datagram that is not a DNS message: nothing to answer, the next one is unrelated.
    }
  }

  private static final class TcpHandler implements ChannelHandler {
    private final ZoneAnswerer answerer;

    TcpHandler(ZoneAnswerer answerer) {
      this.answerer = answerer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.writeAndFlush(answerer.answer((DnsMessage) msg));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the zone cannot be read or the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    String zoneFile = options.get("zone", null);
    if (zoneFile == null) {
      throw new UsageException("--zone FILE is required (a zone file: see Zone's javadoc)");
    }
    Zone zone = Zone.read(Path.of(zoneFile));
    InetSocketAddress address =
        new InetSocketAddress(
            InetAddress.ofLiteral(options.get("host", "127.0.0.1")), options.port(10053));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try (DnsServer server = start(group, address, zone)) {
      System.out.printf(
          "dns-server answering for %s (%d records) on %s, UDP and TCP%n",
          zone.origin(), zone.records().size(), server.address());
      server.udp.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
