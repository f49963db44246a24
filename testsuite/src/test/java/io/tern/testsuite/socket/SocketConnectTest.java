package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.testsuite.transport.TransportUnderTest.HeldAddress;
import io.tern.transport.bootstrap.AddressResolver;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.junit.jupiter.api.Test;

/** Connect outcomes: refused, timed out, resolved through the resolver hook. */
public abstract class SocketConnectTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketConnectTest(TransportUnderTest transport) {
    super(transport);
  }

  @Test
  void connectingWhereNothingListensIsRefused() throws Exception {
    try (HeldAddress nobody = transport.refusingAddress()) {
      Future<Channel> f =
          clientBootstrap().handler(new ChannelHandler() {}).connect(nobody.address());

      assertThat(awaitDone(f).cause()).isInstanceOf(ConnectException.class);
    }
  }

  @Test
  void aResolverThatNeverAnswersTimesTheConnectOut() throws Exception {
    AddressResolver never = (address, loop) -> loop.newPromise();
    Future<Channel> f =
        clientBootstrap()
            .resolver(never)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 100)
            .handler(new ChannelHandler() {})
            .connect(InetSocketAddress.createUnresolved("never.resolves.test", 1));

    assertThat(awaitDone(f).cause()).isInstanceOf(ConnectTimeoutException.class);
  }

  @Test
  void aFailingResolverFailsTheConnect() throws Exception {
    AddressResolver failing =
        (address, loop) -> loop.newFailedFuture(new java.net.UnknownHostException("no.such.test"));
    Future<Channel> f =
        clientBootstrap()
            .resolver(failing)
            .handler(new ChannelHandler() {})
            .connect(InetSocketAddress.createUnresolved("no.such.test", 1));

    assertThat(awaitDone(f).cause()).isInstanceOf(java.net.UnknownHostException.class);
  }

  @Test
  void theResolverHookTurnsANameIntoTheServerAddress() throws Exception {
    Channel server = startServer(new EchoHandler());
    SocketAddress serverAddress = server.localAddress();
    AddressResolver toServer = (address, loop) -> loop.newSucceededFuture(serverAddress);
    ByteSink sink = new ByteSink(1);

    Channel client =
        track(
            await(
                clientBootstrap()
                    .resolver(toServer)
                    .handler(sink)
                    .connect(InetSocketAddress.createUnresolved("echo.test", 7))));
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {42}));

    assertThat(await(sink.done())).containsExactly(42);
    assertThat(client.remoteAddress()).isEqualTo(serverAddress);
  }
}
