package io.tern.handler.ssl.openssl.internal.lib;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The {@code libcrypto} functions the engine uses: the error queue, memory BIOs, X.509 certificates
 * and stores, private keys, stacks and OpenSSL's allocator.
 *
 * <p>Conventions here and in {@link Ssl}: pointers are raw addresses ({@code long}; 0 is {@code
 * NULL}); results are returned as the C function returns them (callers check them against the
 * function's documented failure value). The few functions that read or write a buffer the caller
 * passes take a {@link MemorySegment} and are linked {@linkplain Linker.Option#critical(boolean)
 * critical with heap access}: the segment may be a heap array, which OpenSSL then reads or writes
 * in place. A critical call must never call back into Java, so only functions that cannot run a
 * callback are linked that way. Thread-safe.
 */
@SuppressWarnings("restricted")
public final class Crypto {
  private static final Linker.Option CRITICAL = Linker.Option.critical(true);

  private static final MethodHandle VERSION_NUM = fn("OpenSSL_version_num", JAVA_LONG);
  private static final MethodHandle VERSION = fn("OpenSSL_version", JAVA_LONG, JAVA_INT);
  private static final MethodHandle ERR_GET = fn("ERR_get_error", JAVA_LONG);
  private static final MethodHandle ERR_PEEK = fn("ERR_peek_error", JAVA_LONG);
  private static final MethodHandle ERR_CLEAR = fnVoid("ERR_clear_error");
  private static final MethodHandle ERR_STRING =
      fnVoid("ERR_error_string_n", JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle BIO_S_MEM = fn("BIO_s_mem", JAVA_LONG);
  private static final MethodHandle BIO_NEW = fn("BIO_new", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle BIO_FREE = fn("BIO_free", JAVA_INT, JAVA_LONG);
  private static final MethodHandle BIO_CTRL =
      fn("BIO_ctrl", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle BIO_NEW_MEM_BUF =
      fn("BIO_new_mem_buf", JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle BIO_PENDING = fn("BIO_ctrl_pending", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle BIO_READ =
      critical("BIO_read", JAVA_INT, JAVA_LONG, ADDRESS, JAVA_INT);
  private static final MethodHandle BIO_WRITE =
      critical("BIO_write", JAVA_INT, JAVA_LONG, ADDRESS, JAVA_INT);
  private static final MethodHandle D2I_X509 =
      fn("d2i_X509", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle I2D_X509 = fn("i2d_X509", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_FREE = fnVoid("X509_free", JAVA_LONG);
  private static final MethodHandle X509_CHECK_HOST =
      fn("X509_check_host", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG);
  private static final MethodHandle X509_CHECK_IP_ASC =
      fn("X509_check_ip_asc", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle X509_STORE_ADD_CERT =
      fn("X509_STORE_add_cert", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_VERIFY_PARAM_SET_FLAGS =
      fn("X509_VERIFY_PARAM_set_flags", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_VERIFY_PARAM_SET1_IP_ASC =
      fn("X509_VERIFY_PARAM_set1_ip_asc", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_VERIFY_CERT_ERROR_STRING =
      fn("X509_verify_cert_error_string", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_STORE_CTX_GET_EX_DATA =
      fn("X509_STORE_CTX_get_ex_data", JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle X509_STORE_CTX_GET0_UNTRUSTED =
      fn("X509_STORE_CTX_get0_untrusted", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_STORE_CTX_GET0_CERT =
      fn("X509_STORE_CTX_get0_cert", JAVA_LONG, JAVA_LONG);
  private static final MethodHandle X509_STORE_CTX_SET_ERROR =
      fnVoid("X509_STORE_CTX_set_error", JAVA_LONG, JAVA_INT);
  private static final MethodHandle D2I_AUTO_PRIVATE_KEY =
      fn("d2i_AutoPrivateKey", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle EVP_PKEY_FREE = fnVoid("EVP_PKEY_free", JAVA_LONG);
  private static final MethodHandle SK_NUM = fn("OPENSSL_sk_num", JAVA_INT, JAVA_LONG);
  private static final MethodHandle SK_VALUE =
      fn("OPENSSL_sk_value", JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle MALLOC =
      fn("CRYPTO_malloc", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle FREE = fnVoid("CRYPTO_free", JAVA_LONG, JAVA_LONG, JAVA_INT);

  /** {@code BIO_C_SET_BUF_MEM_EOF_RETURN}: what an empty memory BIO's read returns. */
  static final int BIO_C_SET_BUF_MEM_EOF_RETURN = 130;

  /** {@code BIO_C_GET_BUF_MEM_PTR}: the {@code BUF_MEM} a memory BIO reads from. */
  static final int BIO_C_GET_BUF_MEM_PTR = 115;

  /** A valid address for an empty read-only memory BIO to point at. */
  private static final MemorySegment EMPTY = Arena.global().allocate(8, 8);

  /**
   * The layout of {@code BUF_MEM} ({@code buffer.h}, public and unchanged since 1.1.0): {@code
   * size_t length; char *data; size_t max; unsigned long flags;}.
   */
  public static final long BUF_MEM_SIZE = 32;

  /** Offset of {@code BUF_MEM.length}. */
  public static final long BUF_MEM_LENGTH = 0;

  /** Offset of {@code BUF_MEM.data}. */
  public static final long BUF_MEM_DATA = 8;

  /** Offset of {@code BUF_MEM.max}. */
  public static final long BUF_MEM_MAX = 16;

  /** {@code X509_V_FLAG_PARTIAL_CHAIN}: any trusted certificate is an anchor, as in the JDK. */
  public static final long X509_V_FLAG_PARTIAL_CHAIN = 0x80000L;

  /** {@code X509_V_OK}. */
  public static final int X509_V_OK = 0;

  /** {@code X509_V_ERR_APPLICATION_VERIFICATION}: the application rejected the chain. */
  public static final int X509_V_ERR_APPLICATION_VERIFICATION = 50;

  /** {@code X509_V_ERR_HOSTNAME_MISMATCH}. */
  public static final int X509_V_ERR_HOSTNAME_MISMATCH = 62;

  /** {@code X509_V_ERR_IP_ADDRESS_MISMATCH}. */
  public static final int X509_V_ERR_IP_ADDRESS_MISMATCH = 64;

  private Crypto() {}

  static MethodHandle fn(String name, ValueLayout result, ValueLayout... args) {
    return OpenSslLibrary.downcall(name, FunctionDescriptor.of(result, args));
  }

  static MethodHandle fnVoid(String name, ValueLayout... args) {
    return OpenSslLibrary.downcall(name, FunctionDescriptor.ofVoid(args));
  }

  static MethodHandle critical(String name, ValueLayout result, ValueLayout... args) {
    return OpenSslLibrary.downcall(name, FunctionDescriptor.of(result, args), CRITICAL);
  }

  static RuntimeException rethrow(Throwable t) {
    return OpenSslLibrary.rethrow(t);
  }

  /** Reads the NUL-terminated string at {@code address}; {@code null} for a null pointer. */
  public static String string(long address) {
    if (address == 0) {
      return null;
    }
    return MemorySegment.ofAddress(address).reinterpret(Integer.MAX_VALUE).getString(0);
  }

  /** Copies {@code length} bytes at {@code address}. */
  public static byte[] bytes(long address, int length) {
    return MemorySegment.ofAddress(address).reinterpret(length).toArray(JAVA_BYTE);
  }

  // ---------------------------------------------------------------------------------------------
  // Version

  /** {@code OpenSSL_version_num()}: {@code 0xMNN00PP0L}. */
  public static long versionNumber() {
    try {
      return (long) VERSION_NUM.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code OpenSSL_version(OPENSSL_VERSION)}, e.g. {@code "OpenSSL 3.0.19 27 Jan 2026"}. */
  public static String versionText() {
    try {
      return string((long) VERSION.invokeExact(0));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Error queue (per thread)

  /** {@code ERR_get_error()}: removes and returns the oldest error code, 0 when empty. */
  public static long errGet() {
    try {
      return (long) ERR_GET.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code ERR_peek_error()}. */
  public static long errPeek() {
    try {
      return (long) ERR_PEEK.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code ERR_clear_error()}. */
  public static void errClear() {
    try {
      ERR_CLEAR.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code ERR_error_string_n}: e.g. {@code error:0A000086:SSL routines::certificate verify
   * failed}.
   */
  public static String errString(long code) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buf = arena.allocate(256);
      ERR_STRING.invokeExact(code, buf.address(), 256L);
      return buf.getString(0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The reason part of an error code ({@code ERR_GET_REASON}). */
  public static int errReason(long code) {
    return (int) (code & 0x7FFFFFL);
  }

  /** The library part of an error code ({@code ERR_GET_LIB}); system errors have their own flag. */
  public static int errLib(long code) {
    return (code & 0x80000000L) != 0 ? 2 : (int) ((code >>> 23) & 0xFF);
  }

  // ---------------------------------------------------------------------------------------------
  // Memory BIOs

  /**
   * Creates a memory BIO whose read of nothing asks to retry (instead of reporting the end).
   *
   * @return the BIO, or 0 when out of memory
   */
  public static long bioNewMem() {
    try {
      long bio = (long) BIO_NEW.invokeExact((long) BIO_S_MEM.invokeExact());
      if (bio != 0) {
        bioCtrl(bio, BIO_C_SET_BUF_MEM_EOF_RETURN, -1L, 0L);
      }
      return bio;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The address {@link #bioNewReadOnlyMem} BIOs point at while they hold nothing. */
  public static long emptyAddress() {
    return EMPTY.address();
  }

  /**
   * Creates an empty read-only memory BIO ({@code BIO_new_mem_buf}) whose read of nothing asks to
   * retry. Its {@code BUF_MEM} ({@link #bioMemPtr}) belongs to the BIO, but its {@code data} does
   * not: a read-only BIO never frees or writes it, so the caller may point it at any memory that
   * stays valid while OpenSSL may read it. Reads advance {@code data} and shrink {@code length} and
   * {@code max}.
   *
   * @return the BIO, or 0 when out of memory
   */
  public static long bioNewReadOnlyMem() {
    try {
      long bio = (long) BIO_NEW_MEM_BUF.invokeExact(EMPTY.address(), 0);
      if (bio != 0) {
        bioCtrl(bio, BIO_C_SET_BUF_MEM_EOF_RETURN, -1L, 0L);
      }
      return bio;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code BIO_get_mem_ptr}: the {@code BUF_MEM} of a memory BIO, written to the native {@code
   * long} at {@code outAddress} and returned.
   */
  public static long bioMemPtr(long bio, long outAddress) {
    bioCtrl(bio, BIO_C_GET_BUF_MEM_PTR, 0L, outAddress);
    return MemorySegment.ofAddress(outAddress).reinterpret(8).get(JAVA_LONG, 0);
  }

  /** {@code BIO_ctrl}. */
  static long bioCtrl(long bio, int cmd, long larg, long parg) {
    try {
      return (long) BIO_CTRL.invokeExact(bio, cmd, larg, parg);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code BIO_reset}: drops what a memory BIO holds. */
  public static void bioReset(long bio) {
    bioCtrl(bio, 1, 0, 0); // BIO_CTRL_RESET
  }

  /** {@code BIO_free}: 1 on success. */
  public static int bioFree(long bio) {
    try {
      return (int) BIO_FREE.invokeExact(bio);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code BIO_ctrl_pending}: bytes a read would return. */
  public static long bioPending(long bio) {
    try {
      return (long) BIO_PENDING.invokeExact(bio);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code BIO_read} into {@code dst} (heap or native): bytes read, {@code <= 0} when none. */
  public static int bioRead(long bio, MemorySegment dst, int length) {
    try {
      return (int) BIO_READ.invokeExact(bio, dst, length);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code BIO_write} from {@code src} (heap or native): bytes written. */
  public static int bioWrite(long bio, MemorySegment src, int length) {
    try {
      return (int) BIO_WRITE.invokeExact(bio, src, length);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Certificates and keys

  /**
   * {@code d2i_X509}: parses a DER certificate.
   *
   * @return the {@code X509*} (the caller frees it), or 0 if it does not parse
   */
  public static long x509FromDer(byte[] der) {
    return d2i(D2I_X509, der);
  }

  /**
   * {@code d2i_AutoPrivateKey}: parses a PKCS#8 (or traditional) DER private key.
   *
   * @return the {@code EVP_PKEY*} (the caller frees it), or 0 if it does not parse
   */
  public static long privateKeyFromDer(byte[] der) {
    return d2i(D2I_AUTO_PRIVATE_KEY, der);
  }

  private static long d2i(MethodHandle d2i, byte[] der) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment data = arena.allocate(der.length);
      MemorySegment.copy(der, 0, data, JAVA_BYTE, 0, der.length);
      MemorySegment cursor = arena.allocate(JAVA_LONG);
      cursor.set(JAVA_LONG, 0, data.address());
      long result = (long) d2i.invokeExact(0L, cursor.address(), (long) der.length);
      data.fill((byte) 0); // private keys must not linger in freed memory
      return result;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code i2d_X509}: the certificate's DER encoding. */
  public static byte[] x509ToDer(long x509) {
    try (Arena arena = Arena.ofConfined()) {
      int length = (int) I2D_X509.invokeExact(x509, 0L);
      if (length <= 0) {
        throw new IllegalStateException("i2d_X509 failed");
      }
      MemorySegment data = arena.allocate(length);
      MemorySegment cursor = arena.allocate(JAVA_LONG);
      cursor.set(JAVA_LONG, 0, data.address());
      int written = (int) I2D_X509.invokeExact(x509, cursor.address());
      return data.asSlice(0, written).toArray(JAVA_BYTE);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_free}. */
  public static void x509Free(long x509) {
    try {
      X509_FREE.invokeExact(x509);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code EVP_PKEY_free}. */
  public static void privateKeyFree(long key) {
    try {
      EVP_PKEY_FREE.invokeExact(key);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_check_host}: 1 when the certificate names {@code host}. */
  public static int x509CheckHost(long x509, String host) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment name = arena.allocateFrom(host);
      return (int) X509_CHECK_HOST.invokeExact(x509, name.address(), (long) host.length(), 0, 0L);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_check_ip_asc}: 1 when the certificate names the address literal {@code ip}. */
  public static int x509CheckIp(long x509, String ip) {
    try (Arena arena = Arena.ofConfined()) {
      return (int) X509_CHECK_IP_ASC.invokeExact(x509, arena.allocateFrom(ip).address(), 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_STORE_add_cert}: 1 on success (the store takes its own reference). */
  public static int x509StoreAddCert(long store, long x509) {
    try {
      return (int) X509_STORE_ADD_CERT.invokeExact(store, x509);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_VERIFY_PARAM_set_flags}. */
  public static int verifyParamSetFlags(long param, long flags) {
    try {
      return (int) X509_VERIFY_PARAM_SET_FLAGS.invokeExact(param, flags);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_VERIFY_PARAM_set1_ip_asc}: 1 on success. */
  public static int verifyParamSetIp(long param, String ip) {
    try (Arena arena = Arena.ofConfined()) {
      return (int)
          X509_VERIFY_PARAM_SET1_IP_ASC.invokeExact(param, arena.allocateFrom(ip).address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_verify_cert_error_string}, e.g. {@code "Hostname mismatch"}. */
  public static String verifyErrorString(long error) {
    try {
      return string((long) X509_VERIFY_CERT_ERROR_STRING.invokeExact(error));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_STORE_CTX_get_ex_data}. */
  public static long storeCtxExData(long storeCtx, int index) {
    try {
      return (long) X509_STORE_CTX_GET_EX_DATA.invokeExact(storeCtx, index);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_STORE_CTX_get0_untrusted}: the chain the peer sent. */
  public static long storeCtxUntrusted(long storeCtx) {
    try {
      return (long) X509_STORE_CTX_GET0_UNTRUSTED.invokeExact(storeCtx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_STORE_CTX_get0_cert}: the certificate being verified. */
  public static long storeCtxCert(long storeCtx) {
    try {
      return (long) X509_STORE_CTX_GET0_CERT.invokeExact(storeCtx);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code X509_STORE_CTX_set_error}. */
  public static void storeCtxSetError(long storeCtx, int error) {
    try {
      X509_STORE_CTX_SET_ERROR.invokeExact(storeCtx, error);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Stacks and memory

  /** {@code OPENSSL_sk_num}: -1 for a null stack. */
  public static int stackSize(long stack) {
    try {
      return (int) SK_NUM.invokeExact(stack);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code OPENSSL_sk_value}. */
  public static long stackValue(long stack, int index) {
    try {
      return (long) SK_VALUE.invokeExact(stack, index);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code OPENSSL_malloc}: memory OpenSSL may free itself. */
  public static long malloc(long size) {
    try {
      return (long) MALLOC.invokeExact(size, 0L, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code OPENSSL_free}. */
  public static void free(long address) {
    try {
      FREE.invokeExact(address, 0L, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}
