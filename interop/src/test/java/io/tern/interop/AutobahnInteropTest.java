package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketClientProtocolConfig;
import io.tern.codec.http.websocket.WebSocketClientProtocolHandler;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.bootstrap.SocketTransport;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Autobahn|Testsuite 0.8.2 both ways on 127.0.0.1: {@code wstest -m fuzzingclient} against a Tern
 * WebSocket echo server, and {@code wstest -m fuzzingserver} against Tern's client (which echoes
 * what the suite sends). Every case must be graded OK, NON-STRICT or INFORMATIONAL, and closed OK
 * or INFORMATIONAL. Both sides run with permessage-deflate (the server accepts it, the client
 * offers it), so the compression cases 12.* and 13.* run too: by default those with messages of 16
 * to 4096 bytes (sizes 1 to 5 of each of their 12 groups: every data set and every negotiation
 * variant), since the larger ones push gigabytes through the suite's pure-Python framing; {@code
 * -Dtern.autobahn.deflateCases=all} runs every one of them. {@code
 * -Dtern.autobahn.cases=12.2.15,13.*} runs only the cases named (wstest case ids, {@code *}
 * matching any run of characters) and {@code -Dtern.autobahn.budgetMinutes=N} gives each direction
 * N minutes instead of 8 (JUnit's own default timeout is lifted for this class, so the budget is
 * what bounds a run: each direction stops when it runs out). The server runs over NIO with that
 * set, and again over io_uring and epoll with groups 1 to 7 and 9 (294 cases, about 15 s each;
 * {@code -Dtern.autobahn.cases} applies to them too), so the native transports meet a real peer
 * that fails connections while it is still sending. wstest is installed by {@code
 * .ci/install-peers} into {@code ~/.cache/tern-peers/autobahn}; without it the test fails.
 */
@Tag("interop")
// budget() bounds each direction; the build's 5-minute default would cut a longer budget short
@Timeout(value = 24, unit = TimeUnit.HOURS)
class AutobahnInteropTest {
  private static final Path WSTEST =
      Path.of(System.getProperty("user.home"), ".cache/tern-peers/autobahn/V27/bin/wstest");
  private static final int MAX_PAYLOAD = 16 << 20;

  /**
   * The cases the epoll and io_uring servers run by default: groups 1 to 7 and 9, the ones whose
   * outcome rests on the transport as much as on the codec (connections failed and closed while the
   * peer still sends, close handshakes, messages up to 16 MiB, data chopped into many small writes,
   * many round trips). The compression groups 12 and 13 and the NIO run's other cases test the
   * codec, which is the same over every transport. {@link #NATIVE_EXCLUDED} leaves out 9.3.1,
   * 9.3.2, 9.4.1 and 9.4.2 (a 4 MiB message in 64- and 256-byte fragments: about 10 s per transport
   * spent in the suite's Python framing; 9.3.3 to 9.4.9 keep the fragmented messages) and 5.19 and
   * 5.20 (pings between fragments, each case pausing 1 s by design), so the two transports add
   * about 30 s.
   */
  private static final List<String> NATIVE_CASES =
      List.of("1.*", "2.*", "3.*", "4.*", "5.*", "6.*", "7.*", "9.*");

  private static final List<String> NATIVE_EXCLUDED =
      List.of("5.19", "5.20", "9.3.1", "9.3.2", "9.4.1", "9.4.2");

  /** How many cases {@link #NATIVE_CASES} less {@link #NATIVE_EXCLUDED} are in wstest 0.8.2. */
  private static final int NATIVE_CASE_COUNT = 294;

  /**
   * How long one client connection (one case) may stay open: wstest gives a compression case up to
   * 480 s of its own before it grades it FAILED and closes, so the client waits past that.
   */
  private static final Duration CONNECTION_LIMIT = Duration.ofMinutes(9);

  /**
   * The cases to run as wstest case patterns, from {@code -Dtern.autobahn.cases} (comma-separated,
   * {@code *} matching any run of characters), or empty for the default set. A pattern with a
   * {@code *} is anchored at its end here, since wstest would otherwise match it as a prefix
   * ({@code 12.*.1} would select 12.1.10–12.1.18 as well); one without is a single case id.
   */
  private static List<String> caseList() {
    String property = System.getProperty("tern.autobahn.cases", "").trim();
    List<String> cases = new ArrayList<>();
    if (!property.isEmpty()) {
      for (String pattern : property.split(",", -1)) {
        String trimmed = pattern.trim();
        if (!trimmed.isEmpty()) {
          cases.add(trimmed.contains("*") ? trimmed + "$" : trimmed);
        }
      }
    }
    return cases;
  }

