package io.tern.transport.nio;

import io.tern.buffer.Unpooled;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.NioIoHandler;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs inside the network namespace {@link NioMulticastNamespaceTest} builds (a veth pair {@code
 * va}–{@code vb}, with fd00:99::1 and ::3 on {@code va} and fd00:99::2 on {@code vb}): senders on
 * {@code va} multicast to a receiver whose memberships are on {@code vb}. Prints {@code PASS
 * <step>} per step and exits 0, or prints the failure and exits 1.
 *
 * <p>Negative checks need no waiting: a datagram that must not arrive is sent first, a datagram
 * that must arrive second, over the same path; the first datagram received must be the second one.
 */
public final class MulticastProbe {
  private static final long STEP_TIMEOUT_SECONDS = 20;

  private final EventLoopGroup group;
  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

  private MulticastProbe(EventLoopGroup group) {
    this.group = group;
  }

  /**
   * Runs every step.
   *
   * @param args unused
   */
  public static void main(String[] args) {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    int status = 0;
    try {
      MulticastProbe probe = new MulticastProbe(group);
      probe.run(
          "ipv6",
          StandardProtocolFamily.INET6,
          "::",
          "fd00:99::1",
          "fd00:99::3",
          "fd00:99::2",
          "ff15::7",
          "ff35::8000:7");
    } catch (Throwable t) {
      t.printStackTrace(System.out);
      status = 1;
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
    System.out.flush();
    System.exit(status);
  }

  private void run(
      String name,
      ProtocolFamily family,
      String wildcard,
      String source,
      String otherSource,
      String receiverAddress,
      String anySourceGroup,
      String sourceSpecificGroup)
      throws Exception {
    NetworkInterface va = NetworkInterface.getByName("va");
    NetworkInterface vb = NetworkInterface.getByName("vb");
    InetAddress src = InetAddress.ofLiteral(source);
    InetAddress other = InetAddress.ofLiteral(otherSource);
    InetAddress groupAny = InetAddress.ofLiteral(anySourceGroup);
    InetAddress groupSsm = InetAddress.ofLiteral(sourceSpecificGroup);
    received.clear();

    DatagramChannel receiver = bind(family, wildcard, null, new Collector());
    DatagramChannel sender = bind(family, source, va, new ChannelHandler() {});
    DatagramChannel otherSender = bind(family, otherSource, va, new ChannelHandler() {});
    int port = receiver.localAddress().getPort();
    InetSocketAddress any = new InetSocketAddress(groupAny, port);
    InetSocketAddress ssm = new InetSocketAddress(groupSsm, port);
    try {
      receiver.joinGroup(groupAny, vb).sync();
      send(sender, "any", any);
      expect("any from " + src.getHostAddress());
      pass(name, "any-source");

      receiver.block(groupAny, vb, other).sync();
      send(otherSender, "blocked", any);
      send(sender, "unblocked", any);
      expect("unblocked from " + src.getHostAddress());
      receiver.unblock(groupAny, vb, other).sync();
      send(otherSender, "again", any);
      expect("again from " + other.getHostAddress());
      pass(name, "block");

      receiver.joinGroup(groupSsm, vb, src).sync();
      send(otherSender, "foreign", ssm);
      send(sender, "chosen", ssm);
      expect("chosen from " + src.getHostAddress());
      pass(name, "source-specific");

      receiver.leaveGroup(groupSsm, vb, src).sync();
      receiver.leaveGroup(groupAny, vb).sync();
      send(sender, "after leaving", any);
      send(sender, "after leaving", ssm);
      send(sender, "marker", new InetSocketAddress(InetAddress.ofLiteral(receiverAddress), port));
      expect("marker from " + src.getHostAddress());
      pass(name, "leave");
    } finally {
      receiver.close().sync();
      sender.close().sync();
      otherSender.close().sync();
    }
  }

  private DatagramChannel bind(
      ProtocolFamily family, String address, NetworkInterface multicastIf, ChannelHandler handler)
      throws Exception {
    Bootstrap bootstrap =
        new Bootstrap()
            .group(group)
            .channelFactory(loop -> new NioDatagramChannel(loop, family))
            .handler(handler);
    if (multicastIf != null) {
      // Loop-back off: only the copy that crosses the veth pair can reach the receiver.
      bootstrap
          .option(ChannelOption.IP_MULTICAST_IF, multicastIf)
          .option(ChannelOption.IP_MULTICAST_LOOP_DISABLED, true);
    }
    return (DatagramChannel)
        bootstrap.bind(new InetSocketAddress(InetAddress.ofLiteral(address), 0)).sync().getNow();
  }

  private static void send(DatagramChannel from, String text, InetSocketAddress to)
      throws Exception {
    from.writeAndFlush(new DatagramPacket(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8), to))
        .sync();
  }

  private void expect(String expected) throws InterruptedException {
    String actual = received.poll(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!expected.equals(actual)) {
      throw new AssertionError("expected \"" + expected + "\", received \"" + actual + "\"");
    }
  }

  private static void pass(String family, String step) {
    System.out.println("PASS " + family + " " + step);
  }

  private final class Collector implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DatagramPacket packet = (DatagramPacket) msg;
      try {
        received.add(
            packet.content().toString(StandardCharsets.UTF_8)
                + " from "
                + packet.sender().getAddress().getHostAddress());
      } finally {
        packet.release();
      }
    }
  }
}
