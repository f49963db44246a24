package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import java.net.BindException;
import org.junit.jupiter.api.Test;

/** Binding: an address in use cannot be bound twice; a bound server reports its address. */
public abstract class SocketBindTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketBindTest(TransportUnderTest transport) {
    super(transport);
  }

  @Test
  void bindingAnAddressInUseFailsAndClosesTheNewChannel() throws Exception {
    ServerChannel first = startServer(new EchoHandler());

    Future<ServerChannel> second =
        serverBootstrap().childHandler(new EchoHandler()).bind(first.localAddress());

    assertThat(awaitDone(second).cause()).isInstanceOf(BindException.class);
    assertThat(first.isActive()).isTrue();
  }

  @Test
  void aBoundServerIsActiveWithItsAddress() throws Exception {
    ServerChannel server = startServer(new EchoHandler());

    assertThat(server.isActive()).isTrue();
    assertThat(server.isRegistered()).isTrue();
    assertThat(server.localAddress()).isNotNull();
    assertThat(server.remoteAddress()).isNull();

    Channel client = connect(server, new EchoHandler());
    assertThat(client.remoteAddress()).isEqualTo(server.localAddress());
  }
}
