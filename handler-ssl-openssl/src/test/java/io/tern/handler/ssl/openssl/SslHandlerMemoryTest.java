package io.tern.handler.ssl.openssl;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.ssl.SslProvider;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What memory {@code SslHandler} hands each engine: the OpenSSL engine, which reads and writes
 * native memory in place, gets direct buffers both ways; the JDK's engine, whose ciphers run on
 * arrays, keeps encrypting into heap buffers.
 */
class SslHandlerMemoryTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  /** Keeps the plaintext that reaches the end of the server's pipeline. */
  private static final class Received implements ChannelHandler {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      try {
        byte[] b = new byte[buf.readableBytes()];
        buf.readBytes(b);
        bytes.writeBytes(b);
      } finally {
        buf.release();
      }
    }
  }

  /** A connected client and server over {@code provider}, handshake done. */
  private record Pair(EmbeddedChannel client, EmbeddedChannel server, Received received) {
    static Pair connect(SslProvider provider) {
      SslContext serverContext = SslContextBuilder.forServer(CERT).sslProvider(provider).build();
      SslContext clientContext =
          SslContextBuilder.forClient()
              .sslProvider(provider)
              .trustManager(List.of(CERT.certificate()))
              .build();
      Received received = new Received();
      EmbeddedChannel server = new EmbeddedChannel(serverContext.newHandler(), received);
      SslHandler clientSsl = clientContext.newHandler("localhost", 443);
      EmbeddedChannel client = new EmbeddedChannel(clientSsl);
      Pair pair = new Pair(client, server, received);
      for (int i = 0; i < 10; i++) {
        pair.pump();
      }
      assertThat(clientSsl.handshakeFuture().isSuccess()).isTrue();
      return pair;
    }

    /** Moves what each side wrote to the other, as direct inbound buffers. */
    void pump() {
      ByteBuf buf;
      while ((buf = client.readOutbound()) != null) {
        server.writeInbound(copy(buf, true));
      }
      while ((buf = server.readOutbound()) != null) {
        client.writeInbound(copy(buf, true));
      }
    }

    void close() {
      client.finishAndReleaseAll();
      server.finishAndReleaseAll();
    }
  }

  private static ByteBuf copy(ByteBuf buf, boolean direct) {
    try {
      ByteBuf copy =
          direct
              ? Unpooled.directBuffer(buf.readableBytes())
              : Unpooled.buffer(buf.readableBytes());
      return copy.writeBytes(buf);
    } finally {
      buf.release();
    }
  }

  private static byte[] payload() {
    byte[] data = new byte[40_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 31);
    }
    return data;
  }

  @Test
  void openSslRecordsLeaveInDirectBuffersAndDirectRecordsAreDecrypted() {
    Pair pair = Pair.connect(SslProvider.OPENSSL);
    try {
      byte[] data = payload();
      pair.client().writeAndFlush(Unpooled.wrappedBuffer(data));

      List<Boolean> direct = new ArrayList<>();
      ByteBuf record;
      while ((record = pair.client().readOutbound()) != null) {
        direct.add(record.isDirect());
        pair.server().writeInbound(copy(record, true));
      }

      assertThat(direct).isNotEmpty().containsOnly(true);
      assertThat(pair.received().bytes.toByteArray()).isEqualTo(data);
    } finally {
      pair.close();
    }
  }

  @Test
  void jdkRecordsLeaveInHeapBuffersAndDirectRecordsAreDecrypted() {
    Pair pair = Pair.connect(SslProvider.JDK);
    try {
      byte[] data = payload();
      pair.client().writeAndFlush(Unpooled.wrappedBuffer(data));

      List<Boolean> direct = new ArrayList<>();
      ByteBuf record;
      while ((record = pair.client().readOutbound()) != null) {
        direct.add(record.isDirect());
        pair.server().writeInbound(copy(record, true));
      }

      assertThat(direct).isNotEmpty().containsOnly(false);
      assertThat(pair.received().bytes.toByteArray()).isEqualTo(data);
    } finally {
      pair.close();
    }
  }
}
