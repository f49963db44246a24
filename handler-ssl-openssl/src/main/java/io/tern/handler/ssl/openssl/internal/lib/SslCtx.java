package io.tern.handler.ssl.openssl.internal.lib;

import static io.tern.handler.ssl.openssl.internal.lib.Crypto.fn;
import static io.tern.handler.ssl.openssl.internal.lib.Crypto.fnVoid;
import static io.tern.handler.ssl.openssl.internal.lib.Crypto.rethrow;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The {@code libssl} functions on contexts ({@code SSL_CTX_*}): what every connection made from a
 * context shares (key material, trust, protocols and ciphers, ALPN and OCSP callbacks, the server's
 * session cache and ticket keys). Macros of {@code ssl.h} are spelled out as the {@code
 * SSL_CTX_ctrl} calls they expand to ({@link SslCtrl} has the command numbers). None of these is a
 * critical call: several install or run callbacks. Thread-safe.
 */
@SuppressWarnings("restricted")
public final class SslCtx {
  private static final MethodHandle TLS_METHOD = fn("TLS_method", JAVA_LONG);
  private static final MethodHandle CTX_NEW = fn("SSL_CTX_new", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_FREE = fnVoid("SSL_CTX_free", JAVA_LONG);
  private static final MethodHandle CTX_CTRL =
      fn("SSL_CTX_ctrl", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_CALLBACK_CTRL =
      fn("SSL_CTX_callback_ctrl", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG);
  private static final MethodHandle CTX_SET_OPTIONS =
      fn("SSL_CTX_set_options", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_CLEAR_OPTIONS =
      fn("SSL_CTX_clear_options", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_CIPHER_LIST =
      fn("SSL_CTX_set_cipher_list", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_CIPHERSUITES =
      fn("SSL_CTX_set_ciphersuites", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_GET_CIPHERS =
      fn("SSL_CTX_get_ciphers", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_USE_CERTIFICATE =
      fn("SSL_CTX_use_certificate", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_USE_PRIVATE_KEY =
      fn("SSL_CTX_use_PrivateKey", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_CHECK_PRIVATE_KEY =
      fn("SSL_CTX_check_private_key", JAVA_INT, JAVA_LONG);
  private static final MethodHandle CTX_GET_CERT_STORE =
      fn("SSL_CTX_get_cert_store", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_VERIFY =
      fnVoid("SSL_CTX_set_verify", JAVA_LONG, JAVA_INT, JAVA_LONG);
  private static final MethodHandle CTX_GET0_PARAM = fn("SSL_CTX_get0_param", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_ALPN_SELECT_CB =
      fnVoid("SSL_CTX_set_alpn_select_cb", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_ALPN_PROTOS =
      fn("SSL_CTX_set_alpn_protos", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle CTX_SET_CERT_VERIFY_CALLBACK =
      fnVoid("SSL_CTX_set_cert_verify_callback", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_SET_SESSION_ID_CONTEXT =
      fn("SSL_CTX_set_session_id_context", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle CTX_SET_TIMEOUT =
      fn("SSL_CTX_set_timeout", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_GET_TIMEOUT =
      fn("SSL_CTX_get_timeout", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle CTX_FLUSH_SESSIONS =
      fnVoid("SSL_CTX_flush_sessions", JAVA_LONG, JAVA_LONG);

  /** {@code SSL_CTRL_SESS_NUMBER} … {@code SSL_CTRL_SESS_CACHE_FULL}: session counters. */
  public static final int CTRL_SESS_NUMBER = 20;

  public static final int CTRL_SESS_CONNECT = 21;
  public static final int CTRL_SESS_CONNECT_GOOD = 22;
  public static final int CTRL_SESS_ACCEPT = 24;
  public static final int CTRL_SESS_ACCEPT_GOOD = 25;
  public static final int CTRL_SESS_HIT = 27;
  public static final int CTRL_SESS_MISSES = 29;
  public static final int CTRL_SESS_TIMEOUTS = 30;
  public static final int CTRL_SESS_CACHE_FULL = 31;

  public static final long MODE_ENABLE_PARTIAL_WRITE = 0x1L;
  public static final long MODE_ACCEPT_MOVING_WRITE_BUFFER = 0x2L;
  public static final long MODE_RELEASE_BUFFERS = 0x10L;

  public static final int SESS_CACHE_OFF = 0;
  public static final int SESS_CACHE_CLIENT = 1;
  public static final int SESS_CACHE_SERVER = 2;

  private SslCtx() {}

  /** Links every function above (class initialisation does it); throws if one is missing. */
  static void init() {}

  /** {@code SSL_CTX_new(TLS_method())}: 0 on failure. */
  public static long create() {
    try {
      return (long) CTX_NEW.invokeExact((long) TLS_METHOD.invokeExact());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_free}. */
  public static void free(long ctx) {
    try {
      CTX_FREE.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_ctrl}. */
  public static long ctrl(long ctx, int cmd, long larg, long parg) {
    try {
      return (long) CTX_CTRL.invokeExact(ctx, cmd, larg, parg);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_options}: the options now set. */
  public static long setOptions(long ctx, long options) {
    try {
      return (long) CTX_SET_OPTIONS.invokeExact(ctx, options);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_mode}. */
  public static long setMode(long ctx, long mode) {
    return ctrl(ctx, SslCtrl.CTRL_MODE, mode, 0);
  }

  /** {@code SSL_CTX_set_min_proto_version} / {@code max}: 1 on success. */
  public static long setProtoVersions(long ctx, int min, int max) {
    long a = ctrl(ctx, SslCtrl.CTRL_SET_MIN_PROTO_VERSION, min, 0);
    long b = ctrl(ctx, SslCtrl.CTRL_SET_MAX_PROTO_VERSION, max, 0);
    return a == 1 && b == 1 ? 1 : 0;
  }

  /** {@code SSL_CTX_set_cipher_list} (TLS 1.2 and older): 1 when at least one cipher matched. */
  public static int setCipherList(long ctx, String list) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) CTX_SET_CIPHER_LIST.invokeExact(ctx, arena.allocateFrom(list).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_ciphersuites} (TLS 1.3): 1 on success. */
  public static int setCiphersuites(long ctx, String list) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) CTX_SET_CIPHERSUITES.invokeExact(ctx, arena.allocateFrom(list).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set1_groups_list}: 1 on success. */
  public static long setGroupsList(long ctx, String list) {
    try (Arena arena = Arena.ofConfined()) {
      return ctrl(ctx, SslCtrl.CTRL_SET_GROUPS_LIST, 0, arena.allocateFrom(list).address());
    }
  }

  /** {@code SSL_CTX_get_ciphers}: the enabled ciphers, a stack owned by the context. */
  public static long ciphers(long ctx) {
    try {
      return (long) CTX_GET_CIPHERS.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_use_certificate}: 1 on success (the context takes its own reference). */
  public static int useCertificate(long ctx, long x509) {
    try {
      return (int) CTX_USE_CERTIFICATE.invokeExact(ctx, x509);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_use_PrivateKey}: 1 on success (the context takes its own reference). */
  public static int usePrivateKey(long ctx, long key) {
    try {
      return (int) CTX_USE_PRIVATE_KEY.invokeExact(ctx, key);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_add1_chain_cert}: adds to the current certificate's chain; 1 on success. */
  public static long addChainCert(long ctx, long x509) {
    return ctrl(ctx, SslCtrl.CTRL_CHAIN_CERT, 1, x509);
  }

  /** {@code SSL_CTX_check_private_key}: 1 when the key matches the certificate. */
  public static int checkPrivateKey(long ctx) {
    try {
      return (int) CTX_CHECK_PRIVATE_KEY.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_get_cert_store}. */
  public static long certStore(long ctx) {
    try {
      return (long) CTX_GET_CERT_STORE.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_verify} without a callback. */
  public static void setVerify(long ctx, int mode) {
    try {
      CTX_SET_VERIFY.invokeExact(ctx, mode, 0L);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_get0_param}. */
  public static long param(long ctx) {
    try {
      return (long) CTX_GET0_PARAM.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_alpn_select_cb}. */
  public static void setAlpnSelectCallback(long ctx, MemorySegment callback, long arg) {
    try {
      CTX_SET_ALPN_SELECT_CB.invokeExact(ctx, callback.address(), arg);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_alpn_protos}: what every client connection offers; 0 on success (sic). */
  public static int setAlpnProtos(long ctx, byte[] wire) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, wire);
      return (int) CTX_SET_ALPN_PROTOS.invokeExact(ctx, seg.address(), wire.length);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_tlsext_status_type(ctx, TLSEXT_STATUSTYPE_ocsp)}: clients ask for OCSP. */
  public static long requestOcspStatus(long ctx) {
    return ctrl(ctx, SslCtrl.CTRL_SET_TLSEXT_STATUS_REQ_TYPE, 1, 0);
  }

  /** {@code SSL_CTX_clear_options}. */
  public static long clearOptions(long ctx, long options) {
    try {
      return (long) CTX_CLEAR_OPTIONS.invokeExact(ctx, options);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_cert_verify_callback}. */
  public static void setCertVerifyCallback(long ctx, MemorySegment callback, long arg) {
    try {
      CTX_SET_CERT_VERIFY_CALLBACK.invokeExact(ctx, callback.address(), arg);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_tlsext_status_cb}: the server's OCSP stapling callback. */
  public static long setStatusCallback(long ctx, MemorySegment callback) {
    try {
      return (long)
          CTX_CALLBACK_CTRL.invokeExact(
              ctx, SslCtrl.CTRL_SET_TLSEXT_STATUS_REQ_CB, callback.address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_session_id_context}: 1 on success. */
  public static int setSessionIdContext(long ctx, byte[] id) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, id);
      return (int) CTX_SET_SESSION_ID_CONTEXT.invokeExact(ctx, seg.address(), id.length);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_set_timeout} in seconds: the previous timeout. */
  public static long setTimeout(long ctx, long seconds) {
    try {
      return (long) CTX_SET_TIMEOUT.invokeExact(ctx, seconds);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_get_timeout} in seconds. */
  public static long timeout(long ctx) {
    try {
      return (long) CTX_GET_TIMEOUT.invokeExact(ctx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code SSL_CTX_sess_set_cache_size}. */
  public static long setSessionCacheSize(long ctx, long size) {
    return ctrl(ctx, SslCtrl.CTRL_SET_SESS_CACHE_SIZE, size, 0);
  }

  /** {@code SSL_CTX_sess_get_cache_size}. */
  public static long sessionCacheSize(long ctx) {
    return ctrl(ctx, SslCtrl.CTRL_GET_SESS_CACHE_SIZE, 0, 0);
  }

  /** {@code SSL_CTX_set_session_cache_mode}. */
  public static long setSessionCacheMode(long ctx, int mode) {
    return ctrl(ctx, SslCtrl.CTRL_SET_SESS_CACHE_MODE, mode, 0);
  }

  /** {@code SSL_CTX_set_tlsext_ticket_keys}: 80 bytes (name, HMAC key, AES key); 1 on success. */
  public static long setTicketKeys(long ctx, byte[] keys) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, keys);
      long result = ctrl(ctx, SslCtrl.CTRL_SET_TLSEXT_TICKET_KEYS, keys.length, seg.address());
      seg.fill((byte) 0);
      return result;
    }
  }

  /** {@code SSL_CTX_flush_sessions}: drops cached sessions expired at {@code epochSeconds}. */
  public static void flushSessions(long ctx, long epochSeconds) {
    try {
      CTX_FLUSH_SESSIONS.invokeExact(ctx, epochSeconds);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}
