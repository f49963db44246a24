package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "client {0}, server {1}")
@MethodSource("io.tern.handler.ssl.TlsProviders#pairs")
class SniHandlerTest {
  private final SslProvider clientProvider;
  private final SslContext server;

  SniHandlerTest(SslProvider clientProvider, SslProvider serverProvider) {
    this.clientProvider = clientProvider;
    this.server =
        SslContextBuilder.forServer(DEFAULT)
            .sslProvider(serverProvider)
            .sni(
                "api.example", SslContextBuilder.forServer(API).sslProvider(serverProvider).build())
            .sni(
                "*.wild.example",
                SslContextBuilder.forServer(WILD).sslProvider(serverProvider).build())
            .build();
  }

  private static final SelfSignedCertificate DEFAULT = SelfSignedCertificate.create();
  private static final SelfSignedCertificate API =
      SelfSignedCertificate.builder().commonName("api.example").dnsNames("api.example").build();
  private static final SelfSignedCertificate WILD =
      SelfSignedCertificate.builder()
          .commonName("*.wild.example")
          .dnsNames("*.wild.example")
          .build();

  private SslContext client() {
    return SslContextBuilder.forClient()
        .sslProvider(clientProvider)
        .trustManager(List.of(DEFAULT.certificate(), API.certificate(), WILD.certificate()))
        .build();
  }

  /** Connects a client for {@code host} to an SNI server; returns the pipe and the handler. */
  private TlsPipe connect(String host, SniHandler sni, TlsPipe.Splitter splitter) {
    return new TlsPipe(client().newHandler(host, 443), sni, splitter);
  }

  private static X509Certificate served(TlsPipe p) throws Exception {
    return (X509Certificate) p.clientSsl.session().getPeerCertificates()[0];
  }

  @Test
  void servesTheContextMappedToTheRequestedHost() throws Exception {
    SniHandler sni = new SniHandler(server);
    TlsPipe p = connect("api.example", sni, TlsPipe.WHOLE);

    p.pump();

    assertThat(p.clientSsl.handshakeFuture().isSuccess()).isTrue();
    assertThat(served(p)).isEqualTo(API.certificate());
    assertThat(sni.hostName()).isEqualTo("api.example");
    assertThat(p.server.pipeline().get(p.server.pipeline().names().getFirst()))
        .isInstanceOf(SslHandler.class);
    assertThat(p.serverRecorder.events.getFirst())
        .isInstanceOfSatisfying(
            SniCompletionEvent.class,
            e -> {
              assertThat(e.hostName()).isEqualTo("api.example");
              assertThat(e.isSuccess()).isTrue();
            });
    assertThat(p.serverRecorder.events).contains(SslHandshakeCompletionEvent.SUCCESS);
    p.close();
  }

  @Test
  void wildcardEntryServesSubdomains() throws Exception {
    TlsPipe p = connect("www.wild.example", new SniHandler(server), TlsPipe.WHOLE);

    p.pump();

    assertThat(served(p)).isEqualTo(WILD.certificate());
    p.close();
  }

  @Test
  void unknownOrAbsentNameGetsTheDefaultContext() throws Exception {
    SniHandler sni = new SniHandler(server);
    TlsPipe p = connect("127.0.0.1", sni, TlsPipe.WHOLE); // IP literals send no SNI

    p.pump();

    assertThat(served(p)).isEqualTo(DEFAULT.certificate());
    assertThat(sni.hostName()).isNull();
    p.close();
  }

  @Test
  void helloSplitAtEveryByteIsStillFound() throws Exception {
    TlsPipe p = connect("api.example", new SniHandler(server), TlsPipe.BYTE_BY_BYTE);
    p.pump();
    p.client.writeAndFlush(Unpooled.copiedBuffer("after sni", StandardCharsets.US_ASCII));

    p.pump();

    assertThat(served(p)).isEqualTo(API.certificate());
    assertThat(p.serverRecorder.text()).isEqualTo("after sni");
    p.close();
  }

  @Test
  void helloAboveTheLimitIsRefused() {
    SniHandler sni = new SniHandler(server::contextFor, Duration.ofSeconds(10), 64);
    TlsPipe p = connect("api.example", sni, TlsPipe.WHOLE);

    p.pump();

    assertThat(p.serverRecorder.exceptions.getFirst())
        .isInstanceOf(DecoderException.class)
        .hasCauseInstanceOf(SSLHandshakeException.class)
        .hasMessageContaining("exceeds the limit of 64");
    assertThat(p.server.isOpen()).isFalse();
    p.close();
  }

  @Test
  void plaintextIsRefused() {
    TlsPipe.Recorder recorder = new TlsPipe.Recorder();
    EmbeddedChannel ch = new EmbeddedChannel(new SniHandler(server), recorder);

    ch.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\n\r\n", StandardCharsets.US_ASCII));

    assertThat(recorder.exceptions.getFirst()).hasCauseInstanceOf(NotSslRecordException.class);
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void noHelloWithinTheTimeoutClosesTheChannel() {
    TlsPipe.Recorder recorder = new TlsPipe.Recorder();
    SniHandler sni = new SniHandler(server::contextFor, Duration.ofSeconds(2), 16384);
    EmbeddedChannel ch = new EmbeddedChannel(sni, recorder);

    ch.advanceTimeBy(2, TimeUnit.SECONDS);

    assertThat(recorder.exceptions.getFirst()).isInstanceOf(SslHandshakeTimeoutException.class);
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void mappingFailureClosesTheChannel() {
    SniHandler sni =
        new SniHandler(
            host -> {
              throw new IllegalStateException("no context for " + host);
            },
            Duration.ofSeconds(10),
            16384);
    TlsPipe p = connect("api.example", sni, TlsPipe.WHOLE);

    p.pump();

    assertThat(p.serverRecorder.exceptions.getFirst())
        .hasRootCauseMessage("no context for api.example");
    assertThat(p.server.isOpen()).isFalse();
    p.close();
  }

  @Test
  void truncatedExtensionsAreAHandshakeErrorNotACrash() {
    // A handshake record holding a ClientHello whose extensions length runs past its end.
    byte[] body = new byte[2 + 32 + 1 + 2 + 2 + 1 + 1 + 2];
    int i = 2 + 32;
    body[i++] = 0; // session id length
    body[i++] = 0;
    body[i++] = 2; // two bytes of cipher suites
    body[i++] = 0x13;
    body[i++] = 0x01;
    body[i++] = 1; // one compression method
    body[i++] = 0;
    body[i++] = 0x7f; // extensions length: far too long
    body[i] = (byte) 0xff;
    ByteBuf record = Unpooled.buffer();
    record.writeByte(22).writeShort(0x0301).writeShort(4 + body.length);
    record.writeByte(1).writeMedium(body.length).writeBytes(body);
    TlsPipe.Recorder recorder = new TlsPipe.Recorder();
    EmbeddedChannel ch = new EmbeddedChannel(new SniHandler(server), recorder);

    ch.writeInbound(record);

    assertThat(recorder.exceptions.getFirst())
        .hasCauseInstanceOf(SSLHandshakeException.class)
        .hasMessageContaining("malformed ClientHello");
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }
}
