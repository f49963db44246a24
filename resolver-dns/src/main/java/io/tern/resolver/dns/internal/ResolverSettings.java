package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsLimits;
import io.tern.common.concurrent.Ticker;
import io.tern.resolver.dns.ResolvedAddressTypes;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.channel.Channel;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;

/**
 * Everything a resolver is configured with, checked: what {@code DnsNameResolverBuilder} builds.
 *
 * @param nameServers the servers, tried in order (or rotated)
 * @param searchDomains the search list, without trailing dots
 * @param ndots names with at least this many dots are tried as given before the search list
 * @param queryTimeout how long one attempt waits for an answer
 * @param attempts how many times each server is tried
 * @param rotate whether successive queries start at successive servers
 * @param hosts the static table consulted first
 * @param addressTypes families and their order
 * @param maxCacheEntries the cache's bound
 * @param minTtlSeconds smallest positive TTL kept
 * @param maxTtlSeconds largest positive TTL kept
 * @param maxNegativeTtlSeconds largest negative TTL kept
 * @param maxCnameDepth most CNAMEs followed for one name
 * @param maxAnswerRecords most answer records examined in one response
 * @param udpPayloadSize the EDNS0 payload size advertised (512: no EDNS0)
 * @param socketPoolSize UDP sockets queries are spread over
 * @param queriesPerSocket queries a UDP socket carries before it is replaced by a newly bound one
 * @param tcpFallback whether a truncated answer is asked again over TCP
 * @param datagramChannelFactory creates the UDP sockets on the resolver's loop
 * @param streamChannelFactory creates the TCP connections on the resolver's loop
 * @param localAddress what UDP sockets bind to (port 0: the kernel picks a random port)
 * @param ticker the clock of the caches
 * @param random the source of query ids and socket choices
 * @param limits what the decoders accept
 */
public record ResolverSettings(
    List<InetSocketAddress> nameServers,
    List<String> searchDomains,
    int ndots,
    Duration queryTimeout,
    int attempts,
    boolean rotate,
    HostsFile hosts,
    ResolvedAddressTypes addressTypes,
    int maxCacheEntries,
    long minTtlSeconds,
    long maxTtlSeconds,
    long maxNegativeTtlSeconds,
    int maxCnameDepth,
    int maxAnswerRecords,
    int udpPayloadSize,
    int socketPoolSize,
    int queriesPerSocket,
    boolean tcpFallback,
    ChannelFactory<? extends Channel> datagramChannelFactory,
    ChannelFactory<? extends Channel> streamChannelFactory,
    InetSocketAddress localAddress,
    Ticker ticker,
    SecureRandom random,
    DnsLimits limits) {
  /** Checks the values and copies the lists. */
  public ResolverSettings {
    nameServers = List.copyOf(nameServers);
    searchDomains = List.copyOf(searchDomains);
    if (nameServers.isEmpty()) {
      throw new IllegalArgumentException("no name servers");
    }
    if (ndots < 0 || attempts < 1 || maxCnameDepth < 0 || maxAnswerRecords < 1) {
      throw new IllegalArgumentException(
          "ndots, attempts, CNAME depth or answer limit out of range");
    }
    if (queryTimeout.isNegative() || queryTimeout.isZero()) {
      throw new IllegalArgumentException("query timeout must be positive: " + queryTimeout);
    }
    if (udpPayloadSize < 512 || udpPayloadSize > 65535) {
      throw new IllegalArgumentException("UDP payload size out of range: " + udpPayloadSize);
    }
    if (socketPoolSize < 1 || queriesPerSocket < 1) {
      throw new IllegalArgumentException("the socket pool needs at least one socket and query");
    }
  }

  /** Returns the query timeout in milliseconds, at least 1. */
  long queryTimeoutMillis() {
    return Math.max(1, queryTimeout.toMillis());
  }
}
