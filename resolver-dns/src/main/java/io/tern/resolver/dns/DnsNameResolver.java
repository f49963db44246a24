package io.tern.resolver.dns;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.resolver.dns.internal.ResolverEngine;
import io.tern.resolver.dns.internal.ResolverSettings;
import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.AddressResolver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Objects;

/**
 * An asynchronous DNS resolver on one event loop: resolves host names to addresses through the
 * hosts file, a cache and the name servers, and never blocks a thread while it waits.
 *
 * <pre>{@code
 * DnsNameResolver resolver = DnsNameResolver.builder(group.next()).build(); // /etc/resolv.conf
 * resolver.resolveAll("example.org").addListener(f -> System.out.println(f.getNow()));
 *
 * // as the address resolver of a client
 * new Bootstrap().group(group).channelFactory(NioSocketChannel::new).resolver(resolver)
 *     .handler(...).connect("example.org", 443);
 * }</pre>
 *
 * <p>A resolution returns a literal address as it is, then looks in the hosts file, then asks the
 * name servers for each name of the search list in turn ({@code ndots} decides whether the name as
 * given comes first), A and AAAA in parallel as {@link ResolvedAddressTypes} says, following
 * CNAMEs. Answers are cached for their TTL (negative answers for the SOA's minimum), within bounds.
 * Failures are {@link DnsNameResolverException}s ({@link java.net.UnknownHostException}s).
 *
 * <p>Security: every query goes out under a 16-bit id from a {@link java.security.SecureRandom} on
 * a UDP socket chosen at random from a small pool whose sockets are bound to kernel-chosen random
 * ports and replaced after a bounded number of queries; an answer must come from the server asked,
 * carry the id and repeat the question, or it is dropped and the query waits on. Only records on
 * the chain from the name asked are used or cached.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call any method. The resolver's state (cache, sockets, queries in flight) lives
 * on its {@link #eventLoop()}: calls from other threads are handed to it, and the returned futures
 * complete there.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. The resolver owns its sockets; {@link #close()} closes
 * them. It does not own its event loop.
 */
public final class DnsNameResolver implements AddressResolver {
  private final ResolverEngine engine;

  DnsNameResolver(EventLoop loop, ResolverSettings settings) {
    this.engine = new ResolverEngine(loop, settings);
  }

  /**
   * Starts a builder for a resolver on {@code loop}; by default it reads {@code /etc/resolv.conf}
   * and {@code /etc/hosts} and uses NIO sockets.
   *
   * @param loop the event loop the resolver runs on
   * @return the builder
   */
  public static DnsNameResolverBuilder builder(EventLoop loop) {
    return new DnsNameResolverBuilder(loop);
  }

  /**
   * Returns the event loop the resolver runs on.
   *
   * @return the loop
   */
  public EventLoop eventLoop() {
    return engine.loop();
  }

  /**
   * Returns the name servers, in the order they are tried.
   *
   * @return the servers
   */
  public List<InetSocketAddress> nameServers() {
    return engine.settings().nameServers();
  }

  /**
   * Resolves a host name to its first address (of the preferred family).
   *
   * @param hostname a name ({@code "example.org"}, {@code "example.org."} for no search list) or a
   *     literal address
   * @return completed with the address, or failed with a {@link DnsNameResolverException}
   */
  public Future<InetAddress> resolve(String hostname) {
    Promise<InetAddress> result = engine.loop().newPromise();
    resolveAll(hostname)
        .addListener(
            f -> {
              if (f.isSuccess()) {
                result.trySuccess(f.getNow().get(0));
              } else {
                result.tryFailure(f.cause());
              }
            });
    return result;
  }

