package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The datagram write loop: many datagrams flushed at once all go out in order (a batching transport
 * sends them many per {@code sendmmsg}), and a send the OS refuses fails only its own write.
 */
public abstract class DatagramWriteLoopTest extends AbstractDatagramTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramWriteLoopTest(DatagramTransport transport) {
    super(transport);
  }

  @Test
  void manyDatagramsFlushedAtOnceAllArriveInOrder() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(LOOPBACK4, 0, collector, b -> b.option(ChannelOption.SO_RCVBUF, 1024 * 1024));
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});
    int count = 100;

    List<Future<Void>> writes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      writes.add(
          sender.write(new DatagramPacket(text(Integer.toString(i)), receiver.localAddress())));
    }
    sender.flush();

    for (Future<Void> w : writes) {
      assertThat(settled(w).isSuccess()).as("%s", w.cause()).isTrue();
    }
    for (int i = 0; i < count; i++) {
      assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
    }
  }

  @Test
  void aRefusedSendFailsOnlyThatWrite() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(LOOPBACK4, collector);
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});
    // Broadcast without SO_BROADCAST: the kernel refuses (EACCES). Flushed with the next one, so a
    // batching transport meets the refusal inside a batch.
    InetSocketAddress broadcast =
        new InetSocketAddress(InetAddress.ofLiteral("255.255.255.255"), 9);

    Future<Void> refused = sender.write(new DatagramPacket(text("x"), broadcast));
    Future<Void> delivered =
        sender.writeAndFlush(new DatagramPacket(text("after"), receiver.localAddress()));

    assertThat(settled(refused).cause()).isInstanceOf(SocketException.class);
    assertThat(settled(delivered).isSuccess()).as("%s", delivered.cause()).isTrue();
    assertThat(collector.next().text()).isEqualTo("after");
    assertThat(sender.isOpen()).isTrue();
  }
}
