package io.tern.benchmarks.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The echo load generator, run in its own JVM on the load core by {@link EchoCompare}. It is
 * written on the JDK's own NIO so that it favours neither framework.
 *
 * <pre>
 * EchoClient pingpong PORT CONNECTIONS SIZE WARMUP_S SECONDS
 *     each connection sends SIZE bytes and waits for them to come back, again and again;
 *     prints "roundtrips=N seconds=S" for the timed part
 * EchoClient stream PORT WARMUP_BYTES BYTES CHUNK
 *     one connection writes BYTES in CHUNK-sized writes while reading the echo back;
 *     prints "bytes=N seconds=S" for the timed part
 * EchoClient idle PORT CONNECTIONS
 *     opens CONNECTIONS connections, prints "ready N", and holds them until stdin closes
 * EchoClient idle-h2c PORT CONNECTIONS
 *     the same, each connection first sending the HTTP/2 client preface, an empty SETTINGS and
 *     the acknowledgement of the server's SETTINGS (which an h2c server sends as it accepts)
 * EchoClient idle-read PORT CONNECTIONS
 *     the same as idle, each connection first sending 256 bytes and reading their echo (memory
 *     after a connection's first read and write)
 * EchoClient idle-burst PORT CONNECTIONS
 *     the same, each connection first sending 64 KiB in one go and reading all of it back
 *     (memory after a burst)
 * </pre>
 */
public final class EchoClient {
  /** The HTTP/2 client preface, an empty SETTINGS frame and a SETTINGS acknowledgement. */
  private static final byte[] H2C_START = h2cStart();

  private EchoClient() {}

  private static byte[] h2cStart() {
    byte[] preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[preface.length + 18];
    System.arraycopy(preface, 0, out, 0, preface.length);
    out[preface.length + 3] = 0x4; // SETTINGS, length 0, no flags, stream 0
    out[preface.length + 9 + 3] = 0x4; // SETTINGS with ACK
    out[preface.length + 9 + 4] = 0x1;
    return out;
  }

  /**
   * Runs one mode; exits non-zero on a failure.
   *
   * @param args see the class description
   * @throws Exception when the connection or the echo fails
   */
  public static void main(String[] args) throws Exception {
    InetSocketAddress server =
        new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[1]));
    switch (args[0]) {
      case "pingpong" ->
          pingPong(
              server,
              Integer.parseInt(args[2]),
              Integer.parseInt(args[3]),
              Long.parseLong(args[4]),
              Long.parseLong(args[5]));
      case "stream" ->
          stream(
              server, Long.parseLong(args[2]), Long.parseLong(args[3]), Integer.parseInt(args[4]));
      case "idle" -> idle(server, Integer.parseInt(args[2]), new byte[0]);
      case "idle-h2c" -> idle(server, Integer.parseInt(args[2]), H2C_START);
      case "idle-read" -> idle(server, Integer.parseInt(args[2]), new byte[256]);
      case "idle-burst" -> idle(server, Integer.parseInt(args[2]), new byte[64 * 1024]);
      default -> throw new IllegalArgumentException("unknown mode " + args[0]);
    }
  }

  private static SocketChannel connect(InetSocketAddress server) throws IOException {
    SocketChannel ch = SocketChannel.open(server);
    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
    return ch;
  }

  /** One connection's ping-pong state: the message out and how much of it came back. */
  private static final class Pinger {
    final SocketChannel channel;
    final ByteBuffer out;
    final ByteBuffer in;
    long roundTrips;

    Pinger(SocketChannel channel, int size) {
      this.channel = channel;
      out = ByteBuffer.allocateDirect(size);
      for (int i = 0; i < size; i++) {
        out.put(i, (byte) i);
      }
      in = ByteBuffer.allocateDirect(size);
    }

    void send() throws IOException {
      out.clear();
      while (out.hasRemaining()) {
        channel.write(out);
      }
    }

    /** Reads what is there; returns true when a whole message came back (and sends the next). */
    boolean receive() throws IOException {
      if (channel.read(in) < 0) {
        throw new IOException("the server closed the connection");
      }
      if (in.hasRemaining()) {
        return false;
      }
      if (in.flip().compareTo(out.flip()) != 0) {
        throw new IOException("the echo differs from what was sent");
      }
      in.clear();
      roundTrips++;
      send();
      return true;
    }
  }

  private static void pingPong(
      InetSocketAddress server, int connections, int size, long warmupSeconds, long seconds)
      throws IOException {
    List<Pinger> pingers = new ArrayList<>();
    try (Selector selector = Selector.open()) {
      for (int i = 0; i < connections; i++) {
        Pinger p = new Pinger(connect(server), size);
        p.channel.configureBlocking(false);
        p.channel.register(selector, SelectionKey.OP_READ, p);
        pingers.add(p);
      }
      for (Pinger p : pingers) {
        p.send();
      }
      long warmupEnd = System.nanoTime() + warmupSeconds * 1_000_000_000L;
      runPingPong(selector, warmupEnd);
      long before = total(pingers);
      long start = System.nanoTime();
      runPingPong(selector, start + seconds * 1_000_000_000L);
      double elapsed = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT, "roundtrips=%d seconds=%.6f%n", total(pingers) - before, elapsed);
    } finally {
      for (Pinger p : pingers) {
        p.channel.close();
      }
    }
  }

  private static void runPingPong(Selector selector, long endNanos) throws IOException {
    while (System.nanoTime() - endNanos < 0) {
      selector.select(
          key -> {
            try {
              ((Pinger) key.attachment()).receive();
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          },
          100);
    }
  }

  private static long total(List<Pinger> pingers) {
    long sum = 0;
    for (Pinger p : pingers) {
      sum += p.roundTrips;
    }
    return sum;
  }

  private static void stream(InetSocketAddress server, long warmupBytes, long bytes, int chunk)
      throws IOException {
    try (SocketChannel ch = connect(server);
        Selector selector = Selector.open()) {
      ch.configureBlocking(false);
      SelectionKey key = ch.register(selector, 0);
      ByteBuffer out = ByteBuffer.allocateDirect(chunk);
      ByteBuffer in = ByteBuffer.allocateDirect(chunk);
      transfer(selector, key, ch, out, in, warmupBytes);
      long start = System.nanoTime();
      transfer(selector, key, ch, out, in, bytes);
      double elapsed = (System.nanoTime() - start) / 1e9;
      System.out.printf(Locale.ROOT, "bytes=%d seconds=%.6f%n", bytes, elapsed);
    }
  }

  /** Writes {@code bytes} and reads as many back, interleaved so that neither side blocks. */
  private static void transfer(
      Selector selector, SelectionKey key, SocketChannel ch, ByteBuffer out, ByteBuffer in, long n)
      throws IOException {
    long toWrite = n;
    long toRead = n;
    out.limit(0);
    while (toRead > 0) {
      if (toWrite > 0 && !out.hasRemaining()) {
        out.clear().limit((int) Math.min(out.capacity(), toWrite));
      }
      if (out.hasRemaining()) {
        toWrite -= ch.write(out);
      }
      in.clear().limit((int) Math.min(in.capacity(), toRead));
      int r = ch.read(in);
      if (r < 0) {
        throw new IOException("the server closed the connection after " + (n - toRead) + " bytes");
      }
      toRead -= r;
      if (r == 0 && (toWrite == 0 || out.hasRemaining())) {
        key.interestOps(
            SelectionKey.OP_READ | (toWrite > 0 && out.hasRemaining() ? SelectionKey.OP_WRITE : 0));
        selector.select(1000);
        selector.selectedKeys().clear();
      }
    }
  }

  private static void idle(InetSocketAddress server, int connections, byte[] start)
      throws IOException {
    List<SocketChannel> open = new ArrayList<>(connections);
    try {
      for (int i = 0; i < connections; i++) {
        SocketChannel ch = connect(server);
        open.add(ch);
        ByteBuffer out = ByteBuffer.wrap(start);
        while (out.hasRemaining()) {
          ch.write(out);
        }
        if (start != H2C_START && start.length > 0) {
          // an echo server: wait for every byte to come back, so the server is idle again
          ByteBuffer in = ByteBuffer.allocate(start.length);
          while (in.hasRemaining()) {
            if (ch.read(in) < 0) {
              throw new IOException("the server closed the connection during the echo");
            }
          }
        }
      }
      System.out.println("ready " + open.size());
      System.out.flush();
      InputStream stdin = System.in;
      while (stdin.read() >= 0) {
        // hold the connections until the driver closes our stdin
      }
    } finally {
      for (SocketChannel ch : open) {
        ch.close();
      }
    }
  }
}
