package io.tern.benchmarks.load;

import io.tern.benchmarks.load.common.JsonMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The load scenarios: wrk without pipelining on {@code /plaintext}, wrk pipelined 16 deep, wrk on
 * {@code /json} (a small object serialized per request on both sides), and h2load over h2c (only
 * when both servers speak it). Each has a timed command and a warm-up command.
 */
enum Scenario {
  /** {@code wrk -t1 -c64 -dSs URL}: the load generator is the bottleneck, so CPU/request counts. */
  PLAINTEXT("plaintext", "/plaintext", true),
  /** {@code wrk -t1 -c64 -dSs -s pipeline.lua URL}: 16 requests per write. */
  PIPELINED("pipelined16", "/plaintext", true),
  /** {@code wrk -t1 -c64 -dSs URL/json}: TechEmpower's JSON test. */
  JSON("json", "/json", false),
  /** {@code h2load -c 64 -m 16 -D S URL}: HTTP/2 with prior knowledge, 16 streams each. */
  H2C("h2c", "/plaintext", false),
  /** {@code wrk -t1 -c64 -dSs https://...}: {@link #PLAINTEXT} over TLS (HTTPS servers only). */
  TLS("tls", "/plaintext", false),
  /** {@code wrk -t1 -c64 -dSs -s pipeline.lua https://...}: {@link #PIPELINED} over TLS. */
  TLS_PIPELINED("tls-pipelined16", "/plaintext", false);

  /**
   * h2load warms up with a request count, not a duration (a timed warm-up slows the next run). The
   * servers answer 120,000–400,000 h2c requests per second on this class of machine, so {@code
   * --warmup S} gives each of them roughly S seconds or less.
   */
  static final long H2C_WARMUP_REQUESTS_PER_SECOND = 100_000;

  private final String label;
  private final String path;
  private final boolean limit;

  Scenario(String label, String path, boolean limit) {
    this.label = label;
    this.path = path;
    this.limit = limit;
  }

  /** The name on {@code RATIO} lines. */
  String label() {
    return label;
  }

  /** The request path. */
  String path() {
    return path;
  }

  /**
   * Whether the C limit server runs this scenario: it answers every request with the plaintext
   * response, so it is a reference for the plaintext scenarios only.
   */
  boolean hasLimit() {
    return limit;
  }

  /** The body every server must answer this scenario's request with. */
  String expectedBody() {
    return this == JSON
        ? new String(new JsonMessage(JsonMessage.HELLO).toJson(), StandardCharsets.UTF_8)
        : JsonMessage.HELLO;
  }

  /** The scenarios both servers can run: HTTPS servers run only the TLS ones. */
  static List<Scenario> applicable(boolean h2c, boolean https) {
    if (https) {
      return List.of(TLS, TLS_PIPELINED);
    }
    return h2c ? List.of(PLAINTEXT, PIPELINED, JSON, H2C) : List.of(PLAINTEXT, PIPELINED, JSON);
  }

  /** Whether {@code spec} can serve this scenario. */
  boolean servedBy(ServerSpec spec) {
    return switch (this) {
      case H2C -> spec.h2c();
      case TLS, TLS_PIPELINED -> spec.https();
      case PLAINTEXT, PIPELINED, JSON -> spec.http();
    };
  }

  /** Whether the requests go over TLS. */
  boolean tls() {
    return this == TLS || this == TLS_PIPELINED;
  }

  /** Whether wrk sends 16 requests per write ({@code pipeline.lua}). */
  boolean pipelined() {
    return this == PIPELINED || this == TLS_PIPELINED;
  }

  /** Parses a comma-separated list of labels. */
  static List<Scenario> parseList(String list) {
    return Arrays.stream(list.split(",", -1))
        .map(String::strip)
        .map(
            name -> {
              for (Scenario s : values()) {
                if (s.label.equals(name)) {
                  return s;
                }
              }
              throw new IllegalArgumentException(
                  "unknown scenario '"
                      + name
                      + "' (plaintext, pipelined16, json, h2c, tls, tls-pipelined16)");
            })
        .distinct()
        .toList();
  }

  /** The timed command against {@code port}. */
  List<String> command(int port, long seconds, Path pipelineScript) {
    String url = (tls() ? "https" : "http") + "://127.0.0.1:" + port + path;
    return switch (this) {
      case PLAINTEXT, JSON, TLS -> List.of("wrk", "-t1", "-c64", "-d" + seconds + "s", url);
      case PIPELINED, TLS_PIPELINED ->
          List.of("wrk", "-t1", "-c64", "-d" + seconds + "s", "-s", pipelineScript.toString(), url);
      case H2C -> List.of("h2load", "-c", "64", "-m", "16", "-D", Long.toString(seconds), url);
    };
  }

  /** The warm-up command: the same load for {@code seconds}, or h2load with a fixed count. */
  List<String> warmupCommand(int port, long seconds, Path pipelineScript) {
    if (this != H2C) {
      return command(port, seconds, pipelineScript);
    }
    String url = "http://127.0.0.1:" + port + path;
    long requests = Math.max(1_000, seconds * H2C_WARMUP_REQUESTS_PER_SECOND);
    return List.of("h2load", "-c", "64", "-m", "16", "-n", Long.toString(requests), url);
  }

  /** Parses the generator's summary. */
  LoadResult parse(String output) throws LoadException {
    return this == H2C ? LoadOutput.h2load(output) : LoadOutput.wrk(output);
  }

  /** The load generator this scenario runs. */
  String tool() {
    return this == H2C ? "h2load" : "wrk";
  }
}
