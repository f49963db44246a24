package io.tern.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpHelloServerTest {

  @ParameterizedTest
  @ValueSource(strings = {"nio", "epoll", "io_uring"})
  void answersPlaintextJsonAnd404OverOneKeptAliveConnection(String name) throws Exception {
    Transport transport = Transports.select(name);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          HttpHelloServer.start(
                  transport, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      try (HttpClient client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(Duration.ofSeconds(30))
              .build()) {
        HttpResponse<String> plaintext = get(client, port, "/plaintext");
        assertThat(plaintext.statusCode()).isEqualTo(200);
        assertThat(plaintext.body()).isEqualTo("Hello, World!");
        assertThat(plaintext.headers().firstValue("content-type")).hasValue("text/plain");
        assertThat(plaintext.headers().firstValue("date")).isPresent();
        HttpResponse<String> json = get(client, port, "/json");
        assertThat(json.body()).isEqualTo("{\"message\":\"Hello, World!\"}");
        assertThat(get(client, port, "/nope").statusCode()).isEqualTo(404);
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"nio"})
  void routesOnThePathWhateverTheQueryOrTheFormOfTheTarget(String name) throws Exception {
    Transport transport = Transports.select(name);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          HttpHelloServer.start(
                  transport, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      InetSocketAddress address = (InetSocketAddress) server.localAddress();
      try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
        socket.setSoTimeout(30_000); // hang guard
        String query = "GET /plaintext?x=1 HTTP/1.1\r\nHost: h\r\n\r\n";
        String absoluteForm = "GET http://h/json HTTP/1.1\r\nHost: h\r\n\r\n";
        String dotSegments = "GET /a/../plaintext HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n";
        String requests = query + absoluteForm + dotSegments;
        socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
        String all = readToEnd(socket.getInputStream());
        assertThat(all).doesNotContain("404");
        assertThat(all.split("HTTP/1.1 200 OK", -1)).hasSize(4);
        assertThat(all.indexOf("Hello, World!")).isLessThan(all.indexOf("{\"message\""));
        assertThat(all).endsWith("\r\n\r\nHello, World!");
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"nio"})
  void answersPipelinedRequestsInOrderAndClosesWhenAsked(String name) throws Exception {
    Transport transport = Transports.select(name);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          HttpHelloServer.start(
                  transport, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      InetSocketAddress address = (InetSocketAddress) server.localAddress();
      try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
        socket.setSoTimeout(30_000); // hang guard
        String first = "GET /json HTTP/1.1\r\nHost: h\r\n\r\n";
        String second = "GET /plaintext HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n";
        socket.getOutputStream().write((first + second).getBytes(StandardCharsets.US_ASCII));
        String all = readToEnd(socket.getInputStream()); // ends only if the server closes
        assertThat(all.indexOf("{\"message\"")).isLessThan(all.indexOf("Hello, World!"));
        assertThat(all).endsWith("\r\n\r\nHello, World!").contains("connection: close");
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"nio"})
  void theJdkClientUpgradesToH2cOnTheSamePort(String name) throws Exception {
    Transport transport = Transports.select(name);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          HttpHelloServer.start(
                  transport, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      // Over http:// the JDK's client asks for HTTP/2 with "Upgrade: h2c" on its first request.
      try (HttpClient client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_2)
              .connectTimeout(Duration.ofSeconds(30))
              .build()) {
        HttpResponse<String> first = get(client, port, "/plaintext");
        assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(first.body()).isEqualTo("Hello, World!");
        HttpResponse<String> json = get(client, port, "/json");
        assertThat(json.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(json.body()).isEqualTo("{\"message\":\"Hello, World!\"}");
        assertThat(json.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(get(client, port, "/nope").statusCode()).isEqualTo(404);
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"HTTP_2", "HTTP_1_1"})
  void overTlsAlpnChoosesTheProtocolTheClientAsksFor(String version) throws Exception {
    Transport transport = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    SelfSignedCertificate cert = SelfSignedCertificate.create();
    try {
      SslContext tls =
          SslContextBuilder.forServer(cert).applicationProtocols("h2", "http/1.1").build();
      ServerChannel server =
          HttpHelloServer.start(
                  transport, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tls)
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      SSLContext trusting =
          SslContextBuilder.forClient()
              .sslProvider(SslProvider.JDK) // the JDK's HttpClient takes a JDK SSLContext
              .trustManager(List.of(cert.certificate()))
              .build()
              .context();
      HttpClient.Version v = HttpClient.Version.valueOf(version);
      try (HttpClient client =
          HttpClient.newBuilder()
              .version(v)
              .sslContext(trusting)
              .connectTimeout(Duration.ofSeconds(30))
              .build()) {
        HttpRequest request =
            HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/json"))
                .timeout(Duration.ofSeconds(30))
                .build();
        HttpResponse<String> json = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(json.version()).isEqualTo(v);
        assertThat(json.body()).isEqualTo("{\"message\":\"Hello, World!\"}");
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private static HttpResponse<String> get(HttpClient client, int port, String path)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(30))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static String readToEnd(InputStream in) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    in.transferTo(out);
    return out.toString(StandardCharsets.US_ASCII);
  }
}
