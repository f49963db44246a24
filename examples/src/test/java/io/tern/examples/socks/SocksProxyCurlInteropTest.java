package io.tern.examples.socks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * curl (a real SOCKS client) through the {@code socks-proxy} example to a local HTTP server, with
 * each of {@code --socks4}, {@code --socks4a}, {@code --socks5} and {@code --socks5-hostname}, and
 * SOCKS 5 with a username and password against a proxy that requires them (SOCKS 4 has a user id
 * but no password; a password-protected proxy refuses it, which curl reports). The destination is
 * named {@code localhost} so the hostname variants make the proxy resolve it.
 */
@Tag("interop")
class SocksProxyCurlInteropTest {
  private static HttpServer target;
  private static EventLoopGroup group;
  private static ServerChannel open;
  private static ServerChannel protectedProxy;

  @BeforeAll
  static void start() throws Exception {
    target = HttpServer.create(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0), 16);
    target.createContext(
        "/",
        exchange -> {
          byte[] body = "through the proxy\n".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    target.start();
    Transport nio = Transports.select("nio");
    group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    InetSocketAddress any = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0);
    open = SocksProxyServer.start(nio, group, any, null, null).sync().getNow();
    protectedProxy = SocksProxyServer.start(nio, group, any, "alice", "s3cret").sync().getNow();
  }

  @AfterAll
  static void stop() throws Exception {
    open.close().sync();
    protectedProxy.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    target.stop(0);
  }

  private record Result(int exit, String output) {}

  private static Result curl(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("curl", "-sS", "--max-time", "20"));
    command.addAll(List.of(args));
    Path log = Files.createTempFile("tern-curl", ".log");
    try {
      Process p;
      try {
        p =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
      } catch (IOException e) {
        throw new AssertionError("curl is not installed (apt package curl): " + e, e);
      }
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError("curl did not finish in 60 s");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static String proxy(ServerChannel server) {
    return "127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
  }

  private static String url() {
    return "http://localhost:" + target.getAddress().getPort() + "/";
  }

  @ParameterizedTest
  @ValueSource(strings = {"--socks4", "--socks4a", "--socks5", "--socks5-hostname"})
  void curlFetchesThroughTheProxy(String option) throws Exception {
    Result r = curl(option, proxy(open), url());
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).isEqualTo("through the proxy\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"socks4", "socks4a"})
  void curlSendsASocks4UserId(String scheme) throws Exception {
    Result r = curl("-x", scheme + "://bob@" + proxy(open), url());
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).isEqualTo("through the proxy\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"--socks5", "--socks5-hostname"})
  void curlAuthenticatesWithAPassword(String option) throws Exception {
    Result r = curl(option, proxy(protectedProxy), "--proxy-user", "alice:s3cret", url());
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).isEqualTo("through the proxy\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"alice:wrong", "-"})
  void aWrongOrMissingPasswordIsRefused(String credentials) throws Exception {
    List<String> args = new ArrayList<>(List.of("--socks5-hostname", proxy(protectedProxy)));
    if (!credentials.equals("-")) {
      args.addAll(List.of("--proxy-user", credentials));
    }
    args.add(url());
    Result r = curl(args.toArray(String[]::new));
    assertThat(r.exit()).as(r.output()).isNotZero();
    assertThat(r.output()).doesNotContain("through the proxy");
  }

  @ParameterizedTest
  @ValueSource(strings = {"--socks4", "--socks4a"})
  void socks4IsRefusedWhenAPasswordIsRequired(String option) throws Exception {
    Result r = curl(option, proxy(protectedProxy), url());
    assertThat(r.exit()).as(r.output()).isNotZero();
  }
}
