package io.tern.handler.ssl.openssl.internal.lib;

import static io.tern.handler.ssl.openssl.internal.lib.Crypto.critical;
import static io.tern.handler.ssl.openssl.internal.lib.Crypto.fn;
import static io.tern.handler.ssl.openssl.internal.lib.Crypto.fnVoid;
import static io.tern.handler.ssl.openssl.internal.lib.Crypto.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The {@code libssl} functions on connections ({@code SSL_*}) and on the ciphers and sessions a
 * connection reports; those on contexts are in {@link SslCtx}. Macros of {@code ssl.h} are spelled
 * out as the {@code ctrl} calls they expand to ({@link SslCtrl} has the command numbers).
 *
 * <p>{@link #read} and {@link #write} are critical calls (see {@link Crypto}): the engine makes
 * them only when no callback can run, that is outside handshakes and with renegotiation refused.
 * Every other call here may run a callback (ALPN selection, certificate verification, OCSP
 * stapling) and is an ordinary downcall. Thread-safe.
 */
@SuppressWarnings("restricted")
public final class Ssl {

  private static final MethodHandle NEW = fn("SSL_new", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle FREE = fnVoid("SSL_free", JAVA_LONG);
  private static final MethodHandle SET_BIO =
      fnVoid("SSL_set_bio", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_CONNECT_STATE = fnVoid("SSL_set_connect_state", JAVA_LONG);
  private static final MethodHandle SET_ACCEPT_STATE = fnVoid("SSL_set_accept_state", JAVA_LONG);
  private static final MethodHandle DO_HANDSHAKE = fn("SSL_do_handshake", JAVA_INT, JAVA_LONG);
  private static final MethodHandle READ_EX =
      critical("SSL_read_ex", JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle WRITE_EX =
      critical("SSL_write_ex", JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_ERROR = fn("SSL_get_error", JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SHUTDOWN = fn("SSL_shutdown", JAVA_INT, JAVA_LONG);
  private static final MethodHandle GET_SHUTDOWN = fn("SSL_get_shutdown", JAVA_INT, JAVA_LONG);
  private static final MethodHandle IS_INIT_FINISHED =
      fn("SSL_is_init_finished", JAVA_INT, JAVA_LONG);
  private static final MethodHandle CTRL =
      fn("SSL_ctrl", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_OPTIONS =
      fn("SSL_set_options", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CLEAR_OPTIONS =
      fn("SSL_clear_options", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_CIPHER_LIST =
      fn("SSL_set_cipher_list", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_CIPHERSUITES =
      fn("SSL_set_ciphersuites", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_CIPHERS = fn("SSL_get_ciphers", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_VERIFY =
      fnVoid("SSL_set_verify", JAVA_LONG, JAVA_INT, JAVA_LONG);
  private static final MethodHandle GET_VERSION = fn("SSL_get_version", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle VERSION = fn("SSL_version", JAVA_INT, JAVA_LONG);
  private static final MethodHandle GET_CURRENT_CIPHER =
      fn("SSL_get_current_cipher", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CIPHER_STANDARD_NAME =
      fn("SSL_CIPHER_standard_name", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CIPHER_GET_NAME =
      fn("SSL_CIPHER_get_name", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CIPHER_NAME = fn("OPENSSL_cipher_name", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET0_ALPN_SELECTED =
      fnVoid("SSL_get0_alpn_selected", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_ALPN_PROTOS =
      fn("SSL_set_alpn_protos", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SET1_HOST = fn("SSL_set1_host", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET0_PARAM = fn("SSL_get0_param", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_VERIFY_RESULT =
      fn("SSL_get_verify_result", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET1_PEER_CERTIFICATE =
      fn("SSL_get1_peer_certificate", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_PEER_CERT_CHAIN =
      fn("SSL_get_peer_cert_chain", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_CERTIFICATE =
      fn("SSL_get_certificate", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET_SESSION = fn("SSL_get_session", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GET1_SESSION = fn("SSL_get1_session", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SET_SESSION =
      fn("SSL_set_session", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SESSION_REUSED = fn("SSL_session_reused", JAVA_INT, JAVA_LONG);
  private static final MethodHandle SESSION_FREE = fnVoid("SSL_SESSION_free", JAVA_LONG);
  private static final MethodHandle SESSION_GET_ID =
      fn("SSL_SESSION_get_id", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SESSION_GET_TIME =
      fn("SSL_SESSION_get_time", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SESSION_IS_RESUMABLE =
      fn("SSL_SESSION_is_resumable", JAVA_INT, JAVA_LONG);
  private static final MethodHandle RENEGOTIATE = fn("SSL_renegotiate", JAVA_INT, JAVA_LONG);
  private static final MethodHandle KEY_UPDATE =
      fn("SSL_key_update", JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle GET_SERVERNAME =
      fn("SSL_get_servername", JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle EX_DATA_STORE_CTX_IDX =
      fn("SSL_get_ex_data_X509_STORE_CTX_idx", JAVA_INT);

  public static final int TLS1_2_VERSION = 0x0303;
  public static final int TLS1_3_VERSION = 0x0304;

  public static final int ERROR_NONE = 0;
  public static final int ERROR_SSL = 1;
  public static final int ERROR_WANT_READ = 2;
  public static final int ERROR_WANT_WRITE = 3;
  public static final int ERROR_SYSCALL = 5;
  public static final int ERROR_ZERO_RETURN = 6;

  public static final int SENT_SHUTDOWN = 1;
  public static final int RECEIVED_SHUTDOWN = 2;

  public static final int VERIFY_NONE = 0;
  public static final int VERIFY_PEER = 1;
  public static final int VERIFY_FAIL_IF_NO_PEER_CERT = 2;

  public static final long OP_NO_TICKET = 1L << 14;
  public static final long OP_NO_COMPRESSION = 1L << 17;
  public static final long OP_CIPHER_SERVER_PREFERENCE = 1L << 22;
  public static final long OP_NO_RENEGOTIATION = 1L << 30;

  public static final int TLSEXT_ERR_OK = 0;
  public static final int TLSEXT_ERR_ALERT_FATAL = 2;
  public static final int TLSEXT_ERR_NOACK = 3;

  public static final int KEY_UPDATE_REQUESTED = 1;

  /** {@code SSL_AD_REASON_OFFSET}: a reason code above it is an alert received from the peer. */
  public static final int AD_REASON_OFFSET = 1000;

  /** {@code SSL_R_CERTIFICATE_VERIFY_FAILED}. */
  public static final int R_CERTIFICATE_VERIFY_FAILED = 134;

  private Ssl() {}

  /**
   * Links every function of {@code libssl} the engine uses (class initialisation of this class and
   * {@link SslCtx} does it); throws if one is missing.
   */
  static void init() {
    SslCtx.init();
  }

  // ---------------------------------------------------------------------------------------------
  // Connections

  /** {@code SSL_new}: 0 on failure. */
  public static long newSsl(long ctx) {
    try {
      return (long) NEW.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_free}: frees the connection and its BIOs. */
  public static void free(long ssl) {
    try {
      FREE.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_bio}: the connection owns both BIOs from now on. */
  public static void setBio(long ssl, long rbio, long wbio) {
    try {
      SET_BIO.invokeExact(ssl, rbio, wbio);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_connect_state} ({@code client}) or {@code SSL_set_accept_state}. */
  public static void setClientMode(long ssl, boolean client) {
    try {
      if (client) {
        SET_CONNECT_STATE.invokeExact(ssl);
      } else {
        SET_ACCEPT_STATE.invokeExact(ssl);
      }
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_do_handshake}: 1 when done, else see {@link #getError}. */
  public static int doHandshake(long ssl) {
    try {
      return (int) DO_HANDSHAKE.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code SSL_read_ex} into {@code dst} (heap or native); stores the count at {@code countAddress}
   * (native). Critical: only when no callback can run.
   */
  public static int read(long ssl, MemorySegment dst, long length, long countAddress) {
    try {
      return (int) READ_EX.invokeExact(ssl, dst, length, countAddress);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code SSL_write_ex} from {@code src} (heap or native); stores the count at {@code
   * countAddress} (native). Critical: only when no callback can run.
   */
  public static int write(long ssl, MemorySegment src, long length, long countAddress) {
    try {
      return (int) WRITE_EX.invokeExact(ssl, src, length, countAddress);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_error}. */
  public static int getError(long ssl, int ret) {
    try {
      return (int) GET_ERROR.invokeExact(ssl, ret);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_shutdown}: queues our {@code close_notify}. */
  public static int shutdown(long ssl) {
    try {
      return (int) SHUTDOWN.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_shutdown}: {@link #SENT_SHUTDOWN} and {@link #RECEIVED_SHUTDOWN} bits. */
  public static int getShutdown(long ssl) {
    try {
      return (int) GET_SHUTDOWN.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_is_init_finished}. */
  public static boolean isInitFinished(long ssl) {
    try {
      return (int) IS_INIT_FINISHED.invokeExact(ssl) == 1;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_ctrl}. */
  public static long ctrl(long ssl, int cmd, long larg, long parg) {
    try {
      return (long) CTRL.invokeExact(ssl, cmd, larg, parg);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_options}. */
  public static long setOptions(long ssl, long options) {
    try {
      return (long) SET_OPTIONS.invokeExact(ssl, options);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_clear_options}. */
  public static long clearOptions(long ssl, long options) {
    try {
      return (long) CLEAR_OPTIONS.invokeExact(ssl, options);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_min_proto_version} and {@code max}: 1 on success. */
  public static long setProtoVersions(long ssl, int min, int max) {
    long a = ctrl(ssl, SslCtrl.CTRL_SET_MIN_PROTO_VERSION, min, 0);
    long b = ctrl(ssl, SslCtrl.CTRL_SET_MAX_PROTO_VERSION, max, 0);
    return a == 1 && b == 1 ? 1 : 0;
  }

  /** {@code SSL_set_cipher_list}: 1 when at least one cipher matched. */
  public static int setCipherList(long ssl, String list) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) SET_CIPHER_LIST.invokeExact(ssl, arena.allocateFrom(list).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_ciphersuites}: 1 on success. */
  public static int setCiphersuites(long ssl, String list) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) SET_CIPHERSUITES.invokeExact(ssl, arena.allocateFrom(list).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_ciphers}: the connection's enabled ciphers. */
  public static long ciphers(long ssl) {
    try {
      return (long) GET_CIPHERS.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_verify} without a callback. */
  public static void setVerify(long ssl, int mode) {
    try {
      SET_VERIFY.invokeExact(ssl, mode, 0L);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_tlsext_host_name}: the SNI name a client sends; 1 on success. */
  public static long setServerName(long ssl, String host) {
    try (Arena arena = Arena.ofConfined()) {
      return ctrl(ssl, SslCtrl.CTRL_SET_TLSEXT_HOSTNAME, 0, arena.allocateFrom(host).address());
    }
  }

  /** {@code SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name)}: the SNI name, or null. */
  public static String serverName(long ssl) {
    try {
      return Crypto.string((long) GET_SERVERNAME.invokeExact(ssl, 0));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_version}, e.g. {@code "TLSv1.3"}. */
  public static String version(long ssl) {
    try {
      return Crypto.string((long) GET_VERSION.invokeExact(ssl));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_version}: the protocol's number, e.g. {@link #TLS1_3_VERSION}. */
  public static int versionNumber(long ssl) {
    try {
      return (int) VERSION.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_current_cipher}: 0 before the handshake. */
  public static long currentCipher(long ssl) {
    try {
      return (long) GET_CURRENT_CIPHER.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CIPHER_standard_name}: the IANA name. */
  public static String cipherStandardName(long cipher) {
    try {
      return Crypto.string((long) CIPHER_STANDARD_NAME.invokeExact(cipher));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CIPHER_get_name}: OpenSSL's name. */
  public static String cipherName(long cipher) {
    try {
      return Crypto.string((long) CIPHER_GET_NAME.invokeExact(cipher));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code OPENSSL_cipher_name}: OpenSSL's name for an IANA name, {@code "(NONE)"} if unknown. */
  public static String opensslCipherName(String standardName) {
    try (Arena arena = Arena.ofConfined()) {
      return Crypto.string(
          (long) CIPHER_NAME.invokeExact(arena.allocateFrom(standardName).address()));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get0_alpn_selected}: the selected protocol, or null. */
  public static String alpnSelected(long ssl) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(16);
      GET0_ALPN_SELECTED.invokeExact(ssl, out.address(), out.address() + 8);
      long data = out.get(JAVA_LONG, 0);
      int length = out.get(JAVA_INT, 8);
      if (data == 0 || length == 0) {
        return null;
      }
      return new String(Crypto.bytes(data, length), java.nio.charset.StandardCharsets.US_ASCII);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_alpn_protos} with the wire-format list: 0 on success (sic). */
  public static int setAlpnProtos(long ssl, byte[] wire) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, wire);
      return (int) SET_ALPN_PROTOS.invokeExact(ssl, seg.address(), wire.length);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set1_host}: the DNS name the peer's certificate must carry; 1 on success. */
  public static int setHost(long ssl, String host) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) SET1_HOST.invokeExact(ssl, arena.allocateFrom(host).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get0_param}. */
  public static long param(long ssl) {
    try {
      return (long) GET0_PARAM.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_verify_result}: an {@code X509_V_*} code. */
  public static long verifyResult(long ssl) {
    try {
      return (long) GET_VERIFY_RESULT.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get1_peer_certificate}: the caller frees it; 0 when none. */
  public static long peerCertificate(long ssl) {
    try {
      return (long) GET1_PEER_CERTIFICATE.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_peer_cert_chain}: owned by the connection; 0 when none. */
  public static long peerCertificateChain(long ssl) {
    try {
      return (long) GET_PEER_CERT_CHAIN.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_certificate}: the certificate this side sent; owned by the connection. */
  public static long certificate(long ssl) {
    try {
      return (long) GET_CERTIFICATE.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get_session}: no reference taken. */
  public static long session(long ssl) {
    try {
      return (long) GET_SESSION.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_get1_session}: a new reference the caller frees. */
  public static long session1(long ssl) {
    try {
      return (long) GET1_SESSION.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_session}: offers a session to resume; 1 on success. */
  public static int setSession(long ssl, long session) {
    try {
      return (int) SET_SESSION.invokeExact(ssl, session);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_session_reused}. */
  public static boolean sessionReused(long ssl) {
    try {
      return (int) SESSION_REUSED.invokeExact(ssl) == 1;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_SESSION_free}. */
  public static void sessionFree(long session) {
    try {
      SESSION_FREE.invokeExact(session);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_SESSION_get_id}. */
  public static byte[] sessionId(long session) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment length = arena.allocate(JAVA_INT);
      long data = (long) SESSION_GET_ID.invokeExact(session, length.address());
      int n = length.get(JAVA_INT, 0);
      return data == 0 || n == 0 ? new byte[0] : Crypto.bytes(data, n);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_SESSION_get_time}: creation, in seconds since the epoch. */
  public static long sessionTime(long session) {
    try {
      return (long) SESSION_GET_TIME.invokeExact(session);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_SESSION_is_resumable}. */
  public static boolean sessionResumable(long session) {
    try {
      return (int) SESSION_IS_RESUMABLE.invokeExact(session) == 1;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_renegotiate} (TLS 1.2 and older): 1 on success. */
  public static int renegotiate(long ssl) {
    try {
      return (int) RENEGOTIATE.invokeExact(ssl);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_key_update} (TLS 1.3): 1 on success. */
  public static int keyUpdate(long ssl, int type) {
    try {
      return (int) KEY_UPDATE.invokeExact(ssl, type);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_set_tlsext_status_type(ssl, TLSEXT_STATUSTYPE_ocsp)}: a client asks for OCSP. */
  public static long requestOcspStatus(long ssl) {
    return ctrl(ssl, SslCtrl.CTRL_SET_TLSEXT_STATUS_REQ_TYPE, 1, 0);
  }

  /** {@code SSL_get_tlsext_status_ocsp_resp}: the stapled response a client received, or null. */
  public static byte[] ocspResponse(long ssl) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(JAVA_LONG);
      long length = ctrl(ssl, SslCtrl.CTRL_GET_TLSEXT_STATUS_REQ_OCSP_RESP, 0, out.address());
      long data = out.get(JAVA_LONG, 0);
      return data == 0 || length <= 0 ? null : Crypto.bytes(data, (int) length);
    }
  }

  /**
   * {@code SSL_set_tlsext_status_ocsp_resp}: staples {@code response} (copied into OpenSSL's
   * memory, which the connection frees); 1 on success.
   */
  public static long setOcspResponse(long ssl, byte[] response) {
    long copy = Crypto.malloc(response.length);
    if (copy == 0) {
      return 0;
    }
    MemorySegment.copy(
        response,
        0,
        MemorySegment.ofAddress(copy).reinterpret(response.length),
        java.lang.foreign.ValueLayout.JAVA_BYTE,
        0,
        response.length);
    long result = ctrl(ssl, SslCtrl.CTRL_SET_TLSEXT_STATUS_REQ_OCSP_RESP, response.length, copy);
    if (result != 1) {
      Crypto.free(copy);
    }
    return result;
  }

  /** {@code SSL_get_ex_data_X509_STORE_CTX_idx}: where a store context keeps its connection. */
  public static int storeCtxSslIndex() {
    try {
      return (int) EX_DATA_STORE_CTX_IDX.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}
