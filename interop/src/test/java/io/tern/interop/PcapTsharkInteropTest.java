package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.handler.pcap.PcapWriteHandler;
import io.tern.handler.pcap.PcapWriter;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Wireshark's {@code tshark} reads what {@link PcapWriteHandler} writes: an HTTP exchange over the
 * synthesized TCP conversation decodes as HTTP, with IP and TCP checksums validated and no expert
 * warning or error.
 */
@Tag("interop")
class PcapTsharkInteropTest {
  private static final String TSHARK = "apt package tshark";

  private static Path capture(Path dir, String local, String remote) throws Exception {
    Path file = dir.resolve("capture.pcap");
    try (OutputStream out = Files.newOutputStream(file)) {
      PcapWriter writer = PcapWriter.create(out);
      EmbeddedChannel ch =
          new EmbeddedChannel(
              PcapWriteHandler.builder(writer)
                  .addresses(
                      new InetSocketAddress(InetAddress.ofLiteral(local), 50000),
                      new InetSocketAddress(InetAddress.ofLiteral(remote), 80))
                  .build());
      ch.writeOutbound(
          Unpooled.copiedBuffer(
              "GET /tern HTTP/1.1\r\nHost: x\r\n\r\n", StandardCharsets.US_ASCII));
      ch.writeInbound(
          Unpooled.copiedBuffer(
              "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", StandardCharsets.US_ASCII));
      ch.finishAndReleaseAll();
      writer.close();
    }
    return file;
  }

  private static Peer.Result tshark(Path file, String... args) {
    return Peer.command("tshark", TSHARK)
        .args(
            "-r", file.toString(), "-o", "tcp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE")
        .args(args)
        .run(Duration.ofSeconds(60));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"10.0.0.1, 10.0.0.2", "2001:db8::1, 2001:db8::2"})
  void tsharkDecodesTheExchangeAsHttpWithoutWarnings(String local, String remote, @TempDir Path dir)
      throws Exception {
    Path file = capture(dir, local, remote);

    Peer.Result fields =
        tshark(
            file,
            "-Y",
            "http",
            "-T",
            "fields",
            "-e",
            "http.request.uri",
            "-e",
            "http.response.code");
    Peer.Result expert = tshark(file, "-q", "-z", "expert");
    Peer.Result flags = tshark(file, "-T", "fields", "-e", "tcp.flags.str");

    assertThat(fields.exitCode()).as(fields.output()).isZero();
    assertThat(fields.output()).contains("/tern").contains("200");
    assertThat(expert.output()).doesNotContain("Warnings (").doesNotContain("Errors (");
    assertThat(flags.output().lines().filter(l -> !l.startsWith("Running as")).count())
        .isEqualTo(10);
    assertThat(flags.output()).contains("··········S·").contains("·······A···F");
  }
}
