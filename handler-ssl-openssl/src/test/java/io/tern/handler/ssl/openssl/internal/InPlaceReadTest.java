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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unwrap lends the caller's records to OpenSSL's read BIO for the duration of the call (in place
 * for direct buffers, through one per-thread copy for heap buffers) and stops reading once the
 * records are used up: batches of many records, destinations split in several buffers, and a {@code
 * close_notify} behind data in the same batch must all come out exactly.
 */
class InPlaceReadTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SSLEngine[] connected(String protocol) throws Exception {
    SslContext server =
        SslContextBuilder.forServer(CERT)
            .sslProvider(SslProvider.OPENSSL)
            .protocols(protocol)
            .build();
    SslContext client =
        SslContextBuilder.forClient()
            .sslProvider(SslProvider.OPENSSL)
            .trustManager(List.of(CERT.certificate()))
            .build();
    SSLEngine c = client.newEngine("localhost", 443);
    SSLEngine s = server.newEngine();
    Engines.handshake(c, s);
    return new SSLEngine[] {c, s};
  }

  private static byte[] data(int size) {
    byte[] data = new byte[size];
    new Random(size).nextBytes(data);
    return data;
  }

  private static ByteBuffer wrapped(SSLEngine from, byte[] data, boolean direct) throws Exception {
    ByteBuffer src = ByteBuffer.wrap(data);
    ByteBuffer wire =
        direct
            ? ByteBuffer.allocateDirect(data.length + 64 * 1024)
            : ByteBuffer.allocate(data.length + 64 * 1024);
    while (src.hasRemaining()) {
      from.wrap(src, wire);
    }
    return wire;
  }

  private static byte[] bytes(ByteBuffer... parts) {
    int n = 0;
    for (ByteBuffer p : parts) {
      n += p.flip().remaining();
    }
    byte[] all = new byte[n];
    int at = 0;
    for (ByteBuffer p : parts) {
      int r = p.remaining();
      p.get(all, at, r);
      at += r;
    }
    return all;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void aDirectBatchOfManyRecordsIsReadInOneUnwrap(String protocol) throws Exception {
    SSLEngine[] e = connected(protocol);
    byte[] data = data(200_000); // 13 records
    ByteBuffer wire = wrapped(e[0], data, true).flip();
    ByteBuffer out = ByteBuffer.allocateDirect(data.length + 64 * 1024);

    SSLEngineResult r = e[1].unwrap(wire, out);

    assertThat(r.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
    assertThat(r.bytesConsumed()).isEqualTo(wire.limit());
    assertThat(wire.hasRemaining()).isFalse();
    assertThat(bytes(out)).isEqualTo(data);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void aHeapBatchLargerThanTheScratchTakesSeveralUnwraps(String protocol) throws Exception {
    SSLEngine[] e = connected(protocol);
    byte[] data = data(300_000);
    ByteBuffer wire = wrapped(e[1], data, false).flip();
    ByteBuffer out = ByteBuffer.allocate(data.length + 64 * 1024);

    int unwraps = 0;
    while (wire.hasRemaining()) {
      SSLEngineResult r = e[0].unwrap(wire, out);
      assertThat(r.bytesConsumed()).isPositive().isLessThanOrEqualTo(Scratch.INBOUND);
      unwraps++;
    }

    assertThat(unwraps).isGreaterThan(1);
    assertThat(bytes(out)).isEqualTo(data);
  }

  @ParameterizedTest(name = "direct={0}")
  @ValueSource(booleans = {true, false})
  void recordsSplitOverSeveralDestinationsComeOutInOrder(boolean direct) throws Exception {
    SSLEngine[] e = connected("TLSv1.3");
    byte[] data = data(50_000);
    ByteBuffer wire = wrapped(e[0], data, direct).flip();
    ByteBuffer[] dsts = {
      ByteBuffer.allocate(10_000), ByteBuffer.allocateDirect(7_000), ByteBuffer.allocate(40_000)
    };

    SSLEngineResult r = e[1].unwrap(wire, dsts);

    assertThat(r.bytesProduced()).isEqualTo(data.length);
    assertThat(wire.hasRemaining()).isFalse();
    assertThat(bytes(dsts)).isEqualTo(data);
  }

  @ParameterizedTest(name = "direct={0}")
  @ValueSource(booleans = {true, false})
  void dataAndCloseNotifyInOneBatchAreBothSeen(boolean direct) throws Exception {
    SSLEngine[] e = connected("TLSv1.3");
    byte[] data = data(40_000);
    ByteBuffer wire = wrapped(e[0], data, direct);
    e[0].closeOutbound();
    ByteBuffer empty = ByteBuffer.allocate(0);
    while (!e[0].isOutboundDone()) {
      e[0].wrap(empty, wire);
    }
    wire.flip();
    ByteBuffer out = ByteBuffer.allocate(data.length + 64 * 1024);

    SSLEngineResult r = e[1].unwrap(wire, out);
    while (r.getStatus() == SSLEngineResult.Status.OK && wire.hasRemaining()) {
      r = e[1].unwrap(wire, out);
    }

    assertThat(r.getStatus()).isEqualTo(SSLEngineResult.Status.CLOSED);
    assertThat(e[1].isInboundDone()).isTrue();
    assertThat(bytes(out)).isEqualTo(data);
  }

  @ParameterizedTest(name = "direct={0}")
  @ValueSource(booleans = {true, false})
  void aRecordCutShortWaitsForTheRest(boolean direct) throws Exception {
    SSLEngine[] e = connected("TLSv1.3");
    byte[] data = data(20_000); // two records
    ByteBuffer whole = wrapped(e[0], data, false).flip();
    int cut = whole.limit() - 100;
    ByteBuffer wire =
        direct ? ByteBuffer.allocateDirect(whole.limit()) : ByteBuffer.allocate(whole.limit());
    wire.put(whole.duplicate().limit(cut)).flip();
    ByteBuffer out = ByteBuffer.allocate(64 * 1024);

    SSLEngineResult first = e[1].unwrap(wire, out);
    wire.compact().put(whole.position(cut)).flip();
    SSLEngineResult second = e[1].unwrap(wire, out);

    assertThat(first.bytesProduced()).isEqualTo(16384);
    assertThat(second.bytesProduced()).isEqualTo(data.length - 16384);
    assertThat(bytes(out)).isEqualTo(data);
  }
}
