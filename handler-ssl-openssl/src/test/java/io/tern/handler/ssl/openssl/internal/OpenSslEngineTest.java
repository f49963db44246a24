package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OpenSslEngineTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SslContext server(String protocol) {
    return SslContextBuilder.forServer(CERT)
        .sslProvider(SslProvider.OPENSSL)
        .protocols(protocol)
        .build();
  }

  private static SslContext client() {
    return SslContextBuilder.forClient()
        .sslProvider(SslProvider.OPENSSL)
        .trustManager(List.of(CERT.certificate()))
        .build();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void handshakesAndMovesDataBothWays(String protocol) throws Exception {
    SSLEngine c = client().newEngine("localhost", 443);
    SSLEngine s = server(protocol).newEngine();

    Engines.handshake(c, s);

    assertThat(c.getSession().getProtocol()).isEqualTo(protocol);
    assertThat(s.getSession().getProtocol()).isEqualTo(protocol);
    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(CERT.certificate());
    byte[] data = new byte[100_000];
    new Random(1).nextBytes(data);
    assertThat(Engines.transfer(c, s, data)).isEqualTo(data);
    assertThat(Engines.transfer(s, c, data)).isEqualTo(data);
    Engines.close(c, s);

    assertThat(c.isInboundDone()).isTrue();
    assertThat(c.isOutboundDone()).isTrue();
    assertThat(s.isInboundDone()).isTrue();
    assertThat(s.isOutboundDone()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void directBatchesAreReadWhereTheyAreAndArriveWhole(String protocol) throws Exception {
    // Batches of many records in direct memory: the read BIO is swapped for a view of the
    // caller's bytes (CiphertextIo.feedForRead); small ones and the close_notify are copied in.
    SSLEngine c = client().newEngine("localhost", 443);
    SSLEngine s = server(protocol).newEngine();
    Engines.handshake(c, s);
    byte[] data = new byte[300_000];
    new Random(2).nextBytes(data);
    ByteBuffer wire = ByteBuffer.allocateDirect(data.length + 64 * 1024);
    ByteBuffer src = ByteBuffer.wrap(data);
    while (src.hasRemaining()) {
      c.wrap(src, wire);
    }
    c.closeOutbound();
    c.wrap(ByteBuffer.allocate(0), wire);
    wire.flip();
    ByteBuffer out = ByteBuffer.allocateDirect(data.length);
    int unwraps = 0;
    SSLEngineResult r;
    do {
      // Room for about three records per call, so each call reads a batch and some stay behind.
      ByteBuffer room = out.slice(out.position(), Math.min(50_000, out.remaining()));
      r = s.unwrap(wire, room);
      out.position(out.position() + r.bytesProduced());
      unwraps++;
    } while (r.getStatus() == SSLEngineResult.Status.OK && unwraps < 1000);

    assertThat(r.getStatus()).isEqualTo(SSLEngineResult.Status.CLOSED);
    assertThat(wire.hasRemaining()).isFalse();
    byte[] received = new byte[out.flip().remaining()];
    out.get(received);
    assertThat(received).isEqualTo(data);
    assertThat(s.isInboundDone()).isTrue();
  }

  @Test
  void closedEnginesFreeTheirNativeConnection() throws Exception {
    SslContext clientContext = client();
    SslContext serverContext = server("TLSv1.3");
    SSLEngine c = clientContext.newEngine("localhost", 443);
    SSLEngine s = serverContext.newEngine();
    assertThat(live(clientContext)).isOne();
    assertThat(live(serverContext)).isOne();

    Engines.handshake(c, s);
    Engines.close(s, c);

    assertThat(live(clientContext)).isZero();
    assertThat(live(serverContext)).isZero();
  }

  static long live(SslContext context) {
    return ((OpenSslSessions) context.sessionContext()).context().liveConnections();
  }
}
