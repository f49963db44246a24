package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.ArgsFile;
import io.tern.benchmarks.harness.DriverExit;
import io.tern.benchmarks.harness.Ratios;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code benchmarks/load/echo-compare [--tern NAME] [--netty NAME] [--transport T] [--duration S]
 * [--warmup S] [--rounds N] [--idle N] [--scenarios idle,idle-h2c,idle-read,idle-burst,pingpong,
 * stream]}: starts the Tern and the Netty echo server in turn (a fresh process each time, at least
 * 3 alternating rounds, server on core 0) and measures, with {@link EchoClient} in its own JVM on
 * core 1:
 *
 * <ul>
 *   <li>{@code idle-heap}, {@code idle-rss}: bytes of live heap (exact, after a full GC) and of
 *       resident memory per idle connection, with {@code --idle} connections open, against the same
 *       server's zero-connection baseline;
 *   <li>{@code idle-h2c-heap}, {@code idle-h2c-rss} (scenario {@code idle-h2c}, not in the default
 *       set): the same for HTTP/2 connections that have exchanged the preface and SETTINGS (both
 *       acknowledged) and sit idle, against h2c servers: {@code --tern tern-http2 --netty
 *       netty-http2 --scenarios idle-h2c};
 *   <li>{@code idle-read-heap}, {@code idle-read-rss} (scenario {@code idle-read}, not in the
 *       default set): the same after each connection sent 256 bytes and read their echo; and {@code
 *       idle-burst-heap}, {@code idle-burst-rss} (scenario {@code idle-burst}) after each sent 64
 *       KiB at once and read them back. Against {@code idle}, these show what a connection keeps
 *       once it has read and written (nothing, ideally). Each of these memory scenarios runs on a
 *       server process of its own, so its baseline is a server that never had a connection;
 *   <li>{@code pingpong-1}, {@code pingpong-64}: 256-byte round trips per second over 1 and 64
 *       connections;
 *   <li>{@code stream-1g}: 1 GiB written and echoed back over one connection, in MiB/s.
 * </ul>
 *
 * <p>{@code --scenarios} picks a comma-separated subset (default idle, pingpong and stream), e.g.
 * {@code --scenarios stream} for the streaming figure alone. It prints a table of every round and
 * {@code RATIO <scenario> <x.xxx>}, the median over rounds, above 1 when Tern is better (throughput
 * tern/netty; memory netty/tern). Exit status: 0 when every run completed, 1 when one failed, 2 for
 * bad usage.
 */
public final class EchoCompare {
  private static final int MESSAGE_SIZE = 256;
  private static final long STREAM_BYTES = 1L << 30;
  private static final int STREAM_CHUNK = 64 * 1024;
  private static final Pattern ROUND_TRIPS = Pattern.compile("roundtrips=(\\d+) seconds=([0-9.]+)");
  private static final Pattern STREAMED = Pattern.compile("bytes=(\\d+) seconds=([0-9.]+)");

  /** The parts of a round that {@code --scenarios} can pick. */
  enum Part {
    IDLE("idle"),
    IDLE_H2C("idle-h2c"),
    IDLE_READ("idle-read"),
    IDLE_BURST("idle-burst"),
    PINGPONG("pingpong"),
    STREAM("stream");

    final String label;

    Part(String label) {
      this.label = label;
    }

    /** Parses {@code idle,idle-h2c,pingpong,stream} (any non-empty subset, any order). */
    static EnumSet<Part> parseList(String list) {
      EnumSet<Part> picked = EnumSet.noneOf(Part.class);
      for (String name : list.split(",", -1)) {
        Part found = null;
        for (Part s : values()) {
          if (s.label.equals(name.trim())) {
            found = s;
          }
        }
        if (found == null) {
          throw new IllegalArgumentException(
              "unknown scenario '"
                  + name
                  + "' (idle, idle-h2c, idle-read, idle-burst, pingpong, stream)");
        }
        picked.add(found);
      }
      return picked;
    }
  }

  /** What is measured, and which way is better. */
  enum Metric {
    IDLE_HEAP("idle-heap", "B/conn", false),
    IDLE_RSS("idle-rss", "B/conn", false),
    IDLE_H2C_HEAP("idle-h2c-heap", "B/conn", false),
    IDLE_H2C_RSS("idle-h2c-rss", "B/conn", false),
    IDLE_READ_HEAP("idle-read-heap", "B/conn", false),
    IDLE_READ_RSS("idle-read-rss", "B/conn", false),
    IDLE_BURST_HEAP("idle-burst-heap", "B/conn", false),
    IDLE_BURST_RSS("idle-burst-rss", "B/conn", false),
    PINGPONG_1("pingpong-1", "rt/s", true),
    PINGPONG_64("pingpong-64", "rt/s", true),
    STREAM("stream-1g", "MiB/s", true);

