package io.tern.codec.haproxy;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The SSL field ({@code PP2_TYPE_SSL}, 0x20) of a version 2 header: whether the client spoke TLS to
 * the proxy and sent a certificate, the verification result, and sub-fields (version, common name,
 * cipher, signature and key algorithms).
 *
 * <pre>
 * +--------+--------+--------+--------+--------+----- ... -----+
 * | client |      verify (big-endian, 0 = verified)  | sub-TLVs |
 * +--------+--------+--------+--------+--------+----- ... -----+
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class HAProxySSLTLV extends HAProxyTLV {
  /** Client bit: the client connected over TLS. */
  public static final int PP2_CLIENT_SSL = 0x01;

  /** Client bit: the client presented a certificate on this connection. */
  public static final int PP2_CLIENT_CERT_CONN = 0x02;

  /** Client bit: the client presented a certificate at least once in this TLS session. */
  public static final int PP2_CLIENT_CERT_SESS = 0x04;

  private final int client;
  private final int verify;
  private final List<HAProxyTLV> subTlvs;

  HAProxySSLTLV(int client, int verify, List<HAProxyTLV> subTlvs, byte[] value) {
    super(Type.SSL.byteValue(), value, false);
    this.client = client;
    this.verify = verify;
    this.subTlvs = subTlvs;
  }

  /**
   * Returns an SSL field.
   *
   * @param client the client bits ({@link #PP2_CLIENT_SSL}, ...), 0 to 255
   * @param verify the verification result, 0 if the client certificate was verified
   * @param subTlvs the sub-fields ({@link Type#SSL_VERSION}, {@link Type#SSL_CN}, ...)
   * @return the field
   */
  public static HAProxySSLTLV of(int client, int verify, List<HAProxyTLV> subTlvs) {
    if (client < 0 || client > 0xff) {
      throw new IllegalArgumentException("client bits out of range: " + client);
    }
    List<HAProxyTLV> subs = List.copyOf(subTlvs);
    int length = 5;
    for (HAProxyTLV t : subs) {
      length += 3 + t.length();
    }
    byte[] value = new byte[length];
    value[0] = (byte) client;
    value[1] = (byte) (verify >>> 24);
    value[2] = (byte) (verify >>> 16);
    value[3] = (byte) (verify >>> 8);
    value[4] = (byte) verify;
    int p = 5;
    for (HAProxyTLV t : subs) {
      value[p] = (byte) t.typeByteValue();
      value[p + 1] = (byte) (t.length() >>> 8);
      value[p + 2] = (byte) t.length();
      System.arraycopy(t.value, 0, value, p + 3, t.length());
      p += 3 + t.length();
    }
    return new HAProxySSLTLV(client, verify, subs, value);
  }

  /**
   * Returns the client bits.
   *
   * @return 0 to 255
   */
  public int client() {
    return client;
  }

  /**
   * Returns the verification result.
   *
   * @return 0 if the client certificate was verified (or none was required)
   */
  public int verify() {
    return verify;
  }

  /**
   * Tells whether the client connected over TLS.
   *
   * @return the {@link #PP2_CLIENT_SSL} bit
   */
  public boolean isPP2ClientSSL() {
    return (client & PP2_CLIENT_SSL) != 0;
  }

  /**
   * Tells whether the client presented a certificate on this connection.
   *
   * @return the {@link #PP2_CLIENT_CERT_CONN} bit
   */
  public boolean isPP2ClientCertConn() {
    return (client & PP2_CLIENT_CERT_CONN) != 0;
  }

  /**
   * Tells whether the client presented a certificate in this TLS session.
   *
   * @return the {@link #PP2_CLIENT_CERT_SESS} bit
   */
  public boolean isPP2ClientCertSess() {
    return (client & PP2_CLIENT_CERT_SESS) != 0;
  }

  /**
   * Returns the sub-fields.
   *
   * @return an unmodifiable list, in header order
   */
  public List<HAProxyTLV> encapsulatedTLVs() {
    return subTlvs;
  }

  /**
   * Returns the TLS version the client used ({@code TLSv1.3}, ...).
   *
   * @return the {@link Type#SSL_VERSION} sub-field's text, or {@code null}
   */
  public String version() {
    return text(Type.SSL_VERSION);
  }

  /**
   * Returns the client certificate's common name.
   *
   * @return the {@link Type#SSL_CN} sub-field's text, or {@code null}
   */
  public String commonName() {
    return text(Type.SSL_CN);
  }

  /**
   * Returns the cipher suite.
   *
   * @return the {@link Type#SSL_CIPHER} sub-field's text, or {@code null}
   */
  public String cipher() {
    return text(Type.SSL_CIPHER);
  }

  private String text(Type type) {
    for (HAProxyTLV t : subTlvs) {
      if (t.typeByteValue() == type.byteValue()) {
        return new String(t.value, StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "HAProxySSLTLV(client=0x"
        + Integer.toHexString(client)
        + ", verify="
        + verify
        + ", "
        + subTlvs
        + ")";
  }
}
