package io.tern.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The WebSocket echo load generator, run in its own JVM on the load core by {@link
 * WebSocketEchoCompare}. Written on the JDK's own NIO (and {@code java.util.zip} for
 * permessage-deflate) so that it favours neither framework.
 *
 * <pre>
 * WebSocketEchoClient PORT CONNECTIONS SIZE WINDOW plain|deflate WARMUP_S SECONDS [SERVER_PID]
 * </pre>
 *
 * <p>It opens {@code CONNECTIONS} connections to {@code ws://127.0.0.1:PORT/}, each doing the RFC
 * 6455 handshake (with {@code deflate}: offering {@code permessage-deflate;
 * client_max_window_bits}, as a browser does, and requiring the server to accept it), then keeps
 * {@code WINDOW} binary messages of {@code SIZE} bytes in flight per connection: each echoed
 * message is checked against what was sent (inflated first when compressed) and answered with the
 * next. Every frame is masked with a fresh key, as a client must. With {@code deflate} each message
 * is compressed by a compressor reset before it (so the messages can be compressed once, up front:
 * a reset compressor's output is valid in the server's context-takeover stream) and the echoes are
 * inflated in one context-takeover stream (or reset after each message if the server said {@code
 * server_no_context_takeover}). The messages are 16 different pieces of word-like text, sent in
 * turn, so that compression has something realistic to do.
 *
 * <p>After {@code WARMUP_S} seconds it counts echoed messages for {@code SECONDS} seconds and
 * prints {@code messages=N seconds=S server-cpu-seconds=C extension=E}: {@code C} is the CPU time
 * process {@code SERVER_PID} used in that time ({@code /proc/PID/stat}; 0 without a PID), {@code E}
 * the negotiated extension ({@code none} without one).
 *
 * <p>The masking keys come from a {@link SplittableRandom}, not a {@code SecureRandom}: a load
 * generator only needs keys that vary; the servers unmask whatever key they get.
 */
public final class WebSocketEchoClient {
  /** The distinct messages a connection sends in turn. */
  static final int DISTINCT_MESSAGES = 16;

  private static final byte[] DEFLATE_TAIL = {0, 0, (byte) 0xff, (byte) 0xff};
  private static final int MAX_HEADER = 14;
  private static final String[] WORDS = {
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "lazy",
    "dog",
    "event",
    "loop",
    "channel",
    "buffer",
    "frame",
    "socket",
    "message",
    "server",
    "client",
    "window",
    "echo",
    "deflate",
    "pipeline",
    "handler",
    "promise",
    "future",
    "netty",
    "tern",
    "byte",
    "stream",
    "read",
    "write",
    "flush",
    "close",
    "open",
    "text",
    "binary",
    "ping",
    "pong",
    "mask",
    "key",
    "header",
    "payload",
    "length",
    "opcode",
    "final",
    "continuation",
    "extension",
    "context",
    "takeover",
    "inflate",
    "compress",
    "level",
    "memory",
    "thread",
    "core",
    "load",
    "round",
    "ratio",
    "median",
    "second",
    "million",
    "kernel",
    "syscall",
    "epoll",
    "uring"
  };

  private WebSocketEchoClient() {}

  /**
   * What one run does.
   *
   * @param server the server's address
   * @param connections how many connections
   * @param size the size of each message, in bytes
   * @param window messages in flight per connection
   * @param deflate whether to offer (and require) permessage-deflate
   * @param warmupSeconds seconds of load before counting
   * @param seconds seconds counted
   * @param serverPid the server's PID for its CPU time, or 0 for none
   * @param minMessages the counted part goes on past {@code seconds} until this many echoes were
   *     counted (at most 60 s more; 0 from the command line): lets a test ask for echoes, not time
   */
  record Run(
      InetSocketAddress server,
      int connections,
      int size,
      int window,
      boolean deflate,
      double warmupSeconds,
      double seconds,
      long serverPid,
      long minMessages) {}

  /**
   * What one run measured.
   *
   * @param messages echoed messages counted
   * @param seconds how long they were counted
   * @param serverCpuSeconds the server's CPU time in that time (0 without a PID)
   * @param extension the negotiated extension header, or {@code none}
   */
  record Result(long messages, double seconds, double serverCpuSeconds, String extension) {}

  /**
   * Runs one measurement and prints its line; exits non-zero on a failure.
   *
   * @param args see the class description
   * @throws Exception when a connection, the handshake or an echo fails
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 7 || !(args[4].equals("plain") || args[4].equals("deflate"))) {
      throw new IllegalArgumentException(
          "usage: WebSocketEchoClient PORT CONNECTIONS SIZE WINDOW plain|deflate WARMUP_S SECONDS"
              + " [SERVER_PID]");
    }
    Result r =
        run(
            new Run(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])),
                Integer.parseInt(args[1]),
                Integer.parseInt(args[2]),
                Integer.parseInt(args[3]),
                args[4].equals("deflate"),
                Double.parseDouble(args[5]),
                Double.parseDouble(args[6]),
                args.length > 7 ? Long.parseLong(args[7]) : 0,
                0));
    System.out.printf(
        Locale.ROOT,
        "messages=%d seconds=%.6f server-cpu-seconds=%.4f extension=%s%n",
        r.messages(),
        r.seconds(),
        r.serverCpuSeconds(),
        r.extension().replace(' ', '_'));
  }

  /**
   * Runs the load and returns what was counted.
   *
   * @param run what to do
   * @return the counts
   * @throws IOException when a connection, the handshake or an echo fails
   * @throws LoadException when the server's CPU time cannot be read
   */
  static Result run(Run run) throws IOException, LoadException {
    Messages messages = new Messages(run.size(), run.deflate());
    List<Connection> connections = new ArrayList<>();
    try (Selector selector = Selector.open()) {
      String extension = "none";
      for (int i = 0; i < run.connections(); i++) {
        Connection c = Connection.open(run.server(), messages, run.window());
        extension = c.extension;
        c.channel.configureBlocking(false);
        c.key = c.channel.register(selector, SelectionKey.OP_READ, c);
        connections.add(c);
      }
      for (Connection c : connections) {
        c.receive(); // anything the server sent behind its 101
        c.send();
      }
      loop(selector, System.nanoTime() + (long) (run.warmupSeconds() * 1e9));
      long before = echoed(connections);
      double cpuBefore = run.serverPid() > 0 ? ProcStat.cpuSeconds(run.serverPid()) : 0;
      long start = System.nanoTime();
      loop(selector, start + (long) (run.seconds() * 1e9));
      long giveUp = System.nanoTime() + 60_000_000_000L;
      while (echoed(connections) - before < run.minMessages()) {
        if (System.nanoTime() - giveUp > 0) {
          throw new IOException(
              "only " + (echoed(connections) - before) + " echoes within 60 s after the run");
        }
        loop(selector, System.nanoTime() + 100_000_000L);
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      double cpuAfter = run.serverPid() > 0 ? ProcStat.cpuSeconds(run.serverPid()) : 0;
      return new Result(echoed(connections) - before, elapsed, cpuAfter - cpuBefore, extension);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
      for (Connection c : connections) {
        c.close();
      }
    }
  }

  private static void loop(Selector selector, long endNanos) throws IOException {
    while (System.nanoTime() - endNanos < 0) {
      selector.select(
          key -> {
            Connection c = (Connection) key.attachment();
            try {
              if (key.isReadable()) {
                c.receive();
              }
              c.send();
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          },
          100);
    }
  }

  private static long echoed(List<Connection> connections) {
    long sum = 0;
    for (Connection c : connections) {
      sum += c.echoed;
    }
    return sum;
  }

  /** Word-like text of {@code size} bytes, different for each {@code seed}. */
  static byte[] text(int size, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder sb = new StringBuilder(size + 16);
    while (sb.length() < size) {
      sb.append(WORDS[random.nextInt(WORDS.length)]);
      sb.append(random.nextInt(8) == 0 ? ". " : " ");
    }
    return sb.substring(0, size).getBytes(StandardCharsets.US_ASCII);
  }

  /** The messages sent in turn, and each one's payload as sent (compressed with deflate). */
  static final class Messages {
    final byte[][] plain = new byte[DISTINCT_MESSAGES][];
    final ByteBuffer[] wire = new ByteBuffer[DISTINCT_MESSAGES];
    final boolean deflate;
    final int maxFrame;

    Messages(int size, boolean deflate) {
      this.deflate = deflate;
      int max = 0;
      for (int i = 0; i < DISTINCT_MESSAGES; i++) {
        plain[i] = text(size, i + 1);
        byte[] payload = deflate ? compress(plain[i]) : plain[i];
        wire[i] = ByteBuffer.wrap(payload);
        max = Math.max(max, payload.length);
      }
      maxFrame = MAX_HEADER + max;
    }

    /** A raw deflate stream of {@code data}, sync-flushed, without the final 00 00 ff ff. */
    private static byte[] compress(byte[] data) {
      Deflater deflater = new Deflater(6, true);
      try {
        deflater.setInput(data);
        byte[] out = new byte[data.length + data.length / 2 + 64];
        int n = 0;
        while (true) {
          n += deflater.deflate(out, n, out.length - n, Deflater.SYNC_FLUSH);
          if (n < out.length) {
            break;
          }
          out = java.util.Arrays.copyOf(out, out.length * 2);
        }
        if (n < 4 || out[n - 4] != 0 || out[n - 3] != 0 || out[n - 2] != -1 || out[n - 1] != -1) {
          throw new IllegalStateException("a sync flush did not end in 00 00 ff ff");
        }
        return java.util.Arrays.copyOf(out, n - 4);
      } finally {
        deflater.end();
      }
    }
  }

  /** One connection: its handshake, the frames out, the echoes in. */
  private static final class Connection {
    final SocketChannel channel;
    final Messages messages;
    final String extension;
    final boolean serverResets;
    final ByteBuffer out;
    final ArrayDeque<Integer> pongs = new ArrayDeque<>();
    final SplittableRandom keys = new SplittableRandom();
    final Inflater inflater;
    final ByteBuffer message;
    ByteBuffer in;
    SelectionKey key;
    int owed;
    long sent;
    long echoed;
    boolean inMessage;
    boolean compressedMessage;

    private Connection(
        SocketChannel channel, Messages messages, int window, String extension, ByteBuffer rest) {
      this.channel = channel;
      this.messages = messages;
      this.extension = extension;
      this.serverResets = extension.contains("server_no_context_takeover");
      this.owed = window;
      int size = messages.plain[0].length;
      out = ByteBuffer.allocateDirect(window * messages.maxFrame + 256);
      in = ByteBuffer.allocateDirect(Math.max(256 * 1024, 2 * (size + MAX_HEADER)));
      in.put(rest);
      message = ByteBuffer.allocate(size + 1);
      inflater = messages.deflate ? new Inflater(true) : null;
    }

    /** Connects and runs the opening handshake, blocking. */
    static Connection open(InetSocketAddress server, Messages messages, int window)
        throws IOException {
      WebSocketOpening.Opened opened = WebSocketOpening.open(server, messages.deflate);
      return new Connection(opened.channel(), messages, window, opened.extension(), opened.rest());
    }

    /**
     * Puts the owed messages (and pongs) into the output buffer and writes what the socket takes.
     */
    void send() throws IOException {
      while (!pongs.isEmpty() && out.remaining() >= 2 + 4 + 125) {
        pongs.poll();
        appendFrame(0x8A, ByteBuffer.allocate(0)); // pong: the server sent an empty ping
      }
      while (owed > 0 && out.remaining() >= messages.maxFrame) {
        ByteBuffer payload = messages.wire[(int) (sent % DISTINCT_MESSAGES)];
        appendFrame(messages.deflate ? 0xC2 : 0x82, payload);
        sent++;
        owed--;
      }
      if (out.position() > 0) {
        out.flip();
        channel.write(out);
        out.compact();
      }
      int ops = SelectionKey.OP_READ | (out.position() > 0 ? SelectionKey.OP_WRITE : 0);
      if (key.interestOps() != ops) {
        key.interestOps(ops);
      }
    }

    /** Appends one masked frame: header, a fresh key, the masked payload. */
    private void appendFrame(int firstByte, ByteBuffer payload) {
      int length = payload.remaining();
      out.put((byte) firstByte);
      if (length < 126) {
        out.put((byte) (0x80 | length));
      } else if (length < 65536) {
        out.put((byte) (0x80 | 126)).putShort((short) length);
      } else {
        out.put((byte) (0x80 | 127)).putLong(length);
      }
      int mask = keys.nextInt();
      out.putInt(mask);
      long mask8 = (mask & 0xFFFFFFFFL) << 32 | (mask & 0xFFFFFFFFL);
      int base = out.position();
      int from = payload.position();
      int i = 0;
      for (; i + 8 <= length; i += 8) {
        out.putLong(base + i, payload.getLong(from + i) ^ mask8);
      }
      for (; i < length; i++) {
        out.put(base + i, (byte) (payload.get(from + i) ^ (mask >>> (24 - 8 * (i & 3)))));
      }
      out.position(base + length);
    }

    /** Reads what is there and handles every complete frame. */
    void receive() throws IOException {
      int r = channel.read(in);
      if (r < 0) {
        throw new IOException("the server closed the connection after " + echoed + " echoes");
      }
      in.flip();
      while (in.remaining() >= 2) {
        int p = in.position();
        int b0 = in.get(p) & 0xFF;
        int b1 = in.get(p + 1) & 0xFF;
        if ((b1 & 0x80) != 0) {
          throw new IOException("a masked frame from the server");
        }
        int header = 2;
        long length = b1 & 0x7F;
        if (length == 126) {
          header = 4;
          if (in.remaining() < header) {
            break;
          }
          length = in.getShort(p + 2) & 0xFFFF;
        } else if (length == 127) {
          header = 10;
          if (in.remaining() < header) {
            break;
          }
          length = in.getLong(p + 2);
        }
        if (length > Integer.MAX_VALUE - header - 64) {
          throw new IOException("frame of " + length + " bytes");
        }
        int frame = header + (int) length;
        if (in.remaining() < frame) {
          if (frame > in.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocateDirect(frame * 2);
            bigger.put(in);
            in = bigger;
            return;
          }
          break;
        }
        frame(b0, in.slice(p + header, (int) length));
        in.position(p + frame);
      }
      in.compact();
    }

    private void frame(int b0, ByteBuffer payload) throws IOException {
      boolean fin = (b0 & 0x80) != 0;
      boolean rsv1 = (b0 & 0x40) != 0;
      int opcode = b0 & 0x0F;
      switch (opcode) {
        case 0x9 -> pongs.add(payload.remaining());
        case 0xA -> {
          // an unsolicited pong: ignored
        }
        case 0x8 -> throw new IOException("the server closed the WebSocket after " + echoed);
        case 0x2, 0x0 -> {
          if ((opcode == 0x2) == inMessage) {
            throw new IOException("bad fragment sequence from the server");
          }
          if (opcode == 0x2) {
            inMessage = true;
            compressedMessage = rsv1;
            message.clear();
            if (rsv1 && !messages.deflate) {
              throw new IOException("RSV1 without permessage-deflate");
            }
          }
          if (compressedMessage) {
            inflate(payload);
          } else {
            append(payload);
          }
          if (fin) {
            if (compressedMessage) {
              inflate(ByteBuffer.wrap(DEFLATE_TAIL));
              if (serverResets) {
                inflater.reset();
              }
            }
            inMessage = false;
            check();
          }
        }
        default -> throw new IOException("unexpected opcode " + opcode + " from the server");
      }
    }

    private void append(ByteBuffer payload) throws IOException {
      if (payload.remaining() > message.remaining()) {
        throw new IOException("an echo longer than the message");
      }
      message.put(payload);
    }

    private void inflate(ByteBuffer payload) throws IOException {
      inflater.setInput(payload);
      try {
        while (!inflater.needsInput()) {
          if (!message.hasRemaining()) {
            throw new IOException("an echo that inflates beyond the message");
          }
          inflater.inflate(message);
        }
      } catch (DataFormatException e) {
        throw new IOException("bad deflate data from the server: " + e.getMessage(), e);
      }
    }

    private void check() throws IOException {
      byte[] expected = messages.plain[(int) (echoed % DISTINCT_MESSAGES)];
      message.flip();
      if (message.remaining() != expected.length
          || message.mismatch(ByteBuffer.wrap(expected)) != -1) {
        throw new IOException(
            "echo " + echoed + " differs from what was sent (" + message.remaining() + " bytes)");
      }
      echoed++;
      owed++;
    }

    void close() {
      try {
        channel.close();
      } catch (IOException ignored) {
        // closing after the run: nothing to do about it
      }
      if (inflater != null) {
        inflater.end();
      }
    }
  }
}
