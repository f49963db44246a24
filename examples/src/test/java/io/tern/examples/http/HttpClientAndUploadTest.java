package io.tern.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.http.HttpClientExample.Reply;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code http-client} and {@code http-upload} examples end to end over NIO loopback: the client
 * against {@code http-hello} and against the upload server (a pipelined GET and urlencoded POST),
 * and the upload client streaming a file that the server stores on disk.
 */
class HttpClientAndUploadTest {
  private static final InetSocketAddress ANY_PORT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  @TempDir Path dir;
  private final Transport nio = Transports.select("nio");
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());

  @AfterEach
  void stop() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private ServerChannel uploadServer(Path uploads, long maxFileSize) throws Exception {
    return HttpUploadServer.start(nio, group, ANY_PORT, uploads, maxFileSize).sync().getNow();
  }

  private static String host(ServerChannel server) {
    return "127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
  }

  private List<Reply> exchange(ServerChannel server, List<?> messages) throws Exception {
    return HttpClientExample.exchange(nio, group, server.localAddress(), messages, messages.size())
        .get(30, TimeUnit.SECONDS);
  }

  @Test
  void clientGetsHelloWorld() throws Exception {
    ServerChannel server = HttpHelloServer.start(nio, group, ANY_PORT).sync().getNow();
    List<Reply> replies =
        exchange(
            server,
            List.of(
                HttpClientExample.get(host(server), "/plaintext"),
                HttpClientExample.get(host(server), "/json")));
    assertThat(replies)
        .containsExactly(
            new Reply(200, "text/plain", "Hello, World!"),
            new Reply(200, "application/json", "{\"message\":\"Hello, World!\"}"));
    server.close().sync();
  }

  @Test
  void clientPipelinesAGetAndAFormPost() throws Exception {
    ServerChannel server = uploadServer(dir.resolve("uploads"), 1 << 20);
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("comment", "hi there & bye");
    fields.put("n", "1");
    List<Reply> replies =
        exchange(
            server,
            List.of(
                HttpClientExample.get(host(server), "/"),
                HttpClientExample.postForm(host(server), "/upload", fields)));
    assertThat(replies.get(0).status()).isEqualTo(200);
    assertThat(replies.get(0).body()).contains("<form method=\"post\" action=\"/upload\"");
    assertThat(replies.get(1))
        .isEqualTo(
            new Reply(
                200, "text/plain; charset=utf-8", "field comment = hi there & bye\nfield n = 1\n"));
    server.close().sync();
  }

  @Test
  void uploadClientStreamsAFileThatTheServerStores() throws Exception {
    byte[] data = new byte[300_000]; // many 8 KiB chunks, past the 16 KiB in-memory threshold
    new Random(3).nextBytes(data);
    Path file = Files.write(dir.resolve("data.bin"), data);
    Path uploads = dir.resolve("uploads");
    ServerChannel server = uploadServer(uploads, 1 << 20);
    for (String stored : new String[] {"data.bin", "1-data.bin"}) {
      Reply reply =
          HttpUploadClient.upload(
                  nio,
                  group,
                  server.localAddress(),
                  host(server),
                  Map.of("who", "me"),
                  List.of(file))
              .get(30, TimeUnit.SECONDS);
      assertThat(reply.status()).isEqualTo(200);
      assertThat(reply.body())
          .isEqualTo("field who = me\nfile file \"data.bin\" 300000 bytes -> " + stored + "\n");
      assertThat(Files.readAllBytes(uploads.resolve(stored))).isEqualTo(data);
    }
    server.close().sync();
  }

  @Test
  void uploadServerRefusesAFileOverItsLimit() throws Exception {
    Path file = Files.write(dir.resolve("big.bin"), new byte[100_000]);
    Path uploads = dir.resolve("uploads");
    ServerChannel server = uploadServer(uploads, 10_000);
    Reply reply =
        HttpUploadClient.upload(
                nio, group, server.localAddress(), host(server), Map.of(), List.of(file))
            .get(30, TimeUnit.SECONDS);
    assertThat(reply.status()).isEqualTo(400);
    try (var stored = Files.list(uploads)) {
      assertThat(stored).isEmpty();
    }
    server.close().sync();
  }
}
