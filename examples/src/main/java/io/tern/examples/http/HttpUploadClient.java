package io.tern.examples.http;

import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.multipart.HttpPostRequestEncoder;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.http.HttpClientExample.Reply;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ./run-example http-upload --client --file PATH [--form name=value&...] [--host 127.0.0.1]
 * [--port 8080]}: uploads a file (and form fields) as {@code multipart/form-data} to {@code POST
 * /upload} and prints the server's answer.
 *
 * <p>{@link HttpPostRequestEncoder} builds the body. With a file from disk the request is chunked:
 * the head is written first and then the encoder itself, a {@code ChunkedInput} that the pipeline's
 * {@code ChunkedWriteHandler} reads chunk by chunk (8 KiB) while the connection stays writable, so
 * the file is never in memory as a whole.
 */
public final class HttpUploadClient {
  private HttpUploadClient() {}

  /**
   * Uploads files and fields in one request.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the upload server's address
   * @param host the {@code Host} field value
   * @param fields form fields, in order
   * @param files files to upload under the form field named "file"
   * @return completed with the server's reply
   * @throws IOException if a file cannot be read
   */
  public static Future<Reply> upload(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      String host,
      Map<String, String> fields,
      List<Path> files)
      throws IOException {
    HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/upload");
    head.headers().set(HttpHeaderNames.HOST, host);
    HttpPostRequestEncoder encoder = new HttpPostRequestEncoder(head, true);
    fields.forEach(encoder::addBodyAttribute);
    for (Path file : files) {
      encoder.addBodyFileUpload("file", file, contentType(file));
    }
    HttpRequest request = encoder.finalizeRequest(); // chunked when files are streamed from disk
    List<Object> messages = new ArrayList<>(2);
    messages.add(request);
    if (encoder.isChunked()) {
      messages.add(encoder); // a ChunkedInput: the ChunkedWriteHandler streams the body
    }
    Promise<Reply> reply = group.next().newPromise();
    HttpClientExample.exchange(transport, group, server, messages, 1)
        .addListener(
            f -> {
              if (f.isSuccess()) {
                reply.trySuccess(f.getNow().get(0));
              } else {
                reply.tryFailure(f.cause());
              }
            });
    return reply;
  }

  private static String contentType(Path file) throws IOException {
    String type = Files.probeContentType(file);
    return type != null ? type : "application/octet-stream";
  }

  static void main(ExampleOptions options) throws Exception {
    String file = options.get("file", null);
    if (file == null) {
      throw new UsageException("--client needs --file PATH");
    }
    Path path = Path.of(file);
    if (!Files.isRegularFile(path)) {
      throw new UsageException("not a file: " + file);
    }
    Map<String, String> fields = HttpClientExample.formFields(options.get("form", null));
    Transport transport = Transports.select(options);
    String hostName = options.get("host", "127.0.0.1");
    int port = options.port(8080);
    SocketAddress address = transport.address(hostName, port);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      Future<Reply> reply =
          upload(transport, group, address, hostName + ":" + port, fields, List.of(path)).await();
      if (!reply.isSuccess()) {
        System.err.println("http-upload --client: failed: " + reply.cause());
        System.exit(1);
      }
      System.out.printf("%d%n%s", reply.getNow().status(), reply.getNow().body());
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