  /**
   * How long each direction may run: {@code -Dtern.autobahn.budgetMinutes}, 8 by default (the
   * default set takes about 3 minutes per direction).
   */
  private static Duration budget() {
    return Duration.ofMinutes(Long.getLong("tern.autobahn.budgetMinutes", 8));
  }

  /**
   * The "cases" and "exclude-cases" members of the wstest spec: the case list if one is given;
   * otherwise every case but the large-message compression cases, unless all are asked.
   */
  private static String caseSpec() {
    List<String> cases = caseList();
    if (!cases.isEmpty()) {
      return "\"cases\": " + jsonList(cases) + ", \"exclude-cases\": []";
    }
    List<String> excluded = new ArrayList<>();
    if (!"all".equals(System.getProperty("tern.autobahn.deflateCases"))) {
      for (String group : List.of("12", "13")) {
        for (int size = 6; size <= 18; size++) {
          excluded.add(group + ".*." + size + "$");
        }
      }
    }
    return "\"cases\": [\"*\"], \"exclude-cases\": " + jsonList(excluded);
  }

  private static String jsonList(List<String> items) {
    List<String> quoted = new ArrayList<>();
    for (String item : items) {
      quoted.add("\"" + item + "\"");
    }
    return quoted.toString();
  }

  /** The fewest cases index.json must hold: the default set's 360, or one for a case list. */
  private static int minimumCases() {
    return caseList().isEmpty() ? 360 : 1;
  }

