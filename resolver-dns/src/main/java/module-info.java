/**
 * An asynchronous DNS resolver that runs on an event loop: {@code /etc/resolv.conf} and {@code
 * /etc/hosts}, TTL caches (positive and negative), CNAME chains, TCP fallback on truncation,
 * retries across name servers, A and AAAA queried in parallel, random query ids and source ports.
 * It plugs into {@code Bootstrap} as an {@code AddressResolver}.
 */
module io.tern.resolver.dns {
  requires transitive io.tern.codec.dns;

  exports io.tern.resolver.dns;
}
