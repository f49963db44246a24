package io.tern.benchmarks.load.tern;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code tern-http} serves HTTP/1.1 and h2c with prior knowledge on one port (the load harness's
 * plaintext and {@code h2c} scenarios), in this JVM over NIO, spoken to with plain sockets.
 */
class TernHttpServerTest {
  private static final byte[] PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final int DATA = 0;
  private static final int HEADERS = 1;

  private static EventLoopGroup group;
  private static InetSocketAddress address;

  @BeforeAll
  static void startServer() throws Exception {
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    ServerChannel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(TernHttpServer.childHandler())
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    address = (InetSocketAddress) server.localAddress();
  }

  @AfterAll
  static void stopServer() throws Exception {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
  }

  @Test
  void http1RequestsAreAnsweredOverHttp1() throws IOException {
    try (Socket socket = connect()) {
      OutputStream out = socket.getOutputStream();
      out.write("GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String response = readUntil(socket.getInputStream(), "Hello, World!");
      assertThat(response).startsWith("HTTP/1.1 200 OK\r\n");
    }
  }

  @Test
  void aConnectionStartingWithThePrefaceIsAnsweredOverHttp2() throws IOException {
    try (Socket socket = connect()) {
      OutputStream out = socket.getOutputStream();
      out.write(PREFACE);
      frame(out, 4, 0, 0, new byte[0]); // empty SETTINGS
      // GET /, http, from the static table: 0x82 :method GET, 0x86 :scheme http, 0x84 :path /.
      frame(out, HEADERS, 0x5, 1, new byte[] {(byte) 0x82, (byte) 0x86, (byte) 0x84});
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      boolean headers = false;
      for (; ; ) {
        int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int stream = in.readInt() & 0x7FFF_FFFF;
        byte[] payload = in.readNBytes(length);
        if (stream == 1 && type == HEADERS) {
          headers = true;
        } else if (stream == 1 && type == DATA) {
          assertThat(headers).isTrue();
          assertThat(new String(payload, StandardCharsets.US_ASCII)).isEqualTo("Hello, World!");
          assertThat(flags & 1).isEqualTo(1); // END_STREAM
          return;
        }
      }
    }
  }

  private static Socket connect() throws IOException {
    Socket socket = new Socket(address.getAddress(), address.getPort());
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static void frame(OutputStream out, int type, int flags, int stream, byte[] payload)
      throws IOException {
    out.write(
        new byte[] {
          (byte) (payload.length >>> 16),
          (byte) (payload.length >>> 8),
          (byte) payload.length,
          (byte) type,
          (byte) flags,
          (byte) (stream >>> 24),
          (byte) (stream >>> 16),
          (byte) (stream >>> 8),
          (byte) stream
        });
    out.write(payload);
  }

  private static String readUntil(InputStream in, String end) throws IOException {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    while (!seen.toString(StandardCharsets.US_ASCII).endsWith(end)) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      seen.write(b);
    }
    return seen.toString(StandardCharsets.US_ASCII);
  }
}
