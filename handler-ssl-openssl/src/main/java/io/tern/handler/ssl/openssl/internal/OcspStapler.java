package io.tern.handler.ssl.openssl.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Supplier;

/**
 * OCSP stapling on a server: OpenSSL's status callback, called in handshakes whose client asked for
 * a certificate status, staples the response the application's supplier returns (copied into memory
 * the connection frees).
 *
 * <p>One instance per server context, called on whichever thread runs a handshake.
 */
final class OcspStapler {
  /** {@code int (*)(SSL *s, void *arg)}. */
  static final FunctionDescriptor STATUS = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);

  private static final System.Logger LOGGER = System.getLogger(OcspStapler.class.getName());
  private static final MethodHandle STATUS_METHOD;

  static {
    try {
      STATUS_METHOD =
          MethodHandles.lookup()
              .findVirtual(
                  OcspStapler.class,
                  "status",
                  MethodType.methodType(int.class, long.class, long.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Supplier<byte[]> response;

  OcspStapler(Supplier<byte[]> response) {
    this.response = response;
  }

  MethodHandle target() {
    return STATUS_METHOD.bindTo(this);
  }

  /** The callback: must not throw (it runs inside OpenSSL). */
  @SuppressWarnings("unused") // called through the upcall stub
  private int status(long ssl, long arg) {
    try {
      byte[] der = response.get();
      if (der == null || der.length == 0) {
        return Ssl.TLSEXT_ERR_NOACK;
      }
      return Ssl.setOcspResponse(ssl, der) == 1 ? Ssl.TLSEXT_ERR_OK : Ssl.TLSEXT_ERR_NOACK;
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.WARNING, "the OCSP response supplier failed", t);
      return Ssl.TLSEXT_ERR_NOACK;
    }
  }
}
