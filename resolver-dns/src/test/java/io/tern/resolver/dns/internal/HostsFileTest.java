package io.tern.resolver.dns.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.resolver.dns.ResolvedAddressTypes;
import java.net.InetAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostsFileTest {
  private static final HostsFile HOSTS =
      HostsFile.parse(
          """
          127.0.0.1   localhost
          ::1         localhost ip6-localhost
          # 192.0.2.99 commented.example
          192.0.2.10  Web.Example www.example.   # trailing comment
          192.0.2.11  web.example
          2001:db8::10 web.example
          garbage     nothing.example
          """);

  @Test
  void findsAllAddressesOfANameInFileOrder() {
    assertThat(HOSTS.lookup("web.example", ResolvedAddressTypes.IPV4_ONLY))
        .containsExactly(InetAddress.ofLiteral("192.0.2.10"), InetAddress.ofLiteral("192.0.2.11"));
  }

  @Test
  void ordersFamiliesAsAsked() {
    assertThat(HOSTS.lookup("web.example", ResolvedAddressTypes.IPV6_PREFERRED))
        .containsExactly(
            InetAddress.ofLiteral("2001:db8::10"),
            InetAddress.ofLiteral("192.0.2.10"),
            InetAddress.ofLiteral("192.0.2.11"));
    assertThat(HOSTS.lookup("localhost", ResolvedAddressTypes.IPV6_ONLY))
        .containsExactly(InetAddress.ofLiteral("::1"));
  }

  @Test
  void ignoresCaseAndTrailingDots() {
    assertThat(HOSTS.lookup("WWW.EXAMPLE.", ResolvedAddressTypes.IPV4_ONLY))
        .containsExactly(InetAddress.ofLiteral("192.0.2.10"));
    assertThat(HOSTS.lookup("www.example", ResolvedAddressTypes.IPV4_ONLY).get(0).getHostName())
        .isEqualTo("www.example.");
  }

  @Test
  void skipsCommentsAndLinesWithoutAnAddress() {
    assertThat(HOSTS.lookup("commented.example", ResolvedAddressTypes.IPV4_PREFERRED)).isEmpty();
    assertThat(HOSTS.lookup("nothing.example", ResolvedAddressTypes.IPV4_PREFERRED)).isEmpty();
  }

  @Test
  void aMissingFileHasNoEntries(@TempDir Path dir) throws Exception {
    assertThat(HostsFile.read(dir.resolve("absent"))).isSameAs(HostsFile.EMPTY);
  }
}
