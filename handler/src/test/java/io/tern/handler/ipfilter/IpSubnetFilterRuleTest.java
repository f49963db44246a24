package io.tern.handler.ipfilter;

import static io.tern.handler.ipfilter.IpFilterRuleType.ACCEPT;
import static io.tern.handler.ipfilter.IpFilterRuleType.REJECT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpSubnetFilterRuleTest {

  private static InetAddress ip(String literal) {
    return InetAddress.ofLiteral(literal);
  }

  @ParameterizedTest(name = "{0} contains {1}: {2}")
  @CsvSource({
    "192.168.0.0/16, 192.168.255.1, true",
    "192.168.0.0/16, 192.169.0.1, false",
    "10.0.0.0/8, 10.255.255.255, true",
    "10.0.0.0/8, 11.0.0.0, false",
    "0.0.0.0/0, 203.0.113.9, true",
    "203.0.113.9, 203.0.113.9, true",
    "203.0.113.9, 203.0.113.8, false",
    "203.0.113.9/31, 203.0.113.8, true",
    "10.1.2.3/8, 10.200.0.1, true",
    "2001:db8::/32, 2001:db8:ffff::1, true",
    "2001:db8::/32, 2001:db9::1, false",
    "2001:db8::/64, 2001:db8:0:0:ffff:ffff:ffff:ffff, true",
    "2001:db8::/64, 2001:db8:0:1::, false",
    "2001:db8::/65, 2001:db8::7fff:0:0:0, true",
    "2001:db8::/65, 2001:db8::8000:0:0:0, false",
    "2001:db8::/63, 2001:db8:0:1::1, true",
    "::/0, ::1, true",
    "::1, ::1, true",
    "::1/128, ::2, false",
    "::ffff:10.0.0.0/104, 10.9.9.9, true",
    "::ffff:10.0.0.0/104, 11.0.0.0, false",
  })
  void matchesAddressesInTheSubnetOnly(String cidr, String address, boolean expected) {
    IpSubnetFilterRule rule = new IpSubnetFilterRule(cidr, REJECT);

    assertThat(rule.matches(ip(address))).isEqualTo(expected);
    assertThat(rule.matches(new InetSocketAddress(ip(address), 443))).isEqualTo(expected);
  }

  @Test
  void familiesNeverMatchEachOther() {
    assertThat(new IpSubnetFilterRule("0.0.0.0/0", ACCEPT).matches(ip("::1"))).isFalse();
    assertThat(new IpSubnetFilterRule("::/0", ACCEPT).matches(ip("127.0.0.1"))).isFalse();
  }

  @Test
  void unresolvedSocketAddressNeverMatches() {
    assertThat(
            new IpSubnetFilterRule("0.0.0.0/0", ACCEPT)
                .matches(InetSocketAddress.createUnresolved("example.com", 80)))
        .isFalse();
  }

  @Test
  void addressAndPrefixConstructorAgreesWithText() {
    IpSubnetFilterRule rule = new IpSubnetFilterRule(ip("172.16.5.4"), 12, ACCEPT);

    assertThat(rule.matches(ip("172.31.0.1"))).isTrue();
    assertThat(rule.matches(ip("172.32.0.1"))).isFalse();
    assertThat(rule.prefixLength()).isEqualTo(12);
    assertThat(rule.ruleType()).isEqualTo(ACCEPT);
    assertThat(rule).hasToString("IpSubnetFilterRule(172.16.0.0/12 ACCEPT)");
  }

  @Test
  void rejectsHostNamesWithoutResolvingThem() {
    assertThatThrownBy(() -> new IpSubnetFilterRule("localhost/8", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not an IP address literal");
  }

  @Test
  void rejectsPrefixLengthsOutOfRange() {
    assertThatThrownBy(() -> new IpSubnetFilterRule("10.0.0.0/33", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new IpSubnetFilterRule("::/129", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new IpSubnetFilterRule("10.0.0.0/-1", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new IpSubnetFilterRule("10.0.0.0/x", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new IpSubnetFilterRule("::ffff:10.0.0.0/95", ACCEPT))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
