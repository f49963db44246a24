package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.AbstractTransportTest;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The base of the shared datagram tests: bound channels of the transport under test on loopback
 * addresses (on top of {@link AbstractTransportTest}'s event loop group and cleanup), and a {@link
 * Collector} that records what a channel receives. A transport runs the tests by subclassing them
 * with its {@link DatagramTransport} (see {@code io.tern.testsuite.nio.NioDatagramEchoTests}).
 *
 * <p>Waits are bounded ({@link #TIMEOUT_SECONDS}) only to turn a hang into a failure.
 */
public abstract class AbstractDatagramTest extends AbstractTransportTest {
  /** IPv4 loopback, {@code 127.0.0.1}. */
  protected static final InetAddress LOOPBACK4 = InetAddress.ofLiteral("127.0.0.1");

  /** IPv6 loopback, {@code ::1}. */
  protected static final InetAddress LOOPBACK6 = InetAddress.ofLiteral("::1");

  /** The transport under test. */
  protected final DatagramTransport transport;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected AbstractDatagramTest(DatagramTransport transport) {
    this.transport = transport;
  }

  @Override
  protected EventLoopGroup newGroup(int threads) {
    return transport.newGroup(threads);
  }

  /**
   * Returns a bootstrap of the transport's channels for addresses of {@code address}'s family.
   *
   * @param address decides the family
   * @param handler the channel's handler
   * @return the bootstrap
   */
  protected Bootstrap bootstrap(InetAddress address, ChannelHandler handler) {
    StandardProtocolFamily family =
        address instanceof Inet6Address
            ? StandardProtocolFamily.INET6
            : StandardProtocolFamily.INET;
    return new Bootstrap()
        .group(group)
        .channelFactory(loop -> transport.channels().create(loop, family))
        .handler(handler);
  }

  /**
   * Binds a channel to {@code address} and an ephemeral port, closed after the test.
   *
   * @param address the local address
   * @param handler the channel's handler
   * @return the bound channel
   * @throws Exception if binding fails
   */
  protected DatagramChannel bind(InetAddress address, ChannelHandler handler) throws Exception {
    return bind(address, 0, handler, UnaryOperator.identity());
  }

  /**
   * Binds a channel with extra options, closed after the test.
   *
   * @param address the local address
   * @param port the local port, 0 for an ephemeral one
   * @param handler the channel's handler
   * @param options adds options to the bootstrap
   * @return the bound channel
   * @throws Exception if binding fails
   */
  protected DatagramChannel bind(
      InetAddress address, int port, ChannelHandler handler, UnaryOperator<Bootstrap> options)
      throws Exception {
    Bootstrap b = options.apply(bootstrap(address, handler));
    return track(
        (DatagramChannel)
            b.bind(new InetSocketAddress(address, port)).get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
  }

  /**
   * Connects a channel to {@code remote} (binding it to an ephemeral port of the same family),
   * closed after the test.
   *
   * @param remote the peer
   * @param handler the channel's handler
   * @return the connected channel
   * @throws Exception if connecting fails
   */
  protected DatagramChannel connect(InetSocketAddress remote, ChannelHandler handler)
      throws Exception {
    return track(
        (DatagramChannel)
            bootstrap(remote.getAddress(), handler)
                .connect(remote)
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
  }

  /**
   * Sends {@code text} as one datagram and waits for the send to complete.
   *
   * @param from the sending channel
   * @param text the payload, UTF-8
   * @param to the recipient
   * @throws Exception if the send fails
   */
  protected static void send(DatagramChannel from, String text, InetSocketAddress to)
      throws Exception {
    from.writeAndFlush(new DatagramPacket(text(text), to)).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  /**
   * Copies a string into a new heap buffer.
   *
   * @param s the text
   * @return the UTF-8 bytes
   */
  protected static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  /**
   * Waits (bounded) until {@code future} is done, successfully or not.
   *
   * @param <F> the future's type
   * @param future the future
   * @return {@code future}, done
   * @throws InterruptedException if interrupted
   */
  protected static <F extends Future<?>> F settled(F future) throws InterruptedException {
    assertThat(future.await(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        .as("done within the hang guard")
        .isTrue();
    return future;
  }

  /**
   * Records what a channel receives (text, sender, recipient), the exceptions it sees and the order
   * of its read events ({@code "read"} per datagram, {@code "complete"} per read loop), and
   * releases the packets. One per channel; everything is safe to read from the test thread.
   */
  protected static final class Collector implements ChannelHandler {
    /**
     * One received datagram.
     *
     * @param text the payload, UTF-8
     * @param sender where it came from
     * @param recipient where it was sent to
     */
    public record Received(String text, InetSocketAddress sender, InetSocketAddress recipient) {
      /**
       * Returns the payload followed by {@code " from "} and the sender's address, without port.
       *
       * @return e.g. {@code "hello from 127.0.0.1"}
       */
      public String fromHost() {
        return text + " from " + sender.getAddress().getHostAddress();
      }
    }

    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final BlockingQueue<Throwable> failures = new LinkedBlockingQueue<>();
    private final List<String> events = new CopyOnWriteArrayList<>();

    /** Creates the collector. */
    public Collector() {}

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DatagramPacket packet = (DatagramPacket) msg;
      events.add("read");
      try {
        received.add(
            new Received(
                packet.content().toString(StandardCharsets.UTF_8),
                packet.sender(),
                packet.recipient()));
      } finally {
        packet.release();
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      events.add("complete");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      failures.add(cause);
    }

    /**
     * Returns the read events so far, in order: {@code "read"} per datagram, {@code "complete"} per
     * read loop.
     *
     * @return a snapshot
     */
    public List<String> events() {
      return List.copyOf(events);
    }

    /**
     * Waits (bounded) for the next datagram.
     *
     * @return it
     * @throws InterruptedException if interrupted
     */
    public Received next() throws InterruptedException {
      Received r = received.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      assertThat(r).as("a datagram within the hang guard").isNotNull();
      return r;
    }

    /**
     * Waits (bounded) for the next exception.
     *
     * @return it
     * @throws InterruptedException if interrupted
     */
    public Throwable nextFailure() throws InterruptedException {
      Throwable t = failures.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      assertThat(t).as("an exception within the hang guard").isNotNull();
      return t;
    }

    /**
     * Returns the exceptions seen and not yet taken.
     *
     * @return a snapshot
     */
    public List<Throwable> failures() {
      return List.copyOf(failures);
    }
  }
}
