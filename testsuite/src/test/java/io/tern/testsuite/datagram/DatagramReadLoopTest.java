package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.socket.DatagramChannel;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The datagram read loop's limits: at most {@code MAX_MESSAGES_PER_READ} datagrams per loop, each
 * loop ending with one {@code channelReadComplete}, and datagrams queued before the first read
 * delivered in order across loops (a batching transport takes them many per {@code recvmmsg}).
 *
 * <p>The datagrams are queued by a JDK socket while the channel has auto-read off, so every loop
 * finds them waiting and nothing depends on timing.
 */
public abstract class DatagramReadLoopTest extends AbstractDatagramTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramReadLoopTest(DatagramTransport transport) {
    super(transport);
  }

  /** Sends "0", "1", … from a JDK socket; they wait in the channel's socket until it reads. */
  private static void sendFromJdk(InetSocketAddress to, int count) throws Exception {
    try (java.nio.channels.DatagramChannel jdk =
        java.nio.channels.DatagramChannel.open(StandardProtocolFamily.INET)) {
      for (int i = 0; i < count; i++) {
        jdk.send(ByteBuffer.wrap(Integer.toString(i).getBytes(StandardCharsets.UTF_8)), to);
      }
    }
  }

  @Test
  void theReadLoopStopsAfterMaxMessagesPerRead() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(
            LOOPBACK4,
            0,
            collector,
            b ->
                b.option(ChannelOption.AUTO_READ, false)
                    .option(ChannelOption.MAX_MESSAGES_PER_READ, 2));
    sendFromJdk(receiver.localAddress(), 5);

    receiver.config().autoRead(true);
    for (int i = 0; i < 5; i++) {
      assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
    }
    // Closing runs on the loop after the read loop that delivered the last datagram has ended.
    receiver.close().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);

    assertThat(collector.events())
        .containsExactly(
            "read", "read", "complete", "read", "read", "complete", "read", "complete");
  }

  @Test
  void manyQueuedDatagramsArriveInOrderAcrossReadLoops() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver =
        bind(
            LOOPBACK4,
            0,
            collector,
            b ->
                b.option(ChannelOption.AUTO_READ, false)
                    .option(ChannelOption.SO_RCVBUF, 1024 * 1024));
    int count = 100;
    sendFromJdk(receiver.localAddress(), count);

    receiver.config().autoRead(true);
    for (int i = 0; i < count; i++) {
      assertThat(collector.next().text()).isEqualTo(Integer.toString(i));
    }

    assertThat(collector.failures()).isEmpty();
    long completes = collector.events().stream().filter("complete"::equals).count();
    assertThat(completes)
        .as("at most 16 datagrams per read loop")
        .isGreaterThanOrEqualTo(count / 16);
  }
}
