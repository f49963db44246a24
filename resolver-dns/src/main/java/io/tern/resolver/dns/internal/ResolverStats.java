package io.tern.resolver.dns.internal;

import io.tern.transport.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters that any thread may read: sockets open now (UDP and TCP), queries sent, responses
 * dropped because they did not match a question in flight.
 */
public final class ResolverStats {
  private final AtomicInteger openSockets = new AtomicInteger();
  private final AtomicLong udpQueries = new AtomicLong();
  private final AtomicLong tcpQueries = new AtomicLong();
  private final AtomicLong droppedResponses = new AtomicLong();

  /** Counts a socket as open until it closes. */
  void opened(Channel ch) {
    openSockets.incrementAndGet();
    ch.closeFuture().addListener(f -> openSockets.decrementAndGet());
  }

  void udpQuery() {
    udpQueries.incrementAndGet();
  }

  void tcpQuery() {
    tcpQueries.incrementAndGet();
  }

  void dropped() {
    droppedResponses.incrementAndGet();
  }

  /**
   * Returns the sockets open now.
   *
   * @return UDP sockets (pooled and draining) plus TCP connections
   */
  public int openSockets() {
    return openSockets.get();
  }

  /**
   * Returns the queries sent over UDP (each attempt counts).
   *
   * @return the count
   */
  public long udpQueries() {
    return udpQueries.get();
  }

  /**
   * Returns the queries sent over TCP.
   *
   * @return the count
   */
  public long tcpQueries() {
    return tcpQueries.get();
  }

  /**
   * Returns the responses dropped: unknown id, wrong source, wrong question, not a response.
   *
   * @return the count
   */
  public long droppedResponses() {
    return droppedResponses.get();
  }
}
