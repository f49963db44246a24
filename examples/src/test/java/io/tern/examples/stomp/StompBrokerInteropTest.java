package io.tern.examples.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.stomp.StompHeartbeat;
import io.tern.examples.support.PythonPeers;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stomp.py} (PyPI, installed by {@link PythonPeers}) against the stomp-broker example, in
 * STOMP 1.0, 1.1 and 1.2: every ack mode, NACK and redelivery, committed and aborted transactions,
 * receipts, an ERROR frame, and heart-beats both ways over an idle spell (the broker offers 250 ms,
 * the client 300 ms). The session script is {@code stomp_session.py} beside this class.
 */
@Tag("interop")
class StompBrokerInteropTest {

  @ParameterizedTest
  @ValueSource(strings = {"1.0", "1.1", "1.2"})
  void stompPySessionPassesAgainstTheBroker(String version) throws Exception {
    Path python = PythonPeers.python();
    Path script = Files.createTempFile("stomp_session", ".py");
    try (InputStream in = StompBrokerInteropTest.class.getResourceAsStream("stomp_session.py")) {
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          StompBroker.start(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                  new StompHeartbeat(250, 250))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      PythonPeers.Result result =
          PythonPeers.run(List.of(python.toString(), script.toString(), "" + port, version), 120);
      assertThat(result.output()).contains("OK " + version);
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      Files.deleteIfExists(script);
    }
  }
}
