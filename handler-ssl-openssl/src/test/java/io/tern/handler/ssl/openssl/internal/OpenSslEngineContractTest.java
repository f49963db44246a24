package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.nio.ByteBuffer;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;

/** The parts of the {@code SSLEngine} contract {@code SslHandler} relies on, one by one. */
class OpenSslEngineContractTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private final SSLEngine client =
      SslContextBuilder.forClient()
          .sslProvider(SslProvider.OPENSSL)
          .trustManager(List.of(CERT.certificate()))
          .build()
          .newEngine("localhost", 443);
  private final SSLEngine server =
      SslContextBuilder.forServer(CERT).sslProvider(SslProvider.OPENSSL).build().newEngine();

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  @Test
  void handshakeStatusesFollowTheFlightsAndFinishedIsReportedOnce() throws Exception {
    assertThat(client.getHandshakeStatus()).isEqualTo(HandshakeStatus.NOT_HANDSHAKING);
    client.beginHandshake();
    server.beginHandshake();
    assertThat(client.getHandshakeStatus()).isEqualTo(HandshakeStatus.NEED_WRAP);
    assertThat(server.getHandshakeStatus()).isEqualTo(HandshakeStatus.NEED_UNWRAP);

    ByteBuffer hello = ByteBuffer.allocate(1 << 16);
    SSLEngineResult r = client.wrap(EMPTY, hello);
    assertThat(r.bytesProduced()).isPositive();
    assertThat(r.getHandshakeStatus()).isEqualTo(HandshakeStatus.NEED_UNWRAP);

    hello.flip();
    r = server.unwrap(hello, ByteBuffer.allocate(1 << 16));
    assertThat(r.getStatus()).isEqualTo(Status.OK);
    assertThat(r.getHandshakeStatus()).isEqualTo(HandshakeStatus.NEED_WRAP);
    assertThat(server.getDelegatedTask()).isNull();

    ByteBuffer flight = ByteBuffer.allocate(1 << 16);
    server.wrap(EMPTY, flight);
    flight.flip();
    r = client.unwrap(flight, ByteBuffer.allocate(1 << 16));
    assertThat(r.getHandshakeStatus())
        .as("the client Finished is pending")
        .isEqualTo(HandshakeStatus.NEED_WRAP);
    ByteBuffer finished = ByteBuffer.allocate(1 << 16);
    r = client.wrap(EMPTY, finished);
    assertThat(r.getHandshakeStatus()).isEqualTo(HandshakeStatus.FINISHED);
    assertThat(client.getHandshakeStatus()).isEqualTo(HandshakeStatus.NOT_HANDSHAKING);

    finished.flip();
    r = server.unwrap(finished, ByteBuffer.allocate(1 << 16));
    assertThat(r.getHandshakeStatus())
        .as("session tickets to send")
        .isEqualTo(HandshakeStatus.NEED_WRAP);
    r = server.wrap(EMPTY, ByteBuffer.allocate(1 << 16));
    assertThat(r.getHandshakeStatus()).isEqualTo(HandshakeStatus.FINISHED);
    r = server.wrap(EMPTY, ByteBuffer.allocate(1 << 16));
    assertThat(r.getHandshakeStatus()).isEqualTo(HandshakeStatus.NOT_HANDSHAKING);
  }

  @Test
  void anIncompleteRecordIsAnUnderflowAndConsumesNothing() throws Exception {
    Engines.handshake(client, server);
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    client.wrap(ByteBuffer.wrap(new byte[100]), wire);
    wire.flip().limit(wire.limit() - 1);

    SSLEngineResult r = server.unwrap(wire, ByteBuffer.allocate(1 << 16));

    assertThat(r.getStatus()).isEqualTo(Status.BUFFER_UNDERFLOW);
    assertThat(r.bytesConsumed()).isZero();
    assertThat(wire.position()).isZero();
  }

  @Test
  void aDestinationTooSmallForTheRecordIsAnOverflowAndConsumesNothing() throws Exception {
    Engines.handshake(client, server);
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    client.wrap(ByteBuffer.wrap(new byte[1000]), wire);
    wire.flip();

    SSLEngineResult r = server.unwrap(wire, ByteBuffer.allocate(500));
    assertThat(r.getStatus()).isEqualTo(Status.BUFFER_OVERFLOW);
    assertThat(r.bytesConsumed()).isZero();

    ByteBuffer enough = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
    r = server.unwrap(wire, enough);
    assertThat(r.getStatus()).isEqualTo(Status.OK);
    assertThat(r.bytesProduced()).isEqualTo(1000);
  }

  @Test
  void wrapIntoATooSmallBufferIsAnOverflowAndTakesNothing() throws Exception {
    Engines.handshake(client, server);
    ByteBuffer data = ByteBuffer.wrap(new byte[1000]);

    SSLEngineResult r = client.wrap(data, ByteBuffer.allocate(100));

    assertThat(r.getStatus()).isEqualTo(Status.BUFFER_OVERFLOW);
    assertThat(data.position()).isZero();
  }

  @Test
  void severalSourceBuffersFillOneRecord() throws Exception {
    Engines.handshake(client, server);
    ByteBuffer[] parts = new ByteBuffer[100];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = i % 2 == 0 ? ByteBuffer.allocate(10) : ByteBuffer.allocateDirect(10);
    }
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);

    SSLEngineResult r = client.wrap(parts, wire);

    assertThat(r.bytesConsumed()).isEqualTo(1000);
    wire.flip();
    assertThat(wire.get(0)).as("application data").isEqualTo((byte) 23);
    assertThat(5 + (wire.getShort(3) & 0xffff)).as("one record").isEqualTo(wire.remaining());
  }

  @Test
  void aCorruptRecordFailsWithOpenSslsReason() throws Exception {
    Engines.handshake(client, server);
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    client.wrap(ByteBuffer.wrap(new byte[100]), wire);
    wire.flip();
    wire.put(20, (byte) (wire.get(20) ^ 1));

    assertThatThrownBy(() -> server.unwrap(wire, ByteBuffer.allocate(1 << 16)))
        .isInstanceOf(SSLException.class)
        .hasMessageContaining("SSL routines")
        .hasMessageContaining("bad record mac");
    assertThat(server.getHandshakeStatus()).as("the alert").isEqualTo(HandshakeStatus.NEED_WRAP);
    server.closeOutbound();
    ByteBuffer alert = ByteBuffer.allocate(1 << 16);
    assertThat(server.wrap(EMPTY, alert).getStatus()).isEqualTo(Status.CLOSED);
    assertThat(alert.position()).isPositive();
    assertThat(server.isOutboundDone()).isTrue();
  }

  @Test
  void closeNotifyEndsInboundAndIsAnswered() throws Exception {
    Engines.handshake(client, server);
    client.closeOutbound();
    assertThat(client.isOutboundDone()).as("close_notify still to wrap").isFalse();
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    assertThat(client.wrap(EMPTY, wire).getStatus()).isEqualTo(Status.CLOSED);
    assertThat(client.isOutboundDone()).isTrue();
    wire.flip();

    SSLEngineResult r = server.unwrap(wire, ByteBuffer.allocate(1 << 16));

    assertThat(r.getStatus()).isEqualTo(Status.CLOSED);
    assertThat(server.isInboundDone()).isTrue();
    assertThat(server.unwrap(ByteBuffer.allocate(0), ByteBuffer.allocate(10)).getStatus())
        .isEqualTo(Status.CLOSED);
  }

  @Test
  void closingInboundWithoutTheCloseNotifyThrowsButStillCloses() throws Exception {
    Engines.handshake(client, server);

    assertThatThrownBy(server::closeInbound).isInstanceOf(SSLException.class);
    assertThat(server.isInboundDone()).isTrue();
  }

  @Test
  void closingOutboundMidHandshakeSendsAPlainCloseNotifyAfterTheQueuedHello() throws Exception {
    client.beginHandshake();
    client.closeOutbound();
    assertThat(client.isOutboundDone()).as("the hello and close_notify still to wrap").isFalse();

    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    for (int i = 0; i < 10 && !client.isOutboundDone(); i++) {
      client.wrap(EMPTY, wire);
    }
    wire.flip();

    assertThat(client.isOutboundDone()).isTrue();
    assertThat(wire.get(0)).as("the ClientHello first: a handshake record").isEqualTo((byte) 22);
    byte[] tail = new byte[7];
    wire.get(wire.limit() - 7, tail);
    assertThat(tail)
        .as("then a plaintext warning alert, close_notify")
        .containsExactly(21, 3, 3, 0, 2, 1, 0);
    client.closeInbound(); // mid-handshake: no close_notify was owed, so no exception
    assertThat(client.isInboundDone()).isTrue();
    assertThat(client.getHandshakeStatus()).isEqualTo(HandshakeStatus.NOT_HANDSHAKING);
  }
}
