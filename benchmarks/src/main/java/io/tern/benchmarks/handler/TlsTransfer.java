package io.tern.benchmarks.handler;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * TLS bulk transfer in memory, without sockets: a client {@link EmbeddedChannel} with an {@link
 * SslHandler} encrypts, the ciphertext is moved into a server channel whose {@code SslHandler}
 * decrypts into a sink. The default TLS provider on both sides (OpenSSL where the system's {@code
 * libssl.so.3} loads; {@code -Dio.tern.handler.ssl.provider=jdk} picks the JDK's engine), TLS 1.3
 * with {@code TLS_AES_128_GCM_SHA256} or {@code TLS_CHACHA20_POLY1305_SHA256} ({@link #cipher}), an
 * EC P-256 certificate; the handshake happens once, in setup, and the suite it settled on is
 * checked. Twin of {@link TlsTransferNetty}.
 *
 * <ul>
 *   <li>{@code transfer}: one write of {@code size} bytes, one flush.
 *   <li>{@code smallWrites}: {@code size / 256} writes of 256 bytes, one flush (what a protocol
 *       encoder writing many small messages does).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TlsTransfer {
  /** Plaintext bytes per operation. */
  @Param({"1024", "16384", "262144"})
  public int size;

  /** The record cipher: {@code aes128gcm} or {@code chacha20} (ChaCha20-Poly1305). */
  @Param({"aes128gcm", "chacha20"})
  public String cipher;

  static final String CIPHER = "TLS_AES_128_GCM_SHA256";
  static final String CHACHA20 = "TLS_CHACHA20_POLY1305_SHA256";

  /** The TLS 1.3 suite of a {@link #cipher} value. */
  static String suite(String cipher) {
    return ParamValues.oneOf("cipher", cipher, "aes128gcm", "chacha20").equals("aes128gcm")
        ? CIPHER
        : CHACHA20;
  }

  private EmbeddedChannel client;
  private EmbeddedChannel server;
  private Sink sink;
  private ByteBuf payload;
  private ByteBuf small;

  /** Creates the benchmark state (JMH does). */
  public TlsTransfer() {}

  /** Builds both ends and runs the handshake. */
  @Setup
  public void setUp() {
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    SslContext serverContext =
        SslContextBuilder.forServer(cert).protocols("TLSv1.3").ciphers(suite(cipher)).build();
    SslContext clientContext =
        SslContextBuilder.forClient()
            .trustManager(List.of(cert.certificate()))
            .protocols("TLSv1.3")
            .ciphers(suite(cipher))
            .build();
    sink = new Sink();
    server = new EmbeddedChannel(serverContext.newHandler(), sink);
    SslHandler clientSsl = clientContext.newHandler("localhost", 443);
    client = new EmbeddedChannel(clientSsl);
    for (int i = 0; i < 10; i++) {
      pump();
    }
    if (!clientSsl.handshakeFuture().isSuccess()) {
      throw new IllegalStateException("handshake failed", clientSsl.handshakeFuture().cause());
    }
    String negotiated = clientSsl.engine().getSession().getCipherSuite();
    if (!negotiated.equals(suite(cipher))) {
      throw new IllegalStateException("negotiated " + negotiated + ", not " + suite(cipher));
    }
    payload = Unpooled.directBuffer(size).writeZero(size);
    small = Unpooled.directBuffer(256).writeZero(256);
  }

  /** Closes both ends. */
  @TearDown
  public void tearDown() {
    client.finishAndReleaseAll();
    server.finishAndReleaseAll();
    payload.release();
    small.release();
  }

  /**
   * Sends {@code size} bytes in one write.
   *
   * @return plaintext bytes the server received so far
   */
  @Benchmark
  public long transfer() {
    client.writeAndFlush(payload.retainedDuplicate());
    pump();
    return sink.bytes;
  }

  /**
   * Sends {@code size} bytes as 256-byte writes and one flush.
   *
   * @return plaintext bytes the server received so far
   */
  @Benchmark
  public long smallWrites() {
    for (int i = size / 256; i > 0; i--) {
      client.write(small.retainedDuplicate());
    }
    client.flush();
    pump();
    return sink.bytes;
  }

  private void pump() {
    ByteBuf buf;
    while ((buf = client.readOutbound()) != null) {
      server.writeInbound(buf);
    }
    while ((buf = server.readOutbound()) != null) {
      client.writeInbound(buf);
    }
  }

  /** Counts and releases what the server decrypts. */
  static final class Sink implements ChannelHandler {
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
    }
  }
}
