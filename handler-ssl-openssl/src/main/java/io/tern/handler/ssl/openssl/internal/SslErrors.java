package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.util.Map;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Turns OpenSSL's per-thread error queue into an {@link SSLException} carrying OpenSSL's own reason
 * text, plus what the queue alone does not say: why a certificate was rejected, and the TLS alert
 * (by the JDK's name for it, so messages read the same with either provider).
 *
 * <p>Stateless; any thread (the queue read is the calling thread's).
 */
final class SslErrors {
  /** TLS alert descriptions (RFC 8446 section 6), named as the JDK names them. */
  private static final Map<Integer, String> ALERTS =
      Map.ofEntries(
          Map.entry(0, "close_notify"),
          Map.entry(10, "unexpected_message"),
          Map.entry(20, "bad_record_mac"),
          Map.entry(22, "record_overflow"),
          Map.entry(40, "handshake_failure"),
          Map.entry(42, "bad_certificate"),
          Map.entry(43, "unsupported_certificate"),
          Map.entry(44, "certificate_revoked"),
          Map.entry(45, "certificate_expired"),
          Map.entry(46, "certificate_unknown"),
          Map.entry(47, "illegal_parameter"),
          Map.entry(48, "unknown_ca"),
          Map.entry(49, "access_denied"),
          Map.entry(50, "decode_error"),
          Map.entry(51, "decrypt_error"),
          Map.entry(70, "protocol_version"),
          Map.entry(71, "insufficient_security"),
          Map.entry(80, "internal_error"),
          Map.entry(86, "inappropriate_fallback"),
          Map.entry(90, "user_canceled"),
          Map.entry(100, "no_renegotiation"),
          Map.entry(109, "missing_extension"),
          Map.entry(110, "unsupported_extension"),
          Map.entry(112, "unrecognized_name"),
          Map.entry(113, "bad_certificate_status_response"),
          Map.entry(115, "unknown_psk_identity"),
          Map.entry(116, "certificate_required"),
          Map.entry(120, "no_application_protocol"));

  /** Reasons (of ERR_LIB_SSL) whose alert this side sends, when the reason text does not say. */
  private static final Map<Integer, String> SENT_ALERTS =
      Map.of(
          235, "no_application_protocol", // SSL_R_NO_APPLICATION_PROTOCOL
          102, "protocol_version", // SSL_R_UNSUPPORTED_PROTOCOL
          191, "protocol_version", // SSL_R_NO_PROTOCOLS_AVAILABLE
          193, "handshake_failure", // SSL_R_NO_SHARED_CIPHER
          199, "certificate_required"); // SSL_R_PEER_DID_NOT_RETURN_A_CERTIFICATE

  private static final int ERR_LIB_SSL = 20;

  private SslErrors() {}

  /**
   * Drains the error queue into an exception for a failed call.
   *
   * @param ssl the connection, or 0
   * @param sslError what {@code SSL_get_error} said
   * @param handshaking whether the failure ends a handshake ({@link SSLHandshakeException})
   * @param peerHost the host a client verifies, for a mismatch message; may be null
   */
  static SSLException exception(long ssl, int sslError, boolean handshaking, String peerHost) {
    StringBuilder message = new StringBuilder();
    long first = 0;
    long code;
    while ((code = Crypto.errGet()) != 0) {
      if (first == 0) {
        first = code;
      } else {
        message.append("; ");
      }
      message.append(Crypto.errString(code));
    }
    if (first == 0) {
      message.append(
          sslError == Ssl.ERROR_SYSCALL
              ? "the TLS stream ended unexpectedly"
              : "OpenSSL failed (SSL_get_error " + sslError + ")");
    } else if (Crypto.errLib(first) == ERR_LIB_SSL) {
      int reason = Crypto.errReason(first);
      if (reason == Ssl.R_CERTIFICATE_VERIFY_FAILED && ssl != 0) {
        long verify = Ssl.verifyResult(ssl);
        message.append(": ").append(Crypto.verifyErrorString(verify));
        if ((verify == Crypto.X509_V_ERR_HOSTNAME_MISMATCH
                || verify == Crypto.X509_V_ERR_IP_ADDRESS_MISMATCH)
            && peerHost != null) {
          message.append(" (the certificate does not name ").append(peerHost).append(')');
        }
      }
      String alert =
          reason > Ssl.AD_REASON_OFFSET
              ? "received " + ALERTS.get(reason - Ssl.AD_REASON_OFFSET)
              : SENT_ALERTS.get(reason);
      if (alert != null) {
        message.append(" (alert ").append(alert).append(')');
      }
    }
    String text = message.toString();
    return handshaking ? new SSLHandshakeException(text) : new SSLException(text);
  }

  /** An exception for a failure outside a TLS call (setting something up). */
  static IllegalArgumentException configuration(String what) {
    StringBuilder message = new StringBuilder(what);
    long code;
    String separator = ": ";
    while ((code = Crypto.errGet()) != 0) {
      message.append(separator).append(Crypto.errString(code));
      separator = "; ";
    }
    return new IllegalArgumentException(message.toString());
  }

  /** A native allocation that failed: OpenSSL is out of memory. */
  static IllegalStateException outOfMemory(String call) {
    Crypto.errClear();
    return new IllegalStateException(call + " failed: OpenSSL is out of memory");
  }
}
