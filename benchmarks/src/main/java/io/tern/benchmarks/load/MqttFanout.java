package io.tern.benchmarks.load;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.mqtt.MqttConnAckMessage;
import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttSubAckMessage;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code benchmarks/load/mqtt-fanout [--subscribers 64] [--seconds 10] [--warmup 5] [--rounds 3]
 * [--payload 64] [--window 2000] [--qos 0,1] [--servers tern-1,tern-2,mosquitto]}: broker fan-out.
 * Each server runs in its own process pinned to core 0 ({@code taskset}); this driver (its JVM
 * pinned to core 1 by the script) opens the subscribers (MQTT 3.1.1, one topic, the given QoS) and
 * one publisher that keeps at most {@code window} messages ahead of the first subscriber. Per
 * round, QoS and server it prints messages delivered per second (summed over subscribers) and the
 * server's CPU time per delivered message ({@code /proc/PID/stat}), then per QoS {@code RATIO
 * fanout-qosN-<server> x.xxx}: the median over rounds of messages/s against mosquitto's in the same
 * round (above 1: faster than mosquitto), and {@code RATIO fanout-qosN-<server>-cpu}: mosquitto's
 * CPU per message over the server's.
 */
public final class MqttFanout {
  private static final String TOPIC = "bench/fanout";

  private MqttFanout() {}

  /** One measured run. */
  record Result(String server, int qos, double messagesPerSecond, double cpuMicrosPerMessage) {}

  /**
   * Runs the comparison.
   *
   * @param args the options above
   * @throws Exception if a run fails
   */
  public static void main(String[] args) throws Exception {
    int subscribers = 64;
    int seconds = 10;
    int warmup = 5;
    int rounds = 3;
    int payload = 64;
    int window = 2000;
    List<Integer> qosList = List.of(0, 1);
    List<String> servers = List.of("tern-1", "tern-2", "mosquitto");
    Path root = Path.of(".");
    String examplesClassPath = null;
    for (int i = 0; i < args.length; i += 2) {
      String v = args[i + 1];
      switch (args[i]) {
        case "--subscribers" -> subscribers = Integer.parseInt(v);
        case "--seconds" -> seconds = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--rounds" -> rounds = Integer.parseInt(v);
        case "--payload" -> payload = Integer.parseInt(v);
        case "--window" -> window = Integer.parseInt(v);
        case "--qos" ->
            qosList = java.util.Arrays.stream(v.split(",")).map(Integer::valueOf).toList();
        case "--servers" -> servers = List.of(v.split(","));
        case "--root" -> root = Path.of(v);
        case "--examples-classpath" -> examplesClassPath = v;
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    root = root.toAbsolutePath();
    if (examplesClassPath == null && servers.stream().anyMatch(s -> !s.equals("mosquitto"))) {
      throw new IllegalArgumentException(
          "--examples-classpath missing (benchmarks/load/mqtt-fanout passes it)");
    }
    List<Result> results = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      for (int qos : qosList) {
        for (String server : servers) {
          int port = freePort();
          Path log = root.resolve("benchmarks/target/load/mqtt-" + server + ".log");
          Process p = startServer(examplesClassPath, log, server, port);
          try {
            if (server.equals("mosquitto")) {
              awaitPort(port);
            } else {
              awaitStartLine(server, log);
            }
            Result r =
                measure(server, p.pid(), port, subscribers, qos, payload, window, warmup, seconds);
            results.add(r);
            System.out.printf(
                Locale.ROOT,
                "round %d qos %d %-10s %,12.0f msg/s %8.3f us CPU/msg%n",
                round,
                qos,
                server,
                r.messagesPerSecond(),
                r.cpuMicrosPerMessage());
          } finally {
            ChildProcesses.stop(p);
          }
        }
      }
    }
    for (int qos : qosList) {
      for (String server : servers) {
        if (server.equals("mosquitto")) {
          continue;
        }
        List<Double> rates = new ArrayList<>();
        List<Double> cpus = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
          Result mine = find(results, server, qos, round);
          Result mosq = find(results, "mosquitto", qos, round);
          if (mine != null && mosq != null) {
            rates.add(mine.messagesPerSecond() / mosq.messagesPerSecond());
            cpus.add(mosq.cpuMicrosPerMessage() / mine.cpuMicrosPerMessage());
          }
        }
        if (!rates.isEmpty()) {
          System.out.printf(
              Locale.ROOT, "RATIO fanout-qos%d-%s %.3f%n", qos, server, median(rates));
          System.out.printf(
              Locale.ROOT, "RATIO fanout-qos%d-%s-cpu %.3f%n", qos, server, median(cpus));
        }
      }
    }
  }

