package io.tern.handler.ssl.openssl.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * ALPN on the server: OpenSSL's selection callback, which picks the first of the server's protocols
 * (in its preference order) that the client offered, as the JDK does, and fails the handshake with
 * {@code no_application_protocol} when there is none. A client that offers nothing is served
 * without ALPN (OpenSSL does not call the callback then).
 *
 * <p>One instance per server context, called on whichever thread runs a handshake; immutable.
 */
@SuppressWarnings("restricted")
final class Alpn {
  /**
   * {@code int (*)(SSL*, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
   * unsigned int inlen, void *arg)}.
   */
  static final FunctionDescriptor SELECT =
      FunctionDescriptor.of(
          JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG);

  private static final MethodHandle SELECT_METHOD;

  static {
    try {
      SELECT_METHOD =
          MethodHandles.lookup()
              .findVirtual(
                  Alpn.class,
                  "select",
                  MethodType.methodType(
                      int.class,
                      long.class,
                      long.class,
                      long.class,
                      long.class,
                      int.class,
                      long.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final byte[][] protocols;

  Alpn(List<String> protocols) {
    this.protocols =
        protocols.stream().map(p -> p.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
  }

  /** The callback's target, bound to this selector. */
  MethodHandle target() {
    return SELECT_METHOD.bindTo(this);
  }

  /** The wire format: each protocol as a length byte and its ASCII bytes. */
  static byte[] wireFormat(List<String> protocols) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String p : protocols) {
      byte[] bytes = p.getBytes(StandardCharsets.US_ASCII);
      if (bytes.length == 0 || bytes.length > 255) {
        throw new IllegalArgumentException("ALPN protocol of 1 to 255 bytes expected: " + p);
      }
      out.write(bytes.length);
      out.writeBytes(bytes);
    }
    return out.toByteArray();
  }

  /** The callback: must not throw (it runs inside OpenSSL). */
  @SuppressWarnings("unused") // called through the upcall stub
  private int select(long ssl, long out, long outLength, long in, int inLength, long arg) {
    try {
      MemorySegment offered = MemorySegment.ofAddress(in).reinterpret(inLength);
      for (byte[] wanted : protocols) {
        int i = 0;
        while (i < inLength) {
          int length = offered.get(JAVA_BYTE, i) & 0xff;
          if (i + 1 + length > inLength) {
            break;
          }
          if (length == wanted.length
              && MemorySegment.mismatch(
                      offered, i + 1, i + 1 + length, MemorySegment.ofArray(wanted), 0, length)
                  == -1) {
            MemorySegment.ofAddress(out).reinterpret(8).set(JAVA_LONG, 0, in + i + 1);
            MemorySegment.ofAddress(outLength).reinterpret(1).set(JAVA_BYTE, 0, (byte) length);
            return Ssl.TLSEXT_ERR_OK;
          }
          i += 1 + length;
        }
      }
      return Ssl.TLSEXT_ERR_ALERT_FATAL;
    } catch (Throwable t) {
      return Ssl.TLSEXT_ERR_ALERT_FATAL;
    }
  }
}
