package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.socket.DatagramChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * IPv4 multicast on the loopback interface only: senders bound to {@code 127.0.0.1} and {@code
 * 127.0.0.2} send through {@code lo} ({@code IP_MULTICAST_IF}); receivers bind to the group address
 * itself (no wildcard address) and join on {@code lo}. Linux carries IPv4 multicast over {@code lo}
 * without its MULTICAST flag when the interface is chosen explicitly; it does not deliver IPv6
 * multicast over {@code lo} at all, so there is no IPv6 variant.
 *
 * <p><b>Negative checks without waiting.</b> A datagram that must not reach receiver {@code R} goes
 * to a group a witness {@code W} (bound to the same group and port) receives too. Once {@code W}
 * has it, the kernel has delivered it to every socket it would ever reach, so the next datagram
 * {@code R} receives, sent afterwards, shows whether the first one reached {@code R}. This needs a
 * socket to receive only the groups it joined itself ({@code IP_MULTICAST_ALL} off, the JDK's
 * setting on Linux): a transport that leaves the kernel's default would deliver to {@code R} what
 * {@code W} joined.
 */
public abstract class DatagramMulticastTest extends AbstractDatagramTest {
  private static final InetAddress OTHER_LOOPBACK4 = InetAddress.ofLiteral("127.0.0.2");

  private NetworkInterface lo;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramMulticastTest(DatagramTransport transport) {
    super(transport);
  }

  @BeforeAll
  void findLoopbackInterface() throws Exception {
    lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    assertThat(lo).as("the interface of 127.0.0.1").isNotNull();
  }

  private static Bootstrap reuseAddress(Bootstrap b) {
    return b.option(ChannelOption.SO_REUSEADDR, true);
  }

  /** A receiver bound to {@code group} (port 0 picks one) that has not joined yet. */
  private DatagramChannel receiver(InetAddress group, int port, Collector collector)
      throws Exception {
    return bind(group, port, collector, DatagramMulticastTest::reuseAddress);
  }

  /** A sender bound to {@code source} whose multicast datagrams leave through {@code lo}. */
  private DatagramChannel sender(InetAddress source) throws Exception {
    return bind(
        source, 0, new ChannelHandler() {}, b -> b.option(ChannelOption.IP_MULTICAST_IF, lo));
  }

  private static void sync(Future<Void> f) throws Exception {
    f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  @Test
  void aJoinedGroupsDatagramsArriveWithTheirSender() throws Exception {
    InetAddress group = InetAddress.ofLiteral("239.255.42.1");
    Collector atReceiver = new Collector();
    DatagramChannel receiver = receiver(group, 0, atReceiver);
    DatagramChannel sender = sender(LOOPBACK4);
    InetSocketAddress to = receiver.localAddress();

    sync(receiver.joinGroup(group, lo));
    send(sender, "hello", to);

    Collector.Received r = atReceiver.next();
    assertThat(r.fromHost()).isEqualTo("hello from 127.0.0.1");
    assertThat(r.recipient().getAddress()).isEqualTo(group);
  }

  @Test
  void aBlockedSourceIsFilteredUntilUnblocked() throws Exception {
    InetAddress group = InetAddress.ofLiteral("239.255.42.2");
    Collector atReceiver = new Collector();
    DatagramChannel receiver = receiver(group, 0, atReceiver);
    Collector atWitness = new Collector();
    DatagramChannel witness = receiver(group, receiver.localAddress().getPort(), atWitness);
    DatagramChannel sender = sender(LOOPBACK4);
    DatagramChannel other = sender(OTHER_LOOPBACK4);
    InetSocketAddress to = receiver.localAddress();
    sync(receiver.joinGroup(group, lo));
    sync(witness.joinGroup(group, lo));

    sync(receiver.block(group, lo, OTHER_LOOPBACK4));
    send(other, "blocked", to);
    assertThat(atWitness.next().fromHost()).isEqualTo("blocked from 127.0.0.2");
    send(sender, "allowed", to);
    assertThat(atReceiver.next().fromHost()).isEqualTo("allowed from 127.0.0.1");

    sync(receiver.unblock(group, lo, OTHER_LOOPBACK4));
    send(other, "again", to);
    assertThat(atReceiver.next().fromHost()).isEqualTo("again from 127.0.0.2");
  }

  @Test
  void aSourceSpecificMembershipReceivesOnlyFromThatSource() throws Exception {
    InetAddress group = InetAddress.ofLiteral("239.255.42.3");
    Collector atReceiver = new Collector();
    DatagramChannel receiver = receiver(group, 0, atReceiver);
    Collector atWitness = new Collector();
    DatagramChannel witness = receiver(group, receiver.localAddress().getPort(), atWitness);
    DatagramChannel sender = sender(LOOPBACK4);
    DatagramChannel other = sender(OTHER_LOOPBACK4);
    InetSocketAddress to = receiver.localAddress();
    sync(receiver.joinGroup(group, lo, LOOPBACK4));
    sync(witness.joinGroup(group, lo));

    send(other, "foreign", to);
    assertThat(atWitness.next().fromHost()).isEqualTo("foreign from 127.0.0.2");
    send(sender, "chosen", to);
    assertThat(atReceiver.next().fromHost()).isEqualTo("chosen from 127.0.0.1");

    sync(receiver.leaveGroup(group, lo, LOOPBACK4));
  }

  @Test
  void afterLeavingAGroupItsDatagramsNoLongerArrive() throws Exception {
    InetAddress group = InetAddress.ofLiteral("239.255.42.4");
    Collector atReceiver = new Collector();
    DatagramChannel receiver = receiver(group, 0, atReceiver);
    Collector atWitness = new Collector();
    DatagramChannel witness = receiver(group, receiver.localAddress().getPort(), atWitness);
    DatagramChannel sender = sender(LOOPBACK4);
    InetSocketAddress to = receiver.localAddress();
    sync(receiver.joinGroup(group, lo));
    sync(witness.joinGroup(group, lo));
    send(sender, "member", to);
    assertThat(atReceiver.next().text()).isEqualTo("member");
    assertThat(atWitness.next().text()).isEqualTo("member");

    sync(receiver.leaveGroup(group, lo));
    send(sender, "after leaving", to);
    assertThat(atWitness.next().text()).isEqualTo("after leaving");
    sync(receiver.joinGroup(group, lo));
    send(sender, "joined again", to);

    assertThat(atReceiver.next().text()).isEqualTo("joined again");
  }
}
