package io.tern.resolver.dns;

import io.tern.codec.dns.DnsLimits;
import io.tern.common.concurrent.Ticker;
import io.tern.resolver.dns.internal.HostsFile;
import io.tern.resolver.dns.internal.ResolvConf;
import io.tern.resolver.dns.internal.ResolverSettings;
import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.nio.NioDatagramChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Configures a {@link DnsNameResolver}. What is not set comes from {@code resolv.conf} (name
 * servers, search list, {@code ndots}, {@code timeout}, {@code attempts}, {@code rotate}) or from
 * the defaults below; the files are read when {@link #build()} is called.
 *
 * <p>Defaults:
 *
 * <ul>
 *   <li>{@link #resolvConf(Path)}, {@link #hostsFile(Path)}: {@code /etc/resolv.conf} and {@code
 *       /etc/hosts} (a missing file: the C library's defaults, no static entries);
 *   <li>{@link #resolvedAddressTypes}: {@link ResolvedAddressTypes#IPV4_PREFERRED};
 *   <li>{@link #maxCacheEntries}: 4,096; {@link #ttl(long, long)}: 0 s to 1 day; {@link
 *       #maxNegativeTtl}: 1 hour;
 *   <li>{@link #maxCnameDepth}: 16; {@link #maxAnswerRecords}: 64;
 *   <li>{@link #udpPayloadSize}: 1,232 (EDNS0, the size of the DNS flag day 2020);
 *   <li>{@link #sourcePorts(int, int)}: 4 sockets, each replaced after 100 queries;
 *   <li>{@link #tcpFallback}: on; channel factories: NIO ({@link NioDatagramChannel}, {@link
 *       NioSocketChannel}).
 * </ul>
 *
 * <h2>Threading</h2>
 *
 * <p>Not thread-safe: configure and build on one thread. The resolver built may be used from any.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsNameResolverBuilder {
  private final EventLoop loop;
  private Path resolvConf = Path.of("/etc/resolv.conf");
  private Path hostsFile = Path.of("/etc/hosts");
  private List<InetSocketAddress> nameServers;
  private List<String> searchDomains;
  private Integer ndots;
  private Duration queryTimeout;
  private Integer attempts;
  private Boolean rotate;
  private ResolvedAddressTypes addressTypes = ResolvedAddressTypes.IPV4_PREFERRED;
  private int maxCacheEntries = 4096;
  private long minTtlSeconds;
  private long maxTtlSeconds = 86_400;
  private long maxNegativeTtlSeconds = 3_600;
  private int maxCnameDepth = 16;
  private int maxAnswerRecords = 64;
  private int udpPayloadSize = 1232;
  private int socketPoolSize = 4;
  private int queriesPerSocket = 100;
  private boolean tcpFallback = true;
  private ChannelFactory<? extends Channel> datagramChannelFactory;
  private ChannelFactory<? extends Channel> streamChannelFactory = NioSocketChannel::new;
  private InetSocketAddress localAddress;
  private Ticker ticker = Ticker.system();
  private SecureRandom random;
  private DnsLimits limits = DnsLimits.DEFAULT;

  DnsNameResolverBuilder(EventLoop loop) {
    this.loop = Objects.requireNonNull(loop, "loop");
  }

  /**
   * Sets the {@code resolv.conf} file read for what is not set explicitly.
   *
   * @param path the file (a missing one gives the C library's defaults)
   * @return this builder
   */
  public DnsNameResolverBuilder resolvConf(Path path) {
    this.resolvConf = Objects.requireNonNull(path, "path");
    return this;
  }

  /**
   * Sets the hosts file consulted before any query.
   *
   * @param path the file (a missing one: no static entries)
   * @return this builder
   */
  public DnsNameResolverBuilder hostsFile(Path path) {
    this.hostsFile = Objects.requireNonNull(path, "path");
    return this;
  }

  /**
   * Sets the name servers instead of those of {@code resolv.conf}.
   *
   * @param servers the servers, tried in this order
   * @return this builder
   */
  public DnsNameResolverBuilder nameServers(List<InetSocketAddress> servers) {
    if (servers.isEmpty()) {
      throw new IllegalArgumentException("no name servers");
    }
    this.nameServers = List.copyOf(servers);
    return this;
  }

  /**
   * Sets the search list instead of that of {@code resolv.conf}.
   *
   * @param domains the domains, tried in this order
   * @return this builder
   */
  public DnsNameResolverBuilder searchDomains(List<String> domains) {
    this.searchDomains =
        domains.stream().map(d -> d.endsWith(".") ? d.substring(0, d.length() - 1) : d).toList();
    return this;
  }

  /**
   * Sets {@code ndots}: names with at least this many dots are tried as given before the search
   * list.
   *
   * @param ndots 0 or more
   * @return this builder
   */
  public DnsNameResolverBuilder ndots(int ndots) {
    this.ndots = ndots;
    return this;
  }

  /**
   * Sets how long one attempt waits for an answer ({@code options timeout:}).
   *
   * @param timeout a positive duration
   * @return this builder
   */
  public DnsNameResolverBuilder queryTimeout(Duration timeout) {
    this.queryTimeout = Objects.requireNonNull(timeout, "timeout");
    return this;
  }

  /**
   * Sets how many times each server is tried ({@code options attempts:}).
   *
   * @param attempts 1 or more
   * @return this builder
   */
  public DnsNameResolverBuilder attempts(int attempts) {
    this.attempts = attempts;
    return this;
  }

  /**
   * Sets whether successive queries start at successive servers ({@code options rotate}).
   *
   * @param rotate {@code true} to spread queries over the servers
   * @return this builder
   */
  public DnsNameResolverBuilder rotate(boolean rotate) {
    this.rotate = rotate;
    return this;
  }

  /**
   * Sets the families asked for and their order.
   *
   * @param types the families
   * @return this builder
   */
  public DnsNameResolverBuilder resolvedAddressTypes(ResolvedAddressTypes types) {
    this.addressTypes = Objects.requireNonNull(types, "types");
    return this;
  }

  /**
   * Bounds the cache: past this many entries the least recently used goes.
   *
   * @param maxEntries 0 (no cache) or more
   * @return this builder
   */
  public DnsNameResolverBuilder maxCacheEntries(int maxEntries) {
    this.maxCacheEntries = maxEntries;
    return this;
  }

  /**
   * Clamps the TTLs of positive answers.
   *
   * @param minSeconds a TTL below this is raised to it
   * @param maxSeconds a TTL above this is lowered to it (0: nothing is cached)
   * @return this builder
   */
  public DnsNameResolverBuilder ttl(long minSeconds, long maxSeconds) {
    this.minTtlSeconds = minSeconds;
    this.maxTtlSeconds = maxSeconds;
    return this;
  }

  /**
   * Caps how long a negative answer is cached (its TTL is the SOA's minimum, RFC 2308).
   *
   * @param maxSeconds 0 (no negative caching) or more
   * @return this builder
   */
  public DnsNameResolverBuilder maxNegativeTtl(long maxSeconds) {
    this.maxNegativeTtlSeconds = maxSeconds;
    return this;
  }

  /**
   * Bounds the CNAMEs followed for one name.
   *
   * @param depth 0 (no CNAME followed) or more
   * @return this builder
   */
  public DnsNameResolverBuilder maxCnameDepth(int depth) {
    this.maxCnameDepth = depth;
    return this;
  }

  /**
   * Bounds the answer records examined in one response; the rest are ignored.
   *
   * @param max 1 or more
   * @return this builder
   */
  public DnsNameResolverBuilder maxAnswerRecords(int max) {
    this.maxAnswerRecords = max;
    return this;
  }

  /**
   * Sets the EDNS0 UDP payload size advertised; 512 sends no OPT record.
   *
   * @param size 512 to 65535
   * @return this builder
   */
  public DnsNameResolverBuilder udpPayloadSize(int size) {
    this.udpPayloadSize = size;
    return this;
  }

  /**
   * Sets the UDP source-port pool: queries go out on one of {@code sockets} sockets chosen at
   * random, and each socket is replaced by a newly bound one (a new random port) after {@code
   * queriesPerSocket} queries.
   *
   * @param sockets 1 or more
   * @param queriesPerSocket 1 (a fresh port for every query) or more
   * @return this builder
   */
  public DnsNameResolverBuilder sourcePorts(int sockets, int queriesPerSocket) {
    this.socketPoolSize = sockets;
    this.queriesPerSocket = queriesPerSocket;
    return this;
  }

  /**
   * Sets whether a truncated answer is asked again over TCP.
   *
   * @param tcpFallback {@code false} to use a truncated answer as it is
   * @return this builder
   */
  public DnsNameResolverBuilder tcpFallback(boolean tcpFallback) {
    this.tcpFallback = tcpFallback;
    return this;
  }

  /**
   * Sets how UDP sockets are created (for a loop that does not run NIO, e.g. {@code
   * EpollDatagramChannel::new}).
   *
   * @param factory creates a datagram channel on the resolver's loop
   * @return this builder
   */
  public DnsNameResolverBuilder datagramChannelFactory(ChannelFactory<? extends Channel> factory) {
    this.datagramChannelFactory = Objects.requireNonNull(factory, "factory");
    return this;
  }

  /**
   * Sets how TCP connections are created.
   *
   * @param factory creates a socket channel on the resolver's loop
   * @return this builder
   */
  public DnsNameResolverBuilder socketChannelFactory(ChannelFactory<? extends Channel> factory) {
    this.streamChannelFactory = Objects.requireNonNull(factory, "factory");
    return this;
  }

  /**
   * Sets the address UDP sockets bind to; its port should be 0, so the kernel picks a random one.
   *
   * @param address by default the IPv4 wildcard when every server is IPv4, else the IPv6 one
   * @return this builder
   */
  public DnsNameResolverBuilder localAddress(InetSocketAddress address) {
    this.localAddress = Objects.requireNonNull(address, "address");
    return this;
  }

  /**
   * Sets the clock the caches count TTLs on (tests pass a {@link
   * io.tern.common.concurrent.MockTicker}).
   *
   * @param ticker the clock
   * @return this builder
   */
  public DnsNameResolverBuilder ticker(Ticker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * Sets the source of query ids and socket choices.
   *
   * @param random a secure random source
   * @return this builder
   */
  public DnsNameResolverBuilder secureRandom(SecureRandom random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /**
   * Sets the decoders' limits on untrusted answers.
   *
   * @param limits the limits
   * @return this builder
   */
  public DnsNameResolverBuilder limits(DnsLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    return this;
  }

  /**
   * Reads the files and builds the resolver; no socket is opened before the first query.
   *
   * @return the resolver
   * @throws UncheckedIOException if a file exists but cannot be read
   * @throws IllegalArgumentException if a setting is out of range
   */
  public DnsNameResolver build() {
    ResolvConf conf;
    HostsFile hosts;
    try {
      conf = ResolvConf.read(resolvConf);
      hosts = HostsFile.read(hostsFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<InetSocketAddress> servers = nameServers != null ? nameServers : conf.nameServers();
    boolean allIpv4 = servers.stream().allMatch(s -> s.getAddress() instanceof Inet4Address);
    ChannelFactory<? extends Channel> datagrams = datagramChannelFactory;
    if (datagrams == null) {
      datagrams =
          allIpv4
              ? l -> new NioDatagramChannel(l, StandardProtocolFamily.INET)
              : l -> new NioDatagramChannel(l, StandardProtocolFamily.INET6);
    }
    InetSocketAddress local = localAddress;
    if (local == null) {
      local = new InetSocketAddress(InetAddress.ofLiteral(allIpv4 ? "0.0.0.0" : "::"), 0);
    }
    ResolverSettings settings =
        new ResolverSettings(
            servers,
            searchDomains != null ? searchDomains : conf.searchDomains(),
            ndots != null ? ndots : conf.ndots(),
            queryTimeout != null ? queryTimeout : Duration.ofSeconds(conf.timeoutSeconds()),
            attempts != null ? attempts : conf.attempts(),
            rotate != null ? rotate : conf.rotate(),
            hosts,
            addressTypes,
            maxCacheEntries,
            minTtlSeconds,
            maxTtlSeconds,
            maxNegativeTtlSeconds,
            maxCnameDepth,
            maxAnswerRecords,
            udpPayloadSize,
            socketPoolSize,
            queriesPerSocket,
            tcpFallback,
            datagrams,
            streamChannelFactory,
            local,
            ticker,
            random != null ? random : new SecureRandom(),
            limits);
    return new DnsNameResolver(loop, settings);
  }
}
