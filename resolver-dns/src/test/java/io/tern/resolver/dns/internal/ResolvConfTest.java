package io.tern.resolver.dns.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResolvConfTest {
  private static InetSocketAddress dns(String ip) {
    return new InetSocketAddress(InetAddress.ofLiteral(ip), 53);
  }

  @Test
  void readsServersSearchListAndOptions() {
    ResolvConf conf =
        ResolvConf.parse(
            """
            # a comment
            ; another
            nameserver 192.0.2.1
            nameserver 2001:db8::53
            search corp.example. lab.example
            options ndots:3 timeout:2 attempts:4 rotate edns0
            """);
    assertThat(conf.nameServers()).containsExactly(dns("192.0.2.1"), dns("2001:db8::53"));
    assertThat(conf.searchDomains()).containsExactly("corp.example", "lab.example");
    assertThat(conf.ndots()).isEqualTo(3);
    assertThat(conf.timeoutSeconds()).isEqualTo(2);
    assertThat(conf.attempts()).isEqualTo(4);
    assertThat(conf.rotate()).isTrue();
  }

  @Test
  void theLastDomainOrSearchLineWins() {
    assertThat(ResolvConf.parse("search a.example b.example\ndomain c.example\n").searchDomains())
        .containsExactly("c.example");
    assertThat(ResolvConf.parse("domain c.example\nsearch a.example\n").searchDomains())
        .containsExactly("a.example");
  }

  @Test
  void capsAsTheCLibraryDoes() {
    ResolvConf conf =
        ResolvConf.parse(
            """
            nameserver 192.0.2.1
            nameserver 192.0.2.2
            nameserver 192.0.2.3
            nameserver 192.0.2.4
            search a b c d e f g h
            options ndots:99 timeout:999 attempts:9
            """);
    assertThat(conf.nameServers()).hasSize(3);
    assertThat(conf.searchDomains()).hasSize(6);
    assertThat(conf.ndots()).isEqualTo(15);
    assertThat(conf.timeoutSeconds()).isEqualTo(30);
    assertThat(conf.attempts()).isEqualTo(5);
  }

  @Test
  void ignoresWhatItDoesNotUnderstand() {
    ResolvConf conf =
        ResolvConf.parse(
            """
            nameserver not-an-address
            nameserver 192.0.2.9%eth0
            sortlist 10.0.0.0
            options ndots:x timeout: attempts:-1 inet6
            bogus line
            """);
    assertThat(conf.nameServers()).containsExactly(dns("192.0.2.9"));
    assertThat(conf.ndots()).isEqualTo(1);
    assertThat(conf.timeoutSeconds()).isEqualTo(5);
    assertThat(conf.attempts()).isEqualTo(2);
  }

  @Test
  void withoutServersUsesTheLocalOne() {
    assertThat(ResolvConf.parse("search example.org\n").nameServers())
        .isEqualTo(ResolvConf.DEFAULT.nameServers());
  }

  @Test
  void aMissingFileGivesTheDefaults(@TempDir Path dir) throws Exception {
    assertThat(ResolvConf.read(dir.resolve("absent"))).isEqualTo(ResolvConf.DEFAULT);
  }
}
