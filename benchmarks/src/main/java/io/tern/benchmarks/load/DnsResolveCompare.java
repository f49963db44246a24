package io.tern.benchmarks.load;

import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.resolver.dns.SingletonDnsServerAddressStreamProvider;
import io.tern.resolver.dns.DnsNameResolver;
import io.tern.resolver.dns.ResolvedAddressTypes;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * {@code benchmarks/load/dns-resolve [--names 1000] [--lookups 10000] [--window 100] [--rounds 3]
 * [--tern-sockets 1] [--queries-per-socket 100]}: Tern's {@code DnsNameResolver} against Netty's
 * ({@code netty-resolver-dns}), both against one local dnsmasq (started here, pinned to core 0, a
 * zone of {@code names} host records with a TTL of 600 s; this driver runs on core 1). Each run
 * builds a resolver on a fresh one-thread NIO event loop, then makes {@code lookups} lookups of the
 * names in turn ({@code h0.bench}, {@code h1.bench}, ...; IPv4 only), at most {@code window} in
 * flight: cold (the first lookup of each name asks dnsmasq, the other nine come from the cache),
 * then warm (the same lookups again, all from the cache). It prints lookups per second for both
 * phases and the most sockets the process had open beyond its baseline while the resolver ran
 * ({@code /proc/self/fd}, sampled every 5 ms), then {@code RATIO dns-resolve-cold} and {@code RATIO
 * dns-resolve-warm}: the median over rounds of Tern's lookups/s over Netty's (above 1: Tern is
 * faster). Tern and Netty alternate, and an unmeasured run of each warms the JIT first.
 */
public final class DnsResolveCompare {
  private DnsResolveCompare() {}

  /** One resolver under test: resolves a name, calling back with a failure or {@code null}. */
  private interface Resolver {
    void resolve(String name, Consumer<Throwable> done);

    void close() throws Exception;
  }

  private record Run(double coldPerSecond, double warmPerSecond, int peakSockets) {}