  /** Echoes every data frame as it arrives. */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof WebSocketFrame frame) {
        ctx.write(frame);
      } else {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }
  }

  @Test
  void fuzzingClientGradesEveryCaseOfTheEchoServerOk(@TempDir Path dir) throws Exception {
    fuzzEchoServer(SocketTransport.of("nio"), dir, caseSpec(), minimumCases());
  }

  /**
   * The same echo server over epoll and io_uring, with the cases that exercise the transport rather
   * than the codec (see {@link #NATIVE_CASES}). A missing transport fails the test: this machine
   * and CI have both.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"io_uring", "epoll"})
  void fuzzingClientGradesTheEchoServerOkOverTheNativeTransports(
      String transport, @TempDir Path dir) throws Exception {
    if (caseList().isEmpty()) {
      fuzzEchoServer(
          SocketTransport.of(transport),
          dir,
          "\"cases\": "
              + jsonList(NATIVE_CASES)
              + ", \"exclude-cases\": "
              + jsonList(NATIVE_EXCLUDED),
          NATIVE_CASE_COUNT);
    } else {
      fuzzEchoServer(SocketTransport.of(transport), dir, caseSpec(), minimumCases());
    }
  }

  /**
   * Runs {@code wstest -m fuzzingclient} with {@code caseSpec} against a Tern echo server on {@code
   * transport} and fails naming every case not graded OK.
   */
  private static void fuzzEchoServer(
      SocketTransport transport, Path dir, String caseSpec, int minimumCases) throws Exception {
    if (!Files.isExecutable(WSTEST)) {
      throw new AssertionError(
          "interop peer 'wstest' (Autobahn|Testsuite 0.8.2) is not installed at "
              + WSTEST
              + ". Install it with: bash .ci/install-peers");
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      WebSocketServerProtocolConfig config =
          WebSocketServerProtocolConfig.builder("/")
              .decoderConfig(
                  WebSocketDecoderConfig.forServer()
                      .withMaxFramePayloadLength(MAX_PAYLOAD)
                      .withMaxMessagePayloadLength(MAX_PAYLOAD))
              .perMessageDeflate(PerMessageDeflateConfig.defaults())
              .build();
      ServerChannel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(transport.serverChannelFactory())
              .childHandler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline()
                          .addLast(
                              new HttpServerCodec(),
                              new HttpObjectAggregator(8192),
                              new WebSocketServerProtocolHandler(config),
                              new Echo());
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      Path reports = dir.resolve("reports");
      Path spec = dir.resolve("fuzzingclient.json");
      Files.writeString(
          spec,
          """
          {"outdir": "%s",
           "servers": [{"agent": "tern-%s", "url": "ws://127.0.0.1:%d"}],
           %s,
           "exclude-agent-cases": {}}
          """
              .formatted(reports, transport.name(), port, caseSpec));
      Peer.Result result =
          Peer.command("env", "coreutils")
              .args(WSTEST.toString(), "-m", "fuzzingclient", "-s", spec.toString())
              .run(budget());
      server.close().sync();
      assertThat(result.exitCode()).as(result.output()).isZero();
      List<String> bad = badCases(Files.readString(reports.resolve("index.json")), minimumCases);
      assertThat(bad).as("cases Autobahn did not grade OK over " + transport.name()).isEmpty();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  /** Collects the text frames of one connection and echoes its data frames. */
  private static final class ClientEcho implements ChannelHandler {
    final StringBuilder text = new StringBuilder();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame t && t.isFinalFragment()) {
        text.append(t.text());
      }
      if (msg instanceof WebSocketFrame frame) {
        ctx.writeAndFlush(frame);
      } else {
        ReferenceCountUtil.release(msg);
      }
    }
  }

  /** Runs one client connection to {@code uri} until the server closes it. */
  private static String runClient(EventLoopGroup group, int port, String pathAndQuery)
      throws Exception {
    ClientEcho echo = new ClientEcho();
    WebSocketClientProtocolHandler ws =
        new WebSocketClientProtocolHandler(
            WebSocketClientProtocolConfig.builder(
                    URI.create("ws://127.0.0.1:" + port + pathAndQuery))
                .decoderConfig(
                    WebSocketDecoderConfig.forClient()
                        .withMaxFramePayloadLength(MAX_PAYLOAD)
                        .withMaxMessagePayloadLength(MAX_PAYLOAD))
                .perMessageDeflate(PerMessageDeflateConfig.defaults())
                .build());
    Channel ch =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel c) {
                    c.pipeline()
                        .addLast(new HttpClientCodec(), new HttpObjectAggregator(8192), ws, echo);
                  }
                })
            .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
    if (!ch.closeFuture().await(CONNECTION_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
      ch.close();
      throw new AssertionError(
          "connection " + pathAndQuery + " still open after " + CONNECTION_LIMIT);
    }
    return echo.text.toString();
  }

  @Test
  void fuzzingServerGradesEveryCaseOfTheTernClientOk(@TempDir Path dir) throws Exception {
    if (!Files.isExecutable(WSTEST)) {
      throw new AssertionError(
          "interop peer 'wstest' (Autobahn|Testsuite 0.8.2) is not installed at "
              + WSTEST
              + ". Install it with: bash .ci/install-peers");
    }
    int port = FreePort.find();
    Path reports = dir.resolve("reports");
    Path spec = dir.resolve("fuzzingserver.json");
    Files.writeString(
        spec,
        """
        {"url": "ws://127.0.0.1:%d",
         "outdir": "%s",
         %s,
         "exclude-agent-cases": {}}
        """
            .formatted(port, reports, caseSpec()));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try (Peer server =
        Peer.command("env", "coreutils")
            .args(WSTEST.toString(), "-m", "fuzzingserver", "-s", spec.toString())
            .readyOnPort(port)
            .lifetime(budget())
            .start()) {
      int count = Integer.parseInt(runClient(group, port, "/getCaseCount").trim());
      assertThat(count).isGreaterThanOrEqualTo(minimumCases() == 1 ? 1 : 300);
      for (int i = 1; i <= count; i++) {
        runClient(group, port, "/runCase?case=" + i + "&agent=tern");
      }
      runClient(group, port, "/updateReports?agent=tern");
      List<String> bad = badCases(Files.readString(reports.resolve("index.json")), minimumCases());
      assertThat(bad)
          .as("cases Autobahn did not grade OK; wstest said:%n%s", server.output())
          .isEmpty();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  /**
   * Returns "case: behavior/behaviorClose" for every case not graded OK, NON-STRICT or
   * INFORMATIONAL. index.json is {agent: {case: {"behavior": …, "behaviorClose": …, …}}}; the
   * entries are flat, so a pattern reads them without a JSON library.
   */
  static List<String> badCases(String indexJson, int minimumCases) {
    Pattern entry =
        Pattern.compile(
            "\"([0-9.]+)\"\\s*:\\s*\\{[^{}]*?\"behavior\"\\s*:\\s*\"([A-Z-]+)\"[^{}]*?"
                + "\"behaviorClose\"\\s*:\\s*\"([A-Z-]+)\"");
    Matcher m = entry.matcher(indexJson);
    List<String> bad = new ArrayList<>();
    int cases = 0;
    while (m.find()) {
      cases++;
      String behavior = m.group(2);
      String close = m.group(3);
      boolean ok =
          List.of("OK", "NON-STRICT", "INFORMATIONAL").contains(behavior)
              && List.of("OK", "INFORMATIONAL").contains(close);
      if (!ok) {
        bad.add(m.group(1) + ": " + behavior + "/" + close);
      }
    }
    if (cases < minimumCases) {
      bad.add(
          "only "
              + cases
              + " cases in index.json:\n"
              + indexJson.substring(0, Math.min(2000, indexJson.length())));
    }
    return bad;
  }
}
