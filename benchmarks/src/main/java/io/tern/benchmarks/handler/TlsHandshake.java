package io.tern.benchmarks.handler;

import io.tern.buffer.ByteBuf;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * TLS handshakes in memory, without sockets: per operation a new client and server {@link
 * SslHandler} in two {@link EmbeddedChannel}s, ciphertext moved by hand until both are done (TLS
 * 1.3 session tickets included), then both channels closed. TLS 1.3, {@code
 * TLS_AES_128_GCM_SHA256}, an EC P-256 certificate, the default TLS provider ({@code openssl} where
 * the system's OpenSSL loads; {@code -Dio.tern.handler.ssl.provider=jdk} picks the JDK's engine).
 * Twin of {@link TlsHandshakeNetty}.
 *
 * <ul>
 *   <li>{@code mode=full}: the client offers no session (no peer host and port, so nothing to
 *       resume), a full handshake with an ECDHE key exchange and a certificate signature.
 *   <li>{@code mode=resumed}: the client connects to the same host and port each time and resumes
 *       the session of the previous connection with a ticket.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TlsHandshake {
  /** {@code full} or {@code resumed}. */
  @Param({"full", "resumed"})
  public String mode;

  private SslContext serverContext;
  private SslContext clientContext;
  private boolean resume;

  /** Creates the benchmark state (JMH does). */
  public TlsHandshake() {}

  /** Builds both contexts. */
  @Setup
  public void setUp() {
    resume =
        io.tern.benchmarks.harness.ParamValues.oneOf("mode", mode, "full", "resumed")
            .equals("resumed");
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    serverContext =
        SslContextBuilder.forServer(cert).protocols("TLSv1.3").ciphers(TlsTransfer.CIPHER).build();
    clientContext =
        SslContextBuilder.forClient()
            .trustManager(List.of(cert.certificate()))
            .protocols("TLSv1.3")
            .ciphers(TlsTransfer.CIPHER)
            .endpointIdentification(false)
            .build();
    handshake(); // the first session, for mode=resumed
  }

  /**
   * One handshake.
   *
   * @return whether the client resumed (for the blackhole)
   */
  @Benchmark
  public boolean handshake() {
    EmbeddedChannel server = new EmbeddedChannel(serverContext.newHandler());
    SslHandler clientSsl =
        resume ? clientContext.newHandler("localhost", 443) : clientContext.newHandler();
    EmbeddedChannel client = new EmbeddedChannel(clientSsl);
    for (int i = 0; i < 8 && pump(client, server); i++) {
      // until nothing moves: the TLS 1.3 tickets come after the handshake
    }
    if (!clientSsl.handshakeFuture().isSuccess()) {
      throw new IllegalStateException("handshake failed", clientSsl.handshakeFuture().cause());
    }
    client.finishAndReleaseAll();
    server.finishAndReleaseAll();
    return clientSsl.session().getCreationTime() != 0;
  }

  private static boolean pump(EmbeddedChannel client, EmbeddedChannel server) {
    boolean moved = false;
    ByteBuf buf;
    while ((buf = client.readOutbound()) != null) {
      server.writeInbound(buf);
      moved = true;
    }
    while ((buf = server.readOutbound()) != null) {
      client.writeInbound(buf);
      moved = true;
    }
    return moved;
  }
}
