package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.socket.DatagramChannel;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

/**
 * The bookkeeping of multicast memberships, on IPv4 and IPv6 loopback: joins (any-source and
 * source-specific), repeated joins, blocks, leaves, and the errors (leaving what was never joined,
 * a group that is not multicast, no interface to join on, a closed channel). Whether datagrams then
 * arrive is {@link DatagramMulticastTest}'s part.
 */
public abstract class DatagramMembershipTest extends AbstractDatagramTest {
  private static final InetAddress GROUP4 = InetAddress.ofLiteral("239.255.77.1");
  private static final InetAddress SSM_GROUP4 = InetAddress.ofLiteral("232.1.2.3");

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramMembershipTest(DatagramTransport transport) {
    super(transport);
  }

  @Test
  void joinsBlocksUnblocksAndLeavesIpv4GroupsOnLoopback() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    InetAddress other = InetAddress.ofLiteral("127.0.0.2");
    DatagramChannel ch = bind(LOOPBACK4, new ChannelHandler() {});

    assertThat(settled(ch.joinGroup(GROUP4)).cause()).as("the bound address's interface").isNull();
    assertThat(settled(ch.joinGroup(GROUP4, lo)).cause()).as("the same membership again").isNull();
    assertThat(settled(ch.block(GROUP4, lo, other)).cause()).isNull();
    assertThat(settled(ch.unblock(GROUP4, lo, other)).cause()).isNull();
    assertThat(settled(ch.joinGroup(SSM_GROUP4, lo, LOOPBACK4)).cause()).isNull();
    assertThat(settled(ch.leaveGroup(SSM_GROUP4, lo, LOOPBACK4)).cause()).isNull();
    assertThat(settled(ch.leaveGroup(GROUP4)).cause()).isNull();
  }

  @Test
  void leavingAGroupNeverJoinedFails() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    DatagramChannel ch = bind(LOOPBACK4, new ChannelHandler() {});

    assertThat(settled(ch.leaveGroup(GROUP4, lo)).cause()).hasMessageContaining("not a member");
    assertThat(ch.isOpen()).isTrue();
  }

  @Test
  void joiningAnAddressThatIsNotMulticastFails() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    DatagramChannel ch = bind(LOOPBACK4, new ChannelHandler() {});

    assertThat(settled(ch.joinGroup(LOOPBACK4, lo)).cause())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a multicast address");
  }

  @Test
  void joiningOnAClosedChannelFails() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    DatagramChannel ch = bind(LOOPBACK4, new ChannelHandler() {});
    assertThat(settled(ch.close()).isSuccess()).isTrue();

    assertThat(settled(ch.joinGroup(GROUP4, lo)).cause())
        .isInstanceOf(ClosedChannelException.class);
  }

  @Test
  void joiningOnAWildcardBindWithoutAnInterfaceFailsWithAHint() throws Exception {
    DatagramChannel ch = bind(InetAddress.ofLiteral("0.0.0.0"), new ChannelHandler() {});

    assertThat(settled(ch.joinGroup(InetAddress.ofLiteral("239.255.77.2"))).cause())
        .isInstanceOf(SocketException.class)
        .hasMessageContaining("IP_MULTICAST_IF");
  }

  @Test
  void joinsAndLeavesIpv6GroupsOnLoopback() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK6);
    InetAddress group6 = InetAddress.ofLiteral("ff15::7e27");
    DatagramChannel ch = bind(LOOPBACK6, new ChannelHandler() {});

    assertThat(settled(ch.joinGroup(group6, lo)).cause()).isNull();
    assertThat(settled(ch.joinGroup(InetAddress.ofLiteral("ff35::8000:1"), lo, LOOPBACK6)).cause())
        .as("source-specific")
        .isNull();
    assertThat(settled(ch.leaveGroup(group6, lo)).cause()).isNull();
    assertThat(settled(ch.leaveGroup(group6, lo)).cause()).hasMessageContaining("not a member");
  }
}
