package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.socket.DatagramChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.channels.NotYetConnectedException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Connected mode: a connected channel sends plain buffers to its peer, receives only its peer's
 * datagrams, reports an unreachable peer without closing, and after {@code disconnect()} is an
 * ordinary bound channel again. Over IPv4 and IPv6 loopback.
 *
 * <p><b>"Only its peer" without waiting.</b> A stranger connected to the channel's address sends
 * first: the kernel, finding no socket that accepts the datagram, answers it with ICMP port
 * unreachable, which the stranger sees as {@link PortUnreachableException}. That proves the
 * datagram was turned away, not merely late, before the peer's datagram is sent.
 */
public abstract class DatagramConnectedTest extends AbstractDatagramTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramConnectedTest(DatagramTransport transport) {
    super(transport);
  }

  private static void write(DatagramChannel ch, ByteBuf buf) throws Exception {
    ch.writeAndFlush(buf).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  private void exchangesPlainBuffersWithItsPeer(InetAddress loopback) throws Exception {
    Collector atPeer = new Collector();
    DatagramChannel peer = bind(loopback, atPeer);
    Collector atClient = new Collector();
    DatagramChannel client = connect(peer.localAddress(), atClient);

    assertThat(client.isActive()).isTrue();
    assertThat(client.isConnected()).isTrue();
    assertThat(client.remoteAddress()).isEqualTo(peer.localAddress());
    assertThat(client.localAddress().getAddress()).isEqualTo(loopback);

    write(client, text("plain"));
    Collector.Received atPeerSide = atPeer.next();
    assertThat(atPeerSide.text()).isEqualTo("plain");
    assertThat(atPeerSide.sender()).isEqualTo(client.localAddress());

    send(peer, "back", client.localAddress());
    Collector.Received atClientSide = atClient.next();
    assertThat(atClientSide.text()).isEqualTo("back");
    assertThat(atClientSide.sender()).isEqualTo(peer.localAddress());
    assertThat(atClientSide.recipient()).isEqualTo(client.localAddress());
    assertThat(atClient.failures()).isEmpty();
  }

  @Test
  void aConnectedChannelExchangesPlainBuffersWithItsPeerOverIpv4() throws Exception {
    exchangesPlainBuffersWithItsPeer(LOOPBACK4);
  }

  @Test
  void aConnectedChannelExchangesPlainBuffersWithItsPeerOverIpv6() throws Exception {
    exchangesPlainBuffersWithItsPeer(LOOPBACK6);
  }

  private void receivesOnlyFromItsPeerUntilDisconnected(InetAddress loopback) throws Exception {
    DatagramChannel peer = bind(loopback, new ChannelHandler() {});
    Collector atClient = new Collector();
    DatagramChannel client = connect(peer.localAddress(), atClient);
    Collector atStranger = new Collector();
    DatagramChannel stranger = connect(client.localAddress(), atStranger);

    write(stranger, text("turned away"));
    assertThat(atStranger.nextFailure()).isInstanceOf(PortUnreachableException.class);
    send(peer, "from the peer", client.localAddress());
    assertThat(atClient.next().text()).isEqualTo("from the peer");

    client.disconnect().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    assertThat(client.isConnected()).isFalse();
    assertThat(client.isOpen()).isTrue();
    assertThat(client.isActive()).isTrue();
    assertThat(client.remoteAddress()).isNull();

    write(stranger, text("welcome now"));
    Collector.Received r = atClient.next();
    assertThat(r.text()).isEqualTo("welcome now");
    assertThat(r.sender()).isEqualTo(stranger.localAddress());
    assertThat(stranger.isOpen()).isTrue();
    assertThat(atClient.failures()).isEmpty();
  }

  @Test
  void aConnectedChannelReceivesOnlyFromItsPeerUntilDisconnectedOverIpv4() throws Exception {
    receivesOnlyFromItsPeerUntilDisconnected(LOOPBACK4);
  }

  @Test
  void aConnectedChannelReceivesOnlyFromItsPeerUntilDisconnectedOverIpv6() throws Exception {
    receivesOnlyFromItsPeerUntilDisconnected(LOOPBACK6);
  }

  @Test
  void anUnreachablePeerIsReportedAndTheChannelStaysConnected() throws Exception {
    // Bound, then closed: nothing receives at that port any more.
    DatagramChannel gone = bind(LOOPBACK4, new ChannelHandler() {});
    InetSocketAddress nowhere = gone.localAddress();
    gone.close().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    Collector atClient = new Collector();
    DatagramChannel client = connect(nowhere, atClient);

    write(client, text("anyone?")); // the ICMP error comes back through the next read
    assertThat(atClient.nextFailure()).isInstanceOf(PortUnreachableException.class);
    assertThat(client.isOpen()).isTrue();
    assertThat(client.isConnected()).isTrue();

    // Still usable: a receiver at that address now gets the next datagram.
    Collector atRevived = new Collector();
    DatagramChannel revived = bind(LOOPBACK4, nowhere.getPort(), atRevived, b -> b);
    write(client, text("there you are"));
    assertThat(atRevived.next().text()).isEqualTo("there you are");
    assertThat(revived.isOpen()).isTrue();
  }

  @Test
  void aPlainBufferOnAnUnconnectedChannelFailsItsWriteAndIsReleased() throws Exception {
    Collector collector = new Collector();
    DatagramChannel ch = bind(LOOPBACK4, collector);
    ByteBuf buf = text("to nobody");

    Future<Void> write = settled(ch.writeAndFlush(buf));

    assertThat(write.cause()).isInstanceOf(NotYetConnectedException.class);
    assertThat(buf.refCnt()).isZero();
    assertThat(ch.isOpen()).isTrue();
  }
}