  /**
   * Runs the comparison.
   *
   * @param args the options above
   * @throws Exception if dnsmasq cannot start or a lookup fails
   */
  public static void main(String[] args) throws Exception {
    int names = 1000;
    int lookups = 10_000;
    int window = 100;
    int rounds = 3;
    int ternSockets = 1;
    int queriesPerSocket = 100;
    for (int i = 0; i < args.length; i += 2) {
      int v = Integer.parseInt(args[i + 1]);
      switch (args[i]) {
        case "--names" -> names = v;
        case "--lookups" -> lookups = v;
        case "--window" -> window = v;
        case "--rounds" -> rounds = v;
        case "--tern-sockets" -> ternSockets = v;
        case "--queries-per-socket" -> queriesPerSocket = v;
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("tern-dns-bench");
    int port = freePort();
    Path conf = dir.resolve("dnsmasq.conf");
    List<String> lines =
        new ArrayList<>(
            List.of(
                "no-resolv",
                "no-hosts",
                "no-poll",
                "bind-interfaces",
                "listen-address=127.0.0.1",
                "port=" + port,
                "local=/bench/",
                "local-ttl=600",
                "pid-file=" + dir.resolve("dnsmasq.pid")));
    for (int i = 0; i < names; i++) {
      lines.add("host-record=h" + i + ".bench,10.0." + (i >> 8) + "." + (i & 0xFF));
    }
    Files.write(conf, lines, StandardCharsets.US_ASCII);
    Process dnsmasq =
        new ProcessBuilder(
                "taskset",
                "-c",
                "0",
                "dnsmasq",
                "--keep-in-foreground",
                "--log-facility=-",
                "--conf-file=" + conf)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("dnsmasq.log").toFile())
            .start();
    try {
      awaitPort(port, dnsmasq, dir);
      InetSocketAddress server = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), port);
      int t = ternSockets;
      int q = queriesPerSocket;
      List<Double> cold = new ArrayList<>();
      List<Double> warm = new ArrayList<>();
      run("tern", () -> tern(server, t, q), names, lookups, window); // JIT warm-up
      run("netty", () -> netty(server), names, lookups, window);
      for (int round = 1; round <= rounds; round++) {
        boolean ternFirst = round % 2 == 1;
        Run a =
            run(
                ternFirst ? "tern" : "netty",
                ternFirst ? () -> tern(server, t, q) : () -> netty(server),
                names,
                lookups,
                window);
        Run b =
            run(
                ternFirst ? "netty" : "tern",
                ternFirst ? () -> netty(server) : () -> tern(server, t, q),
                names,
                lookups,
                window);
        Run tern = ternFirst ? a : b;
        Run netty = ternFirst ? b : a;
        print(round, "tern", tern);
        print(round, "netty", netty);
        cold.add(tern.coldPerSecond() / netty.coldPerSecond());
        warm.add(tern.warmPerSecond() / netty.warmPerSecond());
      }
      System.out.printf(Locale.ROOT, "RATIO dns-resolve-cold %.3f%n", median(cold));
      System.out.printf(Locale.ROOT, "RATIO dns-resolve-warm %.3f%n", median(warm));
    } finally {
      dnsmasq.destroy();
      if (!dnsmasq.waitFor(5, TimeUnit.SECONDS)) {
        dnsmasq.destroyForcibly();
      }
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
        for (Path f : files) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  private static void print(int round, String name, Run run) {
    System.out.printf(
        Locale.ROOT,
        "round %d %-5s cold %,10.0f lookups/s  warm %,10.0f lookups/s  sockets %d%n",
        round,
        name,
        run.coldPerSecond(),
        run.warmPerSecond(),
        run.peakSockets());
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  @FunctionalInterface
  private interface ResolverFactory {
    Resolver create() throws Exception;
  }

  private static Run run(String label, ResolverFactory factory, int names, int lookups, int window)
      throws Exception {
    int baseline = openSockets();
    AtomicInteger peak = new AtomicInteger();
    Thread sampler =
        Thread.ofPlatform()
            .daemon()
            .name("socket-sampler")
            .start(
                () -> {
                  while (!Thread.currentThread().isInterrupted()) {
                    peak.accumulateAndGet(openSockets() - baseline, Math::max);
                    try {
                      Thread.sleep(5);
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                });
    Resolver resolver = factory.create();
    try {
      double cold = lookups(label, resolver, names, lookups, window);
      double warm = lookups(label, resolver, names, lookups, window);
      peak.accumulateAndGet(openSockets() - baseline, Math::max);
      return new Run(cold, warm, peak.get());
    } finally {
      resolver.close();
      sampler.interrupt();
      sampler.join();
    }
  }

  /** Makes the lookups, at most {@code window} in flight; returns lookups per second. */
  private static double lookups(String label, Resolver resolver, int names, int lookups, int window)
      throws Exception {
    Semaphore inFlight = new Semaphore(window);
    CountDownLatch done = new CountDownLatch(lookups);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    long start = System.nanoTime();
    for (int i = 0; i < lookups; i++) {
      inFlight.acquire();
      resolver.resolve(
          "h" + (i % names) + ".bench",
          cause -> {
            if (cause != null) {
              failure.compareAndSet(null, cause);
            }
            inFlight.release();
            done.countDown();
          });
    }
    if (!done.await(2, TimeUnit.MINUTES)) {
      throw new IllegalStateException(label + ": lookups did not finish in 2 minutes");
    }
    long nanos = System.nanoTime() - start;
    if (failure.get() != null) {
      throw new IllegalStateException(label + ": a lookup failed", failure.get());
    }
    return lookups / (nanos / 1e9);
  }

  private static Resolver tern(InetSocketAddress server, int sockets, int queriesPerSocket) {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    Path none = Path.of("/nonexistent/tern-bench");
    DnsNameResolver resolver =
        DnsNameResolver.builder(group.next())
            .resolvConf(none.resolve("resolv.conf"))
            .hostsFile(none.resolve("hosts"))
            .nameServers(List.of(server))
            .searchDomains(List.of())
            .ndots(1)
            .queryTimeout(Duration.ofSeconds(5))
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .sourcePorts(sockets, queriesPerSocket)
            .build();
    return new Resolver() {
      @Override
      public void resolve(String name, Consumer<Throwable> done) {
        resolver.resolve(name).addListener(f -> done.accept(f.isSuccess() ? null : f.cause()));
      }

      @Override
      public void close() throws Exception {
        resolver.close().sync();
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      }
    };
  }

  @SuppressWarnings("FutureReturnValueIgnored") // listeners report through the callback
  private static Resolver netty(InetSocketAddress server) {
    MultiThreadIoEventLoopGroup group =
        new MultiThreadIoEventLoopGroup(1, io.netty.channel.nio.NioIoHandler.newFactory());
    io.netty.resolver.dns.DnsNameResolver resolver =
        new io.netty.resolver.dns.DnsNameResolverBuilder(group.next())
            .datagramChannelType(NioDatagramChannel.class)
            .nameServerProvider(new SingletonDnsServerAddressStreamProvider(server))
            .searchDomains(List.of())
            .ndots(1)
            .queryTimeoutMillis(5000)
            .resolvedAddressTypes(io.netty.resolver.ResolvedAddressTypes.IPV4_ONLY)
            .build();
    return new Resolver() {
      @Override
      public void resolve(String name, Consumer<Throwable> done) {
        resolver.resolve(name).addListener(f -> done.accept(f.isSuccess() ? null : f.cause()));
      }

      @Override
      public void close() throws Exception {
        resolver.close();
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      }
    };
  }

  /** Sockets this process has open now. */
  private static int openSockets() {
    int n = 0;
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
      for (Path fd : fds) {
        try {
          if (Files.readSymbolicLink(fd).toString().startsWith("socket:")) {
            n++;
          }
        } catch (IOException gone) {
          // closed while listed
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list /proc/self/fd", e);
    }
    return n;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.ofLiteral("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  private static void awaitPort(int port, Process dnsmasq, Path dir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      if (!dnsmasq.isAlive()) {
        throw new IllegalStateException(
            "dnsmasq exited: " + Files.readString(dir.resolve("dnsmasq.log")));
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), port), 200);
        return;
      } catch (IOException notYet) {
        Thread.sleep(50);
      }
    }
    throw new IllegalStateException("dnsmasq did not listen on " + port + " in 30 s");
  }
}
