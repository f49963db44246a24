package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Whether a message is the answer to a query: a response to a standard query, from the address and
 * port the query went to, repeating the question exactly (name without regard to case, type and
 * class). Anything else is dropped: a spoofed or stray datagram must not complete a query.
 */
final class ResponseCheck {
  private ResponseCheck() {}

  static boolean answers(DnsMessage response, DnsQuestion question) {
    if (!response.isResponse() || response.opCode() != DnsMessage.OPCODE_QUERY) {
      return false;
    }
    if (response.questions().size() != 1) {
      return false;
    }
    DnsQuestion q = response.questions().get(0);
    return q.type().equals(question.type())
        && q.dnsClass() == question.dnsClass()
        && q.name().equalsIgnoreCase(question.name());
  }

  static boolean sameEndpoint(InetSocketAddress expected, InetSocketAddress actual) {
    if (actual == null || expected.getPort() != actual.getPort()) {
      return false;
    }
    InetAddress a = unmapped(expected.getAddress());
    InetAddress b = unmapped(actual.getAddress());
    return a != null && a.equals(b);
  }

  /** An IPv4-mapped IPv6 address (a dual-stack socket's view of an IPv4 peer) as IPv4. */
  private static InetAddress unmapped(InetAddress address) {
    if (!(address instanceof Inet6Address)) {
      return address;
    }
    byte[] b = address.getAddress();
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return address;
      }
    }
    if (b[10] != (byte) 0xFF || b[11] != (byte) 0xFF) {
      return address;
    }
    try {
      return InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }
}