    final String label;
    final String unit;
    final boolean higherIsBetter;

    Metric(String label, String unit, boolean higherIsBetter) {
      this.label = label;
      this.unit = unit;
      this.higherIsBetter = higherIsBetter;
    }

    double ratio(double tern, double netty) {
      return higherIsBetter ? tern / netty : netty / tern;
    }
  }

  record Options(
      String tern,
      String netty,
      String transport,
      long durationSeconds,
      long warmupSeconds,
      int rounds,
      int idleConnections,
      EnumSet<Part> scenarios,
      Path logDirectory,
      Path results) {

    static Options parse(List<String> args) {
      String tern = "tern-echo";
      String netty = "netty-echo";
      String transport = "native";
      long duration = 10;
      long warmup = 5;
      int rounds = LoadOptions.MIN_COMPARE_ROUNDS;
      int idle = 10_000;
      EnumSet<Part> scenarios = EnumSet.of(Part.IDLE, Part.PINGPONG, Part.STREAM);
      Path logs = Path.of("target", "load");
      Path results = null;
      for (int i = 0; i < args.size(); i += 2) {
        String arg = args.get(i);
        if (i + 1 == args.size()) {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        String value = args.get(i + 1);
        switch (arg) {
          case "--tern" -> tern = value;
          case "--netty" -> netty = value;
          case "--transport" -> transport = value;
          case "--duration" -> duration = Long.parseLong(value);
          case "--warmup" -> warmup = Long.parseLong(value);
          case "--rounds" -> rounds = Integer.parseInt(value);
          case "--idle" -> idle = Integer.parseInt(value);
          case "--scenarios" -> scenarios = Part.parseList(value);
          case "--log-dir" -> logs = Path.of(value);
          case "--results" -> results = Path.of(value);
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (rounds < LoadOptions.MIN_COMPARE_ROUNDS) {
        throw new IllegalArgumentException(
            "--rounds must be at least " + LoadOptions.MIN_COMPARE_ROUNDS);
      }
      if (duration < 1 || warmup < 0 || idle < 1) {
        throw new IllegalArgumentException("--duration and --idle must be >= 1, --warmup >= 0");
      }
      transport = LoadOptions.concreteTransport(transport);
      return new Options(
          tern, netty, transport, duration, warmup, rounds, idle, scenarios, logs, results);
    }
  }

  private EchoCompare() {}

  /**
   * Runs the comparison and exits with its status.
   *
   * @param args see the class description, or {@code @file} with one argument per line
   */
  public static void main(String[] args) {
    DriverExit.exit(run(ArgsFile.expand(args), System.out));
  }

  static int run(List<String> args, PrintStream out) {
    Options options;
    ServerSpec tern;
    ServerSpec netty;
    try {
      options = Options.parse(args);
      tern = ServerRegistry.lookup(options.tern());
      netty = ServerRegistry.lookup(options.netty());
    } catch (IllegalArgumentException e) {
      out.println("ERROR " + e.getMessage());
      out.println(
          "usage: benchmarks/load/echo-compare [--tern NAME] [--netty NAME] [--transport T]"
              + " [--duration S] [--warmup S] [--rounds N] [--idle N]"
              + " [--scenarios idle,idle-h2c,idle-read,idle-burst,pingpong,stream]"
              + " [--results FILE]");
      return 2;
    }
    out.printf(
        Locale.ROOT,
        "echo compare: %s vs %s, transport %s, scenarios %s, %d rounds, %d s warm-up + %d s per"
            + " ping-pong, %d idle connections, server on core %d, client on core %d%n",
        tern.name(),
        netty.name(),
        options.transport(),
        options.scenarios(),
        options.rounds(),
        options.warmupSeconds(),
        options.durationSeconds(),
        options.idleConnections(),
        ServerProcess.CORE,
        LoadGenerator.CORE);
    List<Map<Metric, Double>> ternRounds = new ArrayList<>();
    List<Map<Metric, Double>> nettyRounds = new ArrayList<>();
    try {
      for (int round = 1; round <= options.rounds(); round++) {
        // The side that runs first alternates, so neither always meets a machine its rival heated.
        String prefix = "echo-" + options.transport() + "-round" + round;
        if (round % 2 == 1) {
          ternRounds.add(measure(tern, options, prefix + "-tern", out));
          nettyRounds.add(measure(netty, options, prefix + "-netty", out));
        } else {
          nettyRounds.add(measure(netty, options, prefix + "-netty", out));
          ternRounds.add(measure(tern, options, prefix + "-tern", out));
        }
      }
    } catch (LoadException e) {
      out.println("ERROR " + e.getMessage());
      return 1;
    }
    print(out, ternRounds, nettyRounds, tern.name(), netty.name());
    if (options.results() != null) {
      try {
        writeResults(options, args, ternRounds, nettyRounds);
      } catch (IOException e) {
        out.println("ERROR cannot write " + options.results() + ": " + e);
        return 1;
      }
      out.println("results written to " + options.results());
    }
    return 0;
  }

  /**
   * The medians as tab-separated lines for {@code benchmarks/run-all}: {@code MEASURE transport
   * metric unit tern netty} and {@code RATIO transport metric value}.
   */
  private static void writeResults(
      Options options,
      List<String> args,
      List<Map<Metric, Double>> tern,
      List<Map<Metric, Double>> netty)
      throws IOException {
    List<String> lines = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if ((args.get(i).equals("--log-dir") || args.get(i).equals("--results"))
          && i + 1 < args.size()) {
        i++;
      } else {
        shown.add(args.get(i));
      }
    }
    lines.add("# command: benchmarks/load/echo-compare " + String.join(" ", shown));
    lines.add("kind\ttransport\tmetric\tunit\ttern\tnetty");
    for (Metric metric : Metric.values()) {
      if (tern.isEmpty() || !tern.get(0).containsKey(metric)) {
        continue;
      }
      List<Double> t = tern.stream().map(r -> r.get(metric)).toList();
      List<Double> n = netty.stream().map(r -> r.get(metric)).toList();
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < t.size(); i++) {
        ratios.add(metric.ratio(t.get(i), n.get(i)));
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "MEASURE\t%s\t%s\t%s\t%.6g\t%.6g",
              options.transport(),
              metric.label,
              metric.unit,
              Ratios.median(t),
              Ratios.median(n)));
      lines.add(
          String.format(
              Locale.ROOT,
              "RATIO\t%s\t%s\t%.6g",
              options.transport(),
              metric.label,
              Ratios.median(ratios)));
    }
    Path parent = options.results().toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(options.results(), lines, StandardCharsets.UTF_8);
  }

