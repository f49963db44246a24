package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecordType;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.resolver.dns.DnsNameResolverException;
import io.tern.transport.EventLoop;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The resolver's state and the operations on it, all on one event loop: the cache, the UDP socket
 * pool, the query ids, the rotation over name servers, and the lookups in flight (a second lookup
 * of a name and type already being asked joins the first instead of querying again).
 *
 * <p>Every method must be called on {@link #loop()}; the public API hands calls over to it.
 */
public final class ResolverEngine {
  private final EventLoop loop;
  private final ResolverSettings settings;
  private final ResolverStats stats = new ResolverStats();
  private final DnsCache cache;
  private final QueryIds ids;
  private final UdpSockets sockets;
  private final Map<String, Future<TypeAnswer>> inFlight = new HashMap<>();
  private int rotation;
  private boolean closed;

  /**
   * Creates an engine; nothing is opened until the first query.
   *
   * @param loop the loop everything runs on
   * @param settings the configuration
   */
  public ResolverEngine(EventLoop loop, ResolverSettings settings) {
    this.loop = loop;
    this.settings = settings;
    this.cache =
        new DnsCache(
            settings.maxCacheEntries(),
            settings.ticker(),
            settings.minTtlSeconds(),
            settings.maxTtlSeconds(),
            settings.maxNegativeTtlSeconds());
    this.ids = new QueryIds(settings.random());
    this.sockets = new UdpSockets(loop, settings, ids, stats);
  }

  /**
   * Returns the loop.
   *
   * @return the event loop
   */
  public EventLoop loop() {
    return loop;
  }

  /**
   * Returns the configuration.
   *
   * @return the settings
   */
  public ResolverSettings settings() {
    return settings;
  }

  /**
   * Returns the counters (any thread may read them).
   *
   * @return the counters
   */
  public ResolverStats stats() {
    return stats;
  }

  /**
   * Returns the cache.
   *
   * @return the cache
   */
  public DnsCache cache() {
    return cache;
  }

  UdpSockets sockets() {
    return sockets;
  }

  boolean isClosed() {
    return closed;
  }

  /**
   * Resolves a host name to all its addresses.
   *
   * @param hostname the name as the caller gave it
   * @param promise completed with the addresses, or failed
   */
  public void resolveAll(String hostname, Promise<List<InetAddress>> promise) {
    assert loop.inEventLoop();
    if (closed) {
      promise.tryFailure(new DnsNameResolverException(hostname, null, "the resolver is closed"));
      return;
    }
    new Resolution(this, hostname, promise).start();
  }

  /**
   * Asks the name servers one question, without the cache.
   *
   * @param hostname the name for error messages
   * @param question the question
   * @return completed with the answer ({@code NOERROR} or {@code NXDOMAIN}), or failed
   */
  public Future<DnsMessage> query(String hostname, DnsQuestion question) {
    assert loop.inEventLoop();
    Promise<DnsMessage> promise = loop.newPromise();
    int first = 0;
    if (settings.rotate()) {
      first = rotation;
      rotation = (rotation + 1) % settings.nameServers().size();
    }
    new Query(this, hostname, question, first, promise).start();
    return promise;
  }

  /** Looks up one family of one absolute name, joining a lookup of the same already in flight. */
  Future<TypeAnswer> lookup(String hostname, String name, DnsRecordType type) {
    if (cache.get(name, type) instanceof DnsCache.Addresses cached) {
      return loop.newSucceededFuture(TypeAnswer.of(cached.addresses())); // the common case
    }
    String key = name.toLowerCase(Locale.ROOT) + '/' + type.code();
    Future<TypeAnswer> running = inFlight.get(key);
    if (running != null) {
      return running;
    }
    Promise<TypeAnswer> promise = loop.newPromise();
    inFlight.put(key, promise);
    promise.addListener(f -> inFlight.remove(key, promise));
    new AddressLookup(this, hostname, type, promise).start(name);
    if (promise.isDone()) {
      inFlight.remove(key, promise); // answered from the cache at once
    }
    return promise;
  }

  /** Asks one question over TCP. */
  Future<DnsMessage> tcp(InetSocketAddress server, DnsQuestion question) {
    return TcpExchange.run(loop, settings, stats, server, question, ids.nextId());
  }

  /**
   * Closes the sockets; queries in flight fail, later calls fail at once.
   *
   * @return completed when every socket is closed
   */
  public Future<Void> close() {
    assert loop.inEventLoop();
    closed = true;
    return sockets.close();
  }
}