  /**
   * Resolves a host name to all its addresses, the preferred family first.
   *
   * @param hostname a name or a literal address
   * @return completed with at least one address, or failed with a {@link DnsNameResolverException}
   */
  public Future<List<InetAddress>> resolveAll(String hostname) {
    Objects.requireNonNull(hostname, "hostname");
    Promise<List<InetAddress>> promise = engine.loop().newPromise();
    if (engine.loop().inEventLoop()) {
      engine.resolveAll(hostname, promise);
    } else {
      engine.loop().execute(() -> engine.resolveAll(hostname, promise));
    }
    return promise;
  }

  /**
   * Asks the name servers one question (any type: MX, TXT, SRV, ...), with the retries, timeouts
   * and TCP fallback of a resolution but without the cache, the hosts file or the search list.
   *
   * @param question the question; its name is used as it is
   * @return completed with the response ({@code NOERROR} or {@code NXDOMAIN}), or failed with a
   *     {@link DnsNameResolverException} when no server gave one
   */
  public Future<DnsMessage> query(DnsQuestion question) {
    Objects.requireNonNull(question, "question");
    if (engine.loop().inEventLoop()) {
      return engine.query(question.name(), question);
    }
    Promise<DnsMessage> promise = engine.loop().newPromise();
    engine
        .loop()
        .execute(
            () ->
                engine
                    .query(question.name(), question)
                    .addListener(
                        f -> {
                          if (f.isSuccess()) {
                            promise.trySuccess(f.getNow());
                          } else {
                            promise.tryFailure(f.cause());
                          }
                        }));
    return promise;
  }

  /**
   * Resolves an unresolved {@link InetSocketAddress} for {@code Bootstrap}; any other address is
   * returned as it is. The future completes on {@code loop}.
   *
   * @param address what the caller asked to connect to
   * @param loop the channel's event loop
   * @return completed with a resolved address (the port kept), or failed
   */
  @Override
  public Future<SocketAddress> resolve(SocketAddress address, EventLoop loop) {
    if (!(address instanceof InetSocketAddress inet) || !inet.isUnresolved()) {
      return loop.newSucceededFuture(address);
    }
    Promise<SocketAddress> result = loop.newPromise();
    resolve(inet.getHostString())
        .addListener(
            f -> {
              if (f.isSuccess()) {
                result.trySuccess(new InetSocketAddress(f.getNow(), inet.getPort()));
              } else {
                result.tryFailure(f.cause());
              }
            });
    return result;
  }

  /**
   * Returns the sockets open now: pooled UDP sockets, retired ones still waiting for their last
   * answers, and TCP connections of truncated answers.
   *
   * @return the count
   */
  public int openSockets() {
    return engine.stats().openSockets();
  }

  /**
   * Returns the responses dropped because they answered no query in flight (unknown id, wrong
   * source address or port, wrong question, malformed).
   *
   * @return the count since the resolver was built
   */
  public long droppedResponses() {
    return engine.stats().droppedResponses();
  }

  /**
   * Returns the queries sent: UDP attempts and TCP retries.
   *
   * @return the count since the resolver was built
   */
  public long queriesSent() {
    return engine.stats().udpQueries() + engine.stats().tcpQueries();
  }

  /**
   * Returns the queries sent over TCP after a truncated answer.
   *
   * @return the count since the resolver was built
   */
  public long tcpQueriesSent() {
    return engine.stats().tcpQueries();
  }

  /**
   * Forgets every cached answer.
   *
   * @return completed once the cache is empty
   */
  public Future<Void> clearCache() {
    Promise<Void> done = engine.loop().newPromise();
    engine
        .loop()
        .execute(
            () -> {
              engine.cache().clear();
              done.trySuccess(null);
            });
    return done;
  }

  /**
   * Closes the sockets: queries in flight fail, later resolutions fail at once.
   *
   * @return completed when every socket is closed
   */
  public Future<Void> close() {
    Promise<Void> done = engine.loop().newPromise();
    engine
        .loop()
        .execute(
            () ->
                engine
                    .close()
                    .addListener(
                        f -> {
                          done.trySuccess(null);
                        }));
    return done;
  }
}