  private static Map<Metric, Double> measure(
      ServerSpec spec, Options options, String label, PrintStream out) throws LoadException {
    Map<Metric, Double> result = new EnumMap<>(Metric.class);
    // Each memory scenario on a server of its own: its baseline is then a server that has never
    // had a connection. On a shared server, a scenario's baseline held the previous scenario's
    // closed connections for seconds after their sockets were gone (the epoll servers, Tern's
    // and Netty's, freed them only later), so idle-read after idle read 14-134 B per connection.
    idleOnItsOwnServer(spec, options, label, Part.IDLE, Metric.IDLE_HEAP, Metric.IDLE_RSS, result);
    idleOnItsOwnServer(
        spec, options, label, Part.IDLE_H2C, Metric.IDLE_H2C_HEAP, Metric.IDLE_H2C_RSS, result);
    idleOnItsOwnServer(
        spec, options, label, Part.IDLE_READ, Metric.IDLE_READ_HEAP, Metric.IDLE_READ_RSS, result);
    idleOnItsOwnServer(
        spec,
        options,
        label,
        Part.IDLE_BURST,
        Metric.IDLE_BURST_HEAP,
        Metric.IDLE_BURST_RSS,
        result);
    if (options.scenarios().contains(Part.PINGPONG) || options.scenarios().contains(Part.STREAM)) {
      Path log = options.logDirectory().resolve(label + ".log");
      try (ServerProcess server = ServerProcess.start(spec, options.transport(), log)) {
        if (options.scenarios().contains(Part.PINGPONG)) {
          result.put(Metric.PINGPONG_1, pingPong(server, 1, options));
          result.put(Metric.PINGPONG_64, pingPong(server, 64, options));
        }
        if (options.scenarios().contains(Part.STREAM)) {
          result.put(Metric.STREAM, stream(server));
        }
        server.checkAlive();
      }
    }
    out.printf(Locale.ROOT, "%s: %s%n", label, result);
    return result;
  }

  /** Runs one memory scenario, if chosen, on a fresh server process. */
  private static void idleOnItsOwnServer(
      ServerSpec spec,
      Options options,
      String label,
      Part part,
      Metric heap,
      Metric rss,
      Map<Metric, Double> result)
      throws LoadException {
    if (!options.scenarios().contains(part)) {
      return;
    }
    String mode = part.label;
    Path log = options.logDirectory().resolve(label + "-" + mode + ".log");
    try (ServerProcess server = ServerProcess.start(spec, options.transport(), log)) {
      idle(server, mode, options.idleConnections(), heap, rss, result);
      server.checkAlive();
    }
  }

