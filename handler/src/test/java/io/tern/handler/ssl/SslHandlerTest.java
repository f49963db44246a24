package io.tern.handler.ssl;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.codec.EncoderException;
import io.tern.common.concurrent.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@ParameterizedClass(name = "client {0}, server {1}")
@MethodSource("io.tern.handler.ssl.TlsProviders#pairs")
class SslHandlerTest {
  private final SslProvider clientProvider;
  private final SslProvider serverProvider;

  SslHandlerTest(SslProvider clientProvider, SslProvider serverProvider) {
    this.clientProvider = clientProvider;
    this.serverProvider = serverProvider;
  }

  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();
  private static final SelfSignedCertificate OTHER = SelfSignedCertificate.create();

  private SslContextBuilder serverBuilder() {
    return SslContextBuilder.forServer(CERT).sslProvider(serverProvider);
  }

  private SslContextBuilder clientBuilder() {
    return SslContextBuilder.forClient()
        .sslProvider(clientProvider)
        .trustManager(List.of(CERT.certificate()));
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, US_ASCII);
  }

  private TlsPipe pipe(TlsPipe.Splitter splitter) {
    return new TlsPipe(clientBuilder().build(), serverBuilder().build(), splitter);
  }

  @ParameterizedTest(name = "TLS {0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void handshakeCompletesAndDataFlowsBothWays(String protocol) throws Exception {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().protocols(protocol).build(), serverBuilder().build(), TlsPipe.WHOLE);
    p.pump();

    assertThat(p.clientSsl.handshakeFuture().isSuccess()).isTrue();
    assertThat(p.serverSsl.handshakeFuture().isSuccess()).isTrue();
    assertThat(p.clientSsl.session().getProtocol()).isEqualTo(protocol);
    assertThat(p.clientRecorder.events).containsExactly(SslHandshakeCompletionEvent.SUCCESS);
    assertThat(p.serverRecorder.events).containsExactly(SslHandshakeCompletionEvent.SUCCESS);

    Future<Void> request = p.client.writeAndFlush(ascii("GET /"));
    p.pump();
    Future<Void> response = p.server.writeAndFlush(ascii("200 OK"));
    p.pump();

    assertThat(request.isSuccess()).isTrue();
    assertThat(response.isSuccess()).isTrue();
    assertThat(p.serverRecorder.text()).isEqualTo("GET /");
    assertThat(p.clientRecorder.text()).isEqualTo("200 OK");
    p.close();
  }

  @Test
  void recordsSplitAtEveryByteStillDecode() {
    TlsPipe p = pipe(TlsPipe.BYTE_BY_BYTE);
    p.client.writeAndFlush(ascii("hello, byte by byte"));
    p.pump();
    p.server.writeAndFlush(ascii("and back"));
    p.pump();

    assertThat(p.serverRecorder.text()).isEqualTo("hello, byte by byte");
    assertThat(p.clientRecorder.text()).isEqualTo("and back");
    p.close();
  }

  @Test
  void randomSplitsOfALargeTransferArriveIntact() {
    TlsPipe p = pipe(TlsPipe.random(42));
    byte[] data = new byte[300_000];
    new java.util.Random(7).nextBytes(data);
    p.pump();

    p.client.writeAndFlush(Unpooled.wrappedBuffer(data));
    p.pump();

    assertThat(p.serverRecorder.plaintext.toByteArray()).isEqualTo(data);
    p.close();
  }

  @Test
  void largeWriteIsEncryptedIntoBatchesOfBoundedSize() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    p.clientToServerBuffers.clear();
    byte[] data = new byte[1 << 20];
    Arrays.fill(data, (byte) 'x');

    Future<Void> write = p.client.writeAndFlush(Unpooled.wrappedBuffer(data));
    p.pump();

    assertThat(write.isSuccess()).isTrue();
    assertThat(p.serverRecorder.plaintext.size()).isEqualTo(data.length);
    assertThat(p.clientToServerBuffers)
        .allSatisfy(
            size -> assertThat(size).isLessThanOrEqualTo(SslHandler.MAX_BATCH_BYTES + 20_000));
    assertThat(p.clientToServerBuffers.size()).isBetween(14, 18); // ~16 batches of 64 KiB
    p.close();
  }

  @Test
  void aLargeFlushReachesTheTransportBatchByBatchWhileTheRestIsEncrypted() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    p.clientToServerBuffers.clear();
    byte[] chunk = new byte[16 * 1024];
    List<Integer> flushedWhenFirstWriteDone = new ArrayList<>();

    Future<Void> first = p.client.write(Unpooled.wrappedBuffer(chunk));
    first.addListener(f -> flushedWhenFirstWriteDone.add(p.client.outboundMessages().size()));
    for (int i = 1; i < 64; i++) {
      p.client.write(Unpooled.wrappedBuffer(chunk));
    }
    p.client.flush();
    int total = p.client.outboundMessages().size();
    p.pump();

    // 1 MiB is about 16 batches; the first write's batch went out before the others were made.
    assertThat(total).isBetween(14, 18);
    assertThat(flushedWhenFirstWriteDone).containsExactly(1);
    assertThat(p.serverRecorder.plaintext.size()).isEqualTo(64 * chunk.length);
    p.close();
  }

  @Test
  void recordsArrivingInDirectMemoryDecryptLikeHeapOnes() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    byte[] data = new byte[100_000];
    new java.util.Random(3).nextBytes(data);
    p.client.writeAndFlush(Unpooled.wrappedBuffer(data));
    ByteBuf wire = Unpooled.directBuffer();
    ByteBuf b;
    while ((b = p.client.readOutbound()) != null) {
      wire.writeBytes(b);
      b.release();
    }
    assertThat(wire.hasArray()).isFalse();

    // Whole records, then the tail of the last one in a second read.
    int split = wire.readableBytes() - 100;
    p.server.writeInbound(wire.readRetainedSlice(split));
    p.server.writeInbound(wire);

    assertThat(p.serverRecorder.plaintext.toByteArray()).isEqualTo(data);
    p.close();
  }

  @Test
  void manySmallWritesShareRecordsAndOneOutboundBuffer() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    p.clientToServerBuffers.clear();
    List<Future<Void>> writes = new ArrayList<>();

    for (int i = 0; i < 1000; i++) {
      writes.add(p.client.write(ascii("0123456789")));
    }
    p.client.flush();
    ByteBuf wire = p.client.readOutbound();

    assertThat(p.client.<Object>readOutbound()).as("one buffer").isNull();
    assertThat(recordCount(wire)).as("10,000 bytes fit one record").isEqualTo(1);
    assertThat(writes).allSatisfy(f -> assertThat(f.isSuccess()).isTrue());
    p.server.writeInbound(wire);
    assertThat(p.serverRecorder.plaintext.size()).isEqualTo(10_000);
    assertThat(p.serverRecorder.reads).isEqualTo(1);
    p.close();
  }

  private static int recordCount(ByteBuf wire) {
    int count = 0;
    for (int i = wire.readerIndex(); i < wire.writerIndex(); count++) {
      i += 5 + wire.getUnsignedShort(i + 3);
    }
    return count;
  }

  @Test
  void manyRecordsInOneReadBecomeOneMessage() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    for (int i = 0; i < 20; i++) {
      p.client.writeAndFlush(ascii("record " + i + ";"));
    }
    ByteBuf all = Unpooled.buffer();
    ByteBuf b;
    while ((b = p.client.readOutbound()) != null) {
      all.writeBytes(b);
      b.release();
    }

    p.server.writeInbound(all);

    assertThat(p.serverRecorder.reads).isEqualTo(1);
    assertThat(p.serverRecorder.text()).startsWith("record 0;record 1;").endsWith("record 19;");
    p.close();
  }

  @Test
  void writesBeforeTheHandshakeAreSentAfterIt() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    Future<Void> early = p.client.writeAndFlush(ascii("early"));
    assertThat(early.isDone()).isFalse();

    p.pump();

    assertThat(early.isSuccess()).isTrue();
    assertThat(p.serverRecorder.text()).isEqualTo("early");
    p.close();
  }

  @Test
  void alpnResultIsExposedOnBothSides() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().applicationProtocols("h2", "http/1.1").build(),
            serverBuilder().applicationProtocols("http/1.1", "h2").build(),
            TlsPipe.WHOLE);
    assertThat(p.clientSsl.applicationProtocol()).isNull();

    p.pump();

    assertThat(p.clientSsl.applicationProtocol()).isEqualTo("http/1.1");
    assertThat(p.serverSsl.applicationProtocol()).isEqualTo("http/1.1");
    p.close();
  }

  @Test
  void noAlpnMeansNoProtocol() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();

    assertThat(p.clientSsl.applicationProtocol()).isNull();
    p.close();
  }

  @Test
  void untrustedServerFailsTheHandshakeOnBothSidesAndClosesThem() {
    SslContext distrustful =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(List.of(OTHER.certificate()))
            .build();
    TlsPipe p = new TlsPipe(distrustful, serverBuilder().build(), TlsPipe.WHOLE);

    p.pump();

    assertThat(p.clientSsl.handshakeFuture().cause()).isInstanceOf(SSLHandshakeException.class);
    assertThat(p.serverSsl.handshakeFuture().cause()).isInstanceOf(SSLException.class);
    assertThat(p.client.isOpen()).isFalse();
    assertThat(p.server.isOpen()).isFalse();
    assertThat(p.clientRecorder.events.getFirst())
        .isInstanceOfSatisfying(
            SslHandshakeCompletionEvent.class, e -> assertThat(e.isSuccess()).isFalse());
    assertThat(p.clientRecorder.exceptions.getFirst())
        .isInstanceOf(DecoderException.class)
        .hasCauseInstanceOf(SSLHandshakeException.class);
    p.close();
  }

  @Test
  void noCommonAlpnProtocolFailsTheHandshake() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().applicationProtocols("spdy/3").build(),
            serverBuilder().applicationProtocols("h2").build(),
            TlsPipe.WHOLE);

    p.pump();

    assertThat(p.serverSsl.handshakeFuture().cause())
        .hasMessageContaining("no_application_protocol");
    assertThat(p.clientSsl.handshakeFuture().cause()).isInstanceOf(SSLException.class);
    assertThat(p.client.isOpen()).isFalse();
    assertThat(p.server.isOpen()).isFalse();
    p.close();
  }

  @Test
  void noCommonProtocolVersionFailsTheHandshake() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().protocols("TLSv1.2").build(),
            serverBuilder().protocols("TLSv1.3").build(),
            TlsPipe.WHOLE);

    p.pump();

    assertThat(p.clientSsl.handshakeFuture().isSuccess()).isFalse();
    assertThat(p.serverSsl.handshakeFuture().cause()).isInstanceOf(SSLHandshakeException.class);
    p.close();
  }

  @Test
  void requiredClientCertificateMissingFailsTheHandshake() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().build(),
            serverBuilder()
                .clientAuth(ClientAuth.REQUIRE)
                .trustManager(List.of(OTHER.certificate()))
                .build(),
            TlsPipe.WHOLE);

    p.pump();

    assertThat(p.serverSsl.handshakeFuture().cause()).isInstanceOf(SSLHandshakeException.class);
    assertThat(p.server.isOpen()).isFalse();
    assertThat(p.client.isOpen()).isFalse();
    p.close();
  }

  @Test
  void handshakeTimeoutFailsAndClosesTheChannel() {
    SslHandler ssl = serverBuilder().handshakeTimeout(Duration.ofSeconds(5)).build().newHandler();
    TlsPipe.Recorder recorder = new TlsPipe.Recorder();
    io.tern.transport.embedded.EmbeddedChannel ch =
        new io.tern.transport.embedded.EmbeddedChannel(ssl, recorder);
    ch.advanceTimeBy(4999, TimeUnit.MILLISECONDS);
    assertThat(ch.isOpen()).isTrue();

    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);

    assertThat(ssl.handshakeFuture().cause()).isInstanceOf(SslHandshakeTimeoutException.class);
    assertThat(recorder.exceptions.getFirst()).isInstanceOf(SslHandshakeTimeoutException.class);
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void successfulHandshakeCancelsTheTimeout() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();

    assertThat(p.client.runScheduledPendingTasks()).isEqualTo(-1);
    assertThat(p.server.runScheduledPendingTasks()).isEqualTo(-1);
    p.close();
  }

  @Test
  void plaintextOnATlsPortIsRejected() {
    SslHandler ssl = serverBuilder().build().newHandler();
    TlsPipe.Recorder recorder = new TlsPipe.Recorder();
    io.tern.transport.embedded.EmbeddedChannel ch =
        new io.tern.transport.embedded.EmbeddedChannel(ssl, recorder);

    ch.writeInbound(ascii("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));

    assertThat(ssl.handshakeFuture().cause())
        .isInstanceOf(NotSslRecordException.class)
        .hasMessageContaining("474554"); // "GET"
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void closeSendsCloseNotifyAndWaitsForThePeers() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();

    Future<Void> closing = p.client.close();
    assertThat(closing.isDone()).as("waits for the peer's close_notify").isFalse();
    p.pump();

    assertThat(closing.isSuccess()).isTrue();
    assertThat(p.client.isOpen()).isFalse();
    assertThat(p.server.isOpen()).isFalse();
    assertThat(p.serverSsl.sslCloseFuture().isSuccess()).isTrue();
    assertThat(p.clientSsl.sslCloseFuture().isSuccess()).isTrue();
    assertThat(p.serverRecorder.events).contains(SslCloseCompletionEvent.SUCCESS);
    p.close();
  }

  @Test
  void closeGivesUpWaitingForThePeerAfterTheTimeout() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().closeNotifyTimeout(Duration.ofSeconds(2)).build(),
            serverBuilder().build(),
            TlsPipe.WHOLE);
    p.pump();

    Future<Void> closing = p.client.close();
    p.client.advanceTimeBy(1999, TimeUnit.MILLISECONDS);
    assertThat(closing.isDone()).isFalse();
    p.client.advanceTimeBy(1, TimeUnit.MILLISECONDS);

    assertThat(closing.isSuccess()).isTrue();
    assertThat(p.client.isOpen()).isFalse();
    assertThat(p.clientSsl.sslCloseFuture().cause())
        .isInstanceOf(java.nio.channels.ClosedChannelException.class);
    p.close();
  }

  @Test
  void zeroCloseNotifyTimeoutClosesAtOnce() {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().closeNotifyTimeout(Duration.ZERO).build(),
            serverBuilder().build(),
            TlsPipe.WHOLE);
    p.pump();

    Future<Void> closing = p.client.close();

    assertThat(closing.isSuccess()).isTrue();
    ByteBuf closeNotify = p.client.readOutbound();
    assertThat((int) closeNotify.getUnsignedByte(0)).as("an encrypted alert record").isIn(21, 23);
    closeNotify.release();
    p.close();
  }

  @Test
  void dataWrittenBeforeCloseArrivesBeforeTheCloseNotify() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();

    p.server.writeAndFlush(ascii("last words"));
    p.server.close();
    p.pump();

    assertThat(p.clientRecorder.text()).isEqualTo("last words");
    assertThat(p.clientSsl.sslCloseFuture().isSuccess()).isTrue();
    assertThat(p.client.isOpen()).isFalse();
    p.close();
  }

  @Test
  void writesAfterCloseFail() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();
    p.client.close();
    ByteBuf late = ascii("late");

    Future<Void> write = p.client.writeAndFlush(late);

    assertThat(write.cause()).isInstanceOf(SSLException.class);
    assertThat(late.refCnt()).isZero();
    p.pump();
    p.close();
  }

  @Test
  void nonBufferWritesFail() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    p.pump();

    Future<Void> write = p.client.writeAndFlush("a string");

    assertThat(write.cause()).isInstanceOf(EncoderException.class);
    p.close();
  }

  @Test
  void serverRefusesClientInitiatedRenegotiation() throws Exception {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().protocols("TLSv1.2").build(), serverBuilder().build(), TlsPipe.WHOLE);
    p.pump();

    p.clientSsl.engine().beginHandshake();
    p.client.writeAndFlush(Unpooled.EMPTY_BUFFER);
    p.pump();

    assertThat(p.serverRecorder.exceptions.getFirst())
        .hasRootCauseMessage("TLS renegotiation refused");
    assertThat(p.server.isOpen()).isFalse();
    p.close();
  }

  @Test
  void clientRefusesServerInitiatedRenegotiation() throws Exception {
    TlsPipe p =
        new TlsPipe(
            clientBuilder().protocols("TLSv1.2").build(), serverBuilder().build(), TlsPipe.WHOLE);
    p.pump();

    p.serverSsl.engine().beginHandshake();
    p.server.writeAndFlush(Unpooled.EMPTY_BUFFER);
    p.pump();

    assertThat(p.clientRecorder.exceptions.getFirst())
        .hasRootCauseMessage("TLS renegotiation refused");
    assertThat(p.client.isOpen()).isFalse();
    p.close();
  }

  @Test
  void closingDuringTheHandshakeFailsItAndQueuedWrites() {
    TlsPipe p = pipe(TlsPipe.WHOLE);
    Future<Void> queued = p.client.writeAndFlush(ascii("never sent"));

    p.client.close();
    p.pump();

    if (clientProvider == SslProvider.JDK && serverProvider == SslProvider.OPENSSL) {
      // The JDK's client engine, closed mid-handshake, still completes the handshake when the
      // server's whole flight arrives (it only drops its own Finished); the server has failed it.
      assertThat(p.serverSsl.handshakeFuture().cause()).isInstanceOf(SSLException.class);
    } else {
      assertThat(p.clientSsl.handshakeFuture().cause()).isInstanceOf(SSLException.class);
    }
    assertThat(queued.cause()).isNotNull();
    assertThat(p.client.isOpen()).isFalse();
    p.close();
  }

  /** Counts the read requests that reach the transport. */
  static final class ReadCounter implements io.tern.transport.channel.ChannelHandler {
    int reads;

    @Override
    public void read(io.tern.transport.channel.ChannelHandlerContext ctx) {
      reads++;
      ctx.read();
    }
  }

  @Test
  void withAutoReadOffTheHandlerAsksForTheReadsTheHandshakeAndPartialRecordsNeed() {
    ReadCounter clientReads = new ReadCounter();
    ReadCounter serverReads = new ReadCounter();
    io.tern.transport.embedded.EmbeddedChannel client =
        new io.tern.transport.embedded.EmbeddedChannel(clientReads);
    io.tern.transport.embedded.EmbeddedChannel server =
        new io.tern.transport.embedded.EmbeddedChannel(serverReads);
    client.config().autoRead(false);
    server.config().autoRead(false);
    int clientBase = clientReads.reads; // the channel's own read when it became active
    int serverBase = serverReads.reads;
    SslHandler clientSsl = clientBuilder().build().newHandler("localhost", 1);
    TlsPipe.Recorder serverRecorder = new TlsPipe.Recorder();
    server.pipeline().addLast(serverBuilder().build().newHandler()).addLast(serverRecorder);
    client.pipeline().addLast(clientSsl);
    assertThat(clientReads.reads - clientBase).as("client waits for the server hello").isOne();
    assertThat(serverReads.reads - serverBase).as("server waits for the client hello").isOne();

    for (int i = 0; i < 10; i++) {
      ByteBuf b;
      while ((b = client.readOutbound()) != null) {
        server.writeInbound(b);
      }
      while ((b = server.readOutbound()) != null) {
        client.writeInbound(b);
      }
    }
    assertThat(clientSsl.handshakeFuture().isSuccess()).isTrue();
    int before = serverReads.reads;

    client.writeAndFlush(ascii("data"));
    ByteBuf record = client.readOutbound();
    server.writeInbound(record.readRetainedSlice(3)); // a partial record: nothing to deliver
    assertThat(serverReads.reads).as("asks for the rest").isEqualTo(before + 1);
    server.writeInbound(record);
    assertThat(serverRecorder.text()).isEqualTo("data");
    assertThat(serverReads.reads)
        .as("data delivered: the application decides")
        .isEqualTo(before + 1);

    client.finishAndReleaseAll();
    server.finishAndReleaseAll();
  }
}
