package io.tern.handler.ssl.openssl.internal;

import java.io.ByteArrayInputStream;
import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSessionBindingEvent;
import javax.net.ssl.SSLSessionBindingListener;
import javax.net.ssl.SSLSessionContext;

/**
 * The session of one {@link OpenSslEngine}. Everything it reports was copied out of OpenSSL when
 * the handshake completed ({@link Snapshot}), so any thread may read it at any time, also after the
 * engine freed its native state; certificates are kept as DER and parsed only when asked for.
 *
 * <p>Thread-safe.
 */
final class OpenSslSession extends ExtendedSSLSession {
  /** The JDK's cipher suite name before a handshake. */
  private static final String NO_SUITE = "SSL_NULL_WITH_NULL_NULL";

  /** The largest record on the wire: 2^14 plaintext plus what any modern cipher adds. */
  static final int PACKET_BUFFER_SIZE = 16 * 1024 + 325;

  /** The largest plaintext of one record. */
  static final int APPLICATION_BUFFER_SIZE = 16 * 1024;

  /**
   * What OpenSSL said about the session when the handshake completed.
   *
   * @param protocol e.g. {@code TLSv1.3}
   * @param cipherSuite the IANA name
   * @param id the session id
   * @param creationTimeMillis when the session was created
   * @param peerChain the peer's certificates, DER, leaf first; empty when it sent none
   * @param localChain what this side sent
   * @param ocspResponse the stapled OCSP response a client received, or null
   * @param serverName the SNI name a server was asked for, or null
   * @param resumed whether the handshake resumed a session
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared; the session hands out copies
  record Snapshot(
      String protocol,
      String cipherSuite,
      byte[] id,
      long creationTimeMillis,
      List<byte[]> peerChain,
      X509Certificate[] localChain,
      byte[] ocspResponse,
      String serverName,
      boolean resumed) {}

  private final SSLSessionContext sessionContext;
  private final String peerHost;
  private final int peerPort;
  private final long createdMillis = System.currentTimeMillis();
  private final Map<String, Object> values = new ConcurrentHashMap<>();
  private volatile Snapshot snapshot;
  private volatile X509Certificate[] peerCertificates;
  private volatile boolean valid = true;
  private volatile long lastAccessedMillis = createdMillis;

  OpenSslSession(SSLSessionContext sessionContext, String peerHost, int peerPort) {
    this.sessionContext = sessionContext;
    this.peerHost = peerHost;
    this.peerPort = peerPort;
  }

  /** Records what the completed handshake negotiated (on the engine's thread, once). */
  void completed(Snapshot snapshot) {
    this.snapshot = snapshot;
    this.peerCertificates = null;
    this.lastAccessedMillis = System.currentTimeMillis();
  }

  Snapshot snapshot() {
    return snapshot;
  }

  @Override
  public byte[] getId() {
    Snapshot s = snapshot;
    return s == null ? new byte[0] : s.id().clone();
  }

  @Override
  public SSLSessionContext getSessionContext() {
    return sessionContext;
  }

  @Override
  public long getCreationTime() {
    Snapshot s = snapshot;
    return s == null ? createdMillis : s.creationTimeMillis();
  }

  @Override
  public long getLastAccessedTime() {
    return lastAccessedMillis;
  }

  @Override
  public void invalidate() {
    valid = false;
  }

  @Override
  public boolean isValid() {
    return valid && snapshot != null;
  }

  @Override
  public void putValue(String name, Object value) {
    Object old = values.put(name, value);
    if (value instanceof SSLSessionBindingListener listener) {
      listener.valueBound(new SSLSessionBindingEvent(this, name));
    }
    if (old instanceof SSLSessionBindingListener listener) {
      listener.valueUnbound(new SSLSessionBindingEvent(this, name));
    }
  }

  @Override
  public Object getValue(String name) {
    return values.get(name);
  }

  @Override
  public void removeValue(String name) {
    Object old = values.remove(name);
    if (old instanceof SSLSessionBindingListener listener) {
      listener.valueUnbound(new SSLSessionBindingEvent(this, name));
    }
  }

  @Override
  public String[] getValueNames() {
    return values.keySet().toArray(String[]::new);
  }

  @Override
  public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
    X509Certificate[] certs = peerCertificates;
    if (certs == null) {
      Snapshot s = snapshot;
      if (s == null || s.peerChain().isEmpty()) {
        throw new SSLPeerUnverifiedException("the peer sent no certificate");
      }
      certs = parse(s.peerChain());
      peerCertificates = certs;
    }
    return certs.clone();
  }

  private static X509Certificate[] parse(List<byte[]> chain) throws SSLPeerUnverifiedException {
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      X509Certificate[] certs = new X509Certificate[chain.size()];
      for (int i = 0; i < certs.length; i++) {
        certs[i] =
            (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(chain.get(i)));
      }
      return certs;
    } catch (CertificateException e) {
      SSLPeerUnverifiedException failure =
          new SSLPeerUnverifiedException("cannot parse the peer's certificate: " + e.getMessage());
      failure.initCause(e);
      throw failure;
    }
  }

  @Override
  public Certificate[] getLocalCertificates() {
    Snapshot s = snapshot;
    return s == null || s.localChain() == null ? null : s.localChain().clone();
  }

  @Override
  public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
    return ((X509Certificate) getPeerCertificates()[0]).getSubjectX500Principal();
  }

  @Override
  public Principal getLocalPrincipal() {
    Certificate[] local = getLocalCertificates();
    return local == null || local.length == 0
        ? null
        : ((X509Certificate) local[0]).getSubjectX500Principal();
  }

  @Override
  public String getCipherSuite() {
    Snapshot s = snapshot;
    return s == null ? NO_SUITE : s.cipherSuite();
  }

  @Override
  public String getProtocol() {
    Snapshot s = snapshot;
    return s == null ? "NONE" : s.protocol();
  }

  @Override
  public String getPeerHost() {
    return peerHost;
  }

  @Override
  public int getPeerPort() {
    return peerPort;
  }

  @Override
  public int getPacketBufferSize() {
    return PACKET_BUFFER_SIZE;
  }

  @Override
  public int getApplicationBufferSize() {
    return APPLICATION_BUFFER_SIZE;
  }

  @Override
  public String[] getLocalSupportedSignatureAlgorithms() {
    return new String[0];
  }

  @Override
  public String[] getPeerSupportedSignatureAlgorithms() {
    return new String[0];
  }

  @Override
  public List<SNIServerName> getRequestedServerNames() {
    Snapshot s = snapshot;
    return s == null || s.serverName() == null
        ? List.of()
        : List.of(new SNIHostName(s.serverName()));
  }

  @Override
  public List<byte[]> getStatusResponses() {
    Snapshot s = snapshot;
    return s == null || s.ocspResponse() == null ? List.of() : List.of(s.ocspResponse().clone());
  }

  @Override
  public String toString() {
    return "OpenSslSession(" + getProtocol() + ", " + getCipherSuite() + ")";
  }
}
