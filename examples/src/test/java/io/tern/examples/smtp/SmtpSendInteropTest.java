package io.tern.examples.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.smtp.SmtpResponse;
import io.tern.examples.support.PythonPeers;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The smtp-send example (Tern's SMTP codec as a client) against {@code aiosmtpd} (PyPI, installed
 * by {@link PythonPeers}) on 127.0.0.1, in plain text and with STARTTLS required by the server (a
 * self-signed certificate the client trusts): the message aiosmtpd stores, unstuffed, must equal
 * the file sent byte for byte — lines starting with dots, 8-bit text, a lone dot line included —
 * and the envelope must carry every recipient and the 8BITMIME and SIZE parameters.
 */
@Tag("interop")
class SmtpSendInteropTest {
  private static final byte[] MESSAGE =
      ("From: tern@localhost\r\nTo: a@example.org\r\nSubject: interop\r\n\r\n"
              + ".leading dot\r\n..two dots\r\n.\r\n8-bit: caf\u00e9 \u2603\r\n"
              + "x".repeat(900)
              + "\r\nlast line\r\n")
          .getBytes(StandardCharsets.UTF_8);

  private Path directory;
  private Process sink;

  @BeforeEach
  void createDirectory() throws IOException {
    directory = Files.createTempDirectory("tern-smtp");
  }

  @AfterEach
  void stop() throws Exception {
    if (sink != null) {
      sink.destroy();
      if (!sink.waitFor(10, TimeUnit.SECONDS)) {
        sink.destroyForcibly().waitFor();
      }
    }
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Test
  void sendsAMessageThatArrivesByteForByte() throws Exception {
    int port = startSink(false);
    SmtpResponse reply = send(port, null);
    assertThat(reply.code()).isEqualTo(250);
    assertReceived("tls=False");
  }

  @Test
  void sendsAMessageAfterStartTls() throws Exception {
    int port = startSink(true);
    SslContext tls =
        SslContextBuilder.forClient().trustManager(directory.resolve("cert.pem")).build();
    SmtpResponse reply = send(port, tls);
    assertThat(reply.code()).isEqualTo(250);
    assertReceived("tls=True");
  }

  private SmtpResponse send(int port, SslContext tls) throws Exception {
    Path message = directory.resolve("sent.eml");
    Files.write(message, MESSAGE);
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      return SmtpSend.send(
              nio,
              group,
              new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
              "localhost",
              port,
              new SmtpSend.Mail(
                  "tern@localhost",
                  List.of("a@example.org", "b@example.org"),
                  message,
                  tls,
                  null,
                  null))
          .get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("send failed; aiosmtpd output:\n" + output(), e);
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private void assertReceived(String tls) throws IOException {
    Path out = directory.resolve("out");
    assertThat(Files.readAllBytes(out.resolve("message-1.eml"))).isEqualTo(MESSAGE);
    assertThat(Files.readString(out.resolve("envelope-1.txt")))
        .contains("from=tern@localhost\n")
        .contains("to=a@example.org,b@example.org\n")
        .contains(tls)
        .contains("BODY=8BITMIME")
        .contains("SIZE=" + MESSAGE.length);
  }

  private int startSink(boolean tls) throws Exception {
    Path python = PythonPeers.python();
    Path script = directory.resolve("smtp_sink.py");
    try (InputStream in = SmtpSendInteropTest.class.getResourceAsStream("smtp_sink.py")) {
      Files.copy(in, script);
    }
    Path out = Files.createDirectory(directory.resolve("out"));
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    List<String> command =
        new ArrayList<>(List.of(python.toString(), script.toString(), "" + port, out.toString()));
    if (tls) {
      Path cert = directory.resolve("cert.pem");
      Path key = directory.resolve("key.pem");
      SelfSignedCertificate.create().writePem(cert, key);
      command.add(cert.toString());
      command.add(key.toString());
    }
    sink =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("sink.log").toFile())
            .redirectInput(new File("/dev/null"))
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!accepts(port)) {
      if (!sink.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("aiosmtpd did not start:\n" + output());
      }
      Thread.sleep(100);
    }
    return port;
  }

  private String output() throws IOException {
    Path log = directory.resolve("sink.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
