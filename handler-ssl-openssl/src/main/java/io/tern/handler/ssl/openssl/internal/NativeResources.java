package io.tern.handler.ssl.openssl.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the native OpenSSL objects this module holds: contexts ({@code SSL_CTX}), connections
 * ({@code SSL}, with their two memory BIOs) and client sessions kept for resumption ({@code
 * SSL_SESSION} references). Every allocation site counts up and every free counts down, so a test
 * can check that opening and closing engines leaves the count where it was, exactly, with no
 * dependence on the allocator or on timing.
 *
 * <p>Thread-safe.
 */
public final class NativeResources {
  private static final AtomicLong CONTEXTS = new AtomicLong();
  private static final AtomicLong CONNECTIONS = new AtomicLong();
  private static final AtomicLong SESSIONS = new AtomicLong();

  private NativeResources() {}

  static void contextCreated() {
    CONTEXTS.incrementAndGet();
  }

  static void contextFreed() {
    CONTEXTS.decrementAndGet();
  }

  static void connectionCreated() {
    CONNECTIONS.incrementAndGet();
  }

  static void connectionFreed() {
    CONNECTIONS.decrementAndGet();
  }

  static void sessionHeld() {
    SESSIONS.incrementAndGet();
  }

  static void sessionReleased() {
    SESSIONS.decrementAndGet();
  }

  /**
   * Returns the live {@code SSL_CTX} objects.
   *
   * @return the count
   */
  public static long contexts() {
    return CONTEXTS.get();
  }

  /**
   * Returns the live {@code SSL} objects (one per engine not yet closed or collected).
   *
   * @return the count
   */
  public static long connections() {
    return CONNECTIONS.get();
  }

  /**
   * Returns the {@code SSL_SESSION} references held for client resumption.
   *
   * @return the count
   */
  public static long sessions() {
    return SESSIONS.get();
  }
}
