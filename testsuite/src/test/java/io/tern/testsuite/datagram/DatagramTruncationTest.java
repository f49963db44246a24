package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramTruncatedException;
import io.tern.transport.spi.AbstractDatagramChannel;
import org.junit.jupiter.api.Test;

/**
 * The truncation contract every transport keeps (see {@code docs/datagram.md}): a datagram that
 * fills its receive buffer counts as truncated, is dropped and reported as {@link
 * DatagramTruncatedException} through {@code exceptionCaught}, and the channel reads on; a buffer
 * of <i>n</i> bytes therefore takes datagrams of up to <i>n</i> − 1 bytes whole.
 */
public abstract class DatagramTruncationTest extends AbstractDatagramTest {
  private static final int DEFAULT_MAX = AbstractDatagramChannel.DEFAULT_MAX_DATAGRAM_BYTES;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramTruncationTest(DatagramTransport transport) {
    super(transport);
  }

  private DatagramChannel receiver(Collector collector, int bufferBytes) throws Exception {
    return bind(
        LOOPBACK4,
        0,
        collector,
        b -> b.option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(bufferBytes)));
  }

  @Test
  void aDatagramOfTheDefaultMaximumArrivesWhole() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(LOOPBACK4, collector);
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});
    String max = "m".repeat(DEFAULT_MAX);

    send(sender, max, receiver.localAddress());

    assertThat(collector.next().text()).isEqualTo(max);
    assertThat(collector.failures()).isEmpty();
  }

  @Test
  void aDatagramOverTheDefaultMaximumIsDroppedReportedAndTheChannelReadsOn() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = bind(LOOPBACK4, collector);
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});

    send(sender, "y".repeat(DEFAULT_MAX + 1), receiver.localAddress());
    send(sender, "next", receiver.localAddress());

    assertThat(collector.next().text()).isEqualTo("next");
    assertThat(collector.failures())
        .singleElement()
        .isInstanceOfSatisfying(
            DatagramTruncatedException.class,
            e -> {
              assertThat(e.sender()).isEqualTo(sender.localAddress());
              assertThat(e.maxDatagramBytes()).isEqualTo(DEFAULT_MAX);
            });
    assertThat(receiver.isOpen()).isTrue();
  }

  @Test
  void aSmallerFixedAllocatorMovesTheBoundaryToItsSizeMinusOne() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = receiver(collector, 101);
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});
    String fits = "f".repeat(100);

    send(sender, "x".repeat(101), receiver.localAddress());
    send(sender, fits, receiver.localAddress());

    assertThat(collector.next().text()).isEqualTo(fits);
    assertThat(collector.failures())
        .singleElement()
        .isInstanceOfSatisfying(
            DatagramTruncatedException.class, e -> assertThat(e.maxDatagramBytes()).isEqualTo(100));
  }

  @Test
  void aLargerFixedAllocatorTakesLongerDatagramsWhole() throws Exception {
    Collector collector = new Collector();
    DatagramChannel receiver = receiver(collector, 65536);
    DatagramChannel sender = bind(LOOPBACK4, new ChannelHandler() {});
    String big = "z".repeat(60_000);

    send(sender, big, receiver.localAddress());

    assertThat(collector.next().text()).isEqualTo(big);
    assertThat(collector.failures()).isEmpty();
  }
}
