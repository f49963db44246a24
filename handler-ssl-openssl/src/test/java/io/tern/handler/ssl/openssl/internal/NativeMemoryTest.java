package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Engines free their native state when they are closed, deterministically: after 10,000 engines
 * opened and closed (and some hundreds of connections that handshook and exchanged {@code
 * close_notify}), the module's count of live native objects is back where it was, and so is the C
 * heap (glibc's {@code mallinfo2}, which OpenSSL allocates from).
 */
@Isolated // other tests' native allocations would blur the C heap figure
class NativeMemoryTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  /** Bytes in use on the C heap (every arena, plus mmapped chunks), from glibc. */
  @SuppressWarnings("restricted") // a test reading glibc's allocator statistics
  private static final class CHeap {
    private static final StructLayout MALLINFO2 =
        MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG.withName("arena"),
            ValueLayout.JAVA_LONG.withName("ordblks"),
            ValueLayout.JAVA_LONG.withName("smblks"),
            ValueLayout.JAVA_LONG.withName("hblks"),
            ValueLayout.JAVA_LONG.withName("hblkhd"),
            ValueLayout.JAVA_LONG.withName("usmblks"),
            ValueLayout.JAVA_LONG.withName("fsmblks"),
            ValueLayout.JAVA_LONG.withName("uordblks"),
            ValueLayout.JAVA_LONG.withName("fordblks"),
            ValueLayout.JAVA_LONG.withName("keepcost"));
    private static final MethodHandle MALLINFO2_CALL =
        Linker.nativeLinker()
            .downcallHandle(
                Linker.nativeLinker().defaultLookup().find("mallinfo2").orElseThrow(),
                FunctionDescriptor.of(MALLINFO2));

    static long used() throws Throwable {
      try (var arena = java.lang.foreign.Arena.ofConfined()) {
        MemorySegment info = (MemorySegment) MALLINFO2_CALL.invokeExact((SegmentAllocator) arena);
        return info.get(ValueLayout.JAVA_LONG, 7 * 8) + info.get(ValueLayout.JAVA_LONG, 4 * 8);
      }
    }
  }

  private static void openAndClose(SslContext client, SslContext server, int count)
      throws SSLException {
    for (int i = 0; i < count; i++) {
      SSLEngine c = client.newEngine("localhost", 443);
      SSLEngine s = server.newEngine();
      c.closeOutbound();
      s.closeOutbound();
      c.closeInbound();
      s.closeInbound();
    }
  }

  private static void handshakeAndClose(SslContext client, SslContext server, int count)
      throws SSLException {
    for (int i = 0; i < count; i++) {
      SSLEngine c = client.newEngine("localhost", 443 + (i % 4));
      SSLEngine s = server.newEngine();
      Engines.handshake(c, s);
      Engines.close(c, s);
    }
  }

  private static long clientSessions(SslContext client) {
    return ((OpenSslSessions) client.sessionContext()).stats().sessions();
  }

  @Test
  void tenThousandEnginesOpenedAndClosedLeaveNativeMemoryFlat() throws Throwable {
    SslContext server = SslContextBuilder.forServer(CERT).sslProvider(SslProvider.OPENSSL).build();
    SslContext client =
        SslContextBuilder.forClient()
            .sslProvider(SslProvider.OPENSSL)
            .trustManager(List.of(CERT.certificate()))
            .build();
    // Warm up: the library's lazily built tables, the client's per-port sessions, the JIT.
    openAndClose(client, server, 1_000);
    handshakeAndClose(client, server, 50);
    long sessions = clientSessions(client);
    long heap = CHeap.used();

    openAndClose(client, server, 10_000);
    handshakeAndClose(client, server, 300);

    // Counted per context: the module-wide counts also move when other tests' contexts are
    // collected meanwhile.
    assertThat(OpenSslEngineTest.live(client)).isZero();
    assertThat(OpenSslEngineTest.live(server)).isZero();
    assertThat(clientSessions(client)).isEqualTo(sessions).isEqualTo(4);
    // 10,000 client and server engines held open take about 170 MB of C heap here (8.6 KB each),
    // so leaking even part of each engine's native state would exceed this bound by far. The
    // allowance is for the JVM's own malloc traffic meanwhile (the JIT's arenas, the GC), seen to
    // move the figure by up to about 27 MB either way.
    assertThat(CHeap.used() - heap).isLessThan(64L << 20);
  }
}