  private static double pingPong(ServerProcess server, int connections, Options options)
      throws LoadException {
    String output =
        LoadGenerator.run(
            client(
                "pingpong",
                server.port(),
                connections,
                MESSAGE_SIZE,
                options.warmupSeconds(),
                options.durationSeconds()),
            options.warmupSeconds() + options.durationSeconds());
    Matcher m = ROUND_TRIPS.matcher(output);
    if (!m.find()) {
      throw new LoadException("unexpected ping-pong output:\n" + output);
    }
    return Long.parseLong(m.group(1)) / Double.parseDouble(m.group(2));
  }

  private static double stream(ServerProcess server) throws LoadException {
    String output =
        LoadGenerator.run(
            client("stream", server.port(), STREAM_BYTES / 4, STREAM_BYTES, STREAM_CHUNK), 120);
    Matcher m = STREAMED.matcher(output);
    if (!m.find()) {
      throw new LoadException("unexpected stream output:\n" + output);
    }
    return Long.parseLong(m.group(1)) / (1024.0 * 1024.0) / Double.parseDouble(m.group(2));
  }

  /**
   * Opens idle connections from a client process (in {@link EchoClient}'s {@code mode}: plain, or
   * after the HTTP/2 preface exchange), measures, and closes them.
   */
  private static void idle(
      ServerProcess server,
      String mode,
      int connections,
      Metric heap,
      Metric rss,
      Map<Metric, Double> result)
      throws LoadException {
    // The server has had no connection but the harness's readiness probe: let it settle.
    pause();
    long heapBefore = ServerMemory.liveHeapBytes(server.pid());
    long rssBefore = ServerMemory.rssBytes(server.pid());
    List<String> argv =
        new ArrayList<>(List.of("taskset", "-c", Integer.toString(LoadGenerator.CORE)));
    argv.addAll(client(mode, server.port(), connections));
    Process client = null;
    try {
      client = ChildProcesses.track(new ProcessBuilder(argv).redirectErrorStream(true).start());
      BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = lines.readLine()) != null && !line.startsWith("ready ")) {
        // skip JVM chatter
      }
      if (line == null) {
        throw new LoadException("the idle client exited before its connections were open");
      }
      server.checkAlive();
      // The accepts may still be in flight in the server: give its loop a moment to drain them.
      pause();
      long heapAfter = ServerMemory.liveHeapBytes(server.pid());
      long rssAfter = ServerMemory.rssBytes(server.pid());
      result.put(heap, (heapAfter - heapBefore) / (double) connections);
      result.put(rss, (rssAfter - rssBefore) / (double) connections);
      client.getOutputStream().close();
      if (!client.waitFor(60, TimeUnit.SECONDS)) {
        throw new LoadException("the idle client did not close its connections within 60 s");
      }
    } catch (IOException e) {
      throw new LoadException("idle client failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted while holding idle connections");
    } finally {
      if (client != null) {
        ChildProcesses.stop(client);
      }
    }
  }

  private static void pause() throws LoadException {
    try {
      Thread.sleep(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted");
    }
  }

  private static List<String> client(String mode, int port, Object... args) {
    List<String> clientArgs = new ArrayList<>(List.of(mode, Integer.toString(port)));
    for (Object a : args) {
      clientArgs.add(String.valueOf(a));
    }
    return JavaCommand.of(List.of("-Xss256k"), EchoClient.class.getName(), clientArgs);
  }

  private static void print(
      PrintStream out,
      List<Map<Metric, Double>> tern,
      List<Map<Metric, Double>> netty,
      String ternName,
      String nettyName) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-12s %5s %16s %16s %7s%n",
        "scenario",
        "round",
        ternName,
        nettyName,
        "ratio");
    List<Metric> measured = new ArrayList<>();
    for (Metric metric : Metric.values()) {
      if (!tern.isEmpty() && tern.get(0).containsKey(metric)) {
        measured.add(metric);
      }
    }
    for (Metric metric : measured) {
      for (int round = 0; round < tern.size(); round++) {
        double t = tern.get(round).get(metric);
        double n = netty.get(round).get(metric);
        out.printf(
            Locale.ROOT,
            "%-12s %5d %12.1f %-4s %12.1f %-4s %7.3f%n",
            metric.label,
            round + 1,
            t,
            metric.unit,
            n,
            metric.unit,
            metric.ratio(t, n));
      }
    }
    out.println();
    for (Metric metric : measured) {
      List<Double> ratios = new ArrayList<>();
      for (int round = 0; round < tern.size(); round++) {
        ratios.add(metric.ratio(tern.get(round).get(metric), netty.get(round).get(metric)));
      }
      out.println(Ratios.line(metric.label, Ratios.median(ratios)));
    }
  }
}
