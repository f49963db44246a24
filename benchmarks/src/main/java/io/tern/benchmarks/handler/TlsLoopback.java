package io.tern.benchmarks.handler;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
 * TLS bulk transfer over loopback TCP: a client and a server {@link SslHandler} over NIO sockets on
 * 127.0.0.1, each on its own event loop, the default TLS provider on both sides (OpenSSL where it
 * loads; {@code -Dio.tern.handler.ssl.provider=jdk} picks the JDK engine), TLS 1.3 with {@code
 * TLS_AES_128_GCM_SHA256} or {@code TLS_CHACHA20_POLY1305_SHA256} ({@link #cipher}) and an EC P-256
 * certificate; one connection, handshake in setup. Each operation writes {@code mib} MiB of
 * plaintext as 16 KiB buffers (one TLS record's worth each), flushes once, and waits until the
 * server has decrypted all of it. Twin of {@link TlsLoopbackNetty}; {@link TlsTransfer} measures
 * the same without sockets.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class TlsLoopback {
  /** Plaintext MiB per operation. */
  @Param({"8"})
  public int mib;

  /** The record cipher: {@code aes128gcm} or {@code chacha20} (ChaCha20-Poly1305). */
  @Param({"aes128gcm", "chacha20"})
  public String cipher;

  static final int CHUNK = 16384;
  static final long TIMEOUT_SECONDS = 60;

  private EventLoopGroup group;
  private Channel server;
  private Channel client;
  private Sink sink;
  private ByteBuf chunk;

  /** Creates the benchmark state (JMH does). */
  public TlsLoopback() {}

  /**
   * Starts the server, connects and runs the handshake.
   *
   * @throws Exception if either end cannot start
   */
  @Setup
  public void setUp() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    SslContext serverContext =
        SslContextBuilder.forServer(cert)
            .protocols("TLSv1.3")
            .ciphers(TlsTransfer.suite(cipher))
            .build();
    SslContext clientContext =
        SslContextBuilder.forClient()
            .trustManager(List.of(cert.certificate()))
            .protocols("TLSv1.3")
            .ciphers(TlsTransfer.suite(cipher))
            .build();
    group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
    sink = new Sink();
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(serverContext.newHandler(), sink);
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    int port = ((InetSocketAddress) server.localAddress()).getPort();
    SslHandler clientSsl = clientContext.newHandler("localhost", port);
    client =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .option(ChannelOption.TCP_NODELAY, true)
            .handler(clientSsl)
            .connect(server.localAddress())
            .sync()
            .getNow();
    if (!clientSsl.handshakeFuture().await(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        || !clientSsl.handshakeFuture().isSuccess()) {
      throw new IllegalStateException("handshake failed", clientSsl.handshakeFuture().cause());
    }
    String negotiated = clientSsl.session().getCipherSuite();
    if (!negotiated.equals(TlsTransfer.suite(cipher))) {
      throw new IllegalStateException(
          "negotiated " + negotiated + ", not " + TlsTransfer.suite(cipher));
    }
    chunk = Unpooled.directBuffer(CHUNK).writeZero(CHUNK);
  }

  /**
   * Closes both ends and stops the loops.
   *
   * @throws InterruptedException if interrupted while waiting
   */
  @TearDown
  public void tearDown() throws InterruptedException {
    client.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    server.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    chunk.release();
  }

  /**
   * Sends {@code mib} MiB and waits until the server decrypted them.
   *
   * @return plaintext bytes the server received so far
   * @throws InterruptedException if interrupted while waiting
   */
  @Benchmark
  public long transfer() throws InterruptedException {
    long bytes = (long) mib << 20;
    CountDownLatch done = sink.expect(bytes);
    client
        .eventLoop()
        .execute(
            () -> {
              for (long left = bytes; left > 0; left -= CHUNK) {
                client.write(chunk.retainedDuplicate());
              }
              client.flush();
            });
    if (!done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      throw new IllegalStateException("transfer did not complete");
    }
    return sink.bytes;
  }

  /** Counts and releases what the server decrypts; opens a latch when the target is reached. */
  static final class Sink implements ChannelHandler {
    volatile long bytes;
    private volatile long target;
    private volatile CountDownLatch latch = new CountDownLatch(0);

    CountDownLatch expect(long more) {
      CountDownLatch l = new CountDownLatch(1);
      target = bytes + more;
      latch = l;
      return l;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      long now = bytes + buf.readableBytes();
      bytes = now;
      buf.release();
      if (now >= target) {
        latch.countDown();
      }
    }
  }
}
