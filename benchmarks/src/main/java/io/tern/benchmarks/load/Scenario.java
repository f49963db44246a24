package io.tern.benchmarks.load;

import java.nio.file.Path;
import java.util.List;

/**
 * The load scenarios: wrk without pipelining, wrk pipelined 16 deep, and h2load over h2c (only when
 * both servers speak it). Each has a timed command and a warm-up command.
 */
enum Scenario {
  /** {@code wrk -t1 -c64 -dSs URL}: the load generator is the bottleneck, so CPU/request counts. */
  PLAINTEXT("plaintext"),
  /** {@code wrk -t1 -c64 -dSs -s pipeline.lua URL}: 16 requests per write. */
  PIPELINED("pipelined16"),
  /** {@code h2load -c 64 -m 16 -D S URL}: HTTP/2 with prior knowledge, 16 streams each. */
  H2C("h2c");

  /** h2load warms up with a request count, not a duration (a timed warm-up slows the next run). */
  private static final long H2C_WARMUP_REQUESTS_PER_SECOND = 20_000;

  private final String label;

  Scenario(String label) {
    this.label = label;
  }

  /** The name on {@code RATIO} lines. */
  String label() {
    return label;
  }

  /** The scenarios both servers can run. */
  static List<Scenario> applicable(boolean h2c) {
    return h2c ? List.of(PLAINTEXT, PIPELINED, H2C) : List.of(PLAINTEXT, PIPELINED);
  }

  /** The timed command against {@code port}. */
  List<String> command(int port, long seconds, Path pipelineScript) {
    String url = "http://127.0.0.1:" + port + "/plaintext";
    return switch (this) {
      case PLAINTEXT -> List.of("wrk", "-t1", "-c64", "-d" + seconds + "s", url);
      case PIPELINED ->
          List.of("wrk", "-t1", "-c64", "-d" + seconds + "s", "-s", pipelineScript.toString(), url);
      case H2C -> List.of("h2load", "-c", "64", "-m", "16", "-D", Long.toString(seconds), url);
    };
  }

  /** The warm-up command: the same load for {@code seconds}, or h2load with a fixed count. */
  List<String> warmupCommand(int port, long seconds, Path pipelineScript) {
    if (this != H2C) {
      return command(port, seconds, pipelineScript);
    }
    String url = "http://127.0.0.1:" + port + "/plaintext";
    long requests = Math.max(1_000, seconds * H2C_WARMUP_REQUESTS_PER_SECOND);
    return List.of("h2load", "-c", "64", "-m", "16", "-n", Long.toString(requests), url);
  }

  /** Parses the generator's summary. */
  LoadResult parse(String output) throws LoadException {
    return this == H2C ? LoadOutput.h2load(output) : LoadOutput.wrk(output);
  }

  /** The tools this scenario needs, with the Debian package providing each. */
  String tool() {
    return this == H2C ? "h2load" : "wrk";
  }
}
