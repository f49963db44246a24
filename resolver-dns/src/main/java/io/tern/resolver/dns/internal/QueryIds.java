package io.tern.resolver.dns.internal;

import java.security.SecureRandom;

/**
 * Unpredictable 16-bit query ids (and choices among sockets) drawn from a {@link SecureRandom}, a
 * few hundred bytes at a time so that a busy resolver does not pay the generator's per-call cost on
 * every query. An off-path attacker must guess the id and the source port together (RFC 5452), so
 * neither may come from a generator whose state its outputs reveal.
 *
 * <p>Used on the resolver's event loop only: not thread-safe.
 */
final class QueryIds {
  private final SecureRandom random;
  private final byte[] pool = new byte[512];
  private int next = pool.length;

  QueryIds(SecureRandom random) {
    this.random = random;
  }

  private int nextByte() {
    if (next == pool.length) {
      random.nextBytes(pool);
      next = 0;
    }
    return pool[next++] & 0xFF;
  }

  /** Returns an id, 0 to 65535. */
  int nextId() {
    return (nextByte() << 8) | nextByte();
  }

  /** Returns a number from 0 (inclusive) to {@code bound} (exclusive, at most 65536). */
  int nextInt(int bound) {
    if (bound <= 1) {
      return 0;
    }
    // Rejection keeps the choice uniform when bound does not divide 65536.
    int limit = 65536 - (65536 % bound);
    for (; ; ) {
      int r = nextId();
      if (r < limit) {
        return r % bound;
      }
    }
  }
}
