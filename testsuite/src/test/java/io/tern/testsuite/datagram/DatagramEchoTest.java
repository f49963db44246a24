package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import java.net.InetAddress;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Datagrams of random sizes come back intact from an echo peer, with their sender and recipient,
 * over IPv4 and IPv6 loopback. One datagram in flight at a time: UDP may drop what a full receive
 * buffer cannot take, and this test is about content and addresses, not about loss.
 */
public abstract class DatagramEchoTest extends AbstractDatagramTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramEchoTest(DatagramTransport transport) {
    super(transport);
  }

  /** Sends each datagram back to where it came from. Stateless: share it. */
  static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      DatagramPacket packet = (DatagramPacket) msg;
      ctx.write(new DatagramPacket(packet.content(), packet.sender()));
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }
  }

  private static String randomText(SplittableRandom random, int size) {
    StringBuilder b = new StringBuilder(size);
    for (int i = 0; i < size; i++) {
      b.append((char) ('a' + random.nextInt(26)));
    }
    return b.toString();
  }

  private void echoesRandomSizes(InetAddress loopback) throws Exception {
    DatagramChannel peer = bind(loopback, new Echo());
    Collector collector = new Collector();
    DatagramChannel client = bind(loopback, collector);
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 64; i++) {
      // 1 byte to the longest datagram the default receive buffer takes whole.
      String sent = randomText(random, 1 + random.nextInt(2048));
      send(client, sent, peer.localAddress());
      Collector.Received back = collector.next();
      assertThat(back.text()).isEqualTo(sent);
      assertThat(back.sender()).isEqualTo(peer.localAddress());
      assertThat(back.recipient()).isEqualTo(client.localAddress());
    }
    assertThat(collector.failures()).isEmpty();
  }

  @Test
  void echoesDatagramsOfRandomSizesOverIpv4() throws Exception {
    echoesRandomSizes(LOOPBACK4);
  }

  @Test
  void echoesDatagramsOfRandomSizesOverIpv6() throws Exception {
    echoesRandomSizes(LOOPBACK6);
  }

  @Test
  void aChannelReceivesFromSeveralSendersAndTellsThemApart() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(LOOPBACK4, collector);
    DatagramChannel first = bind(LOOPBACK4, new ChannelHandler() {});
    DatagramChannel second = bind(LOOPBACK4, new ChannelHandler() {});

    send(first, "one", receiver.localAddress());
    Collector.Received one = collector.next();
    send(second, "two", receiver.localAddress());
    Collector.Received two = collector.next();

    assertThat(one.text()).isEqualTo("one");
    assertThat(one.sender()).isEqualTo(first.localAddress());
    assertThat(two.text()).isEqualTo("two");
    assertThat(two.sender()).isEqualTo(second.localAddress());
    assertThat(receiver.isActive()).as("bound").isTrue();
    assertThat(receiver.isConnected()).isFalse();
  }
}
