package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A client context's resumable sessions: one {@code SSL_SESSION} reference per host and port (the
 * most recent), least recently used first out when the cache is full. A new engine for the same
 * host and port offers the session; OpenSSL falls back to a full handshake when the server does not
 * accept it.
 *
 * <p>Thread-safe (engines of one context run on several event loops): every access, including
 * handing a session to a connection, holds this object's lock, so a session is never freed while it
 * is being offered.
 */
final class ClientSessionCache {
  private final LinkedHashMap<String, Long> sessions = new LinkedHashMap<>(16, 0.75f, true);
  private int capacity;

  ClientSessionCache(int capacity) {
    this.capacity = capacity;
  }

  private static String key(String host, int port) {
    return host + ':' + port;
  }

  /**
   * Keeps the session {@code ssl} has now for {@code host}/{@code port}, replacing an older one.
   */
  synchronized void put(String host, int port, long ssl) {
    if (host == null) {
      return;
    }
    long session = Ssl.session1(ssl);
    if (session == 0) {
      return;
    }
    NativeResources.sessionHeld();
    Long old = sessions.put(key(host, port), session);
    if (old != null) {
      release(old);
    }
    evict();
  }

  /** Offers the session kept for {@code host}/{@code port} (if any) to the new connection. */
  synchronized void offer(long ssl, String host, int port) {
    Long session = sessions.get(key(host, port));
    if (session != null) {
      Ssl.setSession(ssl, session); // takes its own reference
    }
  }

  synchronized int size() {
    return sessions.size();
  }

  synchronized int capacity() {
    return capacity;
  }

  synchronized void capacity(int capacity) {
    this.capacity = capacity;
    evict();
  }

  private void evict() {
    Iterator<Map.Entry<String, Long>> it = sessions.entrySet().iterator();
    while (capacity > 0 && sessions.size() > capacity && it.hasNext()) {
      release(it.next().getValue());
      it.remove();
    }
  }

  /** Forgets the session for {@code host}/{@code port} (it was invalidated). */
  synchronized void remove(String host, int port) {
    Long session = sessions.remove(key(host, port));
    if (session != null) {
      release(session);
    }
  }

  /** Releases every session (the context is going away). */
  synchronized void clear() {
    for (long session : sessions.values()) {
      release(session);
    }
    sessions.clear();
  }

  private static void release(long session) {
    Ssl.sessionFree(session);
    NativeResources.sessionReleased();
  }
}