  private static Result find(List<Result> all, String server, int qos, int round) {
    int seen = 0;
    for (Result r : all) {
      if (r.server().equals(server) && r.qos() == qos) {
        if (seen++ == round) {
          return r;
        }
      }
    }
    return null;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * Starts a server pinned to the server core: mosquitto with a private configuration, or the
   * example broker in a JVM with the flags every load server gets (leak detection off), straight
   * from the examples' class path (no wrapper script, so the process's CPU time is the broker's).
   */
  private static Process startServer(String examplesClassPath, Path log, String server, int port)
      throws IOException {
    List<String> cmd =
        new ArrayList<>(List.of("taskset", "-c", String.valueOf(ServerProcess.CORE)));
    Files.createDirectories(log.getParent());
    if (server.equals("mosquitto")) {
      Path conf = Files.createTempFile("mosquitto-bench", ".conf");
      Files.writeString(
          conf,
          "listener "
              + port
              + " 127.0.0.1\nallow_anonymous true\nmax_inflight_messages 0\n"
              + "max_queued_messages 100000\n");
      conf.toFile().deleteOnExit();
      cmd.addAll(List.of("mosquitto", "-c", conf.toString()));
    } else {
      String threads = server.substring(server.indexOf('-') + 1);
      cmd.addAll(
          JavaCommand.of(
              List.of(),
              examplesClassPath,
              "io.tern.examples.Examples",
              List.of(
                  "mqtt-broker",
                  "--port",
                  String.valueOf(port),
                  "--threads",
                  threads,
                  "--transport",
                  "nio")));
    }
    return ChildProcesses.track(
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start());
  }

  /**
   * Waits for the broker's start-up line and checks that it runs on NIO with leak detection off, as
   * every load server does.
   */
  private static void awaitStartLine(String server, Path log) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < end) {
      java.util.Optional<StartLine> line = StartLine.find(Files.readAllLines(log));
      if (line.isPresent()) {
        java.util.Optional<String> problem = line.get().problem("nio");
        if (problem.isPresent()) {
          throw new IOException(server + " " + problem.get());
        }
        return;
      }
      Thread.sleep(100);
    }
    throw new IOException(server + " printed no start-up line (see " + log + ")");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void awaitPort(int port) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < end) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port), 200);
        return;
      } catch (IOException e) {
        Thread.sleep(100);
      }
    }
    throw new IOException("server on port " + port + " did not start");
  }

  /** State shared by the driver's handlers; all of them run on the driver's one loop. */
  private static final class Run {
    final MqttQoS qos;
    final int window;
    final ByteBuf payload;
    final CountDownLatch subscribed;
    long received;
    long probeReceived;
    long published;
    int nextPacketId = 1;
    Channel publisher;
    boolean running = true;

    Run(MqttQoS qos, int window, int payloadSize, int subscribers) {
      this.qos = qos;
      this.window = window;
      this.payload = Unpooled.directBuffer(payloadSize).writeZero(payloadSize);
      this.subscribed = new CountDownLatch(subscribers);
    }

    void pump() {
      Channel ch = publisher;
      if (ch == null || !running) {
        return;
      }
      boolean wrote = false;
      while (published - probeReceived < window && ch.isWritable()) {
        int pid = 0;
        if (qos != MqttQoS.AT_MOST_ONCE) {
          pid = nextPacketId;
          nextPacketId = pid == 0xFFFF ? 1 : pid + 1;
        }
        ch.write(
            new MqttPublishMessage(
                TOPIC, qos, false, false, pid, MqttProperties.NONE, payload.retainedDuplicate()),
            ch.voidPromise());
        published++;
        wrote = true;
      }
      if (wrote) {
        ch.flush();
      }
    }
  }

  private static final class Subscriber implements ChannelHandler {
    final Run run;
    final boolean probe;
    final String id;

    Subscriber(Run run, boolean probe, String id) {
      this.run = run;
      this.probe = probe;
      this.id = id;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.writeAndFlush(
          MqttMessageBuilders.connect().version(MqttVersion.MQTT_3_1_1).clientId(id).build());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        switch (msg) {
          case MqttConnAckMessage ack ->
              ctx.writeAndFlush(
                  MqttMessageBuilders.subscribe().packetId(1).add(TOPIC, run.qos).build());
          case MqttSubAckMessage ack -> run.subscribed.countDown();
          case MqttPublishMessage p -> {
            run.received++;
            if (p.qos() == MqttQoS.AT_LEAST_ONCE) {
              ctx.write(
                  MqttPubReplyMessage.of(MqttMessageType.PUBACK, p.packetId()), ctx.voidPromise());
            }
            if (probe) {
              run.probeReceived++;
            }
          }
          default -> {}
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
      if (probe) {
        run.pump();
      }
    }
  }

  private static final class Publisher implements ChannelHandler {
    final Run run;
    final CountDownLatch connected = new CountDownLatch(1);

    Publisher(Run run) {
      this.run = run;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.writeAndFlush(
          MqttMessageBuilders.connect().version(MqttVersion.MQTT_3_1_1).clientId("pub").build());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof MqttConnAckMessage) {
        connected.countDown();
      }
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      run.pump();
    }
  }

  private static Result measure(
      String server,
      long pid,
      int port,
      int subscribers,
      int qos,
      int payload,
      int window,
      int warmup,
      int seconds)
      throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    Run run = new Run(MqttQoS.valueOf(qos), window, payload, subscribers);
    List<Channel> channels = new ArrayList<>();
    try {
      InetSocketAddress address =
          new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port);
      for (int i = 0; i < subscribers; i++) {
        channels.add(connect(group, address, new Subscriber(run, i == 0, "sub-" + i)));
      }
      if (!run.subscribed.await(60, TimeUnit.SECONDS)) {
        throw new IOException("subscribers did not subscribe");
      }
      Publisher pub = new Publisher(run);
      Channel pc = connect(group, address, pub);
      channels.add(pc);
      if (!pub.connected.await(60, TimeUnit.SECONDS)) {
        throw new IOException("publisher did not connect");
      }
      group
          .next()
          .submit(
              () -> {
                run.publisher = pc;
                run.pump();
              });
      Thread.sleep(TimeUnit.SECONDS.toMillis(warmup));
      long[] start = snapshot(group, run);
      double cpu0 = ProcStat.cpuSeconds(pid);
      long t0 = System.nanoTime();
      Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
      long[] end = snapshot(group, run);
      double cpu1 = ProcStat.cpuSeconds(pid);
      double elapsed = (System.nanoTime() - t0) / 1e9;
      long delivered = end[0] - start[0];
      if (delivered <= 0) {
        throw new IOException(server + ": nothing delivered");
      }
      return new Result(server, qos, delivered / elapsed, (cpu1 - cpu0) * 1e6 / delivered);
    } finally {
      group
          .next()
          .submit(
              () -> {
                run.running = false;
              })
          .sync();
      for (Channel ch : channels) {
        ch.close();
      }
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
      run.payload.release();
    }
  }

  private static long[] snapshot(EventLoopGroup group, Run run) throws Exception {
    return group.next().submit(() -> new long[] {run.received, run.published}).sync().getNow();
  }

  private static Channel connect(EventLoopGroup group, InetSocketAddress address, ChannelHandler h)
      throws Exception {
    return new Bootstrap()
        .group(group)
        .channel(NioSocketChannel.class)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        MqttDecoder.forClient(MqttDecoderLimits.DEFAULT), new MqttEncoder(), h);
              }
            })
        .connect(address)
        .sync()
        .getNow();
  }
}
