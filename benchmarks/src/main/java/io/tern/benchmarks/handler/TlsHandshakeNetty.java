package io.tern.benchmarks.handler;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
import io.tern.handler.ssl.SelfSignedCertificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
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
 * Netty twin of {@link TlsHandshake}: the same handshakes through Netty's {@code SslHandler} with
 * the JDK or the OpenSSL (BoringSSL, netty-tcnative) provider on both sides.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TlsHandshakeNetty {
  /** {@code full} or {@code resumed}. */
  @Param({"full", "resumed"})
  public String mode;

  /** Netty's TLS provider; the harness takes the faster per round. */
  @NettyConfiguration
  @Param({"jdk", "openssl"})
  public String provider;

  private SslContext serverContext;
  private SslContext clientContext;
  private boolean resume;

  /** Creates the benchmark state (JMH does). */
  public TlsHandshakeNetty() {}

  /**
   * Builds both contexts.
   *
   * @throws SSLException if Netty cannot build a context
   */
  @Setup
  public void setUp() throws SSLException {
    resume = ParamValues.oneOf("mode", mode, "full", "resumed").equals("resumed");
    SslProvider sslProvider;
    if (ParamValues.oneOf("provider", provider, "jdk", "openssl").equals("jdk")) {
      sslProvider = SslProvider.JDK;
    } else {
      OpenSsl.ensureAvailability();
      sslProvider = SslProvider.OPENSSL;
    }
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    serverContext =
        SslContextBuilder.forServer(cert.privateKey(), cert.certificate())
            .sslProvider(sslProvider)
            .protocols("TLSv1.3")
            .ciphers(List.of(TlsTransfer.CIPHER))
            .build();
    clientContext =
        SslContextBuilder.forClient()
            .sslProvider(sslProvider)
            .trustManager(cert.certificate())
            .protocols("TLSv1.3")
            .ciphers(List.of(TlsTransfer.CIPHER))
            .endpointIdentificationAlgorithm(null)
            .build();
    handshake();
  }

  /**
   * One handshake.
   *
   * @return whether the session has a creation time (for the blackhole)
   */
  @Benchmark
  public boolean handshake() {
    EmbeddedChannel server =
        new EmbeddedChannel(serverContext.newHandler(ByteBufAllocator.DEFAULT));
    SslHandler clientSsl =
        resume
            ? clientContext.newHandler(ByteBufAllocator.DEFAULT, "localhost", 443)
            : clientContext.newHandler(ByteBufAllocator.DEFAULT);
    EmbeddedChannel client = new EmbeddedChannel(clientSsl);
    for (int i = 0; i < 8 && pump(client, server); i++) {
      // until nothing moves: the TLS 1.3 tickets come after the handshake
    }
    if (!clientSsl.handshakeFuture().isSuccess()) {
      throw new IllegalStateException("handshake failed", clientSsl.handshakeFuture().cause());
    }
    client.finishAndReleaseAll();
    server.finishAndReleaseAll();
    return clientSsl.engine().getSession().getCreationTime() != 0;
  }

  private static boolean pump(EmbeddedChannel client, EmbeddedChannel server) {
    boolean moved = false;
    Object buf;
    while ((buf = client.readOutbound()) != null) {
      server.writeInbound((ByteBuf) buf);
      moved = true;
    }
    while ((buf = server.readOutbound()) != null) {
      client.writeInbound((ByteBuf) buf);
      moved = true;
    }
    return moved;
  }
}
