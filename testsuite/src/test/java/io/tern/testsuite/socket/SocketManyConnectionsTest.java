package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Many connections at once are accepted, served and closed. */
public abstract class SocketManyConnectionsTest extends AbstractSocketTest {
  private static final int CONNECTIONS = 200;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketManyConnectionsTest(TransportUnderTest transport) {
    super(transport);
  }

  @Test
  void twoHundredConcurrentConnectionsEachGetTheirEcho() throws Exception {
    Channel server = startServer(new EchoHandler());
    List<Future<Channel>> connects = new ArrayList<>();
    List<ByteSink> sinks = new ArrayList<>();
    for (int i = 0; i < CONNECTIONS; i++) {
      ByteSink sink = new ByteSink(4);
      sinks.add(sink);
      connects.add(clientBootstrap().handler(sink).connect(server.localAddress()));
    }
    List<Channel> clients = new ArrayList<>();
    for (Future<Channel> f : connects) {
      clients.add(track(await(f)));
    }
    for (int i = 0; i < CONNECTIONS; i++) {
      clients.get(i).writeAndFlush(Unpooled.buffer(4).writeInt(i));
    }
    for (int i = 0; i < CONNECTIONS; i++) {
      byte[] echoed = await(sinks.get(i).done());
      assertThat(ByteBuffer.wrap(echoed).getInt()).isEqualTo(i);
    }
    for (Channel c : clients) {
      await(c.close());
    }
  }
}
