package io.tern.examples.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.linux.bootstrap.SocketTransport;
import io.tern.transport.local.LocalAddress;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class TransportsTest {

  @Test
  void selectsTheBestTransportByDefault() {
    assertThat(Transports.select(new ExampleOptions(new String[0])).name())
        .isEqualTo(SocketTransport.best().name());
  }

  @Test
  void anExplicitTransportOverridesTheDefault() {
    ExampleOptions options = new ExampleOptions(new String[] {"--transport", "nio"});
    assertThat(Transports.select(options).name()).isEqualTo("nio");
  }

  @Test
  void selectsTheNativeTransportsThroughTransportLinux() {
    assertThat(Transports.names()).containsExactly("nio", "local", "epoll", "io_uring", "native");
    assertThat(Transports.select("epoll").name()).isEqualTo("epoll");
    assertThat(Transports.select("EPOLL").inVmOnly()).isFalse();
    assertThat(Transports.select("native").name()).isIn("io_uring", "epoll");
  }

  @Test
  void rejectsAnUnknownTransport() {
    assertThatThrownBy(() -> Transports.select("carrier-pigeon"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("unknown transport");
  }

  @Test
  void refusesTheInVmTransportForAServer() {
    ExampleOptions options = new ExampleOptions(new String[] {"--transport", "local"});
    assertThatThrownBy(() -> Transports.selectForServer(options, "echo-server"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("inside its own JVM");
  }

  @Test
  void givesEachTransportItsKindOfAddress() {
    assertThat(Transports.select("nio").address("127.0.0.1", 8007))
        .isEqualTo(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 8007));
    assertThat(Transports.select("local").address("echo", 8007))
        .isEqualTo(new LocalAddress("echo:8007"));
  }

  @Test
  void reportsAMalformedNumberAsAUsageError() {
    ExampleOptions options = new ExampleOptions(new String[] {"--port", "http"});
    assertThatThrownBy(() -> options.port(80))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("--port http");
  }
}
