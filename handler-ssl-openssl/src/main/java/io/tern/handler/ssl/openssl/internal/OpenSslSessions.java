package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.OpenSslSessionContext;
import io.tern.handler.ssl.openssl.OpenSslSessionStats;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import io.tern.handler.ssl.openssl.internal.lib.SslCtx;
import java.util.Collections;
import java.util.Enumeration;
import javax.net.ssl.SSLSession;

/**
 * The session context of an OpenSSL context: the server's cache and tickets live in the {@code
 * SSL_CTX}, a client's sessions in its {@link ClientSessionCache}. Individual sessions are not
 * listed ({@link #getIds()} is empty): OpenSSL keeps them to itself.
 *
 * <p>Thread-safe. Holds its context, so the {@code SSL_CTX} lives as long as this object does.
 */
final class OpenSslSessions implements OpenSslSessionContext {
  private final OpenSslContext context;
  private final long ctx;
  private final boolean client;
  private final ClientSessionCache clientSessions;

  OpenSslSessions(
      OpenSslContext context, long ctx, boolean client, ClientSessionCache clientSessions) {
    this.context = context;
    this.ctx = ctx;
    this.client = client;
    this.clientSessions = clientSessions;
  }

  /** The context these sessions belong to. */
  OpenSslContext context() {
    return context;
  }

  @Override
  public SSLSession getSession(byte[] sessionId) {
    return null;
  }

  @Override
  public Enumeration<byte[]> getIds() {
    return Collections.emptyEnumeration();
  }

  @Override
  public void setSessionTimeout(int seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException("timeout: " + seconds + " (expected: >= 0)");
    }
    // OpenSSL has no "no limit": zero means as long as a session can live (about 68 years).
    SslCtx.setTimeout(ctx, seconds == 0 ? Integer.MAX_VALUE : seconds);
  }

  @Override
  public int getSessionTimeout() {
    long seconds = SslCtx.timeout(ctx);
    return seconds >= Integer.MAX_VALUE ? 0 : (int) seconds;
  }

  @Override
  public void setSessionCacheSize(int size) {
    if (size < 0) {
      throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
    }
    clientSessions.capacity(size);
    if (!client) {
      SslCtx.setSessionCacheSize(ctx, size);
    }
  }

  @Override
  public int getSessionCacheSize() {
    return client ? clientSessions.capacity() : (int) SslCtx.sessionCacheSize(ctx);
  }

  @Override
  public OpenSslSessionStats stats() {
    return new OpenSslSessionStats(
        client ? clientSessions.size() : SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_NUMBER, 0, 0),
        context.handshakes(),
        context.resumedHandshakes(),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_CONNECT, 0, 0),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_ACCEPT, 0, 0),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_HIT, 0, 0),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_MISSES, 0, 0),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_TIMEOUTS, 0, 0),
        SslCtx.ctrl(ctx, SslCtx.CTRL_SESS_CACHE_FULL, 0, 0));
  }

  @Override
  public void setTicketKeys(byte[] keys) {
    if (client) {
      throw new IllegalStateException("ticket keys belong to servers");
    }
    if (keys.length != 80) {
      throw new IllegalArgumentException("ticket keys: " + keys.length + " bytes (expected: 80)");
    }
    if (SslCtx.setTicketKeys(ctx, keys) != 1) {
      throw SslErrors.configuration("OpenSSL refused the ticket keys");
    }
  }

  @Override
  public void setSessionTicketsEnabled(boolean enabled) {
    if (enabled) {
      SslCtx.clearOptions(ctx, Ssl.OP_NO_TICKET);
    } else {
      SslCtx.setOptions(ctx, Ssl.OP_NO_TICKET);
    }
  }

  @Override
  public String toString() {
    return "OpenSslSessions(" + stats() + ")";
  }
}
