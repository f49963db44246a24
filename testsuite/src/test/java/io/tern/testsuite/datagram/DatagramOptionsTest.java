package io.tern.testsuite.datagram;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.socket.DatagramChannel;
import java.net.NetworkInterface;
import org.junit.jupiter.api.Test;

/**
 * Datagram options set through a bootstrap reach the socket and read back from it, can be changed
 * on a bound channel, and TCP options are not datagram options (they read as {@code null} and
 * setting one is refused).
 */
public abstract class DatagramOptionsTest extends AbstractDatagramTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected DatagramOptionsTest(DatagramTransport transport) {
    super(transport);
  }

  @Test
  void optionsReachTheSocketAndReadBack() throws Exception {
    NetworkInterface lo = NetworkInterface.getByInetAddress(LOOPBACK4);
    DatagramChannel ch =
        bind(
            LOOPBACK4,
            0,
            new ChannelHandler() {},
            b ->
                b.option(ChannelOption.SO_BROADCAST, true)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .option(ChannelOption.SO_RCVBUF, 65536)
                    .option(ChannelOption.SO_SNDBUF, 65536)
                    .option(ChannelOption.IP_MULTICAST_TTL, 7)
                    .option(ChannelOption.IP_MULTICAST_LOOP_DISABLED, true)
                    .option(ChannelOption.IP_MULTICAST_IF, lo));
    ChannelConfig config = ch.config();

    assertThat(config.getOption(ChannelOption.SO_BROADCAST)).isTrue();
    assertThat(config.getOption(ChannelOption.SO_REUSEADDR)).isTrue();
    assertThat(config.getOption(ChannelOption.SO_RCVBUF)).isGreaterThanOrEqualTo(65536);
    assertThat(config.getOption(ChannelOption.SO_SNDBUF)).isGreaterThanOrEqualTo(65536);
    assertThat(config.getOption(ChannelOption.IP_MULTICAST_TTL)).isEqualTo(7);
    assertThat(config.getOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED)).isTrue();
    assertThat(config.getOption(ChannelOption.IP_MULTICAST_IF)).isEqualTo(lo);
    assertThat(config.getOptions())
        .containsKeys(ChannelOption.SO_BROADCAST, ChannelOption.IP_MULTICAST_TTL);

    assertThat(config.setOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED, false)).isTrue();
    assertThat(config.getOption(ChannelOption.IP_MULTICAST_LOOP_DISABLED)).isFalse();
  }

  @Test
  void tcpOptionsAreNotDatagramOptions() throws Exception {
    DatagramChannel ch = bind(LOOPBACK4, new ChannelHandler() {});

    assertThat(ch.config().getOption(ChannelOption.TCP_NODELAY)).isNull();
    assertThat(ch.config().getOptions()).doesNotContainKey(ChannelOption.TCP_NODELAY);
    assertThat(ch.config().setOption(ChannelOption.TCP_NODELAY, true)).isFalse();
  }
}
